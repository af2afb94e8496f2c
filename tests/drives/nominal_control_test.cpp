// Nominal control (drives/nominal_control.hpp, [VP] §3.10):
//  - the 2nd-order formulas against a hand computation on a one-joint pendulum: motor torque,
//    current, voltage, power, speed in rpm, with the gear's efficiency driving and back-driven;
//  - a 3rd-order motor with a current linear in time: L di/dt exactly, from the jerk and by the
//    backward difference alike (irregular sampling);
//  - di/dt from the jerk is the exact derivative (the PUMA 560 with every friction term and
//    efficiency, against a central difference of the current in time);
//  - the energy column is the trapezoid of the summed power;
//  - the P-n check flags the voltage line and the current line at their first times and passes a
//    motion inside the envelope;
//  - a simulated motion under a constant torque through the drives (rotors, viscous friction, eta 1)
//    needs the motor current tau / (G Kt) at every sample, whatever the integration error;
//  - a cylinder's rows ([VP] (3.9.8), (3.9.9)) by hand, both orders: force, speed, valve current, p Q;
//  - joints without a motor, or with a cylinder on a revolute joint, are refused, naming the joint.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "armdyn/armdyn.hpp"
#include "armdyn/drives/nominal_control.hpp"
#include "armdyn/model/builder.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::drives {
namespace nominal_control_test {

using test::vec;

constexpr double kRpm = 60.0 / (2.0 * std::numbers::pi);

// A pendulum about z: 2 kg at 0.5 m (Izz about the com 0.1, so 0.6 kg m^2 about the joint), in
// gravity `g` along -y (its torque m g l cos q) or, with g = 0, along -z (no gravity torque).
Model pendulum(double g) {
  ModelBuilder b("pendulum", "pendulum");
  JointSpec hinge;
  hinge.name = "hinge";
  LinkInertial in;
  in.mass = 2;
  in.com = Vec3<double>(0.5, 0, 0);
  in.inertia = Vec3<double>(0.05, 0.05, 0.1).asDiagonal();
  b.add_link("base", hinge, "arm", in);
  b.set_gravity(g > 0 ? Vec3<double>(0, -g, 0) : Vec3<double>(0, 0, -9.81));
  return b.build();
}

Drive dc_drive(MotorType type) {
  Drive d;
  d.gear_ratio = 50;
  d.rotor_inertia = 2e-4;
  Motor m;
  m.type = type;
  m.dc.resistance = 1.5;
  m.dc.torque_constant = 0.1;
  m.dc.back_emf_constant = 0.12;
  if (type == MotorType::kDc3) m.dc.inductance = 0.004;
  d.motor = m;
  return d;
}

SampledMotion one_sample(double q, double v, double a) {
  SampledMotion m;
  m.t = {0};
  m.q = {vec({q})};
  m.v = {vec({v})};
  m.a = {vec({a})};
  return m;
}

TEST(NominalControl, SecondOrderFormulasByHand) {
  const Model model = pendulum(9.81);
  for (const double eta : {1.0, 0.8}) {
    for (const double v : {1.3, -1.3}) {  // tau_joint > 0: the motor drives at v > 0, is driven back at v < 0
      Drive d = dc_drive(MotorType::kDc2);
      d.viscous = 0.3;
      d.coulomb_positive = d.coulomb_negative = 0.2;
      d.efficiency = eta;
      const DriveSet set({d}, model.joint_names, "test");
      const double q = 0.4, a = 2;
      const double tau_joint = 0.6 * a + 2 * 9.81 * 0.5 * std::cos(q) + 0.3 * v + 0.2 * (v > 0 ? 1 : -1);
      ASSERT_GT(tau_joint, 0);
      const double through_gear = v > 0 ? tau_joint / (50 * eta) : tau_joint * eta / 50;
      const double torque = 2e-4 * 50 * a + through_gear;
      const double current = torque / 0.1;
      const double voltage = 1.5 * current + 0.12 * 50 * v;
      const NominalControl c = nominal_control(model, set, one_sample(q, v, a));
      EXPECT_NEAR(c.motor_torque(0, 0), torque, 1e-12);
      EXPECT_NEAR(c.current(0, 0), current, 1e-11);
      EXPECT_NEAR(c.voltage(0, 0), voltage, 1e-10);
      EXPECT_NEAR(c.power(0, 0), voltage * current, 1e-9);
      EXPECT_NEAR(c.motor_speed_rpm(0, 0), 50 * v * 60 / (2 * std::numbers::pi), 1e-10);
      if (eta == 1.0) {  // the form
        EXPECT_NEAR(current, (2e-4 * 50 * a + tau_joint / 50) / 0.1, 1e-12);
      }
    }
  }
}

// a = c t: tau = 0.6 a, so the current is linear in t and L di/dt = L (Jm G + 0.6 / G) c / Kt.
SampledMotion cubic_motion(double c, const std::vector<double>& times, bool jerk) {
  SampledMotion m;
  for (double t : times) {
    m.t.push_back(t);
    m.q.push_back(vec({c * t * t * t / 6}));
    m.v.push_back(vec({c * t * t / 2}));
    m.a.push_back(vec({c * t}));
    if (jerk) m.jerk.push_back(vec({c}));
  }
  return m;
}

TEST(NominalControl, ThirdOrderAddsLTimesTheCurrentsRateExactly) {
  const Model model = pendulum(0);
  const Drive d = dc_drive(MotorType::kDc3);
  const DriveSet set({d}, model.joint_names, "test");
  const double c = 3.0;
  const double expected = 0.004 * (2e-4 * 50 + 0.6 / 50) * c / 0.1;
  for (const bool jerk : {true, false}) {
    const NominalControl out = nominal_control(model, set, cubic_motion(c, {0, 0.1, 0.25, 0.3, 0.7}, jerk));
    for (Eigen::Index k = 0; k < 5; ++k) {
      const double resistive = 1.5 * out.current(k, 0) + 0.12 * 50 * cubic_motion(c, {out.t[static_cast<std::size_t>(k)]}, false).v[0][0];
      EXPECT_NEAR(out.voltage(k, 0) - resistive, expected, 1e-12 + 1e-10 * expected) << "jerk " << jerk << " k " << k;
    }
  }
}

// The PUMA 560 with every friction term, efficiency and dc3 motors: the current's rate from the
// jerk equals the central difference of the current along q(t) = q0 + w t + ... (smooth).
TEST(NominalControl, CurrentRateFromTheJerkIsTheTimeDerivative) {
  const Model model = builtin_model("puma560").model;
  std::vector<Drive> drives;
  for (int j = 0; j < 6; ++j) {
    Drive d = dc_drive(MotorType::kDc3);
    d.gear_ratio = j % 2 ? -60.0 : 80.0;
    d.viscous = 0.5 + j;
    d.coulomb_positive = 1.0 + 0.1 * j;
    d.coulomb_negative = 0.7;
    d.static_positive = 1.5 + 0.1 * j;
    d.static_negative = 1.0;
    d.stribeck_velocity = 0.3;
    d.efficiency = 0.85;
    drives.push_back(d);
  }
  const DriveSet set(drives, model.joint_names, "test");
  const VecX<double> q0 = vec({0.1, -0.5, 0.8, 0.3, -0.2, 0.6}), w = vec({0.4, -0.3, 0.5, -0.6, 0.25, 0.35});
  const VecX<double> s = vec({1.0, -0.8, 0.6, 1.2, -1.1, 0.9}), z = vec({-0.7, 0.5, 0.9, -0.4, 0.6, -1.3});
  // q = q0 + w t + s t^2 / 2 + z t^3 / 6
  auto at = [&](double t, SampledMotion& m) {
    m.t.push_back(t);
    m.q.push_back(q0 + w * t + s * t * t / 2 + z * t * t * t / 6);
    m.v.push_back(w + s * t + z * t * t / 2);
    m.a.push_back(s + z * t);
    m.jerk.push_back(z);
  };
  const double t = 0.21, h = 1e-5;
  SampledMotion exact, around;
  at(t, exact);
  for (const double x : {t - h, t + h}) at(x, around);
  around.jerk.clear();
  const NominalControl c = nominal_control(model, set, exact);
  const NominalControl diff = nominal_control(model, set, around);  // its di/dt: (i(t+h) - i(t-h)) / 2h
  for (int j = 0; j < 6; ++j) {
    const double L = 0.004;
    const double rate_exact = (c.voltage(0, j) - 1.5 * c.current(0, j) - 0.12 * drives[j].gear_ratio * exact.v[0][j]) / L;
    const double rate_diff = (diff.current(1, j) - diff.current(0, j)) / (2 * h);
    EXPECT_GT(std::abs(rate_exact), 0.1) << j;
    EXPECT_NEAR(rate_exact, rate_diff, 1e-5 * std::abs(rate_exact)) << j;
  }
}

TEST(NominalControl, EnergyIsTheTrapezoidOfThePower) {
  const Model model = builtin_model("puma560").model;
  std::vector<Drive> drives(6, dc_drive(MotorType::kDc2));
  const DriveSet set(drives, model.joint_names, "test");
  SampledMotion m;
  for (int k = 0; k < 40; ++k) {
    const double t = 0.05 * k + 0.001 * k * k;
    m.t.push_back(t);
    m.q.push_back(VecX<double>::Constant(6, std::sin(t)));
    m.v.push_back(VecX<double>::Constant(6, std::cos(t)));
    m.a.push_back(VecX<double>::Constant(6, -std::sin(t)));
  }
  const NominalControl c = nominal_control(model, set, m);
  double energy = 0;
  EXPECT_EQ(c.energy[0], 0);
  for (int k = 1; k < 40; ++k) {
    for (int j = 0; j < 6; ++j) energy += 0.5 * (c.power(k - 1, j) + c.power(k, j)) * (m.t[static_cast<std::size_t>(k)] - m.t[static_cast<std::size_t>(k) - 1]);
    EXPECT_NEAR(c.energy[k], energy, 1e-10 * (1 + std::abs(energy))) << k;
  }
  EXPECT_NE(energy, 0);
}

// tau_m = (Jm G + J / G) a = 0.1 a with G = 10, Jm = 1e-3 and J = 0.9 (1 kg at 0.9 m, Izz 0.09);
// the motor: stall torque Kt U / R = 1 N m, no-load speed U / Ke = 100 rad/s (joint 10 rad/s),
// current line Kt I = 0.5 N m.
struct Envelope : ::testing::Test {
  Model model = [] {
    ModelBuilder b("p", "p");
    JointSpec hinge;
    hinge.name = "hinge";
    LinkInertial in;
    in.mass = 1;
    in.com = Vec3<double>(0.9, 0, 0);
    in.inertia = Vec3<double>(0.09, 0.09, 0.09).asDiagonal();
    b.add_link("base", hinge, "arm", in);
    b.set_gravity(Vec3<double>(0, 0, -9.81));
    return b.build();
  }();
  DriveSet set = [this] {
    Drive d = dc_drive(MotorType::kDc2);
    d.gear_ratio = 10;
    d.rotor_inertia = 1e-3;
    d.motor->dc = DcMotor{1.0, 0, 0.1, 0.1, 10.0, 5.0};
    return DriveSet({d}, model.joint_names, "test");
  }();
  // (v, a) per sample, t = 0.1 k.
  SampledMotion motion(const std::vector<std::pair<double, double>>& va) {
    SampledMotion m;
    for (std::size_t k = 0; k < va.size(); ++k) {
      m.t.push_back(0.1 * static_cast<double>(k));
      m.q.push_back(vec({0.0}));
      m.v.push_back(vec({va[k].first}));
      m.a.push_back(vec({va[k].second}));
    }
    return m;
  }
};

TEST_F(Envelope, FlagsTheVoltageAndCurrentLinesAtTheirFirstTimes) {
  // inside, inside, inside, voltage (omega 90: the line allows 0.1, tau 0.2), inside,
  // current (tau 0.6 > 0.5 at omega 5, the voltage line allows 0.95), voltage (backwards), inside
  const SampledMotion m = motion({{1, 1}, {1, -1}, {-2, 2}, {9, 2}, {1, 1}, {0.5, 6}, {-9.5, -2}, {0, 0}});
  const NominalControl c = nominal_control(model, set, m);
  EXPECT_NEAR(c.motor_torque(3, 0), 0.2, 1e-12);
  const std::vector<EnvelopeViolation> v = check_envelope(set, c);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].limit, EnvelopeViolation::Limit::kVoltage);
  EXPECT_DOUBLE_EQ(v[0].first_t, 0.3);
  EXPECT_EQ(v[0].samples, 2);
  EXPECT_DOUBLE_EQ(v[0].worst_t, 0.6);  // 0.2 at omega 95 (allowed 0.05) exceeds by more than at 0.3
  EXPECT_NEAR(v[0].worst_allowed, 0.05, 1e-12);
  EXPECT_EQ(v[1].limit, EnvelopeViolation::Limit::kCurrent);
  EXPECT_DOUBLE_EQ(v[1].first_t, 0.5);
  EXPECT_EQ(v[1].samples, 1);
  EXPECT_NEAR(v[1].worst_torque, 0.6, 1e-12);
  EXPECT_NEAR(v[1].worst_speed_rpm, 5 * kRpm, 1e-9);
}

TEST_F(Envelope, PassesAMotionInside) {
  const SampledMotion m = motion({{1, 1}, {-5, 2}, {8, 0.5}, {0.1, 4.9}, {-9, -0.9}});
  EXPECT_TRUE(check_envelope(set, nominal_control(model, set, m)).empty());
}

// (M + G^2 Jm) a + c + B v = tau at every sample simulate writes, so tau_joint = rnea + B v =
// tau - G^2 Jm a and tau_m = Jm G a + tau_joint / G = tau / G: the current is tau / (G Kt).
TEST(NominalControl, SimulatedMotionNeedsTheTorqueThatDroveIt) {
  const Model model = builtin_model("puma560").model;
  std::vector<Drive> drives;
  for (int j = 0; j < 6; ++j) {
    Drive d = dc_drive(MotorType::kDc2);
    d.gear_ratio = j % 2 ? -60.0 : 80.0;
    d.viscous = 0.5 + j;
    drives.push_back(d);
  }
  const DriveSet set(drives, model.joint_names, "test");
  const VecX<double> tau = vec({5, -20, 8, 0.5, -0.3, 0.2});
  sim::ConstantTorque source(tau);
  sim::SimulationOptions o = sim::test_support::fixed_step(sim::Integrator::kRk4, 1e-3, 0.5, 0.01);
  o.drives = &set;
  const std::vector<sim::Sample> rows = sim::test_support::run(model, vec({0.1, -0.5, 0.8, 0.3, -0.2, 0.6}), source, o);
  SampledMotion m;
  for (const sim::Sample& r : rows) {
    m.t.push_back(r.t);
    m.q.push_back(r.q);
    m.v.push_back(r.v);
    m.a.push_back(r.a);
  }
  const NominalControl c = nominal_control(model, set, m);
  ASSERT_EQ(c.current.rows(), 51);
  EXPECT_GT(m.v.back().cwiseAbs().maxCoeff(), 0.1);  // it moved
  for (Eigen::Index k = 0; k < c.current.rows(); ++k)
    for (int j = 0; j < 6; ++j) EXPECT_NEAR(c.current(k, j), tau[j] / (drives[j].gear_ratio * 0.1), 1e-10) << k << " " << j;
}

// A cylinder on one horizontal slide of mass M (the model's link) with piston mass m: rnea = M q'',
// so A p = (M + m) q'' + B q' and p' = ((M + m) q''' + B q'') / A, by hand. With q'' linear in t,
// p' is linear: its backward differences (hydraulic5's p'' and p''') are exact.
TEST(NominalControl, HydraulicRowsByHand) {
  ModelBuilder b("slide", "slide");
  JointSpec slide;
  slide.name = "slide";
  slide.type = JointType::kPrismatic;
  slide.axis = Vec3<double>::UnitX();
  LinkInertial in;
  in.mass = 6;
  in.inertia = Vec3<double>(0.1, 0.1, 0.1).asDiagonal();
  b.add_link("base", slide, "carriage", in);
  b.set_gravity(Vec3<double>(0, 0, -9.81));
  const Model model = b.build();
  const double M = 6, m = 2, B = 300, A = 5e-4, k = 4 * 1.2e9 / 2e-4, c = 3e-11, K = 0.02, c1 = 2.5e5, c2 = 700;
  for (const MotorType type : {MotorType::kHydraulic3, MotorType::kHydraulic5}) {
    Drive d;
    d.viscous = B;
    d.motor = Motor{};
    d.motor->type = type;
    const bool fifth = type == MotorType::kHydraulic5;
    d.motor->hydraulic = HydraulicActuator{A,     m, 1.2e9, 2e-4, 2e-11, 1e-11, fifth ? K * c1 : K, fifth ? c1 : 0,
                                           fifth ? c2 : 0, kUnlimited};
    const DriveSet set({d}, model.joint_names, "act.json");
    SampledMotion motion;  // q'' = 2 + 3 t, q''' = 3
    for (int i = 0; i <= 100; ++i) {
      const double t = i * 1e-4;
      motion.t.push_back(t);
      motion.q.push_back(vec({0.1 + t * t + t * t * t / 2}));
      motion.v.push_back(vec({2 * t + 1.5 * t * t}));
      motion.a.push_back(vec({2 + 3 * t}));
      motion.jerk.push_back(vec({3}));
    }
    const NominalControl out = nominal_control(model, set, motion);
    for (const Eigen::Index row : {Eigen::Index{0}, Eigen::Index{50}, Eigen::Index{100}}) {
      const auto s = static_cast<std::size_t>(row);
      const double v = motion.v[s][0], a = motion.a[s][0], t = motion.t[s];
      const double force = (M + m) * a + B * v, p = force / A;
      const double p1 = ((M + m) * 3 + B * a) / A, p2 = B * 3 / A, p3 = 0;
      const double Q = p1 / k + A * v + c * p;
      const double Q1 = p2 / k + A * a + c * p1, Q2 = p3 / k + A * 3 + c * p2;
      const double u = fifth ? (Q2 + c2 * Q1 + c1 * Q) / (K * c1) : Q / K;
      EXPECT_NEAR(out.motor_torque(row, 0), force, 1e-12 * force) << to_string(type) << " t " << t;
      EXPECT_EQ(out.motor_speed_rpm(row, 0), v) << to_string(type);
      EXPECT_NEAR(out.voltage(row, 0), u, 1e-10 * std::abs(u)) << to_string(type) << " t " << t;
      EXPECT_EQ(out.current(row, 0), out.voltage(row, 0));
      EXPECT_NEAR(out.power(row, 0), p * Q, 1e-10 * std::abs(p * Q)) << to_string(type) << " t " << t;
    }
  }
}

TEST(NominalControl, RefusesJointsWithoutAFittingMotor) {
  const Model model = pendulum(9.81);
  Drive none;
  try {
    nominal_control(model, DriveSet({none}, model.joint_names, "act.json"), one_sample(0, 0, 0));
    FAIL() << "no motor accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("act.json: joint 'hinge': no motor"), std::string::npos) << e.what();
  }
  Drive hydraulic;
  hydraulic.motor = Motor{};
  hydraulic.motor->type = MotorType::kHydraulic3;
  hydraulic.motor->hydraulic = HydraulicActuator{1e-3, 10, 1e9, 1e-4, 1e-11, 0, 0.01, 0, 0, kUnlimited};
  try {  // a cylinder on the revolute hinge: actuator_model's message, naming file, joint and key
    check_nominal_drives(model, DriveSet({hydraulic}, model.joint_names, "act.json"));
    FAIL() << "a cylinder on a revolute joint accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("act.json: joints.hinge.motor.type: a hydraulic3 cylinder drives a prismatic"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(nominal_control(model, DriveSet(), one_sample(0, 0, 0)), InputError);
}

}  // namespace nominal_control_test
}  // namespace armdyn::drives
