// The JSON DH model format (src/io/dh_json.cpp, docs/model-format.md) and load_model
// (src/io/load.cpp).
//
// Dynamics: a JSON table in either convention against the same arm built by hand with
// ModelBuilder (joint origins composed from the DH formulas with Eigen, each link frame on its
// joint, inertias re-expressed by hand), and a standard table against its modified twin; the DH
// frames against hand products of the DH formulas. Every comparison (1e-12 relative) comes with a
// perturbed model it must tell apart. Errors: exact messages naming file, field and line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace json_model_test {

using V3 = Eigen::Vector3d;
using M3 = Eigen::Matrix3d;
using Iso = Eigen::Isometry3d;

constexpr double kEquivalent = 1e-12;
constexpr double kDifferent = 1e-6;

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string arr(const V3& v) { return "[" + num(v.x()) + ", " + num(v.y()) + ", " + num(v.z()) + "]"; }

Iso rz(double t) { return Iso(Eigen::AngleAxisd(t, V3::UnitZ())); }
Iso rx(double t) { return Iso(Eigen::AngleAxisd(t, V3::UnitX())); }
Iso tz(double d) { return Iso(Eigen::Translation3d(0, 0, d)); }
Iso tx(double a) { return Iso(Eigen::Translation3d(a, 0, 0)); }
Iso xyz_rpy(const V3& xyz, const V3& rpy) {
  Iso T = Iso::Identity();
  T.linear() = (Eigen::AngleAxisd(rpy.z(), V3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), V3::UnitY()) *
                Eigen::AngleAxisd(rpy.x(), V3::UnitX()))
                   .toRotationMatrix();
  T.translation() = xyz;
  return T;
}
Transform<double> to_armdyn(const Iso& T) { return Transform<double>{T.linear(), T.translation()}; }

// ---------------------------------------------------------------------------------------------
// A DH arm described once, written as JSON and built by hand.

struct Row {
  std::string type = "revolute";
  double a = 0, alpha = 0, d = 0, theta = 0;
  double mass = 0;
  V3 com = V3::Zero();
  M3 I = M3::Zero();  // about the com, axes of the link's DH frame
};

struct Arm {
  std::string convention;
  std::vector<Row> rows;
  V3 base_xyz = V3::Zero(), base_rpy = V3::Zero();
  V3 gravity = V3(0, 0, -9.81);
  std::vector<std::pair<V3, V3>> tool_xyz_rpy;  // tools "tool<k>": xyz, rpy in frame {n}
};

std::string to_json(const Arm& arm) {
  std::ostringstream out;
  out << "{\n  \"name\": \"arm\",\n  \"convention\": \"" << arm.convention << "\",\n  \"gravity\": " << arr(arm.gravity)
      << ",\n  \"base\": {\"xyz\": " << arr(arm.base_xyz) << ", \"rpy\": " << arr(arm.base_rpy) << "},\n  \"links\": [\n";
  for (std::size_t i = 0; i < arm.rows.size(); ++i) {
    const Row& r = arm.rows[i];
    out << "    {\"name\": \"link" << i + 1 << "\", \"joint\": \"joint" << i + 1 << "\", \"type\": \"" << r.type
        << "\", \"a\": " << num(r.a) << ", \"alpha\": " << num(r.alpha) << ", \"d\": " << num(r.d)
        << ", \"theta\": " << num(r.theta) << ",\n     \"mass\": " << num(r.mass) << ", \"com\": " << arr(r.com)
        << ",\n     \"inertia\": {\"ixx\": " << num(r.I(0, 0)) << ", \"iyy\": " << num(r.I(1, 1))
        << ", \"izz\": " << num(r.I(2, 2)) << ", \"ixy\": " << num(r.I(0, 1)) << ", \"ixz\": " << num(r.I(0, 2))
        << ", \"iyz\": " << num(r.I(1, 2)) << "}}" << (i + 1 < arm.rows.size() ? "," : "") << "\n";
  }
  out << "  ]";
  if (!arm.tool_xyz_rpy.empty()) {
    out << ",\n  \"tools\": [";
    for (std::size_t k = 0; k < arm.tool_xyz_rpy.size(); ++k)
      out << (k ? ", " : "") << "{\"name\": \"tool" << k << "\", \"xyz\": " << arr(arm.tool_xyz_rpy[k].first)
          << ", \"rpy\": " << arr(arm.tool_xyz_rpy[k].second) << "}";
    out << "]";
  }
  out << "\n}\n";
  return out.str();
}

/// The constant part of DH row i as a placement, and the placement of the link's DH frame in its
/// joint frame (moved by q), straight from the formulas of docs/model-format.md.
///  standard: {i-1} -> joint frame: Rz(theta) Tz(d);                 joint -> {i}: Tx(a) Rx(alpha)
///  modified: {i-1} -> joint frame: Rx(alpha) Tx(a) Rz(theta) Tz(d); joint -> {i}: identity
Iso joint_frame(const std::string& convention, const Row& r) {
  return convention == "standard" ? rz(r.theta) * tz(r.d) : rx(r.alpha) * tx(r.a) * rz(r.theta) * tz(r.d);
}
Iso dh_frame_in_joint(const std::string& convention, const Row& r) {
  return convention == "standard" ? tx(r.a) * rx(r.alpha) : Iso::Identity();
}
Iso motion(const Row& r, double q) { return r.type == "revolute" ? rz(q) : tz(q); }

/// The same arm through ModelBuilder, with every link frame on its joint (URDF style).
Model by_hand(const Arm& arm) {
  ModelBuilder b("hand", "arm");
  Iso previous = xyz_rpy(arm.base_xyz, arm.base_rpy);  // DH frame {i-1} in the previous link frame
  std::string parent = "base";
  for (std::size_t i = 0; i < arm.rows.size(); ++i) {
    const Row& r = arm.rows[i];
    JointSpec j;
    j.name = "joint" + std::to_string(i + 1);
    j.type = r.type == "revolute" ? JointType::kRevolute : JointType::kPrismatic;
    j.origin = to_armdyn(previous * joint_frame(arm.convention, r));
    const Iso X = dh_frame_in_joint(arm.convention, r);
    LinkInertial in;
    in.mass = r.mass;
    in.com = X * r.com;
    in.inertia = X.linear() * r.I * X.linear().transpose();
    const std::string link = "joint_frame" + std::to_string(i + 1);
    b.add_link(parent, j, link, in);
    parent = link;
    previous = X;
  }
  for (std::size_t k = 0; k < arm.tool_xyz_rpy.size(); ++k)
    b.add_fixed_link(parent, "tool_joint" + std::to_string(k), to_armdyn(previous * xyz_rpy(arm.tool_xyz_rpy[k].first, arm.tool_xyz_rpy[k].second)),
                     "tool" + std::to_string(k), LinkInertial{});
  b.set_gravity(arm.gravity);
  return b.build();
}

/// DH frames {1..n} in the base frame at q, by the product of the DH formulas.
std::vector<Iso> dh_frames(const Arm& arm, const VecX<double>& q) {
  std::vector<Iso> out;
  Iso T = xyz_rpy(arm.base_xyz, arm.base_rpy);
  for (std::size_t i = 0; i < arm.rows.size(); ++i) {
    const Row& r = arm.rows[i];
    T = T * joint_frame(arm.convention, r) * motion(r, q[i]) * dh_frame_in_joint(arm.convention, r);
    out.push_back(T);
  }
  return out;
}

M3 random_inertia(std::mt19937_64& rng, double m) {
  std::uniform_real_distribution<double> u(0.05, 0.4);
  std::normal_distribution<double> n;
  const double x = u(rng), y = u(rng), z = u(rng);
  const V3 p(m * (y * y + z * z) / 12, m * (x * x + z * z) / 12, m * (x * x + y * y) / 12);
  const M3 Q = Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized().toRotationMatrix();
  const M3 I = Q * p.asDiagonal() * Q.transpose();
  return 0.5 * (I + I.transpose());
}

Arm random_arm(const std::string& convention, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), mass(0.5, 4);
  Arm arm;
  arm.convention = convention;
  for (int i = 0; i < 6; ++i) {
    Row r;
    r.type = i == 2 ? "prismatic" : "revolute";
    r.a = 0.3 * u(rng);
    r.alpha = 1.6 * u(rng);
    r.d = 0.3 * u(rng);
    r.theta = 1.6 * u(rng);
    r.mass = mass(rng);
    r.com = 0.15 * V3(u(rng), u(rng), u(rng));
    r.I = random_inertia(rng, r.mass);
    arm.rows.push_back(r);
  }
  arm.base_xyz = V3(0.1, -0.2, 0.3);
  arm.base_rpy = V3(0.3, -0.2, 0.9);
  arm.gravity = V3(0.4, -0.3, -9.7);
  arm.tool_xyz_rpy = {{V3(0.01, 0.02, 0.15), V3(0.1, 0.2, -0.3)}};
  return arm;
}

struct Worst {
  double dynamics = 0, frames = 0;
};

/// Dynamics of `a` against `b`; DH frames of `a` (named link<i>, tool<k>) against `arm`'s formulas.
Worst compare(const Model& a, const Model& b, const Arm& arm) {
  Worst w;
  EXPECT_EQ(a.dof, b.dof);
  if (a.dof != b.dof) return Worst{INFINITY, INFINITY};
  Data da(a), db(b);
  std::mt19937_64 rng(99);
  for (int s = 0; s < 20; ++s) {
    const VecX<double> q = test::random_vector(rng, a.dof, -2, 2), v = test::random_vector(rng, a.dof, -2, 2),
                       acc = test::random_vector(rng, a.dof, -2, 2), tau = test::random_vector(rng, a.dof, -5, 5);
    w.dynamics = std::max({w.dynamics, test::rel_diff(rnea(a, da, q, v, acc), rnea(b, db, q, v, acc)),
                           test::rel_diff(crba(a, da, q), crba(b, db, q)),
                           test::rel_diff(nonlinear_effects(a, da, q, v), nonlinear_effects(b, db, q, v)),
                           test::rel_diff(gravity_torque(a, da, q), gravity_torque(b, db, q)),
                           test::rel_diff(forward_dynamics(a, da, q, v, tau), forward_dynamics(b, db, q, v, tau))});
    forward_kinematics(a, da, q);
    const std::vector<Iso> T = dh_frames(arm, q);
    for (std::size_t i = 0; i < T.size(); ++i) {
      const int k = a.frame_index("link" + std::to_string(i + 1));
      EXPECT_GE(k, 0);
      if (k >= 0) w.frames = std::max(w.frames, (da.oMf[k].matrix() - T[i].matrix()).cwiseAbs().maxCoeff());
    }
    for (std::size_t t = 0; t < arm.tool_xyz_rpy.size(); ++t) {
      const int k = a.frame_index("tool" + std::to_string(t));
      EXPECT_GE(k, 0);
      const Iso tool = T.back() * xyz_rpy(arm.tool_xyz_rpy[t].first, arm.tool_xyz_rpy[t].second);
      if (k >= 0) w.frames = std::max(w.frames, (da.oMf[k].matrix() - tool.matrix()).cwiseAbs().maxCoeff());
    }
  }
  return w;
}

class DhJsonConvention : public ::testing::TestWithParam<std::string> {};

TEST_P(DhJsonConvention, SameDynamicsAsTheArmBuiltByHand) {
  const Arm arm = random_arm(GetParam(), GetParam() == "standard" ? 1 : 2);
  const Model json = load_dh_json_string(to_json(arm), "arm.json");
  const Model hand = by_hand(arm);
  ASSERT_EQ(json.dof, 6);
  EXPECT_EQ(json.joint_type[2], JointType::kPrismatic);
  EXPECT_EQ(json.gravity, arm.gravity);
  ASSERT_TRUE(json.dh.has_value());
  EXPECT_EQ(json.dh->convention, GetParam() == "standard" ? DhConvention::kStandard : DhConvention::kModified);
  ASSERT_EQ(json.dh->rows.size(), 6u);
  EXPECT_EQ(json.dh->rows[3].alpha, arm.rows[3].alpha);
  const Worst w = compare(json, hand, arm);
  EXPECT_LE(w.dynamics, kEquivalent);
  EXPECT_LE(w.frames, 1e-12);
  std::cout << "[ info ] " << GetParam() << " DH JSON vs built by hand: dynamics " << w.dynamics << ", frames "
            << w.frames << "\n";

  // Sensitivity: a 1e-4 rad change of one alpha, a 0.1 % change of one mass, and the other
  // convention's reading of the same table are all told apart.
  Arm twisted = arm;
  twisted.rows[3].alpha += 1e-4;
  const Worst wt = compare(load_dh_json_string(to_json(twisted), "twisted.json"), hand, arm);
  EXPECT_GT(wt.dynamics, kDifferent);
  EXPECT_GT(wt.frames, kDifferent);
  Arm heavier = arm;
  heavier.rows[4].mass *= 1.001;
  EXPECT_GT(compare(load_dh_json_string(to_json(heavier), "heavier.json"), hand, arm).dynamics, kDifferent);
  Arm other = arm;
  other.convention = GetParam() == "standard" ? "modified" : "standard";
  const Worst wo = compare(load_dh_json_string(to_json(other), "other.json"), hand, arm);
  EXPECT_GT(wo.dynamics, kDifferent);
  EXPECT_GT(wo.frames, kDifferent);
}

INSTANTIATE_TEST_SUITE_P(Conventions, DhJsonConvention, ::testing::Values("standard", "modified"));

// One arm in both conventions: the modified table has rows (a_{i-1}, alpha_{i-1}, d_i, theta_i)
// and each link's inertia moved from the distal frame {i}_std to the proximal {i}_mod =
// {i}_std (Tx(a_i) Rx(alpha_i))^-1; the last standard frame becomes a tool of the modified arm.
TEST(DhJsonConventions, StandardAndModifiedTablesOfOneArmAgree) {
  const Arm std_arm = random_arm("standard", 3);
  Arm mod_arm = std_arm;
  mod_arm.convention = "modified";
  mod_arm.tool_xyz_rpy.clear();
  for (std::size_t i = 0; i < std_arm.rows.size(); ++i) {
    const Row& s = std_arm.rows[i];
    Row& m = mod_arm.rows[i];
    m.a = i == 0 ? 0.0 : std_arm.rows[i - 1].a;
    m.alpha = i == 0 ? 0.0 : std_arm.rows[i - 1].alpha;
    const Iso X = tx(s.a) * rx(s.alpha);
    m.com = X * s.com;
    m.I = X.linear() * s.I * X.linear().transpose();
  }
  const Row& last = std_arm.rows.back();
  mod_arm.tool_xyz_rpy = {{V3(last.a, 0, 0), V3(last.alpha, 0, 0)}};  // frame {n}_std as "tool0"
  Arm std_with_flange = std_arm;
  std_with_flange.tool_xyz_rpy = {{V3::Zero(), V3::Zero()}};

  const Model s = load_dh_json_string(to_json(std_with_flange), "std.json");
  const Model m = load_dh_json_string(to_json(mod_arm), "mod.json");
  Data ds(s), dm(m);
  std::mt19937_64 rng(4);
  double dyn = 0, flange = 0;
  for (int k = 0; k < 20; ++k) {
    const VecX<double> q = test::random_vector(rng, 6, -2, 2), v = test::random_vector(rng, 6, -2, 2),
                       a = test::random_vector(rng, 6, -2, 2);
    dyn = std::max({dyn, test::rel_diff(rnea(s, ds, q, v, a), rnea(m, dm, q, v, a)), test::rel_diff(crba(s, ds, q), crba(m, dm, q))});
    forward_kinematics(s, ds, q);
    forward_kinematics(m, dm, q);
    flange = std::max(flange, (ds.oMf[s.frame_index("tool0")].matrix() - dm.oMf[m.frame_index("tool0")].matrix()).cwiseAbs().maxCoeff());
  }
  EXPECT_LE(dyn, kEquivalent);
  EXPECT_LE(flange, 1e-12);
  std::cout << "[ info ] standard vs modified table of one arm: dynamics " << dyn << ", flange " << flange << "\n";
  // Sensitivity: leaving the inertias in the standard frames is wrong.
  Arm lazy = mod_arm;
  for (std::size_t i = 0; i < lazy.rows.size(); ++i) {
    lazy.rows[i].com = std_arm.rows[i].com;
    lazy.rows[i].I = std_arm.rows[i].I;
  }
  const Model l = load_dh_json_string(to_json(lazy), "lazy.json");
  Data dl(l);
  const VecX<double> q = VecX<double>::Constant(6, 0.3);
  EXPECT_GT(test::rel_diff(crba(l, dl, q), crba(s, ds, q)), kDifferent);
}

// The hand-written file tests/data/models/dh_rpr.json, read through load_dh_json and load_model.
TEST(DhJsonFile, DataFileMatchesTheArmBuiltByHand) {
  Arm arm;
  arm.convention = "standard";
  arm.gravity = V3(0.5, -1.0, -9.7);
  arm.base_xyz = V3(0.1, -0.2, 0.3);
  arm.base_rpy = V3(0.05, -0.1, 0.4);
  const double half_pi = 1.5707963267948966;
  M3 I1, I2, I3;
  I1 << 0.04, 0.002, -0.001, 0.002, 0.05, 0.003, -0.001, 0.003, 0.03;
  I2 << 0.03, 0.0005, 0.0, 0.0005, 0.031, -0.0008, 0.0, -0.0008, 0.004;
  I3 << 0.002, 0.0001, 0.0002, 0.0001, 0.0025, 0.0, 0.0002, 0.0, 0.0015;
  arm.rows = {Row{"revolute", 0.15, -half_pi, 0.4, 0.2, 3.5, V3(-0.05, 0.1, 0.02), I1},
              Row{"prismatic", 0.0, half_pi, 0.25, -0.3, 1.8, V3(0.0, 0.02, -0.2), I2},
              Row{"revolute", 0.08, 0.7, 0.05, 0.0, 0.6, V3(-0.03, 0.0, 0.01), I3}};
  arm.tool_xyz_rpy = {{V3(0, 0, 0.12), V3(0, 0.3, 0)}};

  const std::string path = test::data_path("models/dh_rpr.json");
  const Model file = load_dh_json(path);
  EXPECT_EQ(file.name, "dh_rpr");
  EXPECT_EQ(file.source, path);
  EXPECT_EQ(file.joint_names, (std::vector<std::string>{"turn", "extend", "twist"}));
  EXPECT_EQ(file.body_names, (std::vector<std::string>{"column", "boom", "wrist"}));
  EXPECT_EQ(file.limits[0].lower, -2.5);
  EXPECT_EQ(file.limits[1].upper, 0.5);
  EXPECT_EQ(file.limits[1].effort, 400);
  EXPECT_EQ(file.limits[2].velocity, std::numeric_limits<double>::infinity());
  // Rename the frames the comparison looks up.
  Model renamed = file;
  const char* names[] = {"column", "boom", "wrist", "tcp"};
  const char* as[] = {"link1", "link2", "link3", "tool0"};
  for (int k = 0; k < 4; ++k) renamed.frames[renamed.frame_index(names[k])].name = as[k];
  const Worst w = compare(renamed, by_hand(arm), arm);
  EXPECT_LE(w.dynamics, kEquivalent);
  EXPECT_LE(w.frames, 1e-12);
  // load_model dispatches .json here, to the same model.
  const Model via = load_model(path);
  EXPECT_EQ(via.joint_names, file.joint_names);
  Data d1(via), d2(file);
  const VecX<double> q = VecX<double>::Constant(3, 0.2);
  EXPECT_EQ(crba(via, d1, q), crba(file, d2, q));
  // Sensitivity: the arm with the prismatic offset d read as 0 differs.
  Arm moved = arm;
  moved.rows[1].d = 0;
  EXPECT_GT(compare(renamed, by_hand(moved), arm).dynamics, kDifferent);
}

// Defaults: names link<i>/joint<i>, no limits, zero inertia, gravity (0, 0, -9.81), name "model".
TEST(DhJsonFile, Defaults) {
  const Model m = load_dh_json_string(
      R"({"convention": "modified", "links": [{"type": "revolute", "mass": 1, "com": [0.1, 0, 0]},
                                             {"type": "prismatic", "alpha": 1.0, "mass": 2}]})",
      "defaults.json");
  EXPECT_EQ(m.name, "model");
  EXPECT_EQ(m.source, "defaults.json");
  EXPECT_EQ(m.joint_names, (std::vector<std::string>{"joint1", "joint2"}));
  EXPECT_EQ(m.body_names, (std::vector<std::string>{"link1", "link2"}));
  EXPECT_EQ(m.gravity, Vec3<double>(0, 0, -9.81));
  EXPECT_EQ(m.limits[1].lower, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(m.inertia_com[1], Mat3<double>::Zero());
  EXPECT_EQ(m.frames[0].name, "base");
}

// ---------------------------------------------------------------------------------------------
// Errors.

std::string error_of(const std::string& text, const std::string& source = "arm.json") {
  try {
    load_dh_json_string(text, source);
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("NOT AN InputError: ") + e.what();
  }
  return "";
}

/// A valid document with `links` replaced.
std::string doc(const std::string& links, const std::string& extra = "") {
  return R"({"convention": "standard", )" + extra + R"("links": )" + links + "}";
}
const std::string kLink = R"({"type": "revolute", "a": 0.3, "mass": 1.0, "com": [0.1, 0, 0]})";

TEST(DhJsonErrors, TheBaseDocumentIsValid) {  // sensitivity of every error test below
  EXPECT_EQ(error_of(doc("[" + kLink + ", " + kLink + "]")), "");
}

TEST(DhJsonErrors, SyntaxErrorNamesLineAndColumn) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {"{\n  \"convention\": \"standard\",\n  \"links\": [x]\n}", "arm.json: line 3, column 13: not valid JSON"},
      {"{\"convention\": \"standard\",, \"links\": []}", "arm.json: line 1, column 27: not valid JSON"},
      {"{\n  \"links\": [\n    {\"type\": \"revolute\"}\n  ]\n", "arm.json: line 5, column 1: not valid JSON"},
      {"", "arm.json: line 1, column 1: not valid JSON"},
      {"{\"mass\": NaN}", "arm.json: line 1, column 10: not valid JSON"}});
}

TEST(DhJsonErrors, WrongTypes) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {doc("[" + kLink + R"(, {"type": "revolute", "mass": "1.5"}])"), "arm.json: links[1].mass: must be a number"},
      {doc("[" + kLink + R"(, {"type": "revolute", "mass": 1, "a": true}])"), "arm.json: links[1].a: must be a number"},
      {doc(R"([{"type": "revolute", "mass": 1, "inertia": {"ixx": null}}])"), "arm.json: links[0].inertia.ixx: must be a number"},
      {doc(R"([{"type": "revolute", "mass": 1, "inertia": [1, 1, 1]}])"), "arm.json: links[0].inertia: must be a JSON object"},
      {doc(R"([{"type": "revolute", "mass": 1, "limits": {"upper": "pi"}}])"), "arm.json: links[0].limits.upper: must be a number"},
      {doc(R"([{"type": "revolute", "mass": 1, "com": [0, "0", 0]}])"), "arm.json: links[0].com[1]: must be a number"},
      {doc(R"([{"type": "revolute", "mass": 1, "com": 0.1}])"), "arm.json: links[0].com: must be an array of numbers"},
      {doc(R"([{"type": "revolute", "mass": 1, "name": 7}])"), "arm.json: links[0].name: must be a string"},
      {doc("[" + kLink + ", 5]"), "arm.json: links[1]: must be a JSON object"},
      {"[1, 2]", "arm.json: document: must be a JSON object"},
      {doc("[" + kLink + "]", R"("name": ["arm"], )"), "arm.json: name: must be a string"},
      {doc("[" + kLink + "]", R"("gravity": {"z": -9.81}, )"), "arm.json: gravity: must be an array of numbers"},
      {doc("[" + kLink + "]", R"("base": [0, 0, 0], )"), "arm.json: base: must be a JSON object"},
      {doc("[" + kLink + "]", R"("tools": {"name": "tcp"}, )"), "arm.json: tools: must be an array"}});
}

TEST(DhJsonErrors, UnknownKeys) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {doc("[" + kLink + "]", R"("gravty": [0, 0, -9.81], )"), "arm.json: gravty: unknown key"},
      {doc(R"([{"type": "revolute", "mas": 1}])"), "arm.json: links[0].mas: unknown key"},
      {doc(R"([{"type": "revolute", "mass": 1, "inertia": {"Ixx": 1}}])"), "arm.json: links[0].inertia.Ixx: unknown key"},
      {doc(R"([{"type": "revolute", "mass": 1, "limits": {"min": -1}}])"), "arm.json: links[0].limits.min: unknown key"},
      {doc("[" + kLink + "]", R"("tools": [{"name": "tcp", "xyz": [0, 0, 0.1], "rpz": [0, 0, 0]}], )"), "arm.json: tools[0].rpz: unknown key"},
      {doc("[" + kLink + "]", R"("tools": [{"xyz": [0, 0, 0.1]}], )"), "arm.json: tools[0].name: is missing"}});
}

// The base placement is a {"xyz", "rpy"} object like a tool's; a misspelt key there must be
// refused like everywhere else (docs/model-format.md: "unknown keys are refused").
TEST(DhJsonErrors, UnknownKeyInBase) {
  EXPECT_EQ(error_of(doc("[" + kLink + "]", R"("base": {"xzy": [0, 0, 0.5]}, )")), "arm.json: base.xzy: unknown key");
}

TEST(DhJsonErrors, MissingOrEmptyLinks) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {R"({"convention": "standard"})", "arm.json: links: is missing"},
      {doc("[]"), "arm.json: links: must be a non-empty array"},
      {doc("{}"), "arm.json: links: must be a non-empty array"}});
}

TEST(DhJsonErrors, BadConvention) {
  const std::string message = "arm.json: convention: must be \"standard\" or \"modified\"";
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {R"({"links": [)" + kLink + "]}", message},
      {R"({"convention": "Standard", "links": [)" + kLink + "]}", message},
      {R"({"convention": "craig", "links": [)" + kLink + "]}", message},
      {R"({"convention": 1, "links": [)" + kLink + "]}", "arm.json: convention: must be a string"}});
}

TEST(DhJsonErrors, BadJointType) {
  const std::string message = "arm.json: links[1].type: must be \"revolute\" or \"prismatic\"";
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {doc("[" + kLink + R"(, {"type": "spherical", "mass": 1}])"), message},
      {doc("[" + kLink + R"(, {"mass": 1}])"), message},
      {doc("[" + kLink + R"(, {"type": "fixed", "mass": 1}])"), message}});
}

TEST(DhJsonErrors, WrongLengthVectors) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {doc(R"([{"type": "revolute", "mass": 1, "com": [0.1, 0]}])"), "arm.json: links[0].com: expected 3 values, got 2"},
      {doc(R"([{"type": "revolute", "mass": 1, "com": [0.1, 0, 0, 0]}])"), "arm.json: links[0].com: expected 3 values, got 4"},
      {doc("[" + kLink + "]", R"("gravity": [0, -9.81], )"), "arm.json: gravity: expected 3 values, got 2"},
      {doc("[" + kLink + "]", R"("base": {"rpy": []}, )"), "arm.json: base.rpy: expected 3 values, got 0"}});
}

// JSON has no NaN or infinity; a number too large for a double is the way a non-finite value
// gets into a file. It must be an InputError naming the file, like every other bad input.
TEST(DhJsonErrors, NumberTooLargeForADouble) {
  for (const std::string big : {"1e999", "-1e999"}) {
    const std::string what = error_of(doc(R"([{"type": "revolute", "mass": )" + big + "}]"));
    EXPECT_EQ(what.rfind("arm.json: ", 0), 0u) << big << ": " << what;
  }
}

// Physical checks (ModelBuilder's) name the file, the link and the JSON field.
TEST(DhJsonErrors, PhysicalChecksNameTheFileLinkAndField) {
  const std::string neg = error_of(doc("[" + kLink + R"(, {"type": "revolute", "name": "forearm", "mass": -1}])"));
  EXPECT_EQ(neg.rfind("arm.json: link 'forearm': links[1]", 0), 0u) << neg;
  EXPECT_NE(neg.find("mass: must be >= 0, got -1"), std::string::npos) << neg;
  const std::string tri = error_of(doc(R"([{"type": "revolute", "mass": 1, "inertia": {"ixx": 1, "iyy": 1, "izz": 3}}])"));
  EXPECT_EQ(tri.rfind("arm.json: link 'link1': links[0]", 0), 0u) << tri;
  EXPECT_NE(tri.find("inertia: principal moments 1, 1, 3 violate the triangle inequality"), std::string::npos) << tri;
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {doc(R"([{"type": "revolute", "mass": 1, "limits": {"lower": 1, "upper": -1}}])"), "arm.json: joint 'joint1': limit: lower limit 1 exceeds upper limit -1"},
      {doc(R"([{"type": "prismatic", "inertia": {"ixx": 1, "iyy": 1, "izz": 1}}])"), "arm.json: joint 'joint1': moves no inertia: every link it carries is massless"},
      {doc("[" + kLink + R"(, {"type": "revolute", "name": "link1", "mass": 1}])"), "arm.json: link 'link1': name: two links have this name"}});
}

TEST(DhJsonErrors, MissingFile) {
  const std::string path = test::data_path("models/no_such_arm.json");
  try {
    load_dh_json(path);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot read file (no such file)");
  }
}

// ---------------------------------------------------------------------------------------------
// load_model.

std::string load_error(const std::string& spec) {
  return test::refusal([&] { load_model(spec); });
}

TEST(LoadModel, BuiltInNames) {
  const std::vector<std::string> names = builtin_names();
  EXPECT_EQ(names, (std::vector<std::string>{"puma560", "stanford", "planar2r", "planar3r", "craig3r", "rp"}));
  for (const std::string& name : names) {
    EXPECT_TRUE(is_builtin(name));
    const Model a = load_model(name);
    const Model b = builtin_model(name).model;
    EXPECT_EQ(a.source, name);
    EXPECT_EQ(a.dof, b.dof) << name;
    EXPECT_EQ(a.joint_names, b.joint_names) << name;
    Data da(a), db(b);
    const VecX<double> q = VecX<double>::Constant(a.dof, 0.3);
    EXPECT_EQ(crba(a, da, q), crba(b, db, q)) << name;
  }
  EXPECT_FALSE(is_builtin("puma650"));
  EXPECT_EQ(load_error("puma650"),
            "puma650: no such file, and not a built-in model (puma560, stanford, planar2r, planar3r, craig3r, rp)");
}

TEST(LoadModel, DispatchesOnTheExtension) {
  const std::string urdf = test::data_path("models/chain_6.urdf");
  const Model a = load_model(urdf), b = load_urdf(urdf);
  EXPECT_EQ(a.source, urdf);
  Data da(a), db(b);
  const VecX<double> q = VecX<double>::Constant(6, 0.4);
  EXPECT_EQ(crba(a, da, q), crba(b, db, q));
  // .xml goes to the URDF reader too, unless its root element is <mujoco>: an MJCF file, which the
  // core loader names instead of reading it as a bad URDF (load_any_model of io/mjcf.hpp reads it).
  const std::string mjcf = test::data_path("models/mjcf/chain_6.xml");
  const std::string what = load_error(mjcf);
  EXPECT_EQ(what.rfind(mjcf + ": an MJCF model (root element <mujoco>)", 0), 0u) << what;
}

TEST(LoadModel, UnknownExtension) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("armdyn_json_model_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string yaml = (dir / "arm.yaml").string(), none = (dir / "arm").string(), upper = (dir / "arm.JSON").string();
  for (const std::string& p : {yaml, none, upper}) std::ofstream(p) << doc("[" + kLink + "]");
  test::expect_refusals(load_error, {
      {yaml, yaml + ": unknown model format '.yaml' (expected .urdf, .xml (URDF or MJCF), .mjcf or .json)"},
      {none, none + ": unknown model format '' (expected .urdf, .xml (URDF or MJCF), .mjcf or .json)"},
      {upper, upper + ": unknown model format '.JSON' (expected .urdf, .xml (URDF or MJCF), .mjcf or .json)"}});
  // Sensitivity: the same text as .json loads.
  const std::string json = (dir / "arm.json").string();
  std::ofstream(json) << doc("[" + kLink + "]");
  EXPECT_EQ(load_model(json).dof, 1);
  std::filesystem::remove_all(dir);
}

TEST(LoadModel, MissingFileListsTheBuiltInNames) {
  const std::string path = test::data_path("models/no_such_robot.urdf");
  EXPECT_EQ(load_error(path),
            path + ": no such file, and not a built-in model (puma560, stanford, planar2r, planar3r, craig3r, rp)");
}

// A path that exists is never called missing: a folder, a device or a FIFO says what it is.
TEST(LoadModel, PathThatIsNoRegularFileSaysWhatItIs) {
  test::expect_refusals(load_error, {
      {test::data_path("models"), test::data_path("models") + ": not a model file (a folder, not a regular file)"},
      {"/dev/zero", "/dev/zero: not a model file (a character device, not a regular file)"},
      {"/dev/null", "/dev/null: not a model file (a character device, not a regular file)"}});
  const std::filesystem::path fifo = std::filesystem::temp_directory_path() / ("load_model_fifo_" + std::to_string(getpid()));
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(load_error(fifo.string()), fifo.string() + ": not a model file (a FIFO, not a regular file)");
  std::filesystem::remove(fifo);
}

}  // namespace json_model_test
}  // namespace armdyn
