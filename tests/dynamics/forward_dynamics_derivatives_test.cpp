// Analytical derivatives of forward dynamics (forward_dynamics_derivatives) against
//   (a) forward-mode dual numbers through the production forward dynamics (CRBA, RNEA bias,
//       Cholesky), seeded at q_k, v_k, tau_k: to 1e-11 of each matrix's scale (both routes solve
//       with M, so their round-off differences return multiplied by up to cond(M));
//   (b) central differences of the double forward dynamics (step 1e-5), to 1e-6;
// with qdd == forward_dynamics's and (d qdd / d tau) M == I, on the models of the inverse-dynamics
// test. A model whose links are 0.1 % heavier must disagree.
#include <gtest/gtest.h>

#include "armdyn/dynamics/forward_dynamics_derivatives_impl.hpp"
#include "dynamics/derivatives_test_util.hpp"
#include "support/finite_difference.hpp"
#include "support/state.hpp"

namespace armdyn {
namespace forward_dynamics_derivatives_test {

using test::FdSeed;

constexpr double kDualTol = 1e-11;  // 2e-12 seen on chain_24, under 1e-12 on the rest
constexpr double kDifferenceTol = 1e-6;

struct Disagreement {
  double dq = 0, dv = 0, dtau = 0;
};

Disagreement against_dual(const Model& model, const Model& reference, const test::State& s) {
  Data data(model);
  ForwardDynamicsDerivativesWorkspace<double> ws(model);
  forward_dynamics_derivatives(model, data, ws, s.q, s.v, s.tau);
  Disagreement d;
  d.dq = test::rel_diff(ws.dqdd_dq, test::dual_fd_jacobian(reference, s.q, s.v, s.tau, FdSeed::kQ));
  d.dv = test::rel_diff(ws.dqdd_dv, test::dual_fd_jacobian(reference, s.q, s.v, s.tau, FdSeed::kV));
  d.dtau = test::rel_diff(ws.Minv, test::dual_fd_jacobian(reference, s.q, s.v, s.tau, FdSeed::kTau));
  return d;
}

TEST(ForwardDynamicsDerivatives, EqualDualNumbersOnEveryModel) {
  std::mt19937_64 rng(2018);
  for (const Model& m : test::derivative_models()) {
    for (int trial = 0; trial < 2; ++trial) {
      const test::State s = test::random_state(m, rng);
      const Disagreement d = against_dual(m, m, s);
      const std::string label = m.name + " trial " + std::to_string(trial);
      EXPECT_LT(d.dq, kDualTol) << label;
      EXPECT_LT(d.dv, kDualTol) << label;
      EXPECT_LT(d.dtau, kDualTol) << label;
    }
  }
}

TEST(ForwardDynamicsDerivatives, EqualCentralDifferencesOnEveryModel) {
  std::mt19937_64 rng(1806);
  for (const Model& m : test::derivative_models()) {
    const test::State s = test::random_state(m, rng);
    Data data(m), fd_data(m);
    ForwardDynamicsDerivativesWorkspace<double> ws(m);
    const VecX<double> qdd = forward_dynamics_derivatives(m, data, ws, s.q, s.v, s.tau);
    EXPECT_LT(test::rel_diff(qdd, forward_dynamics(m, fd_data, s.q, s.v, s.tau)), 1e-12) << m.name;
    const MatX<double> dq = test::central_jacobian(
        [&](const VecX<double>& q) { return VecX<double>(forward_dynamics(m, fd_data, q, s.v, s.tau)); }, s.q);
    const MatX<double> dv = test::central_jacobian(
        [&](const VecX<double>& v) { return VecX<double>(forward_dynamics(m, fd_data, s.q, v, s.tau)); }, s.v);
    EXPECT_LT(test::rel_diff(ws.dqdd_dq, dq), kDifferenceTol) << m.name;
    EXPECT_LT(test::rel_diff(ws.dqdd_dv, dv), kDifferenceTol) << m.name;
  }
}

TEST(ForwardDynamicsDerivatives, DqddDtauTimesMIsIdentity) {
  std::mt19937_64 rng(5);
  for (const Model& m : test::derivative_models()) {
    const test::State s = test::random_state(m, rng);
    Data data(m), crba_data(m);
    ForwardDynamicsDerivativesWorkspace<double> ws(m);
    forward_dynamics_derivatives(m, data, ws, s.q, s.v, s.tau);
    const MatX<double> M = crba(m, crba_data, s.q);
    const MatX<double> I = MatX<double>::Identity(m.dof, m.dof);
    EXPECT_LT(test::rel_diff(ws.Minv * M, I), 1e-10) << m.name;
    EXPECT_LT(test::rel_diff(M * ws.Minv, I), 1e-10) << m.name;
  }
}

TEST(ForwardDynamicsDerivatives, NoticeAWrongModel) {
  std::mt19937_64 rng(77);
  for (const Model& m : test::derivative_models()) {
    if (m.dof < 3) continue;
    const test::State s = test::random_state(m, rng);
    const Disagreement d = against_dual(test::wrong_model(m), m, s);
    EXPECT_GT(d.dq, 100 * kDualTol) << m.name;
    // Without a revolute joint beneath another, d tau / d v = 0 on either model.
    if (test::has_revolute_ancestor(m)) {
      EXPECT_GT(d.dv, 100 * kDualTol) << m.name;
    }
    EXPECT_GT(d.dtau, 100 * kDualTol) << m.name;
  }
}

}  // namespace forward_dynamics_derivatives_test
}  // namespace armdyn
