// The Uicker/Lewis 4x4 Lagrange formulation ([TML] (3.1)), its source-specific checks:
//   (a) its mass matrix is exactly symmetric (formed for i <= j and mirrored) and positive
//       definite on random chains (random gravity) and the built-ins;
//   (c) [TML] (2.14)-(2.15) (T9): U_qj and U_qjk against central differences of T_0^q;
//   (d) the velocity coefficients C^i_jk: symmetric in (j, k), and v^T C^i v equals RNEA's
//       c(q, v) - g(q);
//   with the sensitivity of each (a wrong joint for (c), a 0.1 % mass / 1 mm centre-of-mass
//   change of one link for (d)). tau, M, g against rnea/crba/gravity_torque on random chains of
//   1..12 links with random gravity, the built-ins and the URDF arms, a wrong link, Craig's closed
//   forms (6.58), (6.60)-(6.62), (6.88) and their numeric instances, the refusal of trees, wrong
//   sizes and the dual-number run are the typed checks of cross_check_test.cpp and
//   cross_check_dual_test.cpp (tag Lagrange).
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <cmath>
#include <random>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/dynamics/formulations/lagrange_impl.hpp"
#include "dynamics/formulations/lagrange_cases.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace lagrange_test {

using test::Case;
using test::State;

std::vector<Case> cases(int max_links) { return test::lagrange_cases(max_links, 31337); }

State random_state(std::mt19937_64& rng, int n) { return test::random_state(n, rng); }

Model wrong(const Model& m) { return test::wrong_middle_link(m); }

TEST(Lagrange, MassMatrixIsSymmetricPositiveDefinite) {
  std::mt19937_64 rng(5);
  for (const Case& c : cases(8)) {
    lagrange::Workspace<double> ws(c.model);
    const MatX<double> M = lagrange::mass_matrix(c.model, ws, random_state(rng, c.model.dof).q);
    EXPECT_EQ((M - M.transpose()).cwiseAbs().maxCoeff(), 0.0) << c.name;
    if (c.name != "puma560" && c.name != "planar2r") {  // massless link / point masses: M may be singular
      EXPECT_EQ(Eigen::LLT<MatX<double>>(M).info(), Eigen::Success) << c.name;
    }
  }
}

// (c) [TML] (2.14), (2.15) in 4x4 form: U_qj = dT_0^q/dq_j, U_qjk = d2 T_0^q / dq_j dq_k.
TEST(Lagrange, DerivativeMatricesAreDerivatives) {
  std::mt19937_64 rng(21);
  const Model model = test::random_dh_chain(rng, 5, DhConvention::kStandard, true);
  const int n = model.dof, N = n + 1;
  lagrange::Workspace<double> ws(model), wp(model), wm(model);
  const VecX<double> q = test::random_vector(rng, n, -1.5, 1.5);
  lagrange::detail::kinematics(model, ws, VecIn<double>(q));
  const double h = 1e-5;
  double worst1 = 0, worst2 = 0, wrong_joint = 1e300;
  for (int j = 1; j <= n; ++j) {
    VecX<double> qp = q, qm = q;
    qp[j - 1] += h;
    qm[j - 1] -= h;
    lagrange::detail::kinematics(model, wp, VecIn<double>(qp));
    lagrange::detail::kinematics(model, wm, VecIn<double>(qm));
    for (int qq = 1; qq <= n; ++qq) {
      const Mat4<double> fd = (wp.T[qq] - wm.T[qq]) / (2 * h);  // T_0^q is T[0 * N + q]
      if (j <= qq) {
        worst1 = std::max(worst1, (ws.U[qq * N + j] - fd).cwiseAbs().maxCoeff());
        if (j > 1) wrong_joint = std::min(wrong_joint, (ws.U[qq * N + j - 1] - fd).cwiseAbs().maxCoeff());
      } else {
        EXPECT_LT(fd.cwiseAbs().maxCoeff(), 1e-12);
      }
      // second derivatives: d U_qk / d q_j = U_qjk
      for (int k = j; k <= qq; ++k) {
        const Mat4<double> fd2 = (wp.U[qq * N + k] - wm.U[qq * N + k]) / (2 * h);
        Mat4<double> X;
        lagrange::detail::second_derivative(model, ws, j, k, qq, X);
        worst2 = std::max(worst2, (X - fd2).cwiseAbs().maxCoeff());
      }
    }
  }
  EXPECT_LT(worst1, 1e-9);
  EXPECT_LT(worst2, 1e-9);
  EXPECT_GT(wrong_joint, 1e-3);
}

// (d) the velocity coefficients of (3.1).
TEST(Lagrange, VelocityCoefficientsGiveTheVelocityTorques) {
  double worst = 0, sym = 0, noticed = 1e300;
  for (const Case& c : cases(6)) {
    lagrange::Workspace<double> ws(c.model), ww(wrong(c.model));
    Data data(c.model);
    std::mt19937_64 rng(3);
    const State x = random_state(rng, c.model.dof);
    const std::vector<MatX<double>>& C = lagrange::velocity_coefficients(c.model, ws, x.q);
    const std::vector<MatX<double>>& Cw = lagrange::velocity_coefficients(wrong(c.model), ww, x.q);
    VecX<double> vel(c.model.dof), vel_wrong(c.model.dof);
    for (int i = 0; i < c.model.dof; ++i) {
      vel[i] = x.v.dot(C[i] * x.v);
      vel_wrong[i] = x.v.dot(Cw[i] * x.v);
      sym = std::max(sym, (C[i] - C[i].transpose()).cwiseAbs().maxCoeff());
    }
    const VecX<double> ref = nonlinear_effects(c.model, data, x.q, x.v) - gravity_torque(c.model, data, x.q);
    worst = std::max(worst, test::rel_diff(vel, ref));
    if (c.model.dof >= 2 && ref.cwiseAbs().maxCoeff() > 1e-3)
      noticed = std::min(noticed, test::rel_diff(vel_wrong, ref));
  }
  EXPECT_LT(worst, 1e-10);
  EXPECT_EQ(sym, 0.0);
  EXPECT_GT(noticed, 1e-7);
}

}  // namespace lagrange_test
}  // namespace armdyn
