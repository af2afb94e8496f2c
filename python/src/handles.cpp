#include "handles.hpp"

#include <atomic>
#include <cmath>

#include "armdyn/core/error.hpp"

namespace armdyn::python {

Workspace& workspace_of(const PyModel& model, PyData& data, const char* fn) {
  if (data.model != model.model)
    throw py::value_error(std::string(fn) + ": data was made by another model ('" + data.model->name +
                          "'); use model.create_data()");
  return data.ws;
}

int frame_arg(const Model& model, py::handle frame, const char* fn) {
  const int count = static_cast<int>(model.frames.size());
  if (py::isinstance<py::str>(frame)) {
    const std::string name = frame.cast<std::string>();
    const int index = model.frame_index(name);
    if (index >= 0) return index;
    std::string names;
    for (const Frame<double>& f : model.frames) names += (names.empty() ? "" : ", ") + f.name;
    throw py::value_error(std::string(fn) + ": frame: unknown frame '" + name + "' in model '" + model.name +
                          "' (frames: " + names + ")");
  }
  if (PyIndex_Check(frame.ptr()) && !py::isinstance<py::bool_>(frame)) {  // int, numpy integers
    const long long index = py::reinterpret_steal<py::int_>(PyNumber_Index(frame.ptr())).cast<long long>();
    if (index >= 0 && index < count) return static_cast<int>(index);
    throw py::value_error(std::string(fn) + ": frame: index " + std::to_string(index) + " out of range [0, " +
                          std::to_string(count) + ")");
  }
  throw py::type_error(std::string(fn) + ": frame: expected a frame name (str) or index (int)");
}

void throw_non_finite(const States& q, Shape shape, py::ssize_t k, const double* result) {
  // No Python object here: this runs on batch threads without the GIL.
  py::ssize_t size = 1;
  for (py::ssize_t d : shape) size *= d;
  py::ssize_t first = 0;
  while (first < size && std::isfinite(result[first])) ++first;
  const double x = result[first];
  std::string index;
  py::ssize_t rest = first, stride = size;
  for (py::ssize_t d : shape) {
    stride /= d;
    index += (index.empty() ? "" : ", ") + std::to_string(rest / stride);
    rest %= stride;
  }
  throw NonFiniteResult(std::string(q.fn) + ": the computed result" + (q.batch ? " of state " + std::to_string(k) : std::string()) +
                        " is not finite (" + (std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf") +
                        (index.empty() ? "" : " at [" + index + "]") + "); are the inputs' magnitudes too large?");
}

int thread_count_arg(py::handle n, const char* what) {
  if (!PyIndex_Check(n.ptr()) || py::isinstance<py::bool_>(n))
    throw py::type_error(std::string(what) + ": expected an int, got an object of type " +
                         py::str(py::type::handle_of(n).attr("__name__")).cast<std::string>());
  const py::int_ index = py::reinterpret_steal<py::int_>(PyNumber_Index(n.ptr()));
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0)  // beyond long long: refused with the number as Python writes it
    throw InputError(std::string(what) + " must be " + thread_count_rule() + ", got " + py::repr(index).cast<std::string>());
  return checked_thread_count(value, what);
}

namespace {
std::atomic<int> threads_setting{0};
}  // namespace

int batch_threads() { return threads_setting.load(); }

void set_batch_threads(int threads) { threads_setting.store(threads); }

}  // namespace armdyn::python
