// Joint reactions and the gripper wrench (armdyn/dynamics/reactions.hpp), [VP] (3.5.5)-(3.5.10)
// and (3.5.17)-(3.5.19): every body's Newton-Euler balance written out from its own motion (the
// reaction from its parent, less those to its children, plus gravity and the external wrenches,
// equals its rate of momentum), the axis component equal to the joint torque, a leaf body's
// reaction equal to the wrench its own motion needs, and the gripper wrench against the torques a
// payload adds to the model.
#include <gtest/gtest.h>

#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "dynamics/loads_test_util.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/state.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace reactions_test {

// [f; n about p] moved to the point o: [f; n + (p - o) x f].
Vec6<double> moved(const Vec6<double>& w, const Vec3<double>& p, const Vec3<double>& o) {
  Vec6<double> out = w;
  out.tail<3>() += (p - o).cross(w.head<3>());
  return out;
}

// Up to three wrenches on random frames of moving bodies.
std::vector<FrameWrench<double>> random_wrenches(const Model& model, std::mt19937_64& rng) {
  const std::vector<int> frames = test::moving_frames(model);
  std::vector<FrameWrench<double>> out;
  const int count = std::uniform_int_distribution<int>(0, 3)(rng);
  for (int k = 0; k < count; ++k)
    out.push_back(FrameWrench<double>{frames[std::uniform_int_distribution<std::size_t>(0, frames.size() - 1)(rng)],
                                      test::random_wrench(rng)});
  return out;
}

struct Reactions {
  std::vector<Vec6<double>> base;  ///< per joint: [f; n] in base axes, moment about the link origin
  std::vector<Vec3<double>> origin;  ///< per joint: the link frame's origin, base axes
};

// The reactions of ws.wrench in base axes (needs forward_kinematics for the state).
Reactions in_base(const Model& m, const Data& data, const ReactionWorkspace<double>& ws) {
  Reactions r;
  for (int i = 0; i < m.dof; ++i) {
    const Transform<double>& X = data.oMf[ws.link_frame[i]];
    Vec6<double> w;
    w.head<3>() = X.R * ws.wrench.col(i).head<3>();
    w.tail<3>() = X.R * ws.wrench.col(i).tail<3>();
    r.base.push_back(w);
    r.origin.push_back(X.p);
  }
  return r;
}

TEST(Reactions, EveryBodyBalancesItsRateOfMomentum) {
  std::mt19937_64 rng(3511);
  int bodies = 0;
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    Data data(m);
    FrameWorkspace<double> fws(m);
    ExternalForceWorkspace<double> ews(m);
    ReactionWorkspace<double> ws(m);
    for (int trial = 0; trial < 3; ++trial) {
      const test::State s = test::random_state(m, rng);
      const std::vector<FrameWrench<double>> wrenches = random_wrenches(m, rng);
      const std::vector<Force<double>> fext = external_forces_from_frame_wrenches(m, data, ews, s.q, wrenches);
      joint_reactions(m, data, ws, s.q, s.v, s.a, &fext);
      forward_kinematics(m, data, s.q);
      const Reactions r = in_base(m, data, ws);
      for (int i = 0; i < m.dof; ++i) {
        ASSERT_GE(ws.link_frame[i], 0) << tm.label;
        const int L = ws.link_frame[i];
        const Vec3<double>& o = r.origin[i];
        Vec6<double> net = r.base[i];  // from the parent
        for (int c = i + 1; c < m.dof; ++c)
          if (m.parent[c] == i) net -= moved(r.base[c], r.origin[c], o);  // to each child
        for (const FrameWrench<double>& w : wrenches)
          if (m.frames[w.frame].body == i) net += moved(w.wrench, data.oMf[w.frame].p, o);
        // What body i's motion needs (gravity included), from its parameters in its link frame.
        const Transform<double> Xl = link_in_body(m, ws, i).inverse();  // body frame in link frame
        const Vec6<double> needed = test::required_wrench(m, data, fws, L, m.mass[i], Xl.apply(m.com[i]),
                                                          Xl.R * m.inertia_com[i] * Xl.R.transpose(), s.q, s.v, s.a);
        EXPECT_LT(test::rel_diff(net, needed), 1e-10) << tm.label << " body " << i;
        ++bodies;
      }
    }
  }
  EXPECT_GT(bodies, 300);
}

TEST(Reactions, AxisComponentIsTheJointTorque) {
  std::mt19937_64 rng(3512);
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    Data data(m);
    ExternalForceWorkspace<double> ews(m);
    ReactionWorkspace<double> ws(m);
    const test::State s = test::random_state(m, rng);
    const std::vector<Force<double>> fext =
        external_forces_from_frame_wrenches(m, data, ews, s.q, random_wrenches(m, rng));
    const Loads<double> loads = test::body_loads(fext);
    const VecX<double> tau = rnea(m, data, s.q, s.v, s.a, &loads);
    const MatX<double>& W = joint_reactions(m, data, ws, s.q, s.v, s.a, &fext);
    const double scale = std::max(1.0, W.cwiseAbs().maxCoeff());
    for (int i = 0; i < m.dof; ++i) {
      const Transform<double> X = link_in_body(m, ws, i);
      const Vec3<double> axis = joint_axis_in_link(m, ws, i);
      const Vec3<double> f = W.col(i).head<3>(), n = W.col(i).tail<3>();
      // The moment about the body origin, on the joint axis (link axes).
      const Vec3<double> n_axis = n + (X.R.transpose() * X.p).cross(f);
      const double drive = m.joint_type[i] == JointType::kRevolute ? axis.dot(n_axis) : axis.dot(f);
      EXPECT_NEAR(drive, tau[i], 1e-11 * scale) << tm.label << " joint " << i;
      // URDF links, modified DH frames and the trees' links have their origin on the joint axis:
      // there the axis component of the reported moment itself is the torque.
      if (tm.label.rfind("dh_standard", 0) != 0 && tm.label != "puma560" && tm.label != "stanford") {
        EXPECT_LT(X.p.norm(), 1e-15) << tm.label;
        const double direct = m.joint_type[i] == JointType::kRevolute ? axis.dot(n) : axis.dot(f);
        EXPECT_NEAR(direct, tau[i], 1e-11 * scale) << tm.label << " joint " << i;
      }
    }
  }
}

TEST(Reactions, ALeafBodysReactionIsItsOwnInertialWrench) {
  std::mt19937_64 rng(3513);
  int leaves = 0;
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    Data data(m);
    FrameWorkspace<double> fws(m);
    ReactionWorkspace<double> ws(m);
    const test::State s = test::random_state(m, rng);
    const MatX<double> W = joint_reactions(m, data, ws, s.q, s.v, s.a);
    for (int i = 0; i < m.dof; ++i) {
      bool leaf = true;
      for (int c = i + 1; c < m.dof; ++c) leaf = leaf && m.parent[c] != i;
      if (!leaf) continue;
      // The leaf as a payload held by its own link frame: the gripper wrench of (3.5.17)-(3.5.19).
      const Transform<double> Xl = link_in_body(m, ws, i).inverse();
      Payload body;
      body.mass = m.mass[i];
      body.com = Xl.apply(m.com[i]);
      body.inertia = Xl.R * m.inertia_com[i] * Xl.R.transpose();
      const int L = ws.link_frame[i];
      const Vec6<double> expected = gripper_wrench(m, data, fws, L, body, s.q, s.v, s.a);
      const Mat3<double> R = data.oMf[L].R;
      Vec6<double> reaction;
      reaction << R * W.col(i).head<3>(), R * W.col(i).tail<3>();
      EXPECT_LT(test::rel_diff(reaction, expected), 1e-10) << tm.label << " body " << i;
      ++leaves;
    }
  }
  EXPECT_GT(leaves, 30);
}

// The torques a payload adds to the model are those of the wrench the gripper applies to it:
// tau(with_payload) - tau = J^T gripper_wrench (frame Jacobian, base axes).
TEST(GripperWrench, IsWhatThePayloadAddsToTheJointTorques) {
  std::mt19937_64 rng(3514);
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    const std::vector<int> frames = test::moving_frames(m);
    const int frame = frames[std::uniform_int_distribution<std::size_t>(0, frames.size() - 1)(rng)];
    const Payload p = test::random_payload(rng);
    const Model loaded = with_payload(m, frame, p);
    Data data(m), data_loaded(loaded);
    FrameWorkspace<double> fws(m);
    const test::State s = test::random_state(m, rng);
    const Vec6<double> W = gripper_wrench(m, data, fws, frame, p, s.q, s.v, s.a);
    const VecX<double> added =
        VecX<double>(rnea(loaded, data_loaded, s.q, s.v, s.a)) - VecX<double>(rnea(m, data, s.q, s.v, s.a));
    const VecX<double> expected = frame_jacobian(m, data, fws, frame, s.q).transpose() * W;
    EXPECT_LT(test::rel_diff(added, expected), 1e-10) << tm.label;
  }
}

TEST(GripperWrench, AtRestItCarriesTheWeightAndItsMoment) {
  Payload p;
  p.mass = 5;
  p.com = Vec3<double>(0.1, 0, 0);  // in the frame's axes
  p.inertia = Vec3<double>(0.1, 0.2, 0.25).asDiagonal();
  const Mat3<double> R = rot_z(std::numbers::pi / 2);  // the frame's x axis along base y
  const Vec6<double> W = gripper_wrench<double>(p, R, Vec6<double>::Zero(), Vec6<double>::Zero(),
                                                Vec3<double>(0, 0, -9.81));
  // F = -m g = (0, 0, 49.05); M = r x F with r = (0, 0.1, 0).
  Vec6<double> expected;
  expected << 0, 0, 49.05, 0.1 * 49.05, 0, 0;
  EXPECT_LT((W - expected).cwiseAbs().maxCoeff(), 1e-13);
  // Spinning at w about the frame's z axis through the origin, the centre of mass off the axis:
  // the force adds the centripetal m w^2 r towards the axis; about the com, w x I w = 0 here.
  Vec6<double> velocity = Vec6<double>::Zero();
  velocity(5) = 2.0;
  const Vec6<double> Ws = gripper_wrench<double>(p, R, velocity, Vec6<double>::Zero(), Vec3<double>::Zero());
  Vec6<double> spin;
  spin << 0, -5 * 4.0 * 0.1, 0, 0, 0, 0;
  EXPECT_LT((Ws - spin).cwiseAbs().maxCoeff(), 1e-13);
}

}  // namespace reactions_test
}  // namespace armdyn
