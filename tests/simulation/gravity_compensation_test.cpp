// The gravity-compensation controller (tau = g(q) - Kd qd, Hannaford-Rosen §6.2): an arm put at
// rest anywhere stays there (to the integration error) where the same arm without it falls; with
// joint damping a moving arm comes to rest wherever it is; the name, the default gains, and the
// existing laws' names unchanged.
#include <gtest/gtest.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/simulation/controller.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace gravity_compensation_test {

using namespace test_support;  // run, rk45

TEST(GravityCompensation, HoldsAnyPoseAtRest) {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 3; ++trial) {
    const VecX<double> q0 = test::random_vector(rng, model.dof);
    Controller held(model, default_gains(model, ControlLaw::kGravityCompensation, q0, 10.0, 0),
                    PointToPoint::hold(q0));
    const std::vector<Sample> rows = run(model, q0, held, rk45(1e-10, 1e-12, 2.0, 0.05));
    ASSERT_EQ(rows.back().t, 2.0);
    double worst = 0;
    for (const Sample& s : rows) worst = std::max(worst, (s.q - q0).cwiseAbs().maxCoeff());
    EXPECT_LT(worst, 1e-9) << trial;
    EXPECT_GT(rows.back().tau.norm(), 1.0);  // it does carry the arm's weight
    ZeroTorque none;
    const Sample fallen = run(model, q0, none, rk45(1e-10, 1e-12, 2.0, 2.0)).back();
    EXPECT_GT((fallen.q - q0).cwiseAbs().maxCoeff(), 1e-2) << trial;
  }
}

// With Kd the arm, thrown, comes to rest where the damping stops it, and stays there.
TEST(GravityCompensation, DampingBringsAMovingArmToRest) {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  const VecX<double> q0 = Eigen::Map<const VecX<double>>(puma.poses[3].q.data(), 6);
  ControllerSpec spec = default_gains(model, ControlLaw::kGravityCompensation, q0, 10.0, 0);
  EXPECT_EQ(spec.kp.norm(), 0.0);
  EXPECT_EQ(spec.kd.norm(), 0.0);
  spec.kd = default_gains(model, ControlLaw::kPd, q0, 10.0).kd;
  Controller damped(model, spec, PointToPoint::hold(q0));
  const VecX<double> v0 = test::vec({0.5, -0.3, 0.4, 1, -1, 2});
  const std::vector<Sample> rows = run(model, q0, v0, damped, rk45(1e-10, 1e-12, 10.0, 0.5));
  EXPECT_GT((rows.back().q - q0).cwiseAbs().maxCoeff(), 1e-3);  // it moved
  EXPECT_LT(rows.back().v.cwiseAbs().maxCoeff(), 1e-6);         // and stopped
}

TEST(GravityCompensation, NamesAndExistingLaws) {
  EXPECT_EQ(control_law_from_name("gravity-compensation"), ControlLaw::kGravityCompensation);
  EXPECT_STREQ(to_string(ControlLaw::kGravityCompensation), "gravity-compensation");
  EXPECT_STREQ(to_string(ControlLaw::kPd), "pd");
  EXPECT_STREQ(to_string(ControlLaw::kPdGravity), "pd-gravity");
  EXPECT_STREQ(to_string(ControlLaw::kComputedTorque), "computed-torque");
  try {
    control_law_from_name("lqr");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown controller 'lqr' (one of: pd, pd-gravity, computed-torque, gravity-compensation)");
  }
}

}  // namespace gravity_compensation_test
}  // namespace armdyn::sim
