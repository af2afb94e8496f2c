// The complete model of arm and actuators ([VP] (3.8.1)-(3.8.11); drives/complete_model.hpp):
//  - C^(x) + D^(x) u equals the direct solution of the coupled equations (mechanism and
//    actuators as one linear system in x' and P, with W and U from the inverse dynamics) on
//    random states of a 3-joint arm with DC motors, and of arms with hydraulic cylinders;
//  - C^ and D^ equal (3.8.11) evaluated literally, with the inverse of E - W T F;
//  - the saturation acts on the input: beyond max_voltage the derivative does not change;
//  - the functions allocate nothing; a joint without a motor is refused naming it.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/complete_model.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"

namespace armdyn::drives {
namespace {

Drive dc(MotorType type, double G, double Jm, double B, double L) {
  Drive d;
  d.gear_ratio = G;
  d.rotor_inertia = Jm;
  d.viscous = B;
  Motor m;
  m.type = type;
  m.dc.resistance = 1.6;
  m.dc.inductance = type == MotorType::kDc3 ? L : 0.0;
  m.dc.torque_constant = 0.23;
  m.dc.back_emf_constant = 0.25;
  m.dc.max_voltage = 40;
  d.motor = m;
  return d;
}

Drive cylinder(MotorType type) {
  Drive d;
  d.viscous = 80;
  Motor m;
  m.type = type;
  HydraulicActuator& h = m.hydraulic;
  h.piston_area = 8e-4;
  h.moving_mass = 1.5;
  h.bulk_modulus = 1.2e9;
  h.volume = 2e-4;
  h.flow_pressure_slope = 1e-12;
  h.leakage = 5e-13;
  h.valve_gain = type == MotorType::kHydraulic5 ? 3.0 : 0.01;
  if (type == MotorType::kHydraulic5) {
    h.valve_c1 = 300;
    h.valve_c2 = 30;
  }
  d.motor = m;
  return d;
}

DriveSet set_of(const Model& model, std::vector<Drive> drives) {
  return DriveSet(std::move(drives), model.joint_names, "act.json");
}

// x' and P solving  x' - F P = C x + D N(u),  W T x' - P = U  as one system, with W's columns
// and U = -(C q' + g) - f_dry from the inverse dynamics (rnea) and the friction written out.
VecX<double> direct(const CompleteModel& cm, const VecX<double>& x, const VecX<double>& u) {
  const Model& model = cm.model();
  const int n = cm.dof(), N = cm.state_size();
  VecX<double> q, v;
  cm.joint_state(x, q, v);
  Data data(model);
  const VecX<double> bias = rnea(model, data, q, v, VecX<double>::Zero(n));
  const VecX<double> g = rnea(model, data, q, VecX<double>::Zero(n), VecX<double>::Zero(n));
  MatX<double> W(n, n);
  for (int k = 0; k < n; ++k) W.col(k) = rnea(model, data, q, VecX<double>::Zero(n), VecX<double>::Unit(n, k)) - g;
  VecX<double> U = -bias;
  for (int j = 0; j < n; ++j) {
    const Drive& d = cm.drives()[j];
    const double s = std::tanh(v[j] / cm.drives().smoothing_velocity());
    U[j] -= s * (v[j] >= 0 ? d.coulomb_positive : d.coulomb_negative);
  }
  VecX<double> un(n);
  for (int j = 0; j < n; ++j) un[j] = std::clamp(u[j], -cm.actuator(j).input_limit, cm.actuator(j).input_limit);
  MatX<double> A = MatX<double>::Zero(N + n, N + n);
  A.topLeftCorner(N, N).setIdentity();
  A.topRightCorner(N, n) = -cm.F();
  A.bottomLeftCorner(n, N) = W * cm.T();
  A.bottomRightCorner(n, n) = -MatX<double>::Identity(n, n);
  VecX<double> b(N + n);
  b << cm.C() * x + cm.D() * un, U;
  return A.fullPivLu().solve(b).head(N);
}

VecX<double> random_state(std::mt19937_64& rng, const CompleteModel& cm) {
  VecX<double> x = test::random_vector(rng, cm.state_size());
  for (int j = 0; j < cm.dof(); ++j) {
    const ActuatorModel& a = cm.actuator(j);
    if (a.is_dc() || a.size() < 3) continue;
    x[cm.offset(j) + 2] *= 5e6;  // a pressure difference, Pa
    if (a.size() == 5) x.segment(cm.offset(j) + 3, 2) *= 1e-4;  // valve flow, m^3/s
  }
  return x;
}

void expect_direct_solution(const Model& model, const DriveSet& set, double input_scale) {
  const CompleteModel cm(model, set);
  CompleteWorkspace ws(cm);
  std::mt19937_64 rng(2024);
  for (int trial = 0; trial < 20; ++trial) {
    const VecX<double> x = random_state(rng, cm);
    const VecX<double> u = input_scale * test::random_vector(rng, cm.dof());
    const VecX<double> expected = direct(cm, x, u);
    const VecX<double> split = c_hat(cm, ws, x) + d_hat(cm, ws, x) * u;
    EXPECT_LT(test::rel_diff(split, expected), 1e-10) << model.name << " trial " << trial;
    const VecX<double> xdot = state_derivative(cm, ws, x, u);
    EXPECT_LT(test::rel_diff(xdot, expected), 1e-10) << model.name << " trial " << trial;
    for (int j = 0; j < cm.dof(); ++j) EXPECT_EQ(ws.qdd[j], xdot[cm.offset(j) + 1]);
  }
}

TEST(CompleteModel, SplitEqualsTheCoupledSystemOnA3JointArm) {
  const Model model = builtin_model("craig3r").model;
  Drive coulomb = dc(MotorType::kDc3, 50, 2e-4, 3, 2e-3);
  coulomb.coulomb_positive = 2;
  coulomb.coulomb_negative = 1.5;
  const DriveSet set = set_of(model, {dc(MotorType::kDc2, 100, 3e-4, 5, 0), coulomb, dc(MotorType::kDc3, -30, 1e-4, 0.5, 1e-3)});
  expect_direct_solution(model, set, 30);
}

TEST(CompleteModel, SplitEqualsTheCoupledSystemWithCylinders) {
  const Model rp = builtin_model("rp").model;
  expect_direct_solution(rp, set_of(rp, {dc(MotorType::kDc2, 80, 2e-4, 2, 0), cylinder(MotorType::kHydraulic5)}), 0.01);
  expect_direct_solution(rp, set_of(rp, {dc(MotorType::kDc3, 80, 2e-4, 2, 1e-3), cylinder(MotorType::kHydraulic3)}),
                         0.01);
  const Model stanford = builtin_model("stanford").model;
  const DriveSet set = set_of(stanford, {dc(MotorType::kDc3, 60, 3e-4, 1, 2e-3), dc(MotorType::kDc2, 100, 3e-4, 2, 0),
                                         cylinder(MotorType::kHydraulic5), dc(MotorType::kDc2, 40, 5e-5, 0.1, 0),
                                         dc(MotorType::kDc3, 40, 5e-5, 0.1, 1e-3), dc(MotorType::kDc2, 40, 5e-5, 0.1, 0)});
  expect_direct_solution(stanford, set, 0.5);
}

TEST(CompleteModel, HatsEqualTheLiteralFormula) {
  // (3.8.11): C^ = C x + F (E - W T F)^-1 (W T C x - U), D^ = D + F (E - W T F)^-1 W T D.
  const Model model = builtin_model("craig3r").model;
  const DriveSet set = set_of(model, {dc(MotorType::kDc2, 100, 3e-4, 5, 0), dc(MotorType::kDc3, 50, 2e-4, 3, 2e-3),
                                      dc(MotorType::kDc2, -30, 1e-4, 0.5, 0)});
  const CompleteModel cm(model, set);
  CompleteWorkspace ws(cm);
  std::mt19937_64 rng(5);
  const MatX<double> C = cm.C(), F = cm.F(), D = cm.D(), T = cm.T();
  for (int trial = 0; trial < 10; ++trial) {
    const VecX<double> x = random_state(rng, cm);
    const VecX<double> chat = c_hat(cm, ws, x);  // also leaves W and U in the workspace
    const MatX<double> W = ws.data.M;
    const MatX<double> inv = (MatX<double>::Identity(3, 3) - W * T * F).inverse();
    EXPECT_LT(test::rel_diff(chat, C * x + F * inv * (W * T * C * x - ws.U)), 1e-11);
    const MatX<double> dhat = d_hat(cm, ws, x);
    const MatX<double> literal = D + F * inv * W * T * D;
    EXPECT_LT((dhat - literal).cwiseAbs().maxCoeff(), 1e-11 * literal.cwiseAbs().maxCoeff());
    // Without the factor F (as (3.8.11) is printed) the sum would not even be N x n.
    EXPECT_NE((inv * W * T * D).rows(), dhat.rows());
  }
}

TEST(CompleteModel, InputSaturatesAtMaxVoltage) {
  const Model model = builtin_model("craig3r").model;
  const DriveSet set = set_of(model, {dc(MotorType::kDc2, 100, 3e-4, 5, 0), dc(MotorType::kDc3, 50, 2e-4, 3, 2e-3),
                                      dc(MotorType::kDc2, -30, 1e-4, 0.5, 0)});
  const CompleteModel cm(model, set);
  CompleteWorkspace ws(cm);
  const VecX<double> x = cm.state(test::vec({0.3, -0.2, 0.5}), test::vec({0.1, 0.4, -0.3}));
  const VecX<double> at = state_derivative(cm, ws, x, test::vec({40, -40, 40}));
  EXPECT_EQ(state_derivative(cm, ws, x, test::vec({55, -1e3, 40.5})), at);
  EXPECT_EQ(ws.u, test::vec({40, -40, 40}));
  const VecX<double> below = state_derivative(cm, ws, x, test::vec({39.9, -40, 40}));
  EXPECT_GT((below - at).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(CompleteModel, AllocatesNothingPerCall) {
  const Model model = builtin_model("stanford").model;
  const DriveSet set = set_of(model, {dc(MotorType::kDc3, 60, 3e-4, 1, 2e-3), dc(MotorType::kDc2, 100, 3e-4, 2, 0),
                                      cylinder(MotorType::kHydraulic5), dc(MotorType::kDc2, 40, 5e-5, 0.1, 0),
                                      dc(MotorType::kDc3, 40, 5e-5, 0.1, 1e-3), dc(MotorType::kDc2, 40, 5e-5, 0.1, 0)});
  const CompleteModel cm(model, set);
  CompleteWorkspace ws(cm);
  std::mt19937_64 rng(9);
  const VecX<double> x = random_state(rng, cm), u = test::random_vector(rng, 6);
  EXPECT_EQ(test::allocations_during([&] { state_derivative(cm, ws, x, u); }), 0);
  EXPECT_EQ(test::allocations_during([&] { c_hat(cm, ws, x); }), 0);
  EXPECT_EQ(test::allocations_during([&] { d_hat(cm, ws, x); }), 0);
}

TEST(CompleteModel, RefusesAJointWithoutAMotor) {
  const Model model = builtin_model("craig3r").model;
  const DriveSet set = set_of(model, {dc(MotorType::kDc2, 100, 3e-4, 5, 0), Drive{}, dc(MotorType::kDc2, 30, 1e-4, 0, 0)});
  try {
    CompleteModel cm(model, set);
    FAIL() << "accepted a joint without a motor";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "act.json: joints.joint2: no motor (a simulation driven by actuator inputs needs one on every joint)");
  }
  EXPECT_THROW(CompleteModel(model, DriveSet()), InputError);
  const Model rp = builtin_model("rp").model;  // a cylinder on the revolute joint 1
  EXPECT_THROW(CompleteModel(rp, set_of(rp, {cylinder(MotorType::kHydraulic3), cylinder(MotorType::kHydraulic3)})),
               InputError);
}

}  // namespace
}  // namespace armdyn::drives
