#pragma once
// Eigen vectors and matrices into `armdyn eval`'s JSON (JsonWriter), and the check that a computed
// quantity is finite before it is written.
#include <cstddef>
#include <string>

#include <Eigen/Core>

#include "armdyn/core/error.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

/// Refuses a non-finite result, naming the state and the quantity.
template <class Matrix>
void check_finite(const Matrix& x, const std::string& source, std::size_t state, const char* quantity) {
  if (!x.allFinite())
    throw InternalError(source + ": states[" + std::to_string(state) + "]: the computed " + quantity +
                        " is not finite");
}

/// One array of numbers on one line.
template <class Vector>
void write_vector(JsonWriter& w, const Vector& x) {
  w.numbers(x.data(), static_cast<std::size_t>(x.size()));
}

/// Row-major, one array per row.
template <class Matrix>
void write_matrix(JsonWriter& w, const Matrix& m) {
  w.begin_array();
  Eigen::VectorXd row(m.cols());
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    row = m.row(r).transpose();
    write_vector(w, row);
  }
  w.end_array();
}

}  // namespace armdyn::cli
