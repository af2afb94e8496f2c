// ModelBuilder (model/builder.hpp):
//   normalisation: for random chains with arbitrary joint origins, axes (not unit length) and
//   link placements, every body frame's z axis is its joint axis, and every link frame found by
//   forward kinematics equals the product origin * (rotation about / translation along the axis
//   by q) * link_in_joint, computed here with Eigen's AngleAxis;
//   fixed-joint merging: a welded link's mass, centre of mass and inertia are merged into its
//   moving parent as the parallel-axis theorem, written out here, says;
//   a welded link on the base only leaves a warning.
// Each comparison notices a perturbed input (an axis, a placement).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/builder.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace builder_test {

constexpr double kTol = 1e-12;

struct ChainJoint {
  JointSpec spec;
  LinkInertial inertial;
};

std::vector<ChainJoint> random_chain(std::mt19937_64& rng, int n) {
  std::vector<ChainJoint> out;
  for (int i = 0; i < n; ++i) {
    ChainJoint j;
    j.spec.name = "joint" + std::to_string(i + 1);
    j.spec.type = i % 3 == 2 ? JointType::kPrismatic : JointType::kRevolute;
    j.spec.origin = test::random_placement(rng);
    j.spec.axis = test::random_unit_vector(rng) * test::uniform(rng, 0.5, 2.0);
    j.spec.link_in_joint = test::random_placement(rng, 0.2);
    j.inertial = test::random_inertial(rng);
    out.push_back(j);
  }
  return out;
}

Model build(const std::vector<ChainJoint>& chain) {
  ModelBuilder b("builder_test", "chain");
  std::string parent = "base";
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const std::string link = "link" + std::to_string(i + 1);
    b.add_link(parent, chain[i].spec, link, chain[i].inertial);
    parent = link;
  }
  return b.build();
}

/// Link frame i in the base at q, as the product of the user's own placements.
std::vector<Transform<double>> link_frames(const std::vector<ChainJoint>& chain, const VecX<double>& q) {
  std::vector<Transform<double>> out;
  Transform<double> X = Transform<double>::identity();
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const JointSpec& j = chain[i].spec;
    const Vec3<double> u = j.axis / j.axis.norm();
    const double qi = q[static_cast<Eigen::Index>(i)];
    const Transform<double> motion = j.type == JointType::kRevolute
                                         ? Transform<double>::rotation(Eigen::AngleAxisd(qi, u).toRotationMatrix())
                                         : Transform<double>::translation(qi * u);
    X = X * j.origin * motion * j.link_in_joint;
    out.push_back(X);
  }
  return out;
}

double frame_error(const Model& model, const std::vector<Transform<double>>& expected, const VecX<double>& q) {
  Data data(model);
  forward_kinematics(model, data, q);
  double w = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const Transform<double>& X = data.oMf[model.frame_index("link" + std::to_string(i + 1))];
    w = std::max({w, (X.R - expected[i].R).cwiseAbs().maxCoeff(), (X.p - expected[i].p).cwiseAbs().maxCoeff()});
  }
  return w;
}

TEST(Builder, NormalisesEveryJointAxisToZ) {
  std::mt19937_64 rng(111);
  for (int trial = 0; trial < 30; ++trial) {
    const std::vector<ChainJoint> chain = random_chain(rng, 5);
    const Model model = build(chain);
    ASSERT_EQ(model.dof, 5);
    // Body frame i in body frame i-1 at q = 0: the joint origin, turned so that z is the axis.
    Transform<double> parent_link_in_body = Transform<double>::identity();
    for (int i = 0; i < model.dof; ++i) {
      const JointSpec& j = chain[static_cast<std::size_t>(i)].spec;
      const Vec3<double> axis_in_parent = parent_link_in_body.R * j.origin.R * j.axis.normalized();
      EXPECT_LT((model.tree[i].R * Vec3<double>::UnitZ() - axis_in_parent).cwiseAbs().maxCoeff(), kTol);
      EXPECT_LT((model.tree[i].p - parent_link_in_body.apply(j.origin.p)).cwiseAbs().maxCoeff(), kTol);
      EXPECT_EQ(model.joint_type[i], j.type);
      parent_link_in_body = test::frame_in_body(model, "link" + std::to_string(i + 1));
    }
    for (int s = 0; s < 4; ++s) {
      const VecX<double> q = test::random_vector(rng, 5, -2, 2);
      EXPECT_LT(frame_error(model, link_frames(chain, q), q), kTol);
      // Noticed: one axis turned by 1e-6 rad.
      std::vector<ChainJoint> off = chain;
      off[2].spec.axis = Eigen::AngleAxisd(1e-6, test::random_unit_vector(rng)) * off[2].spec.axis;
      EXPECT_GT(frame_error(model, link_frames(off, q), q), 1e-9);
    }
  }
}

TEST(Builder, KeepsInertiaInTheLinkFrame) {
  // The body's centre of mass and inertia, mapped back to the link frame, are the user's.
  std::mt19937_64 rng(112);
  const std::vector<ChainJoint> chain = random_chain(rng, 4);
  const Model model = build(chain);
  for (int i = 0; i < model.dof; ++i) {
    const LinkInertial& in = chain[static_cast<std::size_t>(i)].inertial;
    const Transform<double>& L = test::frame_in_body(model, "link" + std::to_string(i + 1));
    EXPECT_EQ(model.mass[i], in.mass);
    EXPECT_LT((L.inverse().apply(model.com[i]) - in.com).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((L.R.transpose() * model.inertia_com[i] * L.R - in.inertia).cwiseAbs().maxCoeff(), kTol);
    EXPECT_GT((L.inverse().apply(model.com[i]) - in.com - Vec3<double>(1e-6, 0, 0)).cwiseAbs().maxCoeff(), 1e-7);
  }
}

/// The inertia of two bodies (mass, com, inertia about the com, all in one frame) as one:
/// m = m1 + m2, c = (m1 c1 + m2 c2) / m, Ic = sum (Ic_k + m_k (|d_k|^2 E - d_k d_k^T)), d_k = c_k - c.
LinkInertial merged(const LinkInertial& a, const LinkInertial& b) {
  LinkInertial out;
  out.mass = a.mass + b.mass;
  out.com = (a.mass * a.com + b.mass * b.com) / out.mass;
  out.inertia = Mat3<double>::Zero();
  for (const LinkInertial* k : {&a, &b}) {
    const Vec3<double> d = k->com - out.com;
    out.inertia += k->inertia + k->mass * (d.squaredNorm() * Mat3<double>::Identity() - d * d.transpose());
  }
  return out;
}

TEST(Builder, MergesFixedLinksByTheParallelAxisTheorem) {
  std::mt19937_64 rng(113);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<ChainJoint> chain = random_chain(rng, 2);
    const LinkInertial welded = test::random_inertial(rng);
    const Transform<double> P = test::random_placement(rng, 0.3);  // welded link in link1
    auto build_with = [&](const Transform<double>& placement) {
      ModelBuilder b("builder_test", "welded");
      b.add_link("base", chain[0].spec, "link1", chain[0].inertial);
      b.add_fixed_link("link1", "weld", placement, "tool", welded);
      b.add_link("tool", chain[1].spec, "link2", chain[1].inertial);  // a moving link hangs from the welded one
      return b.build();
    };
    const Model model = build_with(P);
    ASSERT_EQ(model.dof, 2);
    // Expected, in link1's frame: link1's own inertial and the welded one carried by P.
    LinkInertial w_in_link1 = welded;
    w_in_link1.com = P.apply(welded.com);
    w_in_link1.inertia = P.R * welded.inertia * P.R.transpose();
    const LinkInertial expected = merged(chain[0].inertial, w_in_link1);
    const Transform<double>& L = test::frame_in_body(model, "link1");
    EXPECT_NEAR(model.mass[0], expected.mass, kTol);
    EXPECT_LT((L.inverse().apply(model.com[0]) - expected.com).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((L.R.transpose() * model.inertia_com[0] * L.R - expected.inertia).cwiseAbs().maxCoeff(), kTol);
    // The welded link's frame is kept, and link2 hangs from it.
    const Transform<double>& T = test::frame_in_body(model, "tool");
    EXPECT_LT((T.p - L.apply(P.p)).cwiseAbs().maxCoeff(), kTol);
    const VecX<double> q = test::random_vector(rng, 2, -2, 2);
    std::vector<ChainJoint> through = chain;
    through[1].spec.origin = P * chain[1].spec.origin;
    EXPECT_LT(frame_error(model, link_frames(through, q), q), kTol);
    // Noticed: the weld 1 mm off.
    const Model off = build_with(Transform<double>{P.R, P.p + Vec3<double>(1e-3, 0, 0)});
    EXPECT_GT((L.R.transpose() * off.inertia_com[0] * L.R - expected.inertia).cwiseAbs().maxCoeff(), 1e-7);
  }
}

TEST(Builder, IgnoresInertiaWeldedToTheBaseWithAWarning) {
  std::mt19937_64 rng(114);
  const std::vector<ChainJoint> chain = random_chain(rng, 1);
  ModelBuilder b("builder_test", "base_weld");
  b.add_fixed_link("base", "weld", test::random_placement(rng), "pedestal", test::random_inertial(rng));
  b.add_link("pedestal", chain[0].spec, "link1", chain[0].inertial);
  const Model model = b.build();
  ASSERT_EQ(model.warnings.size(), 1u);
  EXPECT_NE(model.warnings[0].find("pedestal"), std::string::npos);
  EXPECT_EQ(model.mass[0], chain[0].inertial.mass);
  ModelBuilder plain("builder_test", "plain");
  plain.add_link("base", chain[0].spec, "link1", chain[0].inertial);
  EXPECT_TRUE(plain.build().warnings.empty());
}

}  // namespace builder_test
}  // namespace armdyn
