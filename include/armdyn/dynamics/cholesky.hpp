#pragma once
// Dense Cholesky factorisation A = L L^T in place, and the solve, allocation-free and templated
// on the scalar (no pivoting: the mass matrix is symmetric positive definite).
// Both run down the columns of the column-major matrix (the left-looking, "gaxpy" form of the
// Cholesky factorisation), so every inner loop walks contiguous memory and vectorises.
#include <cmath>

#include "armdyn/core/subtract_dot.hpp"
#include "armdyn/core/types.hpp"

namespace armdyn {

/// Overwrites the lower triangle of A with L (the strict upper triangle is left untouched) and
/// stores the reciprocals of L's diagonal in `inv_diag` (so that the solve multiplies).
/// n^3/6 multiply-adds, n square roots, n divisions. Column j of L:
///   c = A(j:n, j) - sum_{k<j} L(j:n, k) L(j, k),   L(j, j) = sqrt(c_0),   L(j+1:n, j) = c_1.. / L(j, j)
template <class S> void cholesky_factor(MatX<S>& A, VecX<S>& inv_diag) {
  using std::sqrt;
  const int n = static_cast<int>(A.rows());
  const Eigen::Index ld = A.outerStride();
  S* const a = A.data();
  for (int j = 0; j < n; ++j) {
    S* const cj = a + j * ld;
    int k = 0;
    // Four columns of L at a time: the column being built is read and written once per four.
    for (; k + 4 <= j; k += 4) {
      const S* const l0 = a + k * ld;
      const S* const l1 = l0 + ld;
      const S* const l2 = l1 + ld;
      const S* const l3 = l2 + ld;
      const S b0 = l0[j], b1 = l1[j], b2 = l2[j], b3 = l3[j];
      for (int i = j; i < n; ++i) cj[i] = cj[i] - l0[i] * b0 - l1[i] * b1 - l2[i] * b2 - l3[i] * b3;
    }
    for (; k < j; ++k) {
      const S* const lk = a + k * ld;
      const S b = lk[j];
      for (int i = j; i < n; ++i) cj[i] = cj[i] - lk[i] * b;
    }
    const S ljj = sqrt(cj[j]);
    const S inv = S(1) / ljj;
    cj[j] = ljj;
    inv_diag[j] = inv;
    for (int i = j + 1; i < n; ++i) cj[i] = cj[i] * inv;
  }
}

/// Solves L L^T x = b in place (b -> x) with the lower triangle of L and its reciprocal diagonal:
/// L y = b column by column (each solved entry swept down its column), then L^T x = y row by
/// row of L^T (a dot product with a column of L).
template <class S> void cholesky_solve(const MatX<S>& L, const VecX<S>& inv_diag, VecX<S>& x) {
  const int n = static_cast<int>(L.rows());
  const Eigen::Index ld = L.outerStride();
  const S* const l = L.data();
  S* const y = x.data();
  for (int k = 0; k < n; ++k) {
    const S yk = y[k] * inv_diag[k];
    y[k] = yk;
    const S* const lk = l + k * ld;
    for (int i = k + 1; i < n; ++i) y[i] = y[i] - lk[i] * yk;
  }
  for (int i = n - 1; i >= 0; --i) y[i] = subtract_dot(y[i], l + i * ld, y, i + 1, n) * inv_diag[i];
}

}  // namespace armdyn
