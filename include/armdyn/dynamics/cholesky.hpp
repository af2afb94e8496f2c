#pragma once
// Dense Cholesky factorisation A = L L^T in place, and the solve, allocation-free and templated
// on the scalar (no pivoting: the mass matrix is symmetric positive definite).
#include <cmath>

#include "armdyn/core/types.hpp"

namespace armdyn {

/// Overwrites the lower triangle of A with L (the strict upper triangle is left untouched) and
/// stores the reciprocals of L's diagonal in `inv_diag` (so that the solve multiplies).
/// n^3/6 multiply-adds, n square roots, n divisions.
template <class S> void cholesky_factor(MatX<S>& A, VecX<S>& inv_diag) {
  using std::sqrt;
  const int n = static_cast<int>(A.rows());
  for (int j = 0; j < n; ++j) {
    S d = A(j, j);
    for (int k = 0; k < j; ++k) d -= A(j, k) * A(j, k);
    const S ljj = sqrt(d);
    const S inv = S(1) / ljj;
    A(j, j) = ljj;
    inv_diag[j] = inv;
    for (int i = j + 1; i < n; ++i) {
      S s = A(i, j);
      for (int k = 0; k < j; ++k) s -= A(i, k) * A(j, k);
      A(i, j) = s * inv;
    }
  }
}

/// Solves L L^T x = b in place (b -> x) with the lower triangle of L and its reciprocal diagonal.
template <class S> void cholesky_solve(const MatX<S>& L, const VecX<S>& inv_diag, VecX<S>& x) {
  const int n = static_cast<int>(L.rows());
  for (int i = 0; i < n; ++i) {
    S s = x[i];
    for (int k = 0; k < i; ++k) s -= L(i, k) * x[k];
    x[i] = s * inv_diag[i];
  }
  for (int i = n - 1; i >= 0; --i) {
    S s = x[i];
    for (int k = i + 1; k < n; ++k) s -= L(k, i) * x[k];
    x[i] = s * inv_diag[i];
  }
}

}  // namespace armdyn
