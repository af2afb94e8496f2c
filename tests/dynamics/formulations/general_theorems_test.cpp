// [VP] §2.3, the method of general theorems, its source-specific checks: the book's transition
// matrices are the model's body orientations, the axis transfer as printed loses accuracy on long
// chains, trees and wrong sizes are refused. The comparisons with rnea/crba/nonlinear_effects/
// gravity_torque (random chains, long chains, URDF arms, built-ins), every perturbed link,
// Craig's closed forms (6.58), (6.60), (6.88), the dual-number checks with power balance and the
// symmetric positive definite W are the typed checks of cross_check_test.cpp and
// cross_check_dual_test.cpp (tag GeneralTheorems).
#include <gtest/gtest.h>

#include "armdyn/dynamics/formulations/vukobratovic/general_theorems.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "dynamics/formulations/checks.hpp"

namespace armdyn {
namespace general_theorems_test {

TEST(GeneralTheorems, TransitionMatricesAreBodyOrientations) {
  std::mt19937_64 rng(8);
  for (const Model& model : {test::random_dh_chain(rng, 9, DhConvention::kStandard, true),
                             builtin_model("planar2r").model, test::urdf("panda")}) {
    general_theorems::Workspace<double> ws(model);
    Data data(model);
    const test::State s = test::random_state(rng, model);
    general_theorems::equations(model, ws, s.q, s.v);
    forward_kinematics(model, data, s.q);
    double worst = 0;
    for (int i = 0; i < model.dof; ++i) {
      worst = std::max(worst, (ws.A[i] - data.oMb[i].R).cwiseAbs().maxCoeff());
      worst = std::max(worst, (ws.e[i] - data.oMb[i].R.col(2)).cwiseAbs().maxCoeff());
    }
    EXPECT_LE(worst, 1e-13) << model.name;
    // Sensitivity: the angle of the last revolute joint off by 1e-6 shows.
    int r = model.dof - 1;
    while (model.joint_type[r] != JointType::kRevolute) --r;
    VecX<double> q = s.q;
    q[r] += 1e-6;
    general_theorems::equations(model, ws, q, s.v);
    EXPECT_GT((ws.A[r] - data.oMb[r].R).cwiseAbs().maxCoeff(), 1e-7) << model.name;
  }
}

// The transition matrices exactly as printed, e_i = A_{i-1} e~~_i without re-normalisation: the
// round-off of each assembled frame re-enters the next one amplified, and on a long chain with
// general axes the torques drift far from round-off (measured about 1e-5 at n = 36; see the
// numerical note in general_theorems.hpp). With the unit axis they stay at 1e-14.
TEST(GeneralTheorems, LiteralAxisTransferLosesAccuracyOnLongChains) {
  std::mt19937_64 rng(11);
  const Model model = test::random_dh_chain(rng, 40, DhConvention::kStandard, false);
  general_theorems::Workspace<double> ws(model), literal(model);
  literal.literal_axis = true;
  Data data(model);
  const test::State s = test::random_state(rng, model);
  const VecX<double> tau = rnea(model, data, s.q, s.v, s.a);
  const double unit = test::rel_diff(general_theorems::inverse_dynamics(model, ws, s.q, s.v, s.a), tau);
  const double printed = test::rel_diff(general_theorems::inverse_dynamics(model, literal, s.q, s.v, s.a), tau);
  EXPECT_LE(unit, 1e-12);
  EXPECT_GT(printed, 1e-9);
}

TEST(GeneralTheorems, RejectsTreesAndWrongSizes) {
  std::mt19937_64 rng(3);
  EXPECT_THROW(general_theorems::Workspace<double>{test::random_tree(rng, 5)}, InputError);
  const Model model = builtin_model("puma560").model;
  general_theorems::Workspace<double> ws(model);
  const VecX<double> six = VecX<double>::Zero(6), five = VecX<double>::Zero(5);
  EXPECT_THROW(general_theorems::inverse_dynamics(model, ws, five, six, six), InputError);
  EXPECT_THROW(general_theorems::inverse_dynamics(model, ws, six, six, five), InputError);
  EXPECT_THROW(general_theorems::mass_matrix(model, ws, five), InputError);
  EXPECT_THROW(general_theorems::nonlinear_effects(model, ws, six, five), InputError);
  EXPECT_NO_THROW(general_theorems::inverse_dynamics(model, ws, six, six, six));
}

}  // namespace general_theorems_test
}  // namespace armdyn
