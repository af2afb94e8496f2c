// [VP] §2.9, the method of Appel's equations, its source-specific checks: the printed acceleration
// energy (2.9.19), with its gyroscopic coefficient 2, must disagree; the generalized gravity
// forces by virtual work (2.9.42); the transition matrices are the model's body orientations;
// trees and wrong sizes are refused. The comparisons with rnea/crba/nonlinear_effects/
// gravity_torque (random chains, long chains, URDF arms, built-ins), every perturbed link,
// Craig's closed forms (6.58), (6.60), (6.88), the dual-number checks with power balance and the
// symmetric positive definite W are the typed checks of cross_check_test.cpp and
// cross_check_dual_test.cpp (tag Appel).
#include <gtest/gtest.h>

#include "armdyn/dynamics/formulations/vukobratovic/appel.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "dynamics/formulations/checks.hpp"

namespace armdyn {
namespace appel_test {

TEST(Appel, PrintedGyroscopicCoefficientTwoDisagrees) {
  int checked = 0;
  for (const Model& model : test::random_chains(4711)) {
    int revolute = 0;
    for (JointType t : model.joint_type) revolute += t == JointType::kRevolute;
    if (revolute < 2) continue;
    ++checked;
    appel::Workspace<double> ws(model);
    ws.printed_gyroscopic_coefficient = true;
    Data data(model);
    std::mt19937_64 rng(5);
    const test::State s = test::random_state(rng, model);
    const double tau = test::rel_diff(appel::inverse_dynamics(model, ws, s.q, s.v, s.a), rnea(model, data, s.q, s.v, s.a));
    const double M = test::rel_diff(appel::mass_matrix(model, ws, s.q), crba(model, data, s.q));
    EXPECT_GT(tau, 1e-6) << model.name;
    EXPECT_LE(M, 1e-10) << model.name;
  }
  EXPECT_GE(checked, 40);
}

// Y of (2.9.42), the generalized gravity forces by virtual work, is minus RNEA's gravity torque
// (an independent check), and appel::gravity returns it on its own; with one link's mass off by
// 0.1 % it is not.
TEST(Appel, GravityForcesByVirtualWork) {
  std::mt19937_64 rng(12);
  for (const Model& model : {test::random_dh_chain(rng, 10, DhConvention::kStandard, true),
                             builtin_model("stanford").model, test::urdf("panda")}) {
    appel::Workspace<double> ws(model);
    Data data(model), wrong(model);
    const test::State s = test::random_state(rng, model);
    appel::equations(model, ws, s.q, s.v);
    const VecX<double> Y = ws.Y;
    EXPECT_LE(test::rel_diff(Y, VecX<double>(-gravity_torque(model, data, s.q))), 1e-12) << model.name;
    EXPECT_LE(test::rel_diff(appel::gravity_torque(model, ws, s.q), gravity_torque(model, data, s.q)), 1e-12) << model.name;
    const Model bad = test::perturbed_link(model, model.dof / 2);
    EXPECT_GT(test::rel_diff(Y, VecX<double>(-gravity_torque(bad, wrong, s.q))), 1e-6) << model.name;
  }
}

// A_i = A_{i-1} A_{i-1,i} (2.7.10), with A_{i-1,i} assembled and turned by (2.7.11)-(2.7.17), is
// the body orientation of the model's forward kinematics, and C_i its centre of mass.
TEST(Appel, TransitionMatricesAreBodyOrientations) {
  std::mt19937_64 rng(9);
  for (const Model& model : {test::random_dh_chain(rng, 9, DhConvention::kModified, true),
                             builtin_model("rp").model, test::urdf("ur5")}) {
    appel::Workspace<double> ws(model);
    Data data(model);
    const test::State s = test::random_state(rng, model);
    appel::equations(model, ws, s.q, s.v);
    forward_kinematics(model, data, s.q);
    double worst = 0;
    for (int i = 0; i < model.dof; ++i) {
      worst = std::max(worst, (ws.A[i] - data.oMb[i].R).cwiseAbs().maxCoeff());
      worst = std::max(worst, (ws.C_pos[i] - data.oMb[i].apply(model.com[i])).cwiseAbs().maxCoeff());
    }
    EXPECT_LE(worst, 1e-13) << model.name;
  }
}

TEST(Appel, RejectsTreesAndWrongSizes) {
  std::mt19937_64 rng(3);
  EXPECT_THROW(appel::Workspace<double>{test::random_tree(rng, 5)}, InputError);
  const Model model = builtin_model("stanford").model;
  appel::Workspace<double> ws(model);
  const VecX<double> six = VecX<double>::Zero(6), five = VecX<double>::Zero(5);
  EXPECT_THROW(appel::inverse_dynamics(model, ws, five, six, six), InputError);
  EXPECT_THROW(appel::inverse_dynamics(model, ws, six, six, five), InputError);
  EXPECT_THROW(appel::mass_matrix(model, ws, five), InputError);
  EXPECT_THROW(appel::nonlinear_effects(model, ws, six, five), InputError);
  EXPECT_NO_THROW(appel::inverse_dynamics(model, ws, six, six, six));
}

}  // namespace appel_test
}  // namespace armdyn
