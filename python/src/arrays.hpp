#pragma once
// numpy in and out: joint-space arguments of one state (n,) or a batch (m, n), checked for shape
// and finiteness with ValueErrors that name the function, the argument and the expected shape;
// results as new float64 C-order arrays the caller owns.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "armdyn/core/types.hpp"

namespace armdyn::python {

namespace py = pybind11;

/// float64, C order: what every input is converted to (a copy only when it is not already so).
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// An argument whose numbers are not real numbers: dates, durations, strings, Python objects,
/// complex numbers (armdyn.DTypeError in Python, both a TypeError and a ValueError).
class DTypeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `obj` as a float64 C-order array when numpy reads it as real numbers (bool, int, float of any
/// size; a copy unless it is one already); DTypeError naming fn and name for any other dtype
/// (no silent cast of dates, strings or objects to floats); a null Array when obj is not
/// array-like at all.
Array real_array(py::handle obj, const char* fn, const char* name);

/// One joint-space argument: a single state (batch == false, m == 1) or m stacked states.
struct States {
  py::object keep;  ///< the float64 array holding the numbers (a py::object: a default array_t allocates)
  const double* data = nullptr;
  py::ssize_t m = 1;
  py::ssize_t n = 0;
  bool batch = false;
  const char* fn = "";  ///< the function it was given to (a literal), for the messages of its results
  /// State k as an Eigen vector (no copy).
  Eigen::Map<const VecX<double>> row(py::ssize_t k) const {
    return Eigen::Map<const VecX<double>>(data + k * n, n);
  }
};

/// `obj` as n joint values (n,) or m states (m, n). With `like`, the batch shape must be like's.
/// ValueError "fn: name: expected shape (n,) or (m, n), got (...)" or "... is not finite".
States states_arg(py::handle obj, const char* fn, const char* name, py::ssize_t n, const States* like = nullptr);

/// `obj` as a float64 array of exactly `shape` (finite). ValueError naming fn and name otherwise.
Array fixed_arg(py::handle obj, const char* fn, const char* name, const std::vector<py::ssize_t>& shape);

/// "(4, 6)", "(m, 6)".
std::string shape_text(const std::vector<std::string>& dims);

/// A new float64 C-order array of `shape` (uninitialised).
py::array_t<double> new_array(const std::vector<py::ssize_t>& shape);
py::array_t<double> new_array(const py::ssize_t* dims, int nd);

/// A new float64 array of n zeros: a default argument's value (never an Eigen expression:
/// pybind11 knows none, and casting one fails or crashes).
py::array_t<double> zeros_array(py::ssize_t n);

/// Writes an Eigen matrix row-major (C order) into out.
template <class Matrix> void store(const Matrix& x, double* out) {
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<RowMajor>(out, x.rows(), x.cols()) = x;
}

}  // namespace armdyn::python
