// Inputs and controllers of the simulation: the CSV torque table (linear in time, held outside,
// every malformed file refused with its line), the cubic and quintic point-to-point motions
// against their boundary conditions and finite differences, computed-torque tracking with the
// exact model (and not with a wrong one), PD + gravity settling where plain PD sags, the
// zero-order hold, and the joint-limit warnings (once per joint) or stop.
#include <gtest/gtest.h>

#include <numbers>

#include "armdyn/armdyn.hpp"
#include "armdyn/simulation/controller.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/finite_difference.hpp"
#include "support/random_model.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace control_test {

using test::kDeg;
using test::vec;
using namespace test_support;  // run, rk45

const VecX<double> kNone = VecX<double>::Zero(2);

TEST(TorqueTable, LinearInTimeAndHeldOutside) {
  TorqueTable table = parse_torque_table("t,tau1,tau2\n0,0,10\n1,2,10\n3,2,-10\n", 2, "x.csv");
  VecX<double> tau(2);
  const std::pair<double, VecX<double>> cases[] = {{-1, vec({0, 10})},  {0, vec({0, 10})},  {0.25, vec({0.5, 10})},
                                                   {1, vec({2, 10})},   {2.5, vec({2, -5})}, {3, vec({2, -10})},
                                                   {0.5, vec({1, 10})}, {7, vec({2, -10})}};
  for (const auto& [t, expected] : cases) {
    table.torque(t, kNone, kNone, tau);
    EXPECT_LT((tau - expected).cwiseAbs().maxCoeff(), 1e-15) << "t = " << t;
  }
}

TEST(TorqueTable, MalformedFilesAreRefusedWithTheirLine) {
  auto message = [](const std::string& text) {
    try {
      parse_torque_table(text, 2, "in.csv");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_EQ(message(""), "in.csv: empty torque table (a header row 't,...' is required)");
  EXPECT_EQ(message("t,a,b\n"), "in.csv: the torque table has a header but no rows");
  EXPECT_EQ(message("time,a,b\n0,1,2\n"), "in.csv:1: the header's first column must be 't', got 'time'");
  EXPECT_EQ(message("t,a\n0,1\n"), "in.csv:1: expected 3 columns (t and one torque per joint), got 2");
  EXPECT_EQ(message("t,a,b\n0,1,2\n1,2\n"), "in.csv:3: expected 3 columns (t and one torque per joint), got 2");
  EXPECT_EQ(message("t,a,b\n0,1,x\n"), "in.csv:2: 'x' is not a finite number");
  EXPECT_EQ(message("t,a,b\n0,1,nan\n"), "in.csv:2: 'nan' is not a finite number");
  EXPECT_EQ(message("t,a,b\n0,1,\n"), "in.csv:2: empty cell");
  EXPECT_EQ(message("t,a,b\n1,1,2\n1,1,2\n"), "in.csv:3: times must increase strictly (1 after 1.000000)");
  EXPECT_EQ(message("t, a, b\r\n0, 1, 2\r\n\r\n"), "(accepted)");
  EXPECT_THROW(load_torque_table("/nonexistent/torques.csv", 2), InputError);
}

TEST(Trajectory, BoundaryConditionsAndDerivatives) {
  const VecX<double> q0 = vec({0.1, -0.5, 2}), q1 = vec({1.1, 0.5, -1});
  VecX<double> q(3), v(3), a(3);
  for (Profile profile : {Profile::kCubic, Profile::kQuintic}) {
    const PointToPoint p(q0, q1, 2.0, profile);
    p.evaluate(0, q, v, a);
    EXPECT_EQ(q, q0);
    EXPECT_EQ(v.norm(), 0.0);
    p.evaluate(2, q, v, a);
    EXPECT_EQ(q, q1);
    p.evaluate(1, q, v, a);
    EXPECT_LT((q - 0.5 * (q0 + q1)).norm(), 1e-15);  // both are odd about the midpoint
    // Quintic: zero acceleration at both ends; cubic: 6 (q1 - q0) / T^2 at the start.
    p.evaluate(1e-9, q, v, a);
    if (profile == Profile::kQuintic) EXPECT_LT(a.norm(), 1e-6);
    else EXPECT_LT((a - 1.5 * (q1 - q0)).norm(), 1e-6);
    for (double t : {1e-3, 0.3, 1.7, 2 - 1e-3}) {
      const auto at = [&](double s) {  // q(s) and v(s), stacked
        VecX<double> qs(3), vs(3), as(3), out(6);
        p.evaluate(s, qs, vs, as);
        out << qs, vs;
        return out;
      };
      p.evaluate(t, q, v, a);
      const VecX<double> rate = test::central_derivative(at, t, 1e-6);
      EXPECT_LT((rate.head(3) - v).cwiseAbs().maxCoeff(), 1e-8) << to_string(profile) << " " << t;
      EXPECT_LT((rate.tail(3) - a).cwiseAbs().maxCoeff(), 1e-7) << to_string(profile) << " " << t;
    }
  }
  EXPECT_THROW(PointToPoint(q0, vec({1, 2}), 1, Profile::kCubic), InputError);
  EXPECT_THROW(PointToPoint(q0, q1, -1, Profile::kCubic), InputError);
  EXPECT_EQ(profile_from_name("quintic"), Profile::kQuintic);
  EXPECT_THROW(profile_from_name("septic"), InputError);
}

ControllerSpec spec(ControlLaw law, int n, double kp, double kd, double rate) {
  return ControllerSpec{law, VecX<double>::Constant(n, kp), VecX<double>::Constant(n, kd), rate};
}

// Largest |q - q_d| over the samples.
double tracking_error(const std::vector<Sample>& rows, const PointToPoint& ref) {
  const int n = ref.dof();
  VecX<double> q(n), v(n), a(n);
  double worst = 0;
  for (const Sample& s : rows) {
    ref.evaluate(s.t, q, v, a);
    worst = std::max(worst, (s.q - q).cwiseAbs().maxCoeff());
  }
  return worst;
}

// Computed torque with the exact model linearises and decouples the arm: starting on the
// quintic, the error obeys e'' + Kd e' + Kp e = 0 with e(0) = 0, so the arm tracks to the
// integration error. A model 20% off in one mass tracks visibly worse.
TEST(Controllers, ComputedTorqueTracksAQuintic) {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  const VecX<double> q0 = Eigen::Map<const VecX<double>>(puma.poses[0].q.data(), 6);
  const VecX<double> q1 = Eigen::Map<const VecX<double>>(puma.poses[3].q.data(), 6);
  const PointToPoint ref(q0, q1, 2.0, Profile::kQuintic);
  const SimulationOptions o = rk45(1e-10, 1e-12, 3.0, 0.01);
  Controller exact(model, spec(ControlLaw::kComputedTorque, 6, 100, 20, 0), ref);
  const double e_exact = tracking_error(run(model, q0, exact, o), ref);
  EXPECT_LT(e_exact, 1e-6);
  const Model wrong = test::perturbed(model, 2, 1.2, Vec3<double>::Zero());
  Controller off(wrong, spec(ControlLaw::kComputedTorque, 6, 100, 20, 0), ref);
  const double e_wrong = tracking_error(run(model, q0, off, o), ref);
  EXPECT_GT(e_wrong, 1e-4);
  // Sampled at 1 kHz (zero-order hold) the exact law still tracks, to the hold's error.
  Controller sampled(model, spec(ControlLaw::kComputedTorque, 6, 100, 20, 1000), ref);
  const double e_sampled = tracking_error(run(model, q0, sampled, o), ref);
  EXPECT_LT(e_sampled, 1e-3);
  EXPECT_GT(e_sampled, e_exact);
}

// PD + gravity compensation settles to the set-point (a Lyapunov argument, [Craig] §10.7); plain
// PD under gravity settles with an offset g(q) = Kp e.
TEST(Controllers, PdPlusGravitySettles) {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  const VecX<double> q0 = Eigen::Map<const VecX<double>>(puma.poses[0].q.data(), 6);
  const VecX<double> goal = vec({0.3, -0.4, 0.6, 0.2, -0.3, 0.5});
  const SimulationOptions o = rk45(1e-9, 1e-12, 20, 0.1);
  // Gains scaled by the joints' own inertias (the PUMA's wrist is 1000 times lighter than its
  // shoulder): critically damped at 10 rad/s.
  Controller pdg(model, default_gains(model, ControlLaw::kPdGravity, goal), PointToPoint::hold(goal));
  const Sample end = run(model, q0, pdg, o).back();
  EXPECT_LT((end.q - goal).cwiseAbs().maxCoeff(), 1e-6);
  EXPECT_LT(end.v.cwiseAbs().maxCoeff(), 1e-6);
  Controller pd(model, default_gains(model, ControlLaw::kPd, goal), PointToPoint::hold(goal));
  const Sample sag = run(model, q0, pd, o).back();
  EXPECT_GT((sag.q - goal).cwiseAbs().maxCoeff(), 1e-2);
}

// Between samples the torque is held: each row's tau equals the law evaluated at the last
// sample time, not at the row time.
TEST(Controllers, ZeroOrderHold) {
  const Model model = builtin_model("planar2r").model;
  const VecX<double> q0 = vec({0.2, 0.1});
  Controller c(model, spec(ControlLaw::kPd, 2, 50, 5, 20), PointToPoint::hold(vec({0, 0})));  // 20 Hz
  SimulationOptions o;
  o.duration = 0.2;
  o.output_period = 0.01;
  const std::vector<Sample> rows = run(model, q0, c, o);
  ASSERT_EQ(rows.size(), 21u);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const Sample& at_sample = rows[k - k % 5];  // samples at 0, 0.05, 0.1, ...
    // Equal to round-off (the library and this test may contract multiply-adds differently).
    const VecX<double> held = 50 * (-at_sample.q) + 5 * (-at_sample.v);
    EXPECT_LT((rows[k].tau - held).cwiseAbs().maxCoeff(), 1e-12 * (1 + held.cwiseAbs().maxCoeff())) << k;
  }
  EXPECT_NE(rows[1].tau, rows[0].tau + 50 * (rows[0].q - rows[1].q));  // the state did move
  EXPECT_THROW(Controller(model, spec(ControlLaw::kPd, 3, 1, 1, 0), PointToPoint::hold(q0)), InputError);
  EXPECT_THROW(Controller(model, spec(ControlLaw::kPd, 2, 1, 1, -1), PointToPoint::hold(q0)), InputError);
  EXPECT_EQ(control_law_from_name("pd-gravity"), ControlLaw::kPdGravity);
  EXPECT_THROW(control_law_from_name("lqr"), InputError);
}

Model with_limits(Model model, double lo, double hi) {
  for (JointLimits& l : model.limits) {
    l.lower = lo;
    l.upper = hi;
  }
  return model;
}

// The triple pendulum swings through +-100 deg on every joint: each joint warns exactly once
// (the free motion goes on); with stop_at_limits the run ends at the first step outside.
TEST(JointLimits, WarnOncePerJointOrStop) {
  const Model model = with_limits(builtin_model("craig3r").model, -100 * kDeg, 100 * kDeg);
  const VecX<double> q0 = vec({30 * kDeg, 30 * kDeg, 10 * kDeg});
  ZeroTorque source;
  SimulationOptions o;
  o.duration = 3;
  o.output_period = 0.01;
  std::vector<std::string> warnings;
  o.warn = [&](const std::string& m) { warnings.push_back(m); };
  const std::vector<Sample> rows = run(model, q0, source, o);
  std::vector<bool> left(3, false);
  for (const Sample& s : rows)
    for (int j = 0; j < 3; ++j) left[static_cast<std::size_t>(j)] = left[static_cast<std::size_t>(j)] || std::abs(s.q[j]) > 100 * kDeg;
  ASSERT_EQ(warnings.size(), static_cast<std::size_t>(std::count(left.begin(), left.end(), true)));
  EXPECT_EQ(warnings.size(), 3u);
  EXPECT_EQ(rows.back().t, 3.0);
  std::sort(warnings.begin(), warnings.end());
  EXPECT_EQ(warnings[0].rfind("joint 'joint1' (joint 1) left its limits [-1.74533, 1.74533] rad at t = ", 0), 0u)
      << warnings[0];

  o.stop_at_limits = true;
  warnings.clear();
  SimulationStats stats;
  const std::vector<Sample> stopped = run(model, q0, source, o, &stats);
  EXPECT_EQ(warnings.size(), 1u);
  EXPECT_GE(stats.limit_joint, 0);
  EXPECT_LT(stats.final_time, 1.0);
  EXPECT_EQ(stopped.back().t, stats.final_time);
  EXPECT_GT(std::abs(stopped.back().q[stats.limit_joint]), 100 * kDeg);
  for (std::size_t k = 0; k + 1 < stopped.size(); ++k) EXPECT_LE(stopped[k].q.cwiseAbs().maxCoeff(), 100 * kDeg);
}

TEST(JointLimits, DefaultWarningGoesToStderr) {
  const Model model = with_limits(builtin_model("planar2r").model, -0.1, 0.1);
  ZeroTorque source;
  SimulationOptions o;
  o.duration = 0.5;
  testing::internal::CaptureStderr();
  run(model, vec({0, 0}), source, o);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.rfind("armdyn: warning: joint 'joint1' (joint 1) left its limits [-0.1, 0.1] rad at t = ", 0), 0u) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 2) << err;  // joint1 and joint2, once each
}

}  // namespace control_test
}  // namespace armdyn::sim
