// with_payload (armdyn/model/payload.hpp): the combined body by hand, the dynamics of the model
// with a payload against the bare model's and the payload's own Newton-Euler wrench, a zero
// payload changing nothing, and ModelErrors naming the frame.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/model/payload.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "dynamics/loads_test_util.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/state.hpp"

namespace armdyn {
namespace payload_test {

// One revolute joint about z carrying a 2 kg point-like link at x = 1 (link frame = body frame).
Model one_link() {
  ModelBuilder b("one_link", "one_link");
  JointSpec j;
  j.name = "j1";
  LinkInertial in;
  in.mass = 2;
  in.com = Vec3<double>(1, 0, 0);
  in.inertia = Vec3<double>(0.1, 0.2, 0.3).asDiagonal();
  b.add_link("base", j, "link1", in);
  b.add_fixed_link("link1", "tool_joint", Transform<double>{rot_z(0.5 * std::numbers::pi), Vec3<double>(2, 0, 0)},
                   "tool", LinkInertial{});
  return b.build();
}

TEST(Payload, CombinedMassCentreOfMassAndInertiaByHand) {
  const Model m = one_link();
  // 1 kg at the tool frame (x = 2 on the link), its centre of mass 0.5 m along the tool's x axis,
  // which is the link's y axis: at (2, 0.5, 0) in the body frame.
  Payload p;
  p.mass = 1;
  p.com = Vec3<double>(0.5, 0, 0);
  p.inertia = Vec3<double>(0.01, 0.02, 0.03).asDiagonal();
  const Model out = with_payload(m, m.frame_index("tool"), p);
  EXPECT_DOUBLE_EQ(out.mass[0], 3.0);
  EXPECT_NEAR((out.com[0] - Vec3<double>(4.0 / 3.0, 0.5 / 3.0, 0)).norm(), 0, 1e-15);
  // Each part's inertia about the common centre of mass C = (4/3, 1/6, 0): the link's at (1, 0, 0)
  // (offset d1 = (-1/3, -1/6, 0)), the payload's at (2, 0.5, 0) (d2 = (2/3, 1/3, 0)), its own
  // diagonal turned by 90 degrees about z (xx and yy swapped).
  auto shift = [](double mass, const Vec3<double>& d) {
    return Mat3<double>(mass * (d.squaredNorm() * Mat3<double>::Identity() - d * d.transpose()));
  };
  const Mat3<double> expected = Mat3<double>(Vec3<double>(0.1, 0.2, 0.3).asDiagonal()) +
                                shift(2, Vec3<double>(-1.0 / 3, -1.0 / 6, 0)) +
                                Mat3<double>(Vec3<double>(0.02, 0.01, 0.03).asDiagonal()) +
                                shift(1, Vec3<double>(2.0 / 3, 1.0 / 3, 0));
  EXPECT_LT((out.inertia_com[0] - expected).cwiseAbs().maxCoeff(), 1e-14);
  // The spatial inertia the algorithms read agrees with mass, com and inertia_com.
  const Inertia<double> I = Inertia<double>::from_com(out.mass[0], out.com[0], out.inertia_com[0]);
  EXPECT_NEAR(out.inertia[0].m, I.m, 1e-15);
  EXPECT_LT((out.inertia[0].h - I.h).norm(), 1e-14);
  EXPECT_LT((out.inertia[0].I - I.I).cwiseAbs().maxCoeff(), 1e-13);
  // Nothing else changes.
  EXPECT_EQ(out.frames.size(), m.frames.size());
  EXPECT_EQ(out.joint_names, m.joint_names);
}

// The model with a payload needs, beyond the bare model's torques, exactly the torques that hold
// the payload on its path: tau_payload = tau_bare + J^T W, W the payload's required wrench
// (Newton and Euler on the payload alone, from the frame's classical motion).
TEST(Payload, TorquesAreTheBareModelsPlusJacobianTransposeOfThePayloadsWrench) {
  std::mt19937_64 rng(2311);
  int checked = 0;
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& bare = tm.model;
    const std::vector<int> frames = test::moving_frames(bare);
    Data d_bare(bare);
    FrameWorkspace<double> ws(bare);
    for (int trial = 0; trial < 3; ++trial) {
      const int frame = frames[std::uniform_int_distribution<std::size_t>(0, frames.size() - 1)(rng)];
      const Payload p = test::random_payload(rng);
      const Model loaded = with_payload(bare, frame, p);
      Data d_loaded(loaded);
      const test::State s = test::random_state(bare, rng);
      const VecX<double> tau_bare = rnea(bare, d_bare, s.q, s.v, s.a);
      const VecX<double> tau_loaded = rnea(loaded, d_loaded, s.q, s.v, s.a);
      const Vec6<double> W = test::required_wrench(bare, d_bare, ws, frame, p.mass, p.com, p.inertia, s.q, s.v, s.a);
      const MatX<double> J = frame_jacobian(bare, d_bare, ws, frame, s.q);
      const VecX<double> expected = tau_bare + J.transpose() * W;
      EXPECT_LT(test::rel_diff(tau_loaded, expected), 1e-10) << tm.label << " frame " << bare.frames[frame].name;
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(Payload, ZeroPayloadChangesNothingBitForBit) {
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    for (int frame : test::moving_frames(m)) {
      Payload p;
      p.com = Vec3<double>(0.3, -0.2, 0.1);  // no mass: where it sits does not matter
      const Model out = with_payload(m, frame, p);
      for (int i = 0; i < m.dof; ++i) {
        EXPECT_EQ(out.mass[i], m.mass[i]) << tm.label;
        EXPECT_EQ(out.com[i], m.com[i]) << tm.label;
        EXPECT_EQ(out.inertia_com[i], m.inertia_com[i]) << tm.label;
        EXPECT_EQ(out.inertia[i].m, m.inertia[i].m) << tm.label;
        EXPECT_EQ(out.inertia[i].h, m.inertia[i].h) << tm.label;
        EXPECT_EQ(out.inertia[i].I, m.inertia[i].I) << tm.label;
      }
    }
  }
}

std::string error_of(const Model& m, const std::string& frame, const Payload& p) {
  try {
    with_payload(m, m.frame_index(frame), p);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

TEST(Payload, RefusesABaseFrameAndANonPhysicalPayloadNamingTheFrame) {
  const Model m = one_link();
  Payload ok;
  ok.mass = 1;
  EXPECT_EQ(error_of(m, "tool", ok), "");
  EXPECT_NE(error_of(m, "base", ok).find("payload at frame 'base': the frame is fixed to the base"), std::string::npos)
      << error_of(m, "base", ok);
  Payload bad = ok;
  bad.mass = -1;
  EXPECT_EQ(error_of(m, "tool", bad), "one_link: payload at frame 'tool': mass: must be >= 0, got -1");
  bad.mass = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(error_of(m, "tool", bad), "one_link: payload at frame 'tool': mass: must be finite, got nan");
  bad = ok;
  bad.com.y() = std::numeric_limits<double>::infinity();
  EXPECT_EQ(error_of(m, "tool", bad), "one_link: payload at frame 'tool': com: must be finite, got inf");
  bad.com.y() = -2e50;
  EXPECT_EQ(error_of(m, "tool", bad), "one_link: payload at frame 'tool': com: must be at most 1e50 in magnitude, got -2e+50");
  bad = ok;
  bad.inertia = Vec3<double>(0.1, 0.1, 0.5).asDiagonal();  // 0.1 + 0.1 < 0.5
  EXPECT_NE(error_of(m, "link1", bad).find("payload at frame 'link1': inertia: principal moments"), std::string::npos)
      << error_of(m, "link1", bad);
  bad = ok;
  bad.inertia(0, 1) = 0.1;  // not symmetric
  EXPECT_NE(error_of(m, "tool", bad).find("inertia tensor is not symmetric"), std::string::npos);
  bad = ok;
  bad.inertia = -Mat3<double>::Identity();
  EXPECT_NE(error_of(m, "tool", bad).find("not positive semi-definite"), std::string::npos);
  EXPECT_THROW(with_payload(m, 99, ok), ModelError);
  EXPECT_THROW(with_payload(m, -1, ok), ModelError);
}

}  // namespace payload_test
}  // namespace armdyn
