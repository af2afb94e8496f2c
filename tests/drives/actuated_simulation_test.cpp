// Simulation driven by actuator inputs (simulation/actuated.hpp) against closed forms:
//  - a DC motor on a load-free joint under a constant voltage: the 2nd-order model's speed is a
//    first-order step response, v(t) = v_ss (1 - exp(-t / tau)), with
//    v_ss = (Cm u / R) / (B + Ce Cm / R) and tau = J R / (R B + Ce Cm) (J: rotor and link);
//    the 3rd-order model reaches the same steady speed and current;
//  - the 3rd-order model converges to the 2nd-order one as L -> 0, the error shrinking like L;
//  - a hydraulic cylinder on a prismatic joint reaches the steady speed A K u / (A^2 + B (k_c + C_l))
//    and pressure B l' / A, in both the 3rd- and the 5th-order model;
//  - an input beyond max_voltage runs exactly as one at max_voltage; the CSV appends i<k> / p<k>;
//  - a DC motor's max_current: dc2's current held exactly at the limit, dc3's approaching it with
//    L / R by its closed form; a limit above the peak current changes nothing, bit for bit.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/model/builder.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/simulation/actuated.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace actuated_simulation_test {

using drives::Drive;
using drives::MotorType;

constexpr double kLinkInertia = 0.2;  // the link's moment of inertia about the joint axis, kg m^2

// One joint (revolute about z, or prismatic along x) with gravity along z: no gravity torque on
// the revolute joint, no gravity force along the prismatic one.
Model one_joint(JointType type) {
  ModelBuilder b("test", "one joint");
  JointSpec j;
  j.name = "joint1";
  j.type = type;
  j.axis = type == JointType::kRevolute ? Vec3<double>::UnitZ() : Vec3<double>::UnitX();
  LinkInertial in;
  in.mass = 3;
  in.inertia = Vec3<double>(0.1, 0.1, kLinkInertia).asDiagonal();
  b.add_link("base", j, "link1", in);
  b.set_gravity(Vec3<double>(0, 0, -9.81));
  return b.build();
}

Drive dc_motor(MotorType type, double L) {
  Drive d;
  d.gear_ratio = 20;
  d.rotor_inertia = 5e-4;  // J = G^2 Jm = 0.2
  d.viscous = 0.4;
  drives::Motor m;
  m.type = type;
  m.dc.resistance = 2;
  m.dc.inductance = L;
  m.dc.torque_constant = 0.05;    // Cm = 1
  m.dc.back_emf_constant = 0.06;  // Ce = 1.2
  m.dc.max_voltage = 24;
  d.motor = m;
  return d;
}

drives::DriveSet one(const Model& model, const Drive& d) { return drives::DriveSet({d}, model.joint_names, "act.json"); }

SimulationOptions rk45(double duration, double period, double rtol = 1e-11, double atol = 1e-13) {
  SimulationOptions o;
  o.integrator = Integrator::kRk45;
  o.duration = duration;
  o.output_period = period;
  o.rtol = rtol;
  o.atol = atol;
  o.dt = 1e-5;
  return o;
}

std::vector<ActuatedSample> run(const drives::CompleteModel& cm, const VecX<double>& u, const SimulationOptions& o) {
  ConstantTorque input(u);
  std::vector<ActuatedSample> rows;
  const VecX<double> zero = VecX<double>::Zero(cm.dof());
  simulate_actuated(cm, zero, zero, input, o, [&](const ActuatedSample& s) { rows.push_back(s); });
  return rows;
}

TEST(ActuatedSimulation, Dc2StepResponseIsFirstOrder) {
  const Model model = one_joint(JointType::kRevolute);
  const drives::DriveSet set = one(model, dc_motor(MotorType::kDc2, 0));
  const drives::CompleteModel cm(model, set);
  const double J = 0.2 + kLinkInertia, B = 0.4, Cm = 1, Ce = 1.2, R = 2, u = 10;
  const double v_ss = (Cm * u / R) / (B + Ce * Cm / R), tau = J * R / (R * B + Ce * Cm);
  const std::vector<ActuatedSample> rows = run(cm, test::vec({u}), rk45(3.0, 0.05));
  ASSERT_EQ(rows.size(), 61u);
  for (const ActuatedSample& s : rows) {
    const double e = std::exp(-s.t / tau);
    EXPECT_NEAR(s.v[0], v_ss * (1 - e), 1e-9 * v_ss) << "t = " << s.t;
    EXPECT_NEAR(s.q[0], v_ss * (s.t - tau * (1 - e)), 1e-9 * v_ss) << "t = " << s.t;
    EXPECT_NEAR(s.a[0], v_ss / tau * e, 1e-9 * v_ss / tau) << "t = " << s.t;
    EXPECT_NEAR(s.output[0], (u - Ce * s.v[0]) / R, 1e-12);  // (3.9.6)
    EXPECT_NEAR(s.tau[0], kLinkInertia * s.a[0], 1e-9);     // what reaches the link moves it
  }
  EXPECT_NEAR(rows.back().v[0], v_ss, 1e-3 * v_ss);  // 3 s = 7.5 time constants
}

TEST(ActuatedSimulation, Dc3ReachesTheSteadyState) {
  const Model model = one_joint(JointType::kRevolute);
  const drives::DriveSet set = one(model, dc_motor(MotorType::kDc3, 0.01));
  const drives::CompleteModel cm(model, set);
  const double B = 0.4, Cm = 1, Ce = 1.2, R = 2, u = -10;
  const double v_ss = (Cm * u / R) / (B + Ce * Cm / R);
  const std::vector<ActuatedSample> rows = run(cm, test::vec({u}), rk45(8.0, 0.5));
  EXPECT_NEAR(rows.back().v[0], v_ss, 1e-7 * std::abs(v_ss));
  EXPECT_NEAR(rows.back().output[0], (u - Ce * v_ss) / R, 1e-7);
  EXPECT_NEAR(rows.back().output[0], B * v_ss / Cm, 1e-7);  // the current holds the friction
  EXPECT_EQ(rows.front().output[0], 0);                      // the current starts at 0
}

TEST(ActuatedSimulation, ThirdOrderConvergesToSecondAsInductanceVanishes) {
  const Model model = builtin_model("craig3r").model;
  auto motors = [&](MotorType type, double L) {
    Drive d = dc_motor(type, L);
    d.gear_ratio = 100;
    d.rotor_inertia = 1e-4;
    return drives::DriveSet({d, d, d}, model.joint_names, "act.json");
  };
  const drives::DriveSet second = motors(MotorType::kDc2, 0);
  const drives::CompleteModel cm2(model, second);
  const VecX<double> u = test::vec({12, -8, 5});
  const SimulationOptions o = rk45(0.3, 0.3, 1e-10, 1e-12);
  const ActuatedSample ref = run(cm2, u, o).back();
  std::vector<double> errors;
  for (double L : {1e-2, 1e-3, 1e-4}) {
    const drives::DriveSet third = motors(MotorType::kDc3, L);
    const drives::CompleteModel cm3(model, third);
    const ActuatedSample s = run(cm3, u, o).back();
    errors.push_back(std::max((s.q - ref.q).cwiseAbs().maxCoeff(), (s.v - ref.v).cwiseAbs().maxCoeff()));
  }
  EXPECT_LT(errors[0], 0.1);
  for (std::size_t k = 1; k < errors.size(); ++k) {  // ~ linear in L: a tenth per decade
    EXPECT_GT(errors[k] / errors[k - 1], 0.05) << k;
    EXPECT_LT(errors[k] / errors[k - 1], 0.2) << k;
  }
}

Drive cylinder(MotorType type) {
  Drive d;
  d.viscous = 400;
  drives::Motor m;
  m.type = type;
  drives::HydraulicActuator& h = m.hydraulic;
  h.piston_area = 1e-3;
  h.moving_mass = 2;
  h.bulk_modulus = 1e9;
  h.volume = 4e-4;
  h.flow_pressure_slope = 2e-11;
  h.leakage = 1e-11;
  h.valve_gain = type == MotorType::kHydraulic5 ? 0.4 * 400 : 0.4;  // K = k_q / c1 = 0.4 m^3/(s A)
  if (type == MotorType::kHydraulic5) {
    h.valve_c1 = 400;
    h.valve_c2 = 40;
  }
  d.motor = m;
  return d;
}

TEST(ActuatedSimulation, HydraulicCylinderSteadyState) {
  // p' = 0: A l' + (k_c + C_l) p = K u;  l'' = 0: A p = B l'.
  const Model model = one_joint(JointType::kPrismatic);
  const double A = 1e-3, B = 400, kl = 3e-11, K = 0.4, u = 2e-4;
  const double v_ss = A * K * u / (A * A + B * kl), p_ss = B * v_ss / A;
  for (MotorType type : {MotorType::kHydraulic3, MotorType::kHydraulic5}) {
    const drives::DriveSet set = one(model, cylinder(type));
    const drives::CompleteModel cm(model, set);
    const std::vector<ActuatedSample> rows = run(cm, test::vec({u}), rk45(2.0, 0.5, 1e-10, 1e-14));
    EXPECT_NEAR(rows.back().v[0], v_ss, 1e-7 * v_ss) << drives::to_string(type);
    EXPECT_NEAR(rows.back().output[0], p_ss, 1e-7 * p_ss) << drives::to_string(type);
    EXPECT_NEAR(rows.back().a[0], 0, 1e-6);
  }
}

TEST(ActuatedSimulation, BeyondMaxVoltageRunsAsAtMaxVoltage) {
  const Model model = one_joint(JointType::kRevolute);
  const drives::DriveSet set = one(model, dc_motor(MotorType::kDc3, 0.01));
  const drives::CompleteModel cm(model, set);
  const SimulationOptions o = rk45(0.5, 0.1, 1e-8, 1e-10);
  const std::vector<ActuatedSample> at = run(cm, test::vec({24}), o), above = run(cm, test::vec({100}), o),
                                    below = run(cm, test::vec({23.5}), o);
  ASSERT_EQ(at.size(), above.size());
  for (std::size_t k = 0; k < at.size(); ++k) {
    EXPECT_EQ(at[k].x, above[k].x);
    EXPECT_EQ(above[k].u[0], 24);
  }
  EXPECT_GT(std::abs(at.back().v[0] - below.back().v[0]), 1e-3);
}

// max_current I_max clips the applied voltage to Ce v +- R I_max (actuator_model.hpp). dc2 on the
// load-free joint (J = 0.4, B = 0.4, Cm = 1, Ce = 1.2, R = 2) under u = +-10 V would draw 5 A at
// rest; with I_max = 3 A its current is exactly +-3 A while (u - Ce v) / R exceeds it, so that
// J v' = Cm I_max - B v: v = 7.5 (1 - e^-t) until v = 10 / 3 (t = ln 1.8), then the unlimited
// motor's first-order approach to 5 rad/s.
TEST(ActuatedSimulation, Dc2CurrentLimitHoldsTheCurrentAtMaxCurrent) {
  const Model model = one_joint(JointType::kRevolute);
  Drive d = dc_motor(MotorType::kDc2, 0);
  d.motor->dc.max_current = 3;
  const drives::DriveSet set = one(model, d);
  const drives::CompleteModel cm(model, set);
  const double release = std::log(1.8);
  for (const double sign : {1.0, -1.0}) {
    const std::vector<ActuatedSample> rows = run(cm, test::vec({10 * sign}), rk45(4.0, 0.05));
    int limited = 0;
    for (const ActuatedSample& s : rows) {
      if (s.t < release) {
        ++limited;
        EXPECT_NEAR(s.output[0], 3 * sign, 1e-12) << "t = " << s.t;
        EXPECT_NEAR(s.v[0], 7.5 * sign * (1 - std::exp(-s.t)), 1e-9) << "t = " << s.t;
        EXPECT_NEAR(s.u[0], 1.2 * s.v[0] + 2 * 3 * sign, 1e-12) << "t = " << s.t;
      } else {
        EXPECT_LE(std::abs(s.output[0]), 3 + 1e-12) << "t = " << s.t;
      }
    }
    EXPECT_EQ(limited, 12);
    EXPECT_NEAR(rows.back().v[0], 5 * sign, 1e-3);
    EXPECT_NEAR(rows.back().output[0], 2 * sign, 1e-3);
  }
}

// dc3 (L = 0.01) under the same limit: L i' = R (I_max - i) while limited, so
// i = I_max (1 - e^(-R t / L)) exactly, whatever the speed; it never passes I_max.
TEST(ActuatedSimulation, Dc3CurrentLimitApproachesMaxCurrent) {
  const Model model = one_joint(JointType::kRevolute);
  Drive d = dc_motor(MotorType::kDc3, 0.01);
  d.motor->dc.max_current = 3;
  const drives::DriveSet set = one(model, d);
  const drives::CompleteModel cm(model, set);
  const std::vector<ActuatedSample> rows = run(cm, test::vec({10}), rk45(2.0, 0.005, 1e-12, 1e-14));
  double peak = 0;
  int limited = 0;
  for (const ActuatedSample& s : rows) {
    peak = std::max(peak, s.output[0]);
    if (s.t > 0.55) continue;  // the limit releases near v = 10 / 3 (t ~ 0.59 s)
    ++limited;
    EXPECT_NEAR(s.output[0], 3 * (1 - std::exp(-200 * s.t)), 1e-9) << "t = " << s.t;
  }
  EXPECT_EQ(limited, 111);
  EXPECT_LE(peak, 3.0 + 1e-12);
  EXPECT_GT(peak, 3.0 - 1e-9);
}

TEST(ActuatedSimulation, CurrentLimitAboveThePeakChangesNothing) {
  // craig3r falling under gravity while driven: a limit 1 % above the unlimited run's peak current
  // never acts (the same states, bit for bit); one 10 % below it does.
  const Model model = builtin_model("craig3r").model;
  for (const MotorType type : {MotorType::kDc2, MotorType::kDc3}) {
    Drive d = dc_motor(type, type == MotorType::kDc3 ? 0.01 : 0.0);
    d.gear_ratio = 100;
    d.rotor_inertia = 1e-4;
    const VecX<double> u = test::vec({10, -10, 6});
    const SimulationOptions o = rk45(0.3, 0.01, 1e-9, 1e-11);
    auto run_with = [&](double max_current) {
      Drive limited = d;
      limited.motor->dc.max_current = max_current;
      const drives::DriveSet set({limited, limited, limited}, model.joint_names, "act.json");
      const drives::CompleteModel cm(model, set);
      return run(cm, u, o);
    };
    const std::vector<ActuatedSample> free = run_with(drives::kUnlimited);
    double peak = 0;
    for (const ActuatedSample& s : free) peak = std::max(peak, s.output.cwiseAbs().maxCoeff());
    ASSERT_GT(peak, 2.0) << drives::to_string(type);  // the motors work
    const std::vector<ActuatedSample> above = run_with(1.01 * peak), below = run_with(0.9 * peak);
    ASSERT_EQ(free.size(), above.size());
    for (std::size_t k = 0; k < free.size(); ++k)
      EXPECT_EQ(free[k].x, above[k].x) << drives::to_string(type) << " k " << k;
    double below_peak = 0;
    for (const ActuatedSample& s : below) below_peak = std::max(below_peak, s.output.cwiseAbs().maxCoeff());
    EXPECT_LE(below_peak, 0.9 * peak + 1e-9) << drives::to_string(type);
    EXPECT_GT((below.back().x - free.back().x).cwiseAbs().maxCoeff(), 1e-4) << drives::to_string(type);
  }
}

TEST(ActuatedSimulation, CsvAppendsCurrentsAndPressures) {
  const Model rp = builtin_model("rp").model;
  Drive motor = dc_motor(MotorType::kDc2, 0);
  const drives::DriveSet set({motor, cylinder(MotorType::kHydraulic3)}, rp.joint_names, "act.json");
  const drives::CompleteModel cm(rp, set);
  EXPECT_EQ(actuated_csv_header(cm),
            "t,q1,q2,v1,v2,a1,a2,tau1,tau2,kinetic,potential,energy,i1,p2\n");
  ActuatedSample s;
  s.t = 0.5;
  s.q = s.v = s.a = s.tau = test::vec({1, 2});
  s.kinetic = 1;
  s.potential = 2;
  s.output = test::vec({0.25, 3e6});
  EXPECT_EQ(actuated_csv_row(s), "0.5,1,2,1,2,1,2,1,2,1,2,3,0.25,3000000\n");
}

TEST(ActuatedSimulation, FixedStepIntegratorsAgreeWithRk45) {
  const Model model = builtin_model("craig3r").model;
  Drive d = dc_motor(MotorType::kDc3, 0.005);
  d.gear_ratio = 100;
  d.rotor_inertia = 1e-4;
  const drives::DriveSet set({d, d, d}, model.joint_names, "act.json");
  const drives::CompleteModel cm(model, set);
  const VecX<double> u = test::vec({6, -4, 3});
  const ActuatedSample ref = run(cm, u, rk45(0.2, 0.2, 1e-11, 1e-13)).back();
  for (auto [integrator, dt, tol] : {std::tuple{Integrator::kRk4, 1e-4, 1e-8}, std::tuple{Integrator::kEuler, 1e-5, 1e-3},
                                     std::tuple{Integrator::kSymplecticEuler, 1e-5, 1e-3}}) {
    SimulationOptions o;
    o.integrator = integrator;
    o.dt = dt;
    o.duration = 0.2;
    o.output_period = 0.2;
    const ActuatedSample s = run(cm, u, o).back();
    EXPECT_LT((s.x - ref.x).cwiseAbs().maxCoeff(), tol) << to_string(integrator);
  }
}

}  // namespace actuated_simulation_test
}  // namespace armdyn::sim
