// Worked simulation exercises with printed answers:
//  - [Craig] programming exercise part 6 on the built-in craig3r (g = 9.8 along -Y0): the hanging
//    pose [-90, 0, 0] deg is an equilibrium; at [30, 30, 10] deg theta_dd(0) =
//    [-19.555412, 26.690896, -7.135484] rad/s^2; the RK4 (h = 1 ms) trajectory from 0.5 s
//    up to 3 s to its printed digits (a reference table, RK4 at 1 ms and 0.5 ms agreeing);
//    and Craig's Euler (6.117) at 1 ms gaining +0.36 J by 0.5 s, +0.89 J by 1 s, +1.26 J by 3 s.
//  - [Craig] MATLAB exercise 6C on the built-in planar3r (no gravity, tau = [20, 5, 1] N m,
//    theta0 = [-60, 90, 30] deg): theta_dd(0), theta(4 s), and kinetic energy = work done,
//    KE(4 s) = sum tau_i (theta_i - theta_i0) = 7.72849255 J.
#include <gtest/gtest.h>

#include <numbers>

#include "armdyn/armdyn.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace craig_exercises_test {

using test::kDeg;
using test::vec;
using namespace test_support;  // run, fixed_step, rk45

Model craig3r() { return builtin_model("craig3r").model.with_gravity(Vec3<double>(0, 0, -9.8)); }

TEST(CraigPart6, HangingIsAnEquilibrium) {
  ZeroTorque source;
  SimulationOptions o;
  o.duration = 3;
  o.output_period = 0.5;
  for (double tilt : {0.0, 1.0}) {  // 1 deg off hanging: it must swing (the check can fail)
    const std::vector<Sample> rows = run(craig3r(), vec({-90 * kDeg + tilt * kDeg, 0, 0}), source, o);
    double moved = 0;
    for (const Sample& s : rows) moved = std::max(moved, (s.q - rows.front().q).cwiseAbs().maxCoeff());
    if (tilt == 0) EXPECT_LT(moved, 1e-12);
    else EXPECT_GT(moved, 1e-3);
  }
}

TEST(CraigPart6, InitialAcceleration) {
  ZeroTorque source;
  SimulationOptions o;
  o.duration = 1e-3;
  const std::vector<Sample> rows = run(craig3r(), vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  EXPECT_LT((rows.front().a - vec({-19.555412, 26.690896, -7.135484})).cwiseAbs().maxCoeff(), 5e-7);
  // With g = 9.81 (the model's default) the answer differs: the check sees gravity.
  const std::vector<Sample> g981 =
      run(builtin_model("craig3r").model, vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  EXPECT_GT((g981.front().a - vec({-19.555412, 26.690896, -7.135484})).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(CraigPart6, Rk4TrajectoryTable) {
  ZeroTorque source;
  const SimulationOptions o = fixed_step(Integrator::kRk4, 1e-3, 3.0, 0.5);
  const std::vector<Sample> rows = run(craig3r(), vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  ASSERT_EQ(rows.size(), 7u);
  // t, theta (deg), theta_dot (rad/s), printed to 4 decimals; at 3 s theta2 is printed as
  // -101.763(6/7), and the chaotic motion has grown the integration error: 1e-4 there.
  struct Row {
    std::size_t index;
    VecX<double> theta, theta_dot;
    double tol;
  };
  const Row table[] = {
      {1, vec({-80.8469, 68.4511, 82.3958}), vec({-3.2235, -8.1806, 11.4041}), 5.1e-5},
      {2, vec({-198.1671, -0.9494, 269.1164}), vec({-5.1103, 8.6825, -3.5722}), 5.1e-5},
      {3, vec({-199.2350, 146.7763, 122.4587}), vec({6.7080, 1.0951, -7.8032}), 5.1e-5},
      {4, vec({24.3718, -154.3000, 199.9282}), vec({4.0846, -7.1725, 3.0880}), 5.1e-5},
      {6, vec({62.9481, -101.7636, 108.8155}), vec({-2.6471, 4.4272, -1.7801}), 1e-4},
  };
  for (const Row& r : table) {
    const Sample& s = rows[r.index];
    EXPECT_LT((s.q / kDeg - r.theta).cwiseAbs().maxCoeff(), r.tol) << "t = " << s.t << "\n" << s.q.transpose() / kDeg;
    EXPECT_LT((s.v - r.theta_dot).cwiseAbs().maxCoeff(), r.tol) << "t = " << s.t << "\n" << s.v.transpose();
  }
  // The energy of the chaotic swing is kept (RK4 at 1 ms: well under a microjoule in 3 s).
  for (const Sample& s : rows) EXPECT_LT(std::abs(s.energy() - rows.front().energy()), 1e-6);
}

TEST(CraigPart6, EulerGainsEnergy) {
  ZeroTorque source;
  const SimulationOptions o = fixed_step(Integrator::kEuler, 1e-3, 3.0, 0.5);
  const std::vector<Sample> rows = run(craig3r(), vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  // +0.36 J at 0.5 s, +0.89 J at 1 s, +1.26 J at 3 s (printed to 2 decimals), and the motion
  // departs from RK4's: theta1(2.5 s) = 41.85 deg instead of 68.38.
  EXPECT_NEAR(rows[1].energy() - rows[0].energy(), 0.36, 0.005);
  EXPECT_NEAR(rows[2].energy() - rows[0].energy(), 0.89, 0.005);
  EXPECT_NEAR(rows[6].energy() - rows[0].energy(), 1.26, 0.005);
  EXPECT_NEAR(rows[5].q[0] / kDeg, 41.85, 0.005);
}

TEST(Matlab6C, ConstantTorqueNoGravity) {
  const Model model = builtin_model("planar3r").model.with_gravity(Vec3<double>::Zero());
  const VecX<double> tau = vec({20, 5, 1}), q0 = vec({-60 * kDeg, 90 * kDeg, 30 * kDeg});
  ConstantTorque source(tau);
  const SimulationOptions o = rk45(1e-12, 1e-12, 4, 1);
  const std::vector<Sample> rows = run(model, q0, source, o);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_LT((rows[0].a - vec({0.039777, -0.050610, 0.216476})).cwiseAbs().maxCoeff(), 5e-7);
  const Sample& end = rows.back();
  EXPECT_EQ(end.t, 4.0);
  EXPECT_LT((end.q / kDeg - vec({-38.43886, 72.91268, 127.02388})).cwiseAbs().maxCoeff(), 5.1e-6);
  EXPECT_LT((end.v - vec({0.19503, -0.01753, 0.87944})).cwiseAbs().maxCoeff(), 5.1e-6);
  // Kinetic energy = work done by the constant torques.
  EXPECT_NEAR(end.kinetic, 7.72849255, 1e-8);
  EXPECT_NEAR(end.kinetic, tau.dot(end.q - q0), 1e-8);
  EXPECT_EQ(end.potential, 0.0);
  // The same with one torque changed is another motion.
  ConstantTorque other(vec({20, 5, 1.01}));
  EXPECT_GT(std::abs(run(model, q0, other, o).back().kinetic - 7.72849255), 1e-3);
}

}  // namespace craig_exercises_test
}  // namespace armdyn::sim
