#include "handles.hpp"

#include <atomic>

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

namespace {
std::atomic<int> threads_setting{0};
}  // namespace

int batch_threads() { return threads_setting.load(); }

void set_batch_threads(int threads) { threads_setting.store(threads); }

}  // namespace armdyn::python
