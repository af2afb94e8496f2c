// Compound joints against MuJoCo's free and ball joints (tests/data/models/mjcf/free_ball.xml): a
// free-flying base, an arm on a ball joint and a hand on a hinge, built in armdyn with a floating
// joint (Z-Y-X angles) and a spherical one (X-Y-Z). MuJoCo's coordinates are a quaternion per
// orientation and the joint's angular velocity in the child's axes (the free joint's linear
// velocity in world axes), armdyn's the Euler angles and their rates: qvel = J(eta) eta' with J
// block-diagonal, J's blocks P(eta) (body-axis angular velocity of the Euler rotation), and
// qacc = J eta'' + b, b = sum_{k<j} (P_k eta'_k) x (P_j eta'_j) in each block. Then armdyn's
// tau = J^T tau_mj, M = J^T M_mj J, C v + g = J^T (bias_mj + M_mj b), and J qdd + b = qacc_mj for
// the force J^-T tau, to 1e-12 relative. Sensitivity: the arm's mass scaled by 1.001 fails.
#include <armdyn_peers/mujoco_peer.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/io/mjcf.hpp"
#include "support/euler_rates.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace mujoco_compound_test {

using armdyn::peers::MujocoPeer;
using V3 = Vec3<double>;
using M3 = Mat3<double>;

using test::euler_quaternion;
using test::euler_rate_bias;
using test::euler_rate_map;

/// MJCF's <inertial pos quat mass diaginertia>: the tensor R diag R^T about the centre of mass.
LinkInertial inertial(double m, const V3& c, const Eigen::Quaterniond& axes, const V3& diagonal) {
  LinkInertial in;
  in.mass = m;
  in.com = c;
  const M3 R = axes.normalized().toRotationMatrix();
  in.inertia = R * diagonal.asDiagonal() * R.transpose();
  return in;
}

Model armdyn_free_ball(double arm_mass_scale = 1.0, bool quaternions = false) {
  ModelBuilder b("free_ball", "free_ball");
  b.set_base_name("world");
  CompoundJointSpec floating = test::compound_joint("float", JointKind::kFloating);
  if (quaternions) floating.euler = "quaternion";
  b.add_link("world", floating, "base", inertial(12, V3(0.05, -0.02, 0.03), Eigen::Quaterniond(0.7, 0.1, 0.2, -0.3), V3(0.4, 0.6, 0.7)));
  CompoundJointSpec ball;
  ball.name = "shoulder";
  ball.euler = quaternions ? "quaternion" : "XYZ";
  ball.origin = Transform<double>{Eigen::Quaterniond(0.9, 0.1, -0.3, 0.2).normalized().toRotationMatrix(), V3(0.3, 0.1, 0.2)};
  b.add_link("base", ball, "arm",
             inertial(3 * arm_mass_scale, V3(0.2, 0.01, -0.02), Eigen::Quaterniond(0.9, -0.2, 0.1, 0.3), V3(0.01, 0.05, 0.045)));
  JointSpec wrist;
  wrist.name = "wrist";
  wrist.origin = Transform<double>{Eigen::Quaterniond(0.8, 0.2, 0.5, -0.1).normalized().toRotationMatrix(), V3(0.4, 0, 0)};
  wrist.axis = V3(0.6, 0, 0.8);
  b.add_link("arm", wrist, "hand", inertial(1.2, V3(0.05, 0.02, 0.01), Eigen::Quaterniond(0.6, 0.3, -0.5, 0.2), V3(0.003, 0.004, 0.002)));
  b.set_gravity(V3(0.3, -0.2, -9.81));
  return b.build();
}

struct MujocoState {
  VecX<double> qpos = VecX<double>(12);
  MatX<double> J = MatX<double>::Identity(10, 10);  // qvel = J eta'
  VecX<double> b = VecX<double>::Zero(10);          // qacc = J eta'' + b
};

MujocoState to_mujoco(const VecX<double>& q, const VecX<double>& v) {
  MujocoState s;
  s.qpos.head<3>() = q.head<3>();
  const Eigen::Quaterniond base = euler_quaternion("ZYX", q.data() + 3), arm = euler_quaternion("XYZ", q.data() + 6);
  s.qpos.segment<4>(3) << base.w(), base.x(), base.y(), base.z();
  s.qpos.segment<4>(7) << arm.w(), arm.x(), arm.y(), arm.z();
  s.qpos[11] = q[9];
  const M3 P1 = euler_rate_map("ZYX", q.data() + 3), P2 = euler_rate_map("XYZ", q.data() + 6);
  s.J.block<3, 3>(3, 3) = P1;
  s.J.block<3, 3>(6, 6) = P2;
  s.b.segment<3>(3) = euler_rate_bias(P1, v.data() + 3);
  s.b.segment<3>(6) = euler_rate_bias(P2, v.data() + 6);
  return s;
}

MatX<double> row_major(const std::vector<double>& x, int n) {
  MatX<double> out(n, n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) out(r, c) = x[r * n + c];
  return out;
}

double worst_disagreement(const Model& model, MujocoPeer& mj) {
  constexpr int n = 10;
  std::mt19937_64 rng(29);
  Data data(model);
  std::vector<double> tau(n), M(n * n), bias(n), qacc(n);
  double worst = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const VecX<double> q = test::random_vector(rng, n, -1.2, 1.2), v = test::random_vector(rng, n),
                       a = test::random_vector(rng, n), force = test::random_vector(rng, n, -5, 5);
    const MujocoState s = to_mujoco(q, v);
    const VecX<double> qvel = s.J * v, qacc_in = s.J * a + s.b;
    mj.inverse_dynamics(s.qpos.data(), qvel.data(), qacc_in.data(), tau.data());
    mj.mass_matrix(s.qpos.data(), M.data());
    mj.bias(s.qpos.data(), qvel.data(), bias.data());
    const MatX<double> Mmj = row_major(M, n);
    const VecX<double> tau_expected = s.J.transpose() * Eigen::Map<const VecX<double>>(tau.data(), n);
    const VecX<double> c_expected = s.J.transpose() * (Eigen::Map<const VecX<double>>(bias.data(), n) + Mmj * s.b);
    const double e1 = test::rel_diff(rnea(model, data, q, v, a), tau_expected);
    const double e2 = test::rel_diff(crba(model, data, q), MatX<double>(s.J.transpose() * Mmj * s.J));
    const double e3 = test::rel_diff(nonlinear_effects(model, data, q, v), c_expected);
    worst = std::max({worst, e1, e2, e3});
    // Forward dynamics: the same generalised force in either coordinates.
    const VecX<double> force_mj = s.J.transpose().partialPivLu().solve(force);
    mj.forward_dynamics(s.qpos.data(), qvel.data(), force_mj.data(), qacc.data());
    const VecX<double> qdd = forward_dynamics(model, data, q, v, force);
    worst = std::max(worst, test::rel_diff(VecX<double>(s.J * qdd + s.b), Eigen::Map<const VecX<double>>(qacc.data(), n)));
  }
  return worst;
}

TEST(MujocoCompound, FloatingAndSphericalJointsAgreeWithFreeAndBallJoints) {
  const auto mj = MujocoPeer::from_xml(test::data_path("models/mjcf/free_ball.xml"));
  ASSERT_EQ(mj->dof(), 10);
  ASSERT_EQ(mj->nq(), 12);
  const Model model = armdyn_free_ball();
  ASSERT_EQ(model.dof, 10);
  EXPECT_LT(worst_disagreement(model, *mj), 1e-12);
  // Sensitivity: a model whose arm is 0.1 % heavier disagrees.
  EXPECT_GT(worst_disagreement(armdyn_free_ball(1.001), *mj), 1e-5);
}

// Quaternion joints (model.hpp) take MuJoCo's own coordinates: q = qpos (the free joint's position
// and quaternion, the ball's quaternion, the hinge angle), v = qvel, a = qacc, with no map between
// them. rnea, crba, C v + g and every forward-dynamics route agree with MuJoCo at random states
// (random unit quaternions, and one quaternion of length 3: both read it as its unit one), and so
// do the frame accelerations' J qdd + Jdot v against finite differences of the frame velocity.
double quaternion_disagreement(const Model& model, MujocoPeer& mj) {
  constexpr int n = 10, nq = 12;
  std::mt19937_64 rng(31);
  Data data(model);
  FdWorkspace<double> ws(model);
  std::vector<double> tau(n), M(n * n), bias(n), qacc(n);
  double worst = 0;
  for (int trial = 0; trial < 20; ++trial) {
    VecX<double> q = test::random_vector(rng, nq, -1.2, 1.2);
    q.segment<4>(3).normalize();
    q.segment<4>(7) *= (trial == 0 ? 3.0 : 1.0) / q.segment<4>(7).norm();
    const VecX<double> v = test::random_vector(rng, n), a = test::random_vector(rng, n),
                       force = test::random_vector(rng, n, -5, 5);
    VecX<double> unit = q;  // MuJoCo normalises in mj_kinematics; its peer is given the unit one
    unit.segment<4>(7).normalize();
    mj.inverse_dynamics(unit.data(), v.data(), a.data(), tau.data());
    mj.mass_matrix(unit.data(), M.data());
    mj.bias(unit.data(), v.data(), bias.data());
    mj.forward_dynamics(unit.data(), v.data(), force.data(), qacc.data());
    const Eigen::Map<const VecX<double>> tau_mj(tau.data(), n), bias_mj(bias.data(), n), qacc_mj(qacc.data(), n);
    worst = std::max(worst, test::rel_diff(rnea(model, data, q, v, a), tau_mj));
    worst = std::max(worst, test::rel_diff(crba(model, data, q), row_major(M, n)));
    worst = std::max(worst, test::rel_diff(nonlinear_effects(model, data, q, v), bias_mj));
    for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
      worst = std::max(worst, test::rel_diff(forward_dynamics(method, model, data, ws, q, v, force), qacc_mj));
  }
  return worst;
}

TEST(MujocoCompound, QuaternionJointsTakeMujocosCoordinates) {
  const auto mj = MujocoPeer::from_xml(test::data_path("models/mjcf/free_ball.xml"));
  // The model read from the same file, and the one built by hand with quaternion joints.
  const Model loaded = load_mjcf(test::data_path("models/mjcf/free_ball.xml"));
  const Model built = armdyn_free_ball(1.0, true);
  for (const Model* model : {&loaded, &built}) {
    ASSERT_EQ(model->dof, 10);
    ASSERT_EQ(model->nq(), 12);
    EXPECT_LT(quaternion_disagreement(*model, *mj), 1e-12) << model->source;
  }
  EXPECT_GT(quaternion_disagreement(armdyn_free_ball(1.001, true), *mj), 1e-5);
}

// The frame's acceleration J a + Jdot v on quaternion joints, against a central difference of its
// velocity along the motion (q moved by q (+) h v, v by h a).
TEST(MujocoCompound, QuaternionFrameAccelerationIsTheVelocitysRate) {
  const Model model = armdyn_free_ball(1.0, true);
  Data data(model);
  FrameWorkspace<double> ws(model);
  const int frame = frame_id(model, "hand");
  std::mt19937_64 rng(37);
  double worst = 0;
  for (int trial = 0; trial < 10; ++trial) {
    const VecX<double> q = configuration_from_rotation_vectors<double>(model, test::random_vector(rng, 10, -1.5, 1.5));
    const VecX<double> v = test::random_vector(rng, 10), a = test::random_vector(rng, 10);
    const Vec6<double> acc = frame_acceleration(model, data, ws, frame, q, v, a);
    const double h = 1e-5;
    VecX<double> qp = q, qm = q;
    integrate_configuration<double>(model, qp, h * v + 0.5 * h * h * a);
    integrate_configuration<double>(model, qm, -h * v + 0.5 * h * h * a);
    const Vec6<double> vp = frame_velocity(model, data, ws, frame, qp, VecX<double>(v + h * a));
    const Vec6<double> vm = frame_velocity(model, data, ws, frame, qm, VecX<double>(v - h * a));
    worst = std::max(worst, ((vp - vm) / (2 * h) - acc).norm() / std::max(1.0, acc.norm()));
  }
  EXPECT_LT(worst, 1e-7);
}

}  // namespace mujoco_compound_test
}  // namespace armdyn
