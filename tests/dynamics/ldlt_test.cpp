// ldlt_factor / ldlt_solve / ldlt_factor_solve (dynamics/ldlt.hpp) on random symmetric positive
// definite matrices of every size from 1 to 20 and of 96 (the four-column blocks and their
// remainders): L D L^T equals A, out of place and in place alike, the strict upper triangle holds
// D L^T, 1 / D is stored, L sqrt(D) is the Cholesky factor of cholesky.hpp, the solves agree
// with Eigen's LDLT, and the one-sweep factor-and-solve gives ldlt_factor's factor and
// ldlt_solve's solution. A wrong factor (one entry of L perturbed) is noticed.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "armdyn/dynamics/cholesky.hpp"
#include "armdyn/dynamics/ldlt.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace ldlt_test {

using test::random_spd;

// max |L D L^T - A| / max |A| for the factor F (L's strict lower triangle, D on the diagonal).
double factor_residual(const MatX<double>& A, const MatX<double>& F) {
  MatX<double> L = F.triangularView<Eigen::StrictlyLower>();
  L.diagonal().setOnes();
  const VecX<double> D = F.diagonal();
  return (L * D.asDiagonal() * L.transpose() - A).cwiseAbs().maxCoeff() / A.cwiseAbs().maxCoeff();
}

std::vector<int> sizes() {
  std::vector<int> s;
  for (int n = 1; n <= 20; ++n) s.push_back(n);
  s.push_back(96);
  return s;
}

VecX<double> right_side(int n) {
  VecX<double> b(n);
  for (int i = 0; i < n; ++i) b[i] = std::sin(1.0 + i);
  return b;
}

TEST(Ldlt, FactorReproducesTheMatrixAndMatchesCholesky) {
  std::mt19937 rng(11);
  for (int n : sizes()) {
    const MatX<double> A = random_spd(n, rng);
    MatX<double> F(n, n);
    F.setConstant(12345.0);
    VecX<double> inv_d(n);
    // Only A's lower triangle is read: a matrix with garbage above the diagonal gives the same.
    MatX<double> lower = A;
    lower.triangularView<Eigen::StrictlyUpper>().setConstant(-777.0);
    ldlt_factor(lower, F, inv_d);
    EXPECT_LT(factor_residual(A, F), 1e-14) << "n = " << n;
    for (int j = 0; j < n; ++j) {
      EXPECT_GT(F(j, j), 0.0) << "n = " << n;
      EXPECT_EQ(inv_d[j], 1.0 / F(j, j)) << "n = " << n;
      for (int i = j + 1; i < n; ++i)  // D L^T above the diagonal
        ASSERT_NEAR(F(j, i), F(i, j) * F(j, j), 1e-14 * std::abs(F(j, i))) << "n = " << n << " (" << j << ", " << i << ")";
    }
    // In place: the same factor, bit for bit.
    MatX<double> G = A;
    VecX<double> inv_g(n);
    ldlt_factor(G, G, inv_g);
    EXPECT_EQ(G, F) << "n = " << n;
    EXPECT_EQ(inv_g, inv_d) << "n = " << n;
    // L sqrt(D) is the Cholesky factor.
    MatX<double> C = A;
    VecX<double> inv_c(n);
    cholesky_factor(C, inv_c);
    for (int j = 0; j < n; ++j)
      for (int i = j; i < n; ++i) {
        const double l = i == j ? std::sqrt(F(j, j)) : F(i, j) * std::sqrt(F(j, j));
        EXPECT_NEAR(l, C(i, j), 1e-13 * (1 + std::abs(C(i, j)))) << "n = " << n << " (" << i << ", " << j << ")";
      }
    // Sensitivity: a factor with one wrong entry below the diagonal does not reproduce A.
    if (n >= 2) {
      MatX<double> W = F;
      W(n - 1, 0) += 1e-6;
      EXPECT_GT(factor_residual(A, W), 1e-9) << "n = " << n;
    }
  }
}

TEST(Ldlt, SolvesAgreeWithEigenAndWithEachOther) {
  std::mt19937 rng(13);
  for (int n : sizes()) {
    const MatX<double> A = random_spd(n, rng);
    const VecX<double> b = right_side(n);
    const VecX<double> ref = A.ldlt().solve(b);
    MatX<double> F(n, n);
    VecX<double> inv_d(n);
    ldlt_factor(A, F, inv_d);
    VecX<double> x = b;
    ldlt_solve(F, inv_d, x);
    EXPECT_LT((x - ref).cwiseAbs().maxCoeff(), 1e-13 * (1 + ref.cwiseAbs().maxCoeff())) << "n = " << n;
    EXPECT_LT((A * x - b).cwiseAbs().maxCoeff(), 1e-13 * (1 + b.cwiseAbs().maxCoeff())) << "n = " << n;

    MatX<double> H(n, n);
    H.setZero();
    VecX<double> inv_h(n);
    VecX<double> y = b;
    ldlt_factor_solve(A, H, inv_h, y);
    EXPECT_EQ(H, F) << "n = " << n;
    EXPECT_EQ(inv_h, inv_d) << "n = " << n;
    EXPECT_LT((y - x).cwiseAbs().maxCoeff(), 1e-15 * (1 + x.cwiseAbs().maxCoeff())) << "n = " << n;
  }
}

TEST(Ldlt, AWrongRightSideOrFactorGivesAWrongSolution) {
  std::mt19937 rng(17);
  const int n = 9;
  const MatX<double> A = random_spd(n, rng);
  MatX<double> F(n, n);
  VecX<double> inv_d(n);
  ldlt_factor(A, F, inv_d);
  const VecX<double> b = right_side(n);
  VecX<double> x = b;
  ldlt_solve(F, inv_d, x);
  inv_d[4] *= 1.0 + 1e-6;  // a wrong D_4
  VecX<double> w = b;
  ldlt_solve(F, inv_d, w);
  EXPECT_GT((A * w - b).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((A * x - b).cwiseAbs().maxCoeff(), 1e-13);
}

}  // namespace ldlt_test
}  // namespace armdyn
