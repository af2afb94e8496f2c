// Spherical and floating joints whose rotation is a unit quaternion (model.hpp; builder.hpp:
// euler = "quaternion"): q has four numbers where v has three, the angular velocity in the moved
// frame. Against independent references: the same arm on an X-Y-Z Euler-angle spherical joint
// (three revolute joints with massless links) mapped through the Euler rate map; the exponential
// map of Eigen's AngleAxis for the configuration's moves; a free body's momentum and energy from
// its closed form over a tumble that passes the Euler angles' singularity; and every algorithm that
// reads q by angle refuses the model, naming the joint.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/consistency.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/euler_rates.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace quaternion_joint_test {

using test::random_inertial;
using test::random_rotation;
using test::random_vec3;
using V3 = Vec3<double>;
using M3 = Mat3<double>;

/// A revolute "first" link, then `rotation` (a spherical joint: "XYZ" or "quaternion") to an arm,
/// then a revolute hand: the same arm for both.
Model arm(const std::string& rotation, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  ModelBuilder b("test", "ball_arm");
  JointSpec first;
  first.name = "first";
  first.origin = Transform<double>{random_rotation(rng), random_vec3(rng, -0.3, 0.3)};
  first.axis = test::random_unit_vector(rng);
  b.add_link("base", first, "a", random_inertial(rng));
  CompoundJointSpec ball;
  ball.name = "ball";
  ball.euler = rotation;
  ball.origin = Transform<double>{random_rotation(rng), random_vec3(rng, -0.3, 0.3)};
  b.add_link("a", ball, "b", random_inertial(rng));
  JointSpec hand;
  hand.name = "hand";
  hand.origin = Transform<double>{random_rotation(rng), random_vec3(rng, -0.3, 0.3)};
  hand.axis = test::random_unit_vector(rng);
  b.add_link("b", hand, "c", random_inertial(rng));
  return b.build();
}

TEST(QuaternionJoints, TheModelKeepsQAndVApart) {
  const Model m = arm("quaternion", 1);
  EXPECT_EQ(m.dof, 5);
  EXPECT_EQ(m.nq(), 6);
  ASSERT_EQ(m.quaternions.size(), 1u);
  EXPECT_EQ(m.quaternions[0].body, 1);
  EXPECT_EQ(m.quaternions[0].q, 1);
  EXPECT_EQ(m.configuration_names(),
            (std::vector<std::string>{"first", "ball/qw", "ball/qx", "ball/qy", "ball/qz", "hand"}));
  EXPECT_EQ(m.joint_names[1], "ball/wx");
  EXPECT_EQ(m.compound_joints[0].q_first, 1);
  EXPECT_EQ(m.compound_joints[0].q_count(), 4);
  const VecX<double> q0 = neutral_configuration(m);
  EXPECT_EQ(q0, (VecX<double>(6) << 0, 1, 0, 0, 0, 0).finished());
  // At the identity quaternion the arm sits where the Euler joint's zero puts it.
  const Model euler = arm("XYZ", 1);
  Data d1(m), d2(euler);
  forward_kinematics(m, d1, q0);
  forward_kinematics(euler, d2, VecX<double>::Zero(5));
  EXPECT_LE((d1.oMf[m.frame_index("c")].matrix() - d2.oMf[euler.frame_index("c")].matrix()).norm(), 1e-15);
  // Models without quaternions are as before: nq == dof, nothing stored.
  EXPECT_EQ(euler.nq(), euler.dof);
  EXPECT_TRUE(euler.q_index.empty());
}

// The quaternion joint against three revolute joints (X-Y-Z) with massless links: at Euler angles
// e with rates e' and e'', the quaternion is that of R(e), w = P e', w' = P e'' + b (support/
// euler_rates.hpp), so tau_euler = J^T tau, M_euler = J^T M J, c_euler = J^T (c + M b), and every
// forward-dynamics route gives J e'' + b for the force J^-T tau_euler; also the link's pose, the
// frame velocity and acceleration, the energies.
TEST(QuaternionJoints, AgreeWithEulerAnglesThroughTheirRateMap) {
  const Model m = arm("quaternion", 2), euler = arm("XYZ", 2);
  Data dq(m), de(euler);
  FdWorkspace<double> wq(m), we(euler);
  FrameWorkspace<double> fq(m), fe(euler);
  terms::Workspace<double> tq(m, terms::Storage::kQuadratic), te(euler, terms::Storage::kQuadratic);
  const int frame_q = frame_id(m, "c"), frame_e = frame_id(euler, "c");
  std::mt19937_64 rng(3);
  double worst = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const VecX<double> e = test::random_vector(rng, 5, -1.2, 1.2), ed = test::random_vector(rng, 5),
                       edd = test::random_vector(rng, 5);
    MatX<double> J = MatX<double>::Identity(5, 5);
    const M3 P = test::euler_rate_map("XYZ", e.data() + 1);
    J.block<3, 3>(1, 1) = P;
    VecX<double> b = VecX<double>::Zero(5);
    b.segment<3>(1) = test::euler_rate_bias(P, ed.data() + 1);
    const Eigen::Quaterniond r = test::euler_quaternion("XYZ", e.data() + 1);
    VecX<double> q(6);
    q << e[0], r.w(), r.x(), r.y(), r.z(), e[4];
    const VecX<double> v = J * ed, a = J * edd + b;
    worst = std::max(worst, test::rel_diff(rnea(euler, de, e, ed, edd), VecX<double>(J.transpose() * rnea(m, dq, q, v, a))));
    const MatX<double> M = crba(m, dq, q);
    worst = std::max(worst, test::rel_diff(crba(euler, de, e), MatX<double>(J.transpose() * M * J)));
    worst = std::max(worst, test::rel_diff(nonlinear_effects(euler, de, e, ed),
                                           VecX<double>(J.transpose() * (nonlinear_effects(m, dq, q, v) + M * b))));
    worst = std::max(worst, test::rel_diff(gravity_torque(euler, de, e), VecX<double>(J.transpose() * gravity_torque(m, dq, q))));
    const VecX<double> tau_e = rnea(euler, de, e, ed, edd);
    const VecX<double> tau = J.transpose().partialPivLu().solve(tau_e);
    for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
      worst = std::max(worst, test::rel_diff(forward_dynamics(method, m, dq, wq, q, v, tau), a));
    worst = std::max(worst, test::rel_diff(frame_velocity(m, dq, fq, frame_q, q, v), frame_velocity(euler, de, fe, frame_e, e, ed)));
    worst = std::max(worst, test::rel_diff(frame_acceleration(m, dq, fq, frame_q, q, v, a),
                                           frame_acceleration(euler, de, fe, frame_e, e, ed, edd)));
    worst = std::max(worst, test::rel_diff(frame_jacobian(m, dq, fq, frame_q, q, Axes::kBase) * J,
                                           frame_jacobian(euler, de, fe, frame_e, e, Axes::kBase)));
    worst = std::max(worst, std::abs(terms::kinetic_energy(m, tq, q, v) - terms::kinetic_energy(euler, te, e, ed)));
    worst = std::max(worst, std::abs(terms::potential_energy(m, tq, q) - terms::potential_energy(euler, te, e)));
  }
  EXPECT_LT(worst, 1e-12);
  // Sensitivity: without the rate map's bias b the accelerations disagree.
  const VecX<double> e = VecX<double>::Constant(5, 0.4), ed = VecX<double>::Constant(5, 0.9);
  const Eigen::Quaterniond r = test::euler_quaternion("XYZ", e.data() + 1);
  VecX<double> q(6);
  q << e[0], r.w(), r.x(), r.y(), r.z(), e[4];
  MatX<double> J = MatX<double>::Identity(5, 5);
  J.block<3, 3>(1, 1) = test::euler_rate_map("XYZ", e.data() + 1);
  EXPECT_GT(test::rel_diff(rnea(euler, de, e, ed, VecX<double>::Zero(5)),
                           VecX<double>(J.transpose() * rnea(m, dq, q, VecX<double>(J * ed), VecX<double>::Zero(5)))),
            1e-3);
}

// q (+) dq turns the quaternion by exp(dq_w) about the moved frame's axes (Eigen's AngleAxis) and
// adds the other coordinates; configuration_rate is its derivative; a quaternion of any length is
// read as its unit one.
TEST(QuaternionJoints, TheConfigurationMovesByTheExponentialMap) {
  const Model m = arm("quaternion", 4);
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const VecX<double> q = configuration_from_rotation_vectors<double>(m, test::random_vector(rng, 5, -2, 2));
    EXPECT_NEAR(q.segment<4>(1).norm(), 1.0, 1e-15);
    const VecX<double> dq = test::random_vector(rng, 5, -1, 1);
    VecX<double> moved = q;
    integrate_configuration<double>(m, moved, dq);
    const Eigen::Quaterniond before(q[1], q[2], q[3], q[4]), after(moved[1], moved[2], moved[3], moved[4]);
    const M3 expected = before.toRotationMatrix() * Eigen::AngleAxisd(dq.segment<3>(1).norm(), dq.segment<3>(1).normalized()).toRotationMatrix();
    EXPECT_LE((after.toRotationMatrix() - expected).norm(), 1e-14);
    EXPECT_NEAR(moved[0], q[0] + dq[0], 1e-15);
    EXPECT_NEAR(moved[5], q[5] + dq[4], 1e-15);
    // The rate: a central difference of q (+) h v.
    VecX<double> rate, plus = q, minus = q;
    configuration_rate<double>(m, q, dq, rate);
    const double h = 1e-6;
    integrate_configuration<double>(m, plus, h * dq);
    integrate_configuration<double>(m, minus, -h * dq);
    EXPECT_LE(((plus - minus) / (2 * h) - rate).norm(), 1e-9);
    // A scaled quaternion places the bodies as its unit one.
    VecX<double> scaled = q;
    scaled.segment<4>(1) *= 2.5;
    Data d1(m), d2(m);
    forward_kinematics(m, d1, q);
    forward_kinematics(m, d2, scaled);
    EXPECT_LE((d1.oMb[4].matrix() - d2.oMb[4].matrix()).norm(), 1e-14);
  }
}

// A free body on a floating quaternion joint in zero gravity, starting where Z-Y-X angles are
// singular (pitch 90 degrees) and spun about an axis away from its principal ones so that it
// tumbles: its momentum about the base origin and its energy from the closed form stay what they
// were, with rk45 and rk4, and its quaternion stays unit.
TEST(QuaternionJoints, AFreeBodyTumblesKeepingItsMomentumAndEnergy) {
  std::mt19937_64 rng(6);
  ModelBuilder b("test", "free");
  CompoundJointSpec j = test::compound_joint("free", JointKind::kFloating, "quaternion");
  const LinkInertial in = random_inertial(rng);
  b.add_link("base", j, "body", in);
  b.set_gravity(V3::Zero());
  const Model m = b.build();
  ASSERT_EQ(m.dof, 6);
  ASSERT_EQ(m.nq(), 7);
  const auto momentum = [&](const VecX<double>& q, const VecX<double>& v, double& energy) {
    const M3 R = Eigen::Quaterniond(q[3], q[4], q[5], q[6]).normalized().toRotationMatrix();
    const V3 w = v.segment<3>(3);
    const V3 c = q.head<3>() + R * in.com;
    const V3 vc = v.head<3>() + R * w.cross(in.com);
    energy = 0.5 * in.mass * vc.squaredNorm() + 0.5 * w.dot(in.inertia * w);
    Vec6<double> out;
    out << in.mass * vc, c.cross(in.mass * vc) + R * (in.inertia * w);
    return out;
  };
  VecX<double> q0(7), v0(6);
  q0 << 0.1, -0.2, 0.3, std::sqrt(0.5), 0, std::sqrt(0.5), 0;  // Ry(90 degrees)
  v0 << 0.3, -0.1, 0.2, 2.0, 3.0, -2.5;
  double e0 = 0;
  const Vec6<double> h0 = momentum(q0, v0, e0);
  struct Case {
    sim::Integrator integrator;
    double dt, tolerance;
  };
  for (const Case& c : {Case{sim::Integrator::kRk45, 1e-3, 1e-10}, Case{sim::Integrator::kRk4, 1e-3, 1e-10}}) {
    sim::ZeroTorque zero;
    sim::SimulationOptions options;
    options.duration = 3.0;
    options.dt = c.dt;
    options.integrator = c.integrator;
    options.rtol = 1e-12;
    options.atol = 1e-12;
    options.output_period = 0.05;
    double worst_h = 0, worst_e = 0, worst_norm = 0;
    sim::simulate(m, q0, v0, zero, options, [&](const sim::Sample& s) {
      double e = 0;
      worst_h = std::max(worst_h, (momentum(s.q, s.v, e) - h0).cwiseAbs().maxCoeff());
      worst_e = std::max(worst_e, std::abs(e - e0));
      worst_norm = std::max(worst_norm, std::abs(s.q.segment<4>(3).norm() - 1));
      EXPECT_NEAR(s.kinetic, e, 1e-12 * e0);
    });
    EXPECT_LT(worst_h, c.tolerance) << to_string(c.integrator);
    EXPECT_LT(worst_e, c.tolerance * e0) << to_string(c.integrator);
    EXPECT_LT(worst_norm, 1e-15) << to_string(c.integrator);
  }
}

// What reads q one angle per velocity refuses a quaternion model with an error naming the joint;
// wrong sizes and a zero quaternion are errors, never a silent misreading.
TEST(QuaternionJoints, WhatNeedsAnglesRefusesThemClearly) {
  const Model m = arm("quaternion", 7);
  const VecX<double> q = neutral_configuration(m), v = VecX<double>::Zero(5);
  const auto refused = [&](auto f, const std::string& what) {
    try {
      f();
    } catch (const InputError& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("'ball'"), std::string::npos) << what << ": " << msg;
      EXPECT_NE(msg.find("quaternion"), std::string::npos) << what << ": " << msg;
      return;
    }
    ADD_FAILURE() << what << ": not refused";
  };
  terms::Workspace<double> tw(m, terms::Storage::kCubic);
  refused([&] { terms::coriolis_matrix(m, tw, q, v); }, "coriolis_matrix");
  refused([&] { terms::inverse_dynamics(m, tw, q, v, v); }, "terms::inverse_dynamics");
  refused([&] { RneaDerivativesWorkspace<double> ws(m); }, "rnea derivatives");
  refused([&] { ConstraintWorkspace<double> ws(m); }, "constraints");
  refused([&] { CartesianWorkspace<double> ws(m); }, "cartesian");
  refused([&] { check_consistency(m, 2, 1); }, "check_consistency");
  Data data(m);
  refused([&] { rnea_classical(m, data, VecX<double>::Zero(5), v, v); }, "rnea_classical");
  // Sizes: q has six numbers, v five.
  Data d(m);
  try {
    rnea(m, d, VecX<double>::Zero(5), v, v);
    ADD_FAILURE() << "a q of nv entries was taken";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("expected 6 values, got 5"), std::string::npos) << e.what();
  }
  sim::ZeroTorque zero;
  VecX<double> bad = q;
  bad.segment<4>(1).setZero();
  EXPECT_THROW(rnea(m, d, bad, v, v), InputError);  // a zero quaternion is no rotation: never a NaN
  EXPECT_THROW(sim::simulate(m, bad, v, zero, sim::SimulationOptions{}, [](const sim::Sample&) {}), InputError);
  // The builder: a quaternion has no position limits, and only spherical and floating joints have one.
  std::mt19937_64 rng(8);
  ModelBuilder b("test", "bad");
  CompoundJointSpec j;
  j.name = "ball";
  j.euler = "quaternion";
  j.limits = {JointLimits{-1, 1, 2, 3}, JointLimits{}, JointLimits{}};
  EXPECT_THROW(b.add_link("base", j, "b", random_inertial(rng)), ModelError);
  j.name = "universal";
  j.kind = JointKind::kUniversal;
  j.limits.clear();
  EXPECT_THROW(b.add_link("base", j, "b2", random_inertial(rng)), ModelError);
}

}  // namespace quaternion_joint_test
}  // namespace armdyn
