// cholesky_factor / cholesky_solve (dynamics/cholesky.hpp) on random symmetric positive definite
// matrices of every size from 1 to 20 and of 96 (the four-column blocks and their remainders):
// L L^T equals A, the strict upper triangle is left as it was, the reciprocal diagonal is 1 / L_jj,
// and the solve agrees with Eigen's LLT. A wrong factor (one entry of L perturbed) is noticed.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/dynamics/cholesky.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace cholesky_test {

using test::random_spd;

double factor_residual(const MatX<double>& A, const MatX<double>& F) {
  const MatX<double> L = F.triangularView<Eigen::Lower>();
  return (L * L.transpose() - A).cwiseAbs().maxCoeff() / A.cwiseAbs().maxCoeff();
}

TEST(Cholesky, FactorAndSolveAgreeWithEigen) {
  std::mt19937 rng(7);
  std::vector<int> sizes;
  for (int n = 1; n <= 20; ++n) sizes.push_back(n);
  sizes.push_back(96);
  for (int n : sizes) {
    const MatX<double> A = random_spd(n, rng);
    MatX<double> F = A;
    const double marker = 12345.0;
    for (int j = 1; j < n; ++j)
      for (int i = 0; i < j; ++i) F(i, j) = marker;
    VecX<double> inv_diag(n);
    cholesky_factor(F, inv_diag);
    EXPECT_LT(factor_residual(A, F), 1e-14) << "n = " << n;
    for (int j = 0; j < n; ++j) {
      EXPECT_DOUBLE_EQ(inv_diag[j], 1.0 / F(j, j)) << "n = " << n;
      for (int i = 0; i < j; ++i) ASSERT_EQ(F(i, j), marker) << "upper entry (" << i << ", " << j << ") written";
    }
    VecX<double> b(n);
    for (int i = 0; i < n; ++i) b[i] = std::sin(1.0 + i);
    VecX<double> x = b;
    cholesky_solve(F, inv_diag, x);
    const VecX<double> ref = A.llt().solve(b);
    EXPECT_LT((x - ref).cwiseAbs().maxCoeff(), 1e-13 * (1 + ref.cwiseAbs().maxCoeff())) << "n = " << n;
    // Sensitivity: a factor with one wrong entry below the diagonal does not reproduce A.
    if (n >= 2) {
      MatX<double> G = F;
      G(n - 1, 0) += 1e-6;
      EXPECT_GT(factor_residual(A, G), 1e-9) << "n = " << n;
    }
  }
}

}  // namespace cholesky_test
}  // namespace armdyn
