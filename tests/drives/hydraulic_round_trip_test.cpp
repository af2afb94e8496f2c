// The round trip of [VP] §3.10 for hydraulic cylinders: the nominal valve currents of a motion
// (drives/nominal_control.hpp, (3.9.8) and (3.9.9) solved row by row), fed back as the inputs of
// the complete model (simulation/actuated.hpp), reproduce the motion; 10 % wrong ones miss it.
//
// The arm is cylindrical (RPP, no gravity): a DC motor turns a column, one cylinder lifts a
// carriage along it and another pushes an arm out radially, so the cylinders feel the turn's
// centrifugal and Coriolis forces. The motion q_j(t) = q0_j + A_j (1 - cos w t)^3 starts with its
// first five derivatives 0, so that the nominal pressures, valve flows and flow rates start at 0
// as the simulation's state does. Its velocity, acceleration and jerk are exact; the valve
// currents are sampled every 0.5 ms and interpolated linearly in between.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/simulation/actuated.hpp"

namespace armdyn::drives {
namespace hydraulic_round_trip_test {

constexpr double kW = 3.0;  // rad/s
const double kQ0[3] = {0.2, 0.1, 0.3}, kA[3] = {0.1, 0.03, -0.02};

// s(t) = (1 - cos w t)^3 and its first three derivatives, with g = 1 - cos w t.
double s0(double t) { return std::pow(1 - std::cos(kW * t), 3); }
double s1(double t) { return 3 * kW * std::pow(1 - std::cos(kW * t), 2) * std::sin(kW * t); }
double s2(double t) {
  const double c = std::cos(kW * t), s = std::sin(kW * t), g = 1 - c;
  return 3 * kW * kW * (2 * g * s * s + g * g * c);
}
double s3(double t) {
  const double c = std::cos(kW * t), s = std::sin(kW * t), g = 1 - c;
  return 3 * kW * kW * kW * s * (2 * s * s + 6 * g * c - g * g);
}

VecX<double> along(double (*s)(double), double t, bool position) {
  VecX<double> x(3);
  for (int j = 0; j < 3; ++j) x[j] = (position ? kQ0[j] : 0.0) + kA[j] * s(t);
  return x;
}

SampledMotion motion(double duration, double h, bool jerk) {
  SampledMotion m;
  const int samples = static_cast<int>(std::lround(duration / h));
  for (int k = 0; k <= samples; ++k) {
    const double t = k * h;
    m.t.push_back(t);
    m.q.push_back(along(s0, t, true));
    m.v.push_back(along(s1, t, false));
    m.a.push_back(along(s2, t, false));
    if (jerk) m.jerk.push_back(along(s3, t, false));
  }
  return m;
}

// Turn about z, lift along z, reach along x (the arm's own frame turns with the column).
Model cylindrical_arm() {
  ModelBuilder b("test", "cylindrical");
  auto inertial = [](double mass, Vec3<double> com, Vec3<double> diagonal) {
    LinkInertial in;
    in.mass = mass;
    in.com = com;
    in.inertia = diagonal.asDiagonal();
    return in;
  };
  JointSpec turn, lift, reach;
  turn.name = "turn";
  lift.name = "lift";
  lift.type = JointType::kPrismatic;
  reach.name = "reach";
  reach.type = JointType::kPrismatic;
  reach.axis = Vec3<double>::UnitX();
  b.add_link("base", turn, "column", inertial(5, {0.05, 0, 0.3}, {0.2, 0.2, 0.05}));
  b.add_link("column", lift, "carriage", inertial(4, {0.1, 0, 0}, {0.02, 0.03, 0.03}));
  b.add_link("carriage", reach, "arm", inertial(3, {0.4, 0, 0}, {0.01, 0.1, 0.1}));
  b.set_gravity(Vec3<double>::Zero());
  return b.build();
}

Drive dc_motor(MotorType type) {
  Drive d;
  d.gear_ratio = 80;
  d.rotor_inertia = 3e-5;
  d.viscous = 0.8;
  Motor m;
  m.type = type;
  m.dc.resistance = 1.2;
  m.dc.inductance = type == MotorType::kDc3 ? 2e-3 : 0.0;
  m.dc.torque_constant = 0.08;
  m.dc.back_emf_constant = 0.08;
  d.motor = m;
  return d;
}

// A servovalve of about 80 Hz (c1 = w^2, c2 = 2 zeta w with zeta 0.7) on a 5 cm^2 cylinder.
Drive cylinder(MotorType type, double mass) {
  Drive d;
  d.viscous = 300;
  Motor m;
  m.type = type;
  HydraulicActuator& h = m.hydraulic;
  h.piston_area = 5e-4;
  h.moving_mass = mass;
  h.bulk_modulus = 1.2e9;
  h.volume = 2e-4;
  h.flow_pressure_slope = 2e-11;
  h.leakage = 1e-11;
  const double K = 0.02, w = 2 * 3.14159 * 80;
  h.valve_gain = type == MotorType::kHydraulic5 ? K * w * w : K;
  h.valve_c1 = type == MotorType::kHydraulic5 ? w * w : 0.0;
  h.valve_c2 = type == MotorType::kHydraulic5 ? 2 * 0.7 * w : 0.0;
  d.motor = m;
  return d;
}

DriveSet drives(const Model& model, MotorType motor, MotorType cylinders, double valve_gain_factor = 1) {
  std::vector<Drive> d = {dc_motor(motor), cylinder(cylinders, 2), cylinder(cylinders, 1.5)};
  for (int j = 1; j < 3; ++j) d[static_cast<std::size_t>(j)].motor->hydraulic.valve_gain *= valve_gain_factor;
  return DriveSet(d, model.joint_names, "round_trip.json");
}

// The largest |q_sim(t) - q(t)| over the run of the complete model with `simulated` drives under
// the nominal inputs computed for `nominal` ones, rk45 at tight tolerances.
double round_trip_error(const Model& model, const DriveSet& simulated, const DriveSet& nominal) {
  const SampledMotion m = motion(1.0, 5e-4, true);
  const NominalControl control = nominal_control(model, nominal, m);
  std::vector<VecX<double>> u;
  for (std::size_t k = 0; k < m.size(); ++k) u.push_back(control.voltage.row(static_cast<Eigen::Index>(k)).transpose());
  sim::TorqueTable input(m.t, u);

  const CompleteModel cm(model, simulated);
  sim::SimulationOptions options;
  options.duration = 1.0;
  options.dt = 1e-5;
  options.output_period = 0.01;
  options.integrator = sim::Integrator::kRk45;
  options.rtol = 1e-11;
  options.atol = 1e-13;
  double worst = 0;
  int rows = 0;
  sim::simulate_actuated(cm, m.q.front(), m.v.front(), input, options, [&](const sim::ActuatedSample& s) {
    worst = std::max(worst, (s.q - along(s0, s.t, true)).cwiseAbs().maxCoeff());
    ++rows;
  });
  EXPECT_EQ(rows, 101);
  return worst;
}

TEST(HydraulicRoundTrip, TheTestMotionsDerivativesAreConsistent) {
  // A central difference of each derivative against the next (the round trip needs them exact).
  const double h = 1e-5;
  for (const double t : {0.1, 0.45, 0.9}) {
    EXPECT_NEAR((s0(t + h) - s0(t - h)) / (2 * h), s1(t), 1e-6 * (1 + std::abs(s1(t))));
    EXPECT_NEAR((s1(t + h) - s1(t - h)) / (2 * h), s2(t), 1e-6 * (1 + std::abs(s2(t))));
    EXPECT_NEAR((s2(t + h) - s2(t - h)) / (2 * h), s3(t), 1e-6 * (1 + std::abs(s3(t))));
  }
}

TEST(HydraulicRoundTrip, ThirdOrderCylindersReproduceTheMotion) {
  const Model model = cylindrical_arm();
  const DriveSet set = drives(model, MotorType::kDc3, MotorType::kHydraulic3);
  EXPECT_LT(round_trip_error(model, set, set), 1e-6);
}

TEST(HydraulicRoundTrip, FifthOrderCylindersReproduceTheMotion) {
  const Model model = cylindrical_arm();
  const DriveSet set = drives(model, MotorType::kDc2, MotorType::kHydraulic5);
  EXPECT_LT(round_trip_error(model, set, set), 1e-6);
}

TEST(HydraulicRoundTrip, TenPercentWrongValveCurrentsAreSeen) {
  // The currents of valves 10 % stronger than the simulated ones: the cylinders fall short by far
  // more than the tolerance above, in both orders (the check can fail).
  const Model model = cylindrical_arm();
  for (const MotorType type : {MotorType::kHydraulic3, MotorType::kHydraulic5}) {
    const DriveSet simulated = drives(model, MotorType::kDc2, type);
    const DriveSet stronger = drives(model, MotorType::kDc2, type, 1.1);
    EXPECT_GT(round_trip_error(model, simulated, stronger), 1e-3) << to_string(type);
  }
  // 5th-order valves driven by the currents of 3rd-order ones of the same static gain K = k_q / c1:
  // the valve's lag, left uninverted, shows too.
  const DriveSet fifth = drives(model, MotorType::kDc2, MotorType::kHydraulic5);
  const DriveSet third = drives(model, MotorType::kDc2, MotorType::kHydraulic3);
  EXPECT_GT(round_trip_error(model, fifth, third), 1e-4);
}

TEST(HydraulicRoundTrip, WithoutTheJerkTheBackwardDifferenceConvergesToTheExactInput) {
  // Without the jerk p' (and q''') come from backward differences: first order in the sampling
  // step, so halving it halves the difference to the inputs computed with the jerk.
  const Model model = cylindrical_arm();
  for (const MotorType type : {MotorType::kHydraulic3, MotorType::kHydraulic5}) {
    const DriveSet set = drives(model, MotorType::kDc3, type);
    double previous = 0;
    for (const double h : {2e-3, 1e-3, 5e-4}) {
      const NominalControl exact = nominal_control(model, set, motion(0.6, h, true));
      const NominalControl differenced = nominal_control(model, set, motion(0.6, h, false));
      // Away from the first samples, where the forward difference of a forward difference leans on.
      const Eigen::Index from = static_cast<Eigen::Index>(std::lround(0.1 / h)), rows = exact.voltage.rows() - from;
      const auto valves = [&](const NominalControl& c) { return c.voltage.bottomRightCorner(rows, 2); };
      const double gap = (valves(exact) - valves(differenced)).cwiseAbs().maxCoeff();
      const double scale = valves(exact).cwiseAbs().maxCoeff();
      EXPECT_LT(gap, 0.05 * scale) << to_string(type) << " h " << h;
      if (previous > 0) {
        EXPECT_NEAR(gap / previous, 0.5, 0.05) << to_string(type) << " h " << h;
      }
      previous = gap;
    }
  }
}

}  // namespace hydraulic_round_trip_test
}  // namespace armdyn::drives
