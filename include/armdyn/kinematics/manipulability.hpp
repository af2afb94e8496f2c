#pragma once
// Measures of a Jacobian J (6 x n, rows ordered as in jacobian.hpp) restricted to chosen rows:
// Yoshikawa's manipulability sqrt(det(J_r J_r^T)) and the condition number
// sigma_max / sigma_min of J_r. Both work on a 6 x 6 (at most) Gram matrix held on the stack:
// no heap allocation, O(m^2 n) for m rows.
#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/Eigenvalues>

#include "armdyn/core/error.hpp"
#include "armdyn/core/types.hpp"

namespace armdyn {

/// Row selections: bit k selects row k of J (0-2 linear, 3-5 angular); any union of bits.
inline constexpr unsigned kLinearRows = 0x07u;
inline constexpr unsigned kAngularRows = 0x38u;
inline constexpr unsigned kAllRows = 0x3Fu;

template <class S> using SmallSquare = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;

namespace manipulability_detail {

inline int checked_row_count(unsigned rows) {
  if (rows == 0 || (rows & ~kAllRows) != 0)
    throw InputError("rows: expected a non-empty selection of the rows 0-5 (bit mask), got " + std::to_string(rows));
  return std::popcount(rows);
}

/// G = J_r J_r^T (m x m) for the m selected rows.
template <class S> SmallSquare<S> row_gram(const MatX<S>& J, unsigned rows) {
  const int m = checked_row_count(rows);
  if (J.rows() != 6) throw InputError("J: expected 6 rows, got " + std::to_string(J.rows()));
  int idx[6];
  for (int k = 0, r = 0; k < 6; ++k)
    if (rows & (1u << k)) idx[r++] = k;
  SmallSquare<S> G(m, m);
  for (int a = 0; a < m; ++a)
    for (int b = 0; b <= a; ++b) {
      G(a, b) = J.row(idx[a]).dot(J.row(idx[b]));
      G(b, a) = G(a, b);
    }
  return G;
}

}  // namespace manipulability_detail

/// Yoshikawa's manipulability sqrt(det(J_r J_r^T)) of the selected rows (zero when they are
/// linearly dependent, e.g. more rows than joints). Through the Cholesky factor of the Gram
/// matrix: sqrt(det G) = prod L_kk, zero as soon as a pivot is not positive. Any scalar with
/// +, -, *, / and sqrt (the pivot test only where the scalar can be compared).
template <class S> S manipulability(const MatX<S>& J, unsigned rows = kAllRows) {
  using std::sqrt;
  SmallSquare<S> G = manipulability_detail::row_gram(J, rows);
  const int m = static_cast<int>(G.rows());
  S product(1);
  for (int k = 0; k < m; ++k) {
    S d = G(k, k);
    for (int j = 0; j < k; ++j) d -= G(k, j) * G(k, j);
    if constexpr (requires { bool(d > S(0)); })
      if (!(d > S(0))) return S(0);
    const S l = sqrt(d);
    G(k, k) = l;
    for (int i = k + 1; i < m; ++i) {
      S x = G(i, k);
      for (int j = 0; j < k; ++j) x -= G(i, j) * G(k, j);
      G(i, k) = x / l;
    }
    product *= l;
  }
  return product;
}

/// Condition number sigma_max / sigma_min of J_r over its min(m, n) singular values, from the
/// eigenvalues of the smaller Gram matrix (J_r J_r^T, or J_r^T J_r when n < m); +infinity when
/// J_r is rank-deficient. Through the Gram matrix the result keeps about half the digits of
/// the scalar: reliable up to a condition number near 1e7 on double. Scalars Eigen's
/// SelfAdjointEigenSolver supports (double, float).
template <class S> S condition_number(const MatX<S>& J, unsigned rows = kAllRows) {
  using std::sqrt;
  SmallSquare<S> G = manipulability_detail::row_gram(J, rows);
  const int m = static_cast<int>(G.rows());
  const int n = static_cast<int>(J.cols());
  if (n == 0) return std::numeric_limits<S>::infinity();
  if (n < m) {  // J_r^T J_r, n x n
    int idx[6];
    for (int k = 0, r = 0; k < 6; ++k)
      if (rows & (1u << k)) idx[r++] = k;
    G.resize(n, n);
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        S s(0);
        for (int r = 0; r < m; ++r) s += J(idx[r], a) * J(idx[r], b);
        G(a, b) = s;
      }
  }
  Eigen::SelfAdjointEigenSolver<SmallSquare<S>> eig(G, Eigen::EigenvaluesOnly);
  const auto& lambda = eig.eigenvalues();  // ascending
  const S lo = lambda[0], hi = lambda[lambda.size() - 1];
  if (!(lo > S(0)) || !(hi > S(0))) return std::numeric_limits<S>::infinity();
  return sqrt(hi / lo);
}

}  // namespace armdyn
