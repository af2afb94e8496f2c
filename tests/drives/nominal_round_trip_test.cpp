// The round trip of [VP] §3.10: the nominal voltages of a motion (drives/nominal_control.hpp),
// fed back as the inputs of the complete model of arm and DC motors (simulation/actuated.hpp),
// reproduce the motion. Two independent programs meet here: one inverts the motors' equations
// sample by sample, the other integrates the complete model (3.8.10) forward in time.
//
// The motion q_j(t) = q0_j + A_j (1 - cos(w t))^2 starts at rest with zero acceleration and jerk,
// so that a 3rd-order motor's current starts at the nominal one (0, without gravity) as the
// simulation assumes. Its velocity, acceleration and jerk are exact, the voltages sampled every
// 0.5 ms and interpolated linearly in between.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/simulation/actuated.hpp"

namespace armdyn::drives {
namespace nominal_round_trip_test {

constexpr double kW = 3.0;  // rad/s
const double kQ0[3] = {0.2, -0.4, 0.5}, kA[3] = {0.3, -0.25, 0.4};

// s(t) = (1 - cos w t)^2 and its first three derivatives.
double s0(double t) { return std::pow(1 - std::cos(kW * t), 2); }
double s1(double t) { return 2 * kW * (1 - std::cos(kW * t)) * std::sin(kW * t); }
double s2(double t) {
  const double c = std::cos(kW * t), s = std::sin(kW * t);
  return 2 * kW * kW * (s * s + c - c * c);
}
double s3(double t) { return 2 * kW * kW * kW * std::sin(kW * t) * (4 * std::cos(kW * t) - 1); }

VecX<double> along(double (*s)(double), double t, bool position) {
  VecX<double> x(3);
  for (int j = 0; j < 3; ++j) x[j] = (position ? kQ0[j] : 0.0) + kA[j] * s(t);
  return x;
}

SampledMotion motion(double duration, double h) {
  SampledMotion m;
  const int samples = static_cast<int>(std::lround(duration / h));
  for (int k = 0; k <= samples; ++k) {
    const double t = k * h;
    m.t.push_back(t);
    m.q.push_back(along(s0, t, true));
    m.v.push_back(along(s1, t, false));
    m.a.push_back(along(s2, t, false));
    m.jerk.push_back(along(s3, t, false));
  }
  return m;
}

DriveSet dc_drives(const Model& model, MotorType type) {
  std::vector<Drive> drives;
  for (int j = 0; j < model.dof; ++j) {
    Drive d;
    d.gear_ratio = 60 + 20 * j;
    d.rotor_inertia = 3e-5;
    d.viscous = 0.8;
    Motor m;
    m.type = type;
    m.dc.resistance = 1.2;
    m.dc.inductance = type == MotorType::kDc3 ? 2e-3 : 0.0;
    m.dc.torque_constant = 0.08;
    m.dc.back_emf_constant = 0.08;
    d.motor = m;
    drives.push_back(d);
  }
  return DriveSet(drives, model.joint_names, "round_trip.json");
}

std::vector<Drive> with_torque_constant_scaled(const DriveSet& drives, double factor) {
  std::vector<Drive> out = drives.drives();
  for (Drive& d : out) d.motor->dc.torque_constant *= factor;
  return out;
}

// The largest |q_sim(t) - q(t)| over the run of the complete model with `simulated` drives under
// the nominal voltages computed for `nominal` ones, rk45 at tight tolerances.
double round_trip_error(const Model& model, const DriveSet& simulated, const DriveSet& nominal) {
  const SampledMotion m = motion(1.0, 5e-4);
  const NominalControl control = nominal_control(model, nominal, m);
  std::vector<VecX<double>> u;
  for (std::size_t k = 0; k < m.size(); ++k) u.push_back(control.voltage.row(static_cast<Eigen::Index>(k)).transpose());
  sim::TorqueTable input(m.t, u);

  const CompleteModel cm(model, simulated);
  sim::SimulationOptions options;
  options.duration = 1.0;
  options.dt = 1e-4;
  options.output_period = 0.01;
  options.integrator = sim::Integrator::kRk45;
  options.rtol = 1e-11;
  options.atol = 1e-12;
  double worst = 0;
  int rows = 0;
  sim::simulate_actuated(cm, m.q.front(), m.v.front(), input, options, [&](const sim::ActuatedSample& s) {
    worst = std::max(worst, (s.q - along(s0, s.t, true)).cwiseAbs().maxCoeff());
    ++rows;
  });
  EXPECT_EQ(rows, 101);
  return worst;
}

double round_trip_error(const Model& model, MotorType type) {
  const DriveSet drives = dc_drives(model, type);
  return round_trip_error(model, drives, drives);
}

TEST(NominalRoundTrip, SecondOrderMotorsReproduceTheMotionUnderGravity) {
  const Model model = builtin_model("craig3r").model;
  ASSERT_GT(model.gravity.norm(), 0);
  EXPECT_LT(round_trip_error(model, MotorType::kDc2), 1e-6);
}

TEST(NominalRoundTrip, ThirdOrderMotorsReproduceTheMotion) {
  // Without gravity the motion's torque, hence the current, starts at 0, as the simulation's does.
  const Model model = builtin_model("craig3r").model.with_gravity(Vec3<double>::Zero());
  EXPECT_LT(round_trip_error(model, MotorType::kDc3), 1e-6);
}

TEST(NominalRoundTrip, AWrongVoltageIsSeen) {
  // The voltages of motors 10 % stronger than the simulated ones miss the motion by far more than
  // the tolerance above: the check can fail.
  const Model model = builtin_model("craig3r").model;
  const DriveSet simulated = dc_drives(model, MotorType::kDc2);
  const DriveSet stronger(with_torque_constant_scaled(simulated, 1.1), model.joint_names, "stronger.json");
  EXPECT_GT(round_trip_error(model, simulated, stronger), 1e-3);
}

}  // namespace nominal_round_trip_test
}  // namespace armdyn::drives
