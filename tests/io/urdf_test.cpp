// URDF loading (src/io/urdf.cpp): rotated inertial frames, fixed joints, joint axes off z,
// continuous and prismatic joints, refused joint kinds, malformed input and the joint order.
//
// Every equivalence compares the loaded model with a second URDF of the same robot written by
// hand (frames composed, inertias rotated and merged in this file with Eigen, not with armdyn's
// helpers), to 1e-12 relative, and is paired with a sensitivity check: the same comparison
// against a deliberately wrong hand-made model must fail.
#include <gtest/gtest.h>


#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "support/temp_dir.hpp"
#include "support/test_util.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace urdf_test {

using V3 = Eigen::Vector3d;
using M3 = Eigen::Matrix3d;
using Iso = Eigen::Isometry3d;

constexpr double kEquivalent = 1e-12;  // two descriptions of one robot
constexpr double kDifferent = 1e-6;    // a wrong description must be at least this far off

// ---------------------------------------------------------------------------------------------
// A small URDF writer. Numbers are written with 17 significant digits, so the file holds exactly
// the doubles computed here.

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string triple(const V3& v) { return num(v.x()) + " " + num(v.y()) + " " + num(v.z()); }

/// URDF's R = Rz(yaw) Ry(pitch) Rx(roll), from Eigen's angle-axis rotations.
M3 rpy_matrix(const V3& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), V3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), V3::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), V3::UnitX()))
      .toRotationMatrix();
}
/// Roll, pitch, yaw of R (|pitch| < pi/2).
V3 rpy_of(const M3& R) {
  return V3(std::atan2(R(2, 1), R(2, 2)), std::atan2(-R(2, 0), std::hypot(R(0, 0), R(1, 0))),
            std::atan2(R(1, 0), R(0, 0)));
}
Iso pose(const V3& xyz, const V3& rpy) {
  Iso T = Iso::Identity();
  T.linear() = rpy_matrix(rpy);
  T.translation() = xyz;
  return T;
}
Iso rotation(const M3& R) {
  Iso T = Iso::Identity();
  T.linear() = R;
  return T;
}

struct UInertial {
  double mass = 0;
  V3 xyz = V3::Zero(), rpy = V3::Zero();
  M3 I = M3::Zero();  // about the centre of mass, in the inertial frame (origin rpy)
};
struct ULink {
  std::string name;
  std::optional<UInertial> inertial;
};
struct UJoint {
  UJoint() = default;
  UJoint(std::string n, std::string t, std::string p, std::string c, V3 o = V3::Zero(), V3 r = V3::Zero(),
         V3 a = V3::UnitZ())
      : name(std::move(n)), type(std::move(t)), parent(std::move(p)), child(std::move(c)), xyz(o), rpy(r), axis(a) {}
  std::string name, type = "revolute", parent, child;
  V3 xyz = V3::Zero(), rpy = V3::Zero(), axis = V3::UnitZ();
  std::string limit = "<limit lower=\"-3\" upper=\"3\" effort=\"100\" velocity=\"10\"/>";
  std::string extra;  // e.g. a <mimic> element
  Iso origin() const { return pose(xyz, rpy); }
};

std::string to_urdf(const std::string& robot, const std::vector<ULink>& links,
                    const std::vector<UJoint>& joints) {
  std::string out = "<?xml version=\"1.0\"?>\n<robot name=\"" + robot + "\">\n";
  for (const ULink& l : links) {
    out += "  <link name=\"" + l.name + "\">";
    if (l.inertial) {
      const UInertial& in = *l.inertial;
      out += "\n    <inertial>\n      <origin xyz=\"" + triple(in.xyz) + "\" rpy=\"" + triple(in.rpy) +
             "\"/>\n      <mass value=\"" + num(in.mass) + "\"/>\n      <inertia ixx=\"" + num(in.I(0, 0)) +
             "\" ixy=\"" + num(in.I(0, 1)) + "\" ixz=\"" + num(in.I(0, 2)) + "\" iyy=\"" + num(in.I(1, 1)) +
             "\" iyz=\"" + num(in.I(1, 2)) + "\" izz=\"" + num(in.I(2, 2)) + "\"/>\n    </inertial>\n  ";
    }
    out += "</link>\n";
  }
  for (const UJoint& j : joints) {
    out += "  <joint name=\"" + j.name + "\" type=\"" + j.type + "\">\n    <parent link=\"" + j.parent +
           "\"/>\n    <child link=\"" + j.child + "\"/>\n    <origin xyz=\"" + triple(j.xyz) + "\" rpy=\"" +
           triple(j.rpy) + "\"/>\n";
    if (j.type != "fixed" && j.type != "floating") out += "    <axis xyz=\"" + triple(j.axis) + "\"/>\n";
    if (j.type == "revolute" || j.type == "prismatic" || j.type == "continuous") out += "    " + j.limit + "\n";
    out += j.extra + "  </joint>\n";
  }
  return out + "</robot>\n";
}

// Random physical data.
M3 random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  Eigen::Quaterniond q(n(rng), n(rng), n(rng), n(rng));
  return q.normalized().toRotationMatrix();
}
V3 uniform3(std::mt19937_64& rng, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  return V3(u(rng), u(rng), u(rng));
}
/// A full (non-diagonal) rotational inertia of a solid box of mass m, turned at random.
M3 random_inertia(std::mt19937_64& rng, double m) {
  const V3 d = uniform3(rng, 0.05, 0.4);
  const V3 p(m * (d.y() * d.y() + d.z() * d.z()) / 12, m * (d.x() * d.x() + d.z() * d.z()) / 12,
             m * (d.x() * d.x() + d.y() * d.y()) / 12);
  const M3 Q = random_rotation(rng);
  const M3 I = Q * p.asDiagonal() * Q.transpose();
  return 0.5 * (I + I.transpose());
}
UInertial random_inertial(std::mt19937_64& rng, bool with_rpy) {
  std::uniform_real_distribution<double> u(0.3, 3.0);
  UInertial in;
  in.mass = u(rng);
  in.xyz = uniform3(rng, -0.2, 0.2);
  if (with_rpy) in.rpy = uniform3(rng, -1.5, 1.5);
  in.I = random_inertia(rng, in.mass);
  return in;
}

// ---------------------------------------------------------------------------------------------
// Dynamics of two models side by side.

struct Dyn {
  VecX<double> tau, c, g, qdd;
  MatX<double> M;
};

Dyn dynamics(const Model& model, const VecX<double>& q, const VecX<double>& v, const VecX<double>& a,
             const VecX<double>& tau) {
  Data data(model);
  Dyn d;
  d.tau = rnea(model, data, q, v, a);
  d.M = crba(model, data, q);
  d.c = nonlinear_effects(model, data, q, v);
  d.g = gravity_torque(model, data, q);
  d.qdd = forward_dynamics(model, data, q, v, tau);
  return d;
}

/// The largest relative disagreement of tau, M, c, g and qdd over `states` random states.
double worst_disagreement(const Model& a, const Model& b, int states = 10, std::uint64_t seed = 1) {
  EXPECT_EQ(a.dof, b.dof);
  if (a.dof != b.dof) return INFINITY;
  std::mt19937_64 rng(seed);
  double worst = 0;
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = test::random_vector(rng, a.dof, -3, 3), v = test::random_vector(rng, a.dof, -2, 2),
                       acc = test::random_vector(rng, a.dof, -2, 2), tau = test::random_vector(rng, a.dof, -5, 5);
    const Dyn x = dynamics(a, q, v, acc, tau), y = dynamics(b, q, v, acc, tau);
    worst = std::max({worst, test::rel_diff(x.tau, y.tau), test::rel_diff(x.M, y.M), test::rel_diff(x.c, y.c),
                      test::rel_diff(x.g, y.g), test::rel_diff(x.qdd, y.qdd)});
  }
  return worst;
}

double pose_diff(const Transform<double>& X, const Iso& T) { return (X.matrix() - T.matrix()).cwiseAbs().maxCoeff(); }

using test::TempDir;

/// what() of the InputError `f` throws ("" when it throws nothing).
template <class F> std::string error_of(F&& f) {
  return test::refusal([&] { f(); });
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---------------------------------------------------------------------------------------------
// 1. <inertial><origin rpy> turns the tensor: I = R I' R^T with R = Rz(y) Ry(p) Rx(r).

struct RotatedInertials {
  std::vector<ULink> links;
  std::vector<UJoint> joints;
};

RotatedInertials rotated_inertials_robot(std::mt19937_64& rng) {
  RotatedInertials r;
  r.links.push_back({"base", std::nullopt});
  const V3 axes[] = {V3::UnitZ(), V3::UnitY(), V3::UnitX(), V3(0.3, -0.5, 0.8)};
  for (int k = 1; k <= 4; ++k) {
    UJoint j;
    j.name = "j" + std::to_string(k);
    j.parent = k == 1 ? "base" : "l" + std::to_string(k - 1);
    j.child = "l" + std::to_string(k);
    j.xyz = uniform3(rng, -0.3, 0.3);
    j.rpy = uniform3(rng, -1.2, 1.2);
    j.axis = axes[k - 1];
    r.joints.push_back(j);
    r.links.push_back({j.child, random_inertial(rng, true)});
  }
  return r;
}

TEST(UrdfInertialOrigin, RpyRotatesTheFullTensor) {
  std::mt19937_64 rng(2024);
  const RotatedInertials r = rotated_inertials_robot(rng);
  RotatedInertials pre = r, ignored = r;
  for (std::size_t k = 1; k < r.links.size(); ++k) {
    const UInertial& in = *r.links[k].inertial;
    ASSERT_GT((in.I - M3(in.I.diagonal().asDiagonal())).cwiseAbs().maxCoeff(), 1e-4);  // full tensor
    ASSERT_GT(in.rpy.cwiseAbs().minCoeff(), 1e-3);                                      // all three angles
    const M3 R = rpy_matrix(in.rpy);
    pre.links[k].inertial->I = R * in.I * R.transpose();  // rotated by hand
    pre.links[k].inertial->rpy = V3::Zero();
    ignored.links[k].inertial->rpy = V3::Zero();  // the error the loader must not make
  }
  const Model a = load_urdf_string(to_urdf("rot", r.links, r.joints), "rot.urdf");
  const Model b = load_urdf_string(to_urdf("rot", pre.links, pre.joints), "pre.urdf");
  const Model c = load_urdf_string(to_urdf("rot", ignored.links, ignored.joints), "ignored.urdf");
  ASSERT_EQ(a.dof, 4);
  const double same = worst_disagreement(a, b, 20);
  EXPECT_LE(same, kEquivalent);
  std::cout << "[ info ] inertial rpy vs tensor rotated by hand, worst relative difference: " << same << "\n";
  // Sensitivity: reading the tensor in the link frame (ignoring rpy) is noticeably wrong.
  EXPECT_GT(worst_disagreement(a, c, 20), kDifferent);
}

// The inertial origin's rpy of a link reached through fixed joints counts too (see the fixed-joint
// test for the merging itself): rotating the tensor of a single-link robot about its com by 90 deg
// about z swaps Ixx and Iyy.
TEST(UrdfInertialOrigin, QuarterTurnSwapsPrincipalMoments) {
  UInertial in;
  in.mass = 2;
  in.xyz = V3(0.1, 0.2, 0.3);
  in.I = V3(0.01, 0.02, 0.03).asDiagonal();
  UInertial turned = in;
  turned.rpy = V3(0, 0, M_PI / 2);
  UInertial swapped = in;
  swapped.I = V3(0.02, 0.01, 0.03).asDiagonal();
  UJoint j{"j", "revolute", "base", "l"};
  j.axis = V3::UnitX();
  const auto make = [&](const UInertial& i) { return load_urdf_string(to_urdf("one", {{"base", {}}, {"l", i}}, {j}), "one.urdf"); };
  EXPECT_LE(worst_disagreement(make(turned), make(swapped)), kEquivalent);
  EXPECT_GT(worst_disagreement(make(turned), make(in)), kDifferent);
}

// ---------------------------------------------------------------------------------------------
// 2. Fixed joints: merged inertia, kept frames, the fixed base.

struct Body {
  double m;
  V3 c;  // in the common frame
  M3 I;  // about c, axes of the common frame
};
/// The inertial block of a link whose frame sits at T in the common frame.
Body in_frame(const UInertial& in, const Iso& T) {
  const M3 R = T.linear() * rpy_matrix(in.rpy);
  return Body{in.mass, T * in.xyz, R * in.I * R.transpose()};
}
/// Parallel-axis theorem: one rigid body equivalent to several, about its centre of mass.
UInertial merge(const std::vector<Body>& bodies) {
  UInertial out;
  V3 mc = V3::Zero();
  for (const Body& b : bodies) {
    out.mass += b.m;
    mc += b.m * b.c;
  }
  out.xyz = mc / out.mass;
  for (const Body& b : bodies) {
    const V3 d = b.c - out.xyz;
    out.I += b.I + b.m * (d.squaredNorm() * M3::Identity() - d * d.transpose());
  }
  out.I = 0.5 * (out.I + out.I.transpose());
  return out;
}

UInertial inertial(double m, const V3& xyz, const V3& rpy, const M3& I) { return UInertial{m, xyz, rpy, I}; }
M3 full(double xx, double yy, double zz, double xy, double xz, double yz) {
  M3 I;
  I << xx, xy, xz, xy, yy, yz, xz, yz, zz;
  return I;
}

/// A three-joint arm with a massive root, a massive link welded to the root, two fixed links in
/// series (both with mass, offsets, rotations and inertial rpy) carrying the next moving joint, a
/// side frame, and a two-link fixed tool.
struct FixedRobot {
  std::vector<ULink> links;
  std::vector<UJoint> joints;
  const UJoint& joint(const std::string& name) const {
    for (const UJoint& j : joints)
      if (j.name == name) return j;
    throw std::logic_error(name);
  }
  const UInertial& in(const std::string& name) const {
    for (const ULink& l : links)
      if (l.name == name) return *l.inertial;
    throw std::logic_error(name);
  }
};

FixedRobot fixed_robot() {
  FixedRobot r;
  const auto J = [](std::string name, std::string type, std::string parent, std::string child, V3 xyz, V3 rpy,
                    V3 axis = V3::UnitZ()) {
    UJoint j{name, type, parent, child, xyz, rpy, axis};
    return j;
  };
  r.links = {
      {"base", inertial(7.0, V3(0.1, 0, 0.05), V3(0.2, 0, 0), full(0.3, 0.4, 0.5, 0.01, 0, 0))},
      {"pedestal", inertial(2.0, V3(0, 0, 0.1), V3::Zero(), full(0.02, 0.02, 0.01, 0, 0, 0))},
      {"l1", inertial(1.5, V3(0.05, 0.02, 0.1), V3(0.1, 0.2, -0.3), full(0.012, 0.015, 0.008, 0.001, -0.0005, 0.0007))},
      {"fa", inertial(0.8, V3(0.03, -0.02, 0.04), V3(-0.5, 0.3, 0.9), full(0.004, 0.006, 0.005, 0.0004, 0.0002, -0.0003))},
      {"fb", inertial(0.5, V3(-0.01, 0.05, 0.02), V3(1.1, -0.4, 0.2), full(0.002, 0.003, 0.0035, -0.0002, 0.0001, 0.0002))},
      {"fc", std::nullopt},
      {"l2", inertial(1.2, V3(0.15, 0, 0.01), V3::Zero(), full(0.003, 0.02, 0.021, 0.0002, 0.0001, -0.0001))},
      {"l3", inertial(0.9, V3(0, 0.1, 0.02), V3(0, 0.4, 0), full(0.01, 0.002, 0.011, 0.0003, 0, 0.0002))},
      {"tool", inertial(0.3, V3(0, 0, 0.05), V3(0.3, 0.3, 0.3), full(0.0008, 0.0009, 0.0004, 0.0001, 0, 0))},
      {"tcp", std::nullopt},
  };
  r.joints = {
      J("pedestal_joint", "fixed", "base", "pedestal", V3(0, 0, 0.2), V3(0, 0, 0.3)),
      J("j1", "revolute", "pedestal", "l1", V3(0.01, 0.02, 0.1), V3(0.1, -0.2, 0.3)),
      J("f1", "fixed", "l1", "fa", V3(0.2, 0.05, -0.03), V3(0.4, 0.1, -0.5)),
      J("f2", "fixed", "fa", "fb", V3(0.0, 0.1, 0.05), V3(-0.3, 0.6, 0.2)),
      J("f3", "fixed", "l1", "fc", V3(-0.1, 0, 0.2), V3(0, 1.0, 0)),
      J("j2", "revolute", "fb", "l2", V3(0.05, 0, 0.1), V3(0.7, 0, -0.2), V3::UnitY()),
      J("j3", "revolute", "l2", "l3", V3(0.3, 0, 0), V3(0, 0, 0.5), V3::UnitX()),
      J("f4", "fixed", "l3", "tool", V3(0, 0.2, 0), V3(-1.57, 0, 0)),
      J("f5", "fixed", "tool", "tcp", V3(0, 0, 0.1), V3(0, 0, 0.785)),
  };
  return r;
}

/// The same robot without fixed joints: origins composed and inertias merged by hand.
std::string merged_by_hand(const FixedRobot& r, bool wrong_merge = false) {
  const Iso Tf1 = r.joint("f1").origin(), Tf2 = r.joint("f2").origin(), Tf4 = r.joint("f4").origin();
  UInertial l1 = merge({in_frame(r.in("l1"), Iso::Identity()), in_frame(r.in("fa"), Tf1),
                        in_frame(r.in("fb"), Tf1 * Tf2)});
  if (wrong_merge) l1 = merge({in_frame(r.in("l1"), Iso::Identity()), in_frame(r.in("fa"), Tf1), in_frame(r.in("fb"), Tf2)});
  const UInertial l3 = merge({in_frame(r.in("l3"), Iso::Identity()), in_frame(r.in("tool"), Tf4)});
  const auto composed = [](UJoint j, const Iso& before) {
    const Iso T = before * j.origin();
    j.xyz = T.translation();
    j.rpy = rpy_of(T.linear());
    return j;
  };
  UJoint j1 = composed(r.joint("j1"), r.joint("pedestal_joint").origin());
  j1.parent = "base";
  UJoint j2 = composed(r.joint("j2"), Tf1 * Tf2);
  j2.parent = "l1";
  return to_urdf("merged", {{"base", std::nullopt}, {"l1", l1}, {"l2", r.in("l2")}, {"l3", l3}},
                 {j1, j2, r.joint("j3")});
}

TEST(UrdfFixedJoints, InertiaMergedLikeTheParallelAxisTheorem) {
  const FixedRobot r = fixed_robot();
  const Model a = load_urdf_string(to_urdf("fixed", r.links, r.joints), "fixed.urdf");
  const Model b = load_urdf_string(merged_by_hand(r), "merged.urdf");
  ASSERT_EQ(a.dof, 3);
  EXPECT_EQ(a.joint_names, (std::vector<std::string>{"j1", "j2", "j3"}));
  EXPECT_EQ(a.body_names, (std::vector<std::string>{"l1", "l2", "l3"}));
  const double same = worst_disagreement(a, b, 20);
  EXPECT_LE(same, kEquivalent);
  std::cout << "[ info ] fixed joints vs merged by hand, worst relative difference: " << same << "\n";
  // Sensitivity: merging fb at the wrong place (its own joint origin only) is noticed.
  EXPECT_GT(worst_disagreement(a, load_urdf_string(merged_by_hand(r, true), "wrong.urdf"), 20), kDifferent);
  // ... and so is a 0.1 % change of a fixed link's mass.
  FixedRobot light = r;
  light.links[4].inertial->mass *= 1.001;  // fb
  EXPECT_GT(worst_disagreement(a, load_urdf_string(to_urdf("fixed", light.links, light.joints), "light.urdf"), 20),
            kDifferent);
}

TEST(UrdfFixedJoints, RootInertiaIsIgnoredWithAWarning) {
  const FixedRobot r = fixed_robot();
  FixedRobot bare = r;
  bare.links[0].inertial.reset();   // massless root
  bare.links[1].inertial.reset();   // massless link welded to the root
  const Model a = load_urdf_string(to_urdf("fixed", r.links, r.joints), "fixed.urdf");
  const Model b = load_urdf_string(to_urdf("fixed", bare.links, bare.joints), "bare.urdf");
  EXPECT_EQ(worst_disagreement(a, b, 10), 0.0);  // bit for bit: nothing of it enters the model
  for (int i = 0; i < a.dof; ++i) {
    EXPECT_EQ(a.inertia[i].m, b.inertia[i].m);
    EXPECT_EQ(a.inertia[i].h, b.inertia[i].h);
    EXPECT_EQ(a.inertia[i].I, b.inertia[i].I);
  }
  ASSERT_EQ(a.warnings.size(), 2u);
  EXPECT_TRUE(contains(a.warnings[0], "'base'") && contains(a.warnings[0], "ignored")) << a.warnings[0];
  EXPECT_TRUE(contains(a.warnings[0], "7")) << a.warnings[0];  // the mass it ignores
  EXPECT_TRUE(contains(a.warnings[1], "'pedestal'") && contains(a.warnings[1], "ignored")) << a.warnings[1];
  EXPECT_TRUE(b.warnings.empty());
}

TEST(UrdfFixedJoints, FixedLinksAreNamedFramesAtTheRightPlace) {
  const FixedRobot r = fixed_robot();
  const Model m = load_urdf_string(to_urdf("fixed", r.links, r.joints), "fixed.urdf");
  // Every link is a frame, on the body it is welded to.
  const std::vector<std::pair<std::string, int>> expected_body = {
      {"base", -1}, {"pedestal", -1}, {"l1", 0}, {"fa", 0}, {"fb", 0}, {"fc", 0},
      {"l2", 1},    {"l3", 2},        {"tool", 2}, {"tcp", 2}};
  ASSERT_EQ(m.frames.size(), expected_body.size());
  for (const auto& [name, body] : expected_body) {
    const int k = m.frame_index(name);
    ASSERT_GE(k, 0) << name;
    EXPECT_EQ(m.frames[k].body, body) << name;
  }
  Data data(m);
  std::mt19937_64 rng(5);
  double worst = 0, wrong = INFINITY;
  for (int s = 0; s < 10; ++s) {
    const VecX<double> q = test::random_vector(rng, 3, -3, 3);
    forward_kinematics(m, data, q);
    const auto joint = [&](const std::string& name, int i) {
      const UJoint& j = r.joint(name);
      return j.origin() * rotation(Eigen::AngleAxisd(q[i], j.axis.normalized()).toRotationMatrix());
    };
    std::map<std::string, Iso> T;
    T["base"] = Iso::Identity();
    T["pedestal"] = r.joint("pedestal_joint").origin();
    T["l1"] = T["pedestal"] * joint("j1", 0);
    T["fa"] = T["l1"] * r.joint("f1").origin();
    T["fb"] = T["fa"] * r.joint("f2").origin();
    T["fc"] = T["l1"] * r.joint("f3").origin();
    T["l2"] = T["fb"] * joint("j2", 1);
    T["l3"] = T["l2"] * joint("j3", 2);
    T["tool"] = T["l3"] * r.joint("f4").origin();
    T["tcp"] = T["tool"] * r.joint("f5").origin();
    for (const auto& [name, X] : T) worst = std::max(worst, pose_diff(data.oMf[m.frame_index(name)], X));
    // Sensitivity: the tcp frame is not the tool frame.
    wrong = std::min(wrong, pose_diff(data.oMf[m.frame_index("tcp")], T["tool"]));
  }
  EXPECT_LE(worst, 1e-12);
  EXPECT_GT(wrong, kDifferent);
}

// ---------------------------------------------------------------------------------------------
// 3. Joint axes off z: equivalent to the same robot with every link frame turned so that the
// axis becomes z (URDF B), for revolute and prismatic joints.

struct AxisCase {
  std::string name;
  V3 axis;
  std::string type;
};

void PrintTo(const AxisCase& c, std::ostream* os) { *os << c.name; }  // readable ctest names

class UrdfAxes : public ::testing::TestWithParam<AxisCase> {};

TEST_P(UrdfAxes, EquivalentToTheAxisTurnedOntoZ) {
  const AxisCase& c = GetParam();
  std::mt19937_64 rng(77);
  const V3 unit = c.axis.normalized();
  // Ra: a rotation taking z onto the axis, by Gram-Schmidt (not armdyn's rotation_z_to).
  const V3 seed = std::abs(unit.x()) < 0.9 ? V3::UnitX() : V3::UnitY();
  const V3 x = (seed - seed.dot(unit) * unit).normalized();
  M3 Ra;
  Ra << x, unit.cross(x), unit;
  ASSERT_LE((Ra * Ra.transpose() - M3::Identity()).cwiseAbs().maxCoeff(), 1e-15);
  ASSERT_NEAR(Ra.determinant(), 1.0, 1e-15);
  std::vector<ULink> la{{"base", std::nullopt}}, lb{{"base", std::nullopt}};
  std::vector<UJoint> ja, jb;
  for (int k = 1; k <= 3; ++k) {
    UJoint j;
    j.name = "j" + std::to_string(k);
    j.type = k == 2 ? c.type : "revolute";  // the case's kind in the middle, revolute around it
    j.parent = k == 1 ? "base" : "l" + std::to_string(k - 1);
    j.child = "l" + std::to_string(k);
    j.xyz = uniform3(rng, -0.3, 0.3);
    j.rpy = uniform3(rng, -1.2, 1.2);
    j.axis = c.axis;
    ja.push_back(j);
    // B: link frame k turned by Ra; the joint origin is seen from the turned parent frame.
    const Iso T = (k == 1 ? Iso::Identity() : rotation(Ra.transpose())) * j.origin() * rotation(Ra);
    UJoint jt = j;
    jt.xyz = T.translation();
    jt.rpy = rpy_of(T.linear());
    jt.axis = V3::UnitZ();
    jb.push_back(jt);
    const UInertial in = random_inertial(rng, true);
    la.push_back({j.child, in});
    const Body body = in_frame(in, rotation(Ra.transpose()));
    lb.push_back({j.child, UInertial{in.mass, body.c, V3::Zero(), body.I}});
  }
  const Model a = load_urdf_string(to_urdf("axes", la, ja), "axes.urdf");
  const Model b = load_urdf_string(to_urdf("axes", lb, jb), "z.urdf");
  ASSERT_EQ(a.dof, 3);
  EXPECT_EQ(a.joint_type[1], c.type == "prismatic" ? JointType::kPrismatic : JointType::kRevolute);
  EXPECT_LE(worst_disagreement(a, b, 20), kEquivalent) << c.name;

  // Frames: link k of A = link k of B turned back by Ra^T.
  Data da(a), db(b);
  std::mt19937_64 srng(3);
  double worst = 0;
  for (int s = 0; s < 5; ++s) {
    const VecX<double> q = test::random_vector(srng, 3, -2, 2);
    forward_kinematics(a, da, q);
    forward_kinematics(b, db, q);
    for (const char* link : {"l1", "l2", "l3"}) {
      const Transform<double>& A = da.oMf[a.frame_index(link)];
      const Transform<double>& B = db.oMf[b.frame_index(link)];
      worst = std::max({worst, (A.p - B.p).cwiseAbs().maxCoeff(), (A.R - B.R * Ra.transpose()).cwiseAbs().maxCoeff()});
    }
  }
  EXPECT_LE(worst, 1e-12) << c.name;

  // Sensitivity: the same URDF with the axis along z instead is a different robot.
  std::vector<UJoint> jz = ja;
  for (UJoint& j : jz) j.axis = V3::UnitZ();
  if ((unit - V3::UnitZ()).norm() > 1e-3) {
    EXPECT_GT(worst_disagreement(a, load_urdf_string(to_urdf("axes", la, jz), "zz.urdf"), 20), kDifferent) << c.name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Axes, UrdfAxes,
    ::testing::Values(AxisCase{"x", V3::UnitX(), "revolute"}, AxisCase{"y", V3::UnitY(), "revolute"},
                      AxisCase{"minus_z", -V3::UnitZ(), "revolute"}, AxisCase{"minus_x", -V3::UnitX(), "revolute"},
                      AxisCase{"unit", V3(0.48, -0.6, 0.64), "revolute"},
                      AxisCase{"non_unit", V3(0.3, -1.2, 0.5), "revolute"},
                      AxisCase{"nearly_minus_z", V3(0.01, 0.02, -1.0), "revolute"},
                      AxisCase{"continuous_y", V3::UnitY(), "continuous"},
                      AxisCase{"prismatic_x", V3::UnitX(), "prismatic"},
                      AxisCase{"prismatic_minus_z", -V3::UnitZ(), "prismatic"},
                      AxisCase{"prismatic_non_unit", V3(2.0, 1.0, -2.0), "prismatic"}),
    [](const ::testing::TestParamInfo<AxisCase>& i) { return i.param.name; });

// A non-unit axis means its direction: "0 0 2" is "0 0 1" exactly.
TEST(UrdfAxesScale, NonUnitAxisIsItsDirection) {
  std::mt19937_64 rng(8);
  const UInertial in = random_inertial(rng, true);
  for (const char* type : {"revolute", "prismatic"}) {
    UJoint j{"j", type, "base", "l"};
    j.rpy = V3(0.1, 0.2, 0.3);
    UJoint j2 = j;
    j2.axis = V3(0, 0, 2.5);
    const Model a = load_urdf_string(to_urdf("s", {{"base", {}}, {"l", in}}, {j}), "a.urdf");
    const Model b = load_urdf_string(to_urdf("s", {{"base", {}}, {"l", in}}, {j2}), "b.urdf");
    EXPECT_LE(worst_disagreement(a, b), kEquivalent) << type;
  }
}

// A prismatic joint alone: the link slides by q along the unit axis, and the force it needs is
// m (qdd - g . a) (a the unit axis in the base frame).
TEST(UrdfPrismatic, SlidesAlongTheAxisAndNeedsTheRightForce) {
  std::mt19937_64 rng(9);
  const UInertial in = random_inertial(rng, true);
  UJoint j{"slide", "prismatic", "base", "carriage"};
  j.xyz = V3(0.1, -0.2, 0.3);
  j.rpy = V3(0.4, -0.5, 0.6);
  j.axis = V3(1, 2, 2);  // |axis| = 3
  const Model m = load_urdf_string(to_urdf("p", {{"base", {}}, {"carriage", in}}, {j}), "p.urdf");
  ASSERT_EQ(m.dof, 1);
  EXPECT_EQ(m.joint_type[0], JointType::kPrismatic);
  const V3 a = j.origin().linear() * j.axis / 3.0;  // unit axis in the base frame
  Data data(m);
  for (double q : {-0.4, 0.0, 0.25}) {
    VecX<double> Q(1), V(1), A(1);
    Q << q;
    V << 0.7;
    A << -1.3;
    forward_kinematics(m, data, Q);
    const Iso expected = j.origin() * Iso(Eigen::Translation3d(q * j.axis / 3.0));
    EXPECT_LE(pose_diff(data.oMf[m.frame_index("carriage")], expected), 1e-14);
    const double tau = rnea(m, data, Q, V, A)[0];
    const double expected_tau = in.mass * (A[0] - m.gravity.dot(a));
    EXPECT_NEAR(tau, expected_tau, 1e-13 * std::abs(expected_tau));
    EXPECT_NEAR(crba(m, data, Q)(0, 0), in.mass, 1e-14);
    // Sensitivity: sliding by q times the unnormalised axis is noticed.
    if (q != 0) {
      EXPECT_GT(pose_diff(data.oMf[m.frame_index("carriage")], j.origin() * Iso(Eigen::Translation3d(q * j.axis))),
                kDifferent);
    }
  }
}

// Limits: revolute and prismatic keep theirs; continuous joints have no position limits.
TEST(UrdfLimits, ContinuousJointsHaveNoPositionLimits) {
  std::mt19937_64 rng(10);
  UJoint r{"rev", "revolute", "base", "a"}, c{"cont", "continuous", "a", "b"}, p{"pris", "prismatic", "b", "c"};
  r.limit = "<limit lower=\"-1.5\" upper=\"2.25\" effort=\"80\" velocity=\"3.5\"/>";
  c.limit = "<limit lower=\"-1\" upper=\"1\" effort=\"40\" velocity=\"6\"/>";  // lower/upper must be ignored
  p.limit = "<limit lower=\"0.125\" upper=\"0.5\" effort=\"300\" velocity=\"0.25\"/>";
  const Model m = load_urdf_string(
      to_urdf("lim", {{"base", {}}, {"a", random_inertial(rng, false)}, {"b", random_inertial(rng, false)},
                      {"c", random_inertial(rng, false)}},
              {r, c, p}),
      "lim.urdf");
  ASSERT_EQ(m.dof, 3);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(m.limits[0].lower, -1.5);
  EXPECT_EQ(m.limits[0].upper, 2.25);
  EXPECT_EQ(m.limits[0].effort, 80);
  EXPECT_EQ(m.limits[0].velocity, 3.5);
  EXPECT_EQ(m.limits[1].lower, -inf);
  EXPECT_EQ(m.limits[1].upper, inf);
  EXPECT_EQ(m.limits[1].effort, 40);
  EXPECT_EQ(m.limits[1].velocity, 6);
  EXPECT_EQ(m.joint_type[1], JointType::kRevolute);
  EXPECT_EQ(m.limits[2].lower, 0.125);
  EXPECT_EQ(m.limits[2].upper, 0.5);
  EXPECT_EQ(m.joint_type[2], JointType::kPrismatic);

  // A continuous joint without any <limit> element loads too.
  UJoint bare = c;
  bare.limit = "";
  const Model n = load_urdf_string(to_urdf("lim", {{"base", {}}, {"a", random_inertial(rng, false)}, {"b", random_inertial(rng, false)}},
                                           {r, bare}),
                                   "bare.urdf");
  EXPECT_EQ(n.limits[1].lower, -inf);
  EXPECT_EQ(n.limits[1].upper, inf);
  EXPECT_EQ(n.limits[1].velocity, inf);
  EXPECT_EQ(n.limits[1].effort, inf);
}

// ---------------------------------------------------------------------------------------------
// 4. Joint kinds armdyn refuses, and malformed input.

std::string two_link(const UJoint& second) {
  std::mt19937_64 rng(11);
  const UJoint first{"first", "revolute", "base", "a"};
  return to_urdf("refused", {{"base", {}}, {"a", random_inertial(rng, false)}, {"b", random_inertial(rng, false)}},
                 {first, second});
}

TEST(UrdfRefused, MimicJointsAreNotSupportedYet) {
  UJoint mimic{"follower", "revolute", "a", "b"};
  mimic.extra = "    <mimic joint=\"first\" multiplier=\"2\" offset=\"0.1\"/>\n";
  try {
    load_urdf_string(two_link(mimic), "robot.urdf");
    ADD_FAILURE() << "the mimic joint was accepted";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()), "robot.urdf: joint 'follower': mimic: mimic joints are not supported yet");
    EXPECT_EQ(e.source(), "robot.urdf");
    EXPECT_EQ(e.place(), "joint 'follower'");
    EXPECT_EQ(e.field(), "mimic");
  }
  // Sensitivity: the same file with a plain revolute second joint loads.
  EXPECT_EQ(load_urdf_string(two_link(UJoint{"follower", "revolute", "a", "b"}), "robot.urdf").dof, 2);
}

// A floating joint is six coordinates (x, y, z, then yaw, pitch, roll: URDF's roll-pitch-yaw), a
// planar one three (two translations in the plane normal to its axis, then the rotation about it);
// the child link's frame is where the joint's closed form puts it.
TEST(UrdfCompound, FloatingAndPlanarJointsLoadAsTheirCoordinates) {
  UJoint floating{"free_flyer", "floating", "a", "b", V3(0.1, -0.2, 0.3), V3(0.2, 0.1, -0.4)};
  floating.extra = "    " + floating.limit + "\n";
  const Model f = load_urdf_string(two_link(floating), "robot.urdf");
  ASSERT_EQ(f.dof, 7);
  const std::vector<std::string> names = {"first",          "free_flyer/tx",  "free_flyer/ty", "free_flyer/tz",
                                          "free_flyer/rz1", "free_flyer/ry2", "free_flyer/rx3"};
  EXPECT_EQ(f.joint_names, names);
  ASSERT_EQ(f.compound_joints.size(), 1u);
  EXPECT_EQ(f.compound_joints[0].kind, JointKind::kFloating);
  EXPECT_EQ(f.compound_joints[0].first, 1);
  EXPECT_EQ(f.compound_joints[0].count, 6);
  EXPECT_EQ(f.compound_joints[0].euler, "ZYX");
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_TRUE(contains(f.warnings[0], "<limit> of floating joint 'free_flyer'")) << f.warnings[0];
  for (int k = 1; k < 7; ++k) EXPECT_EQ(f.limits[k].lower, -std::numeric_limits<double>::infinity());

  Data data(f);
  VecX<double> q(7);
  q << 0.4, 0.5, -0.6, 0.7, 0.3, -0.8, 1.1;
  forward_kinematics(f, data, q);
  const Iso origin = floating.origin();
  const Iso expected = Iso(Eigen::AngleAxisd(q[0], V3::UnitZ())) * origin * Eigen::Translation3d(q[1], q[2], q[3]) *
                       Iso(pose(V3::Zero(), V3(q[6], q[5], q[4])).linear());
  const Transform<double>& b = data.oMf[f.frame_index("b")];
  EXPECT_LT((b.R - expected.linear()).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((b.p - expected.translation()).cwiseAbs().maxCoeff(), 1e-14);

  UJoint planar{"table_slide", "planar", "a", "b", V3(0, 0, 0.2), V3::Zero(), V3(0, 1, 0)};
  const Model p = load_urdf_string(two_link(planar), "robot.urdf");
  ASSERT_EQ(p.dof, 4);
  EXPECT_EQ(p.joint_names[1], "table_slide/t1");
  EXPECT_EQ(p.joint_names[3], "table_slide/r");
  EXPECT_EQ(p.joint_type[3], JointType::kRevolute);
  Data pd(p);
  VecX<double> qp(4);
  qp << 0, 0.3, -0.5, 0.9;
  forward_kinematics(p, pd, qp);
  // Normal y: t1 along x (the joint frame's x lies in the plane), t2 along y x x = -z.
  const Transform<double>& pb = pd.oMf[p.frame_index("b")];
  EXPECT_LT((pb.p - V3(0.3, 0, 0.2 + 0.5)).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((pb.R - Eigen::AngleAxisd(0.9, V3::UnitY()).toRotationMatrix()).cwiseAbs().maxCoeff(), 1e-15);
}

TEST(UrdfMalformed, XmlErrorsNameTheFile) {
  TempDir tmp("malformed");
  const std::string good = two_link(UJoint{"second", "revolute", "a", "b"});
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"truncated.urdf", good.substr(0, good.size() / 2)},
      {"mismatched.urdf", "<robot name=\"r\"><link name=\"a\"></robot>"},
      {"not_xml.urdf", "this is not XML at all"},
      {"empty.urdf", ""},
      {"no_robot.urdf", "<?xml version=\"1.0\"?><mujoco model=\"x\"/>"},
      {"two_roots.urdf", "<robot name=\"r\"><link name=\"a\"/><link name=\"b\"/></robot>"},
      {"unknown_parent.urdf",
       "<robot name=\"r\"><link name=\"a\"/><link name=\"b\"/><joint name=\"j\" type=\"continuous\">"
       "<parent link=\"nope\"/><child link=\"b\"/></joint></robot>"},
  };
  for (const auto& [name, text] : bad) {
    const std::string path = tmp.write(name, text);
    const std::string what = error_of([&] { load_urdf(path); });
    EXPECT_EQ(what.rfind(path + ": ", 0), 0u) << name << ": " << what;
    EXPECT_TRUE(contains(what, "not a valid URDF")) << name << ": " << what;
    EXPECT_THROW(load_urdf(path), ModelError) << name;
  }
  // Sensitivity: the intact file loads.
  EXPECT_EQ(load_urdf(tmp.write("good.urdf", good)).dof, 2);
}

TEST(UrdfMalformed, MissingFile) {
  const std::string path = test::data_path("models/no_such_robot.urdf");
  EXPECT_EQ(error_of([&] { load_urdf(path); }), path + ": cannot read file (no such file)");
  EXPECT_THROW(load_urdf(path), InputError);
}

// urdfdom reports a malformed number inside <inertial> as an error but still returns a model,
// with that link's inertial block partly or wholly zeroed. A European decimal comma must not
// silently turn a 2.5 kg link into a massless one. (Link "a" carries the massive link "b", so the
// zeroed link does not trip the "moves no inertia" check: without a fix the model loads.)
TEST(UrdfMalformed, UnreadableInertialNumberIsAnError) {
  const std::string good = two_link(UJoint{"second", "revolute", "a", "b"});
  for (const auto& [attribute, value] :
       std::vector<std::pair<std::string, std::string>>{{"mass value", "2,5"}, {"ixx", "0,01"}, {"mass value", "heavy"}}) {
    std::string bad = good;
    const std::size_t link_a = bad.find("<link name=\"a\">");
    const std::size_t at = bad.find(attribute + "=\"", link_a) + attribute.size() + 2;
    bad.replace(at, bad.find('"', at) - at, value);
    const std::string what = error_of([&] { load_urdf_string(bad, "comma.urdf"); });
    EXPECT_EQ(what.rfind("comma.urdf: ", 0), 0u) << attribute << "=\"" << value << "\" was accepted: '" << what << "'";
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Joint order: depth-first from the root. Siblings come in the order of their JOINT NAMES
// (std::string comparison; urdfdom keeps the joints in a std::map), not in document order; fixed
// joints are walked through like moving ones. tests/data/models/branching_tree.urdf lists the
// joints b, z, c, a, y, (fixed), x in the document.

TEST(UrdfJointOrder, DepthFirstSiblingsByJointName) {
  const Model m = load_urdf(test::data_path("models/branching_tree.urdf"));
  ASSERT_EQ(m.dof, 6);
  EXPECT_EQ(m.joint_names, (std::vector<std::string>{"a_joint", "y_joint", "x_joint", "b_joint", "c_joint", "z_joint"}));
  EXPECT_EQ(m.body_names, (std::vector<std::string>{"arm_a", "a1", "a2", "arm_b", "b_near", "b_far"}));
  EXPECT_EQ(m.parent, (std::vector<int>{-1, 0, 1, -1, 3, 3}));
  EXPECT_EQ(m.joint_type[4], JointType::kPrismatic);
  // Depth-first: parent[i] < i and every subtree is a contiguous block [i, i + size).
  for (int i = 0; i < m.dof; ++i) {
    EXPECT_LT(m.parent[i], i);
    int end = i + 1;
    const auto in_subtree = [&](int k) {
      for (int p = k; p >= 0; p = m.parent[p])
        if (p == i) return true;
      return false;
    };
    while (end < m.dof && in_subtree(end)) ++end;
    for (int k = end; k < m.dof; ++k) EXPECT_FALSE(in_subtree(k)) << "subtree of " << i << " not contiguous";
  }
  // The two branches hang off the fixed base: their joints do not couple.
  Data data(m);
  std::mt19937_64 rng(12);
  const MatX<double> M = crba(m, data, test::random_vector(rng, 6, -2, 2));
  EXPECT_EQ(M.block(0, 3, 3, 3).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_GT(M.block(3, 4, 1, 2).cwiseAbs().maxCoeff(), 1e-6);  // but within a branch they do
  // The fixed link a1_fixed (0.4 kg) is merged into a1 (0.6 kg).
  EXPECT_NEAR(m.mass[1], 1.0, 1e-15);
}

}  // namespace urdf_test
}  // namespace armdyn
