#include "arrays.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace armdyn::python {
namespace {

std::string got_shape(const py::array& a) {
  std::vector<std::string> dims;
  for (py::ssize_t k = 0; k < a.ndim(); ++k) dims.push_back(std::to_string(a.shape(k)));
  return shape_text(dims);
}

// What an array of dtype kind `kind` holds, when it is not real numbers (bool, int, float); null
// for real numbers.
const char* not_numbers(char kind) {
  switch (kind) {
    case 'b': case 'i': case 'u': case 'f': return nullptr;
    case 'c': return "a complex array";
    case 'M': return "dates (a datetime64 array)";
    case 'm': return "durations (a timedelta64 array)";
    case 'U': case 'S': return "strings";
    case 'O': return "Python objects (an array of dtype object)";
    default: return "an array of records or raw bytes";
  }
}

Array convert(py::handle obj, const char* fn, const char* name, const std::string& expected) {
  Array a = real_array(obj, fn, name);
  if (!a)
    throw py::value_error(std::string(fn) + ": " + name + ": expected an array of numbers of shape " + expected +
                          ", got an object of type " + std::string(py::str(py::type::handle_of(obj).attr("__name__"))));
  return a;
}

void check_finite(const Array& a, const char* fn, const char* name) {
  const double* x = a.data();
  const py::ssize_t size = a.size();
  for (py::ssize_t k = 0; k < size; ++k) {
    if (std::isfinite(x[k])) continue;
    std::ostringstream where;
    py::ssize_t rest = k;
    std::vector<py::ssize_t> index(static_cast<std::size_t>(a.ndim()));
    for (py::ssize_t d = a.ndim() - 1; d >= 0; --d) {
      index[static_cast<std::size_t>(d)] = rest % a.shape(d);
      rest /= a.shape(d);
    }
    where << "[";
    for (std::size_t d = 0; d < index.size(); ++d) where << (d ? ", " : "") << index[d];
    where << "]";
    throw py::value_error(std::string(fn) + ": " + name + where.str() + " is not finite (" +
                          std::string(py::str(py::float_(x[k]))) + ")");
  }
}

}  // namespace

Array real_array(py::handle obj, const char* fn, const char* name) {
  if (Array::check_(obj)) return py::reinterpret_borrow<Array>(obj);
  // The array numpy makes of obj by itself, before any cast: forcecast alone would turn dates,
  // durations, strings of digits and objects into floats, and drop imaginary parts.
  const py::array own = py::isinstance<py::array>(obj) ? py::reinterpret_borrow<py::array>(obj) : py::array::ensure(obj);
  if (!own) {
    PyErr_Clear();  // not array-like (ragged lists, ...): the caller names the argument
    return py::reinterpret_steal<Array>(py::handle());
  }
  if (const char* what = not_numbers(own.dtype().kind()))
    throw DTypeError(std::string(fn) + ": " + name + ": expected real numbers, got " + what);
  Array a = Array::ensure(own);
  if (!a) PyErr_Clear();
  return a;
}

std::string shape_text(const std::vector<std::string>& dims) {
  std::string out = "(";
  for (std::size_t k = 0; k < dims.size(); ++k) out += (k ? ", " : "") + dims[k];
  return out + (dims.size() == 1 ? ",)" : ")");
}

States states_arg(py::handle obj, const char* fn, const char* name, py::ssize_t n, const States* like) {
  // The message of a wrong argument, built only when one is.
  const auto expected = [&] {
    const std::string nn = std::to_string(n);
    if (!like) return shape_text({nn}) + " or " + shape_text({"m", nn});
    return (like->batch ? shape_text({std::to_string(like->m), nn}) : shape_text({nn})) + " like q";
  };
  const bool ready = Array::check_(obj);  // already float64 and C order: used without a copy
  Array array = ready ? py::reinterpret_borrow<Array>(obj) : real_array(obj, fn, name);
  if (!array)
    throw py::value_error(std::string(fn) + ": " + name + ": expected an array of numbers of shape " + expected() +
                          ", got an object of type " + std::string(py::str(py::type::handle_of(obj).attr("__name__"))));
  const py::ssize_t ndim = array.ndim();
  const bool ok_single = ndim == 1 && array.shape(0) == n;
  const bool ok_batch = ndim == 2 && array.shape(1) == n;
  const bool ok = like ? (like->batch ? ok_batch && array.shape(0) == like->m : ok_single) : (ok_single || ok_batch);
  if (!ok)
    throw py::value_error(std::string(fn) + ": " + name + ": expected shape " + expected() + ", got " + got_shape(array));
  check_finite(array, fn, name);
  States s;
  s.fn = fn;
  s.data = array.data();
  s.n = n;
  s.batch = ndim == 2;
  s.m = s.batch ? array.shape(0) : 1;
  s.keep = std::move(array);
  return s;
}

Array fixed_arg(py::handle obj, const char* fn, const char* name, const std::vector<py::ssize_t>& shape) {
  std::vector<std::string> dims;
  for (py::ssize_t d : shape) dims.push_back(std::to_string(d));
  const std::string expected = shape_text(dims);
  Array a = convert(obj, fn, name, expected);
  bool ok = a.ndim() == static_cast<py::ssize_t>(shape.size());
  for (std::size_t d = 0; ok && d < shape.size(); ++d) ok = a.shape(static_cast<py::ssize_t>(d)) == shape[d];
  if (!ok) throw py::value_error(std::string(fn) + ": " + name + ": expected shape " + expected + ", got " + got_shape(a));
  check_finite(a, fn, name);
  return a;
}

py::array_t<double> new_array(const std::vector<py::ssize_t>& shape) { return new_array(shape.data(), static_cast<int>(shape.size())); }

py::array_t<double> zeros_array(py::ssize_t n) {
  py::array_t<double> out = new_array({n});
  std::fill(out.mutable_data(), out.mutable_data() + n, 0.0);
  return out;
}

py::array_t<double> new_array(const py::ssize_t* dims, int nd) {
  // numpy's constructor directly: pybind11's array_t(shape) builds shape and stride vectors first.
  const auto& api = py::detail::npy_api::get();
  static PyObject* const descr = py::dtype::of<double>().release().ptr();  // one reference kept for good
  Py_INCREF(descr);  // PyArray_NewFromDescr steals one
  PyObject* a = api.PyArray_NewFromDescr_(api.PyArray_Type_, descr, nd,
                                          const_cast<Py_intptr_t*>(reinterpret_cast<const Py_intptr_t*>(dims)),
                                          nullptr, nullptr, 0, nullptr);
  if (!a) throw py::error_already_set();
  return py::reinterpret_steal<py::array_t<double>>(a);
}

}  // namespace armdyn::python
