#pragma once
// Dense LDL^T factorisation A = L D L^T (L unit lower triangular, D diagonal) and its solve,
// allocation-free and templated on the scalar: the square-root-free form of the Cholesky
// factorisation (cholesky.hpp), for the symmetric positive definite mass matrix. It saves the n
// square roots and, in ldlt_factor_solve, the pass that copies M and the separate forward
// substitution: forward dynamics factors M and solves M qdd = tau - c in one sweep.
//
// Storage of the factor F: its strict lower triangle holds L's (the unit diagonal is implied), its
// diagonal holds D, and inv_d[j] = 1 / D_j, so that the solve multiplies. Its strict upper
// triangle holds D L^T, the entries of L before their division by D: F(k, j) = L(j, k) D_k for
// k < j, which is what column j's update multiplies by, read down column j. Left-looking
// ("gaxpy") form, down the columns of the column-major matrix, like cholesky.hpp: every inner
// loop walks contiguous memory. Column j, with w_k = F(k, j) = L(j, k) D_k:
//   c = A(j:n, j) - sum_{k<j} L(j:n, k) w_k,   D_j = c_0,   F(j, j+1:n) = c_1..,
//   L(j+1:n, j) = c_1.. / D_j
// The same multiply-adds as cholesky_factor (n^3/6), n divisions, no square root; the solve takes
// n multiplications fewer than cholesky_solve.
#include "armdyn/core/subtract_dot.hpp"
#include "armdyn/core/types.hpp"

namespace armdyn {
namespace ldlt_detail {

/// Column j of the factor of A written into F (F may be A itself: column j of A's lower triangle
/// is read before column j of F is written, and no other entry of A is read). Leaves c_0 = D_j in
/// F(j, j) and the unscaled c_1.. below it: factor_columns scales them.
template <class S> inline void update_column(const MatX<S>& A, MatX<S>& F, int j) {
  const int n = static_cast<int>(F.rows());
  const Eigen::Index ld = F.outerStride();
  const S* const aj = A.data() + j * A.outerStride();
  S* const f = F.data();
  S* const cj = f + j * ld;
  if (cj != aj)
    for (int i = j; i < n; ++i) cj[i] = aj[i];
  int k = 0;
  // Four columns of L at a time: the column being built is read and written once per four.
  for (; k + 4 <= j; k += 4) {
    const S* const l0 = f + k * ld;
    const S* const l1 = l0 + ld;
    const S* const l2 = l1 + ld;
    const S* const l3 = l2 + ld;
    const S w0 = cj[k], w1 = cj[k + 1], w2 = cj[k + 2], w3 = cj[k + 3];  // D L^T, above the diagonal
    for (int i = j; i < n; ++i) cj[i] = cj[i] - l0[i] * w0 - l1[i] * w1 - l2[i] * w2 - l3[i] * w3;
  }
  for (; k < j; ++k) {
    const S* const lk = f + k * ld;
    const S w = cj[k];
    for (int i = j; i < n; ++i) cj[i] = cj[i] - lk[i] * w;
  }
}

/// L^T x = y in place (after L z = b and the division by D): x_i = y_i - L(i+1:n, i) . x(i+1:n),
/// a dot product with a column of L, from the last row up.
template <class S> inline void back_substitute(const MatX<S>& F, S* y) {
  const int n = static_cast<int>(F.rows());
  const Eigen::Index ld = F.outerStride();
  for (int i = n - 2; i >= 0; --i) y[i] = subtract_dot(y[i], F.data() + i * ld, y, i + 1, n);
}

/// The factor of A into F column by column (update_column, then D_j, 1 / D_j, D L^T above the
/// diagonal and L below it); with kSolve also L z = b for b = y (in place), each solved z_j swept
/// down column j of L in the loop that scales it, and y_j = z_j / D_j.
template <bool kSolve, class S> inline void factor_columns(const MatX<S>& A, MatX<S>& F, VecX<S>& inv_d, S* y) {
  const int n = static_cast<int>(F.rows());
  const Eigen::Index ld = F.outerStride();
  S* const f = F.data();
  for (int j = 0; j < n; ++j) {
    update_column(A, F, j);
    S* const cj = f + j * ld;
    const S inv = S(1) / cj[j];
    inv_d[j] = inv;
    [[maybe_unused]] const S zj = kSolve ? y[j] : S(0);
    for (int i = j + 1; i < n; ++i) {
      f[i * ld + j] = cj[i];  // F(j, i) = L(i, j) D_j
      const S lij = cj[i] * inv;
      cj[i] = lij;
      if constexpr (kSolve) y[i] = y[i] - lij * zj;
    }
    if constexpr (kSolve) y[j] = zj * inv;
  }
}

}  // namespace ldlt_detail

/// Factors A = L D L^T into F (F may be A, whose strict upper triangle then becomes D L^T;
/// storage above) and writes inv_d = 1 / diag(D). Reads only A's lower triangle.
template <class S> void ldlt_factor(const MatX<S>& A, MatX<S>& F, VecX<S>& inv_d) {
  ldlt_detail::factor_columns<false>(A, F, inv_d, static_cast<S*>(nullptr));
}

/// Solves L D L^T x = b in place (b -> x) with a factor of ldlt_factor: L z = b column by column
/// (each solved entry swept down its column of L), y = z / D, then L^T x = y.
template <class S> void ldlt_solve(const MatX<S>& F, const VecX<S>& inv_d, VecX<S>& x) {
  const int n = static_cast<int>(F.rows());
  const Eigen::Index ld = F.outerStride();
  const S* const l = F.data();
  S* const y = x.data();
  for (int k = 0; k + 1 < n; ++k) {
    const S yk = y[k];
    const S* const lk = l + k * ld;
    for (int i = k + 1; i < n; ++i) y[i] = y[i] - lk[i] * yk;
  }
  for (int i = 0; i < n; ++i) y[i] = y[i] * inv_d[i];
  ldlt_detail::back_substitute(F, y);
}

/// ldlt_factor of A into F and the solve of A x = b (b -> x) in one sweep: once column j of L is
/// known, the solved entry z_j of L z = b is swept down it in the same loop that scales it.
/// The same operations as ldlt_factor followed by ldlt_solve, in another order.
template <class S> void ldlt_factor_solve(const MatX<S>& A, MatX<S>& F, VecX<S>& inv_d, VecX<S>& x) {
  ldlt_detail::factor_columns<true>(A, F, inv_d, x.data());
  ldlt_detail::back_substitute(F, x.data());
}

}  // namespace armdyn
