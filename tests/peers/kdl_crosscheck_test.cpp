// armdyn against Orocos KDL (through armdyn_peers::KdlPeer, built from the same URDF file):
// tau (ChainIdSolver_RNE), M (ChainDynParam::JntToMass), C v + g (JntToCoriolis + JntToGravity)
// against nonlinear_effects, g (JntToGravity), qdd (ChainFdSolver_RNE and the Vereshchagin
// hybrid solver) and the pose of the tip link (ChainFkSolverPos_recursive), to 1e-9 relative to
// the quantity's largest magnitude, on the shipped models and on random chains generated here
// (joint origins with rpy, arbitrary and non-unit axes, prismatic and continuous joints, full
// inertia tensors with inertial rpy, fixed links with mass on and off the path, a massive root).
// Sensitivity: the same comparison against an armdyn model with one link's mass scaled by 1.001
// (or the tip frame moved by 1 um) must fail.
#include <armdyn_peers/kdl_peer.hpp>

#include <gtest/gtest.h>


#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "peers/crosscheck_util.hpp"
#include "support/temp_dir.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace kdl_crosscheck_test {

using armdyn::peers::KdlPeer;
using V3 = Eigen::Vector3d;
using M3 = Eigen::Matrix3d;
using test::Errors;
using test::num;
using test::rel_err;
constexpr double kTol = test::kPeerTol;
constexpr int kStates = test::kPeerStates;

// ---------------------------------------------------------------------------------------------
// Comparison.

/// Row-major copy of an Eigen matrix (KdlPeer's layout).
std::vector<double> row_major(const MatX<double>& M) {
  std::vector<double> out(M.size());
  for (int r = 0; r < M.rows(); ++r)
    for (int c = 0; c < M.cols(); ++c) out[r * M.cols() + c] = M(r, c);
  return out;
}

using test::State;

/// Worst relative disagreement per quantity over `states`. `joints`: the armdyn joints the KDL
/// chain covers (all when empty), in chain order.
Errors compare(const Model& model, KdlPeer& kdl, const std::string& tip, const std::vector<State>& states,
               std::vector<int> joints = {}) {
  const int n = kdl.dof();
  if (joints.empty())
    for (int i = 0; i < model.dof; ++i) joints.push_back(i);
  EXPECT_EQ(static_cast<int>(joints.size()), n);
  const int frame = model.frame_index(tip);
  EXPECT_GE(frame, 0) << tip;
  Data data(model);
  Errors worst;
  const auto note = [&](const std::string& what, double e) { worst[what] = std::max(worst[what], e); };
  const auto sub = [&](const VecX<double>& x) {
    std::vector<double> out;
    for (int i : joints) out.push_back(x[i]);
    return out;
  };
  std::vector<double> tau(n), M(n * n), c(n), g(n), qdd(n), qdd_v(n), T(16);
  for (const State& s : states) {
    const std::vector<double> q = sub(s.q), v = sub(s.v), a = sub(s.a), u = sub(s.tau);
    kdl.inverse_dynamics(q.data(), v.data(), a.data(), tau.data());
    kdl.mass_matrix(q.data(), M.data());
    kdl.coriolis(q.data(), v.data(), c.data());
    kdl.gravity(q.data(), g.data());
    kdl.forward_dynamics(q.data(), v.data(), u.data(), qdd.data());
    kdl.forward_dynamics_vereshchagin(q.data(), v.data(), u.data(), qdd_v.data());
    kdl.tip_pose(q.data(), T.data());
    std::vector<double> cg(n);
    for (int i = 0; i < n; ++i) cg[i] = c[i] + g[i];

    // armdyn on the whole model; joints outside the chain at rest with zero torque (the chains
    // used with `joints` are decoupled from the rest of their tree).
    VecX<double> Q = s.q, V = s.v, A = s.a, U = s.tau;
    if (static_cast<int>(joints.size()) != model.dof) {
      V.setZero();
      A.setZero();
      U.setZero();
      for (int i : joints) {
        V[i] = s.v[i];
        A[i] = s.a[i];
        U[i] = s.tau[i];
      }
    }
    note("tau", rel_err(sub(rnea(model, data, Q, V, A)).data(), tau.data(), n));
    const MatX<double> Mfull = crba(model, data, Q);
    MatX<double> Msub(n, n);
    for (int r = 0; r < n; ++r)
      for (int k = 0; k < n; ++k) Msub(r, k) = Mfull(joints[r], joints[k]);
    note("M", rel_err(row_major(Msub).data(), M.data(), n * n));
    note("c+g", rel_err(sub(nonlinear_effects(model, data, Q, V)).data(), cg.data(), n));
    note("g", rel_err(sub(gravity_torque(model, data, Q)).data(), g.data(), n));
    const std::vector<double> fd = sub(forward_dynamics(model, data, Q, V, U));
    note("qdd (ChainFdSolver_RNE)", rel_err(fd.data(), qdd.data(), n));
    note("qdd (Vereshchagin)", rel_err(fd.data(), qdd_v.data(), n));
    forward_kinematics(model, data, Q);
    note("pose(" + tip + ")", rel_err(row_major(data.oMf[frame].matrix()).data(), T.data(), 16));
  }
  return worst;
}

void expect_agreement(const Errors& e, const std::string& label) {
  for (const auto& [what, err] : e) {
    EXPECT_LE(err, kTol) << label << ": " << what;
    std::cout << "[ info ] " << label << " worst relative error, " << what << ": " << err << "\n";
  }
}

/// Every dynamic quantity must be past the tolerance (the pose does not depend on a mass, nor
/// M on gravity: list those in `unaffected`).
void expect_dynamics_disagree(const Errors& e, const std::string& label, const std::vector<std::string>& unaffected = {}) {
  for (const auto& [what, err] : e) {
    if (what.rfind("pose", 0) == 0 || std::find(unaffected.begin(), unaffected.end(), what) != unaffected.end()) continue;
    EXPECT_GT(err, kTol) << label << ": perturbation not detected in " << what;
  }
}

// ---------------------------------------------------------------------------------------------
// URDF text edits for the sensitivity checks.

/// Joint `joint`'s origin moved by dx along its parent's x axis.
std::string shift_joint(std::string xml, const std::string& joint, double dx) {
  const std::size_t at = xml.find("<joint name=\"" + joint + "\"");
  std::size_t v = xml.find("xyz=\"", xml.find("<origin", at));
  EXPECT_TRUE(at != std::string::npos && v < xml.find("</joint>", at)) << joint;
  v += 5;
  const std::size_t space = xml.find(' ', v);
  xml.replace(v, space - v, num(std::strtod(xml.substr(v, space - v).c_str(), nullptr) + dx));
  return xml;
}

// ---------------------------------------------------------------------------------------------
// The shipped models.

struct Shipped {
  std::string model, tip, tip_joint, heavier_link;
};

void PrintTo(const Shipped& s, std::ostream* os) { *os << s.model; }  // readable ctest names

class KdlShipped : public ::testing::TestWithParam<Shipped> {};

TEST_P(KdlShipped, AgreesOnRandomStates) {
  const Shipped& p = GetParam();
  const std::string path = test::data_path("models/" + p.model + ".urdf");
  const Model model = load_urdf(path);
  auto kdl = KdlPeer::from_urdf(path, p.tip);
  ASSERT_EQ(kdl->joint_names(), model.joint_names);
  ASSERT_EQ(kdl->tip_link(), p.tip);
  expect_agreement(compare(model, *kdl, p.tip, test::peer_states(model.dof, kStates, 1000 + model.dof)), p.model);
}

TEST_P(KdlShipped, NoticesAScaledMassAndAMovedTip) {
  const Shipped& p = GetParam();
  const std::string path = test::data_path("models/" + p.model + ".urdf");
  const std::string xml = test::read_text(path);
  auto kdl = KdlPeer::from_urdf(path, p.tip);
  const auto states = test::peer_states(kdl->dof(), 3, 7);
  const Model heavier = load_urdf_string(test::scale_mass(xml, p.heavier_link, 1.001), "heavier.urdf");
  expect_dynamics_disagree(compare(heavier, *kdl, p.tip, states), p.model + " (mass of " + p.heavier_link + " x 1.001)");
  const Model moved = load_urdf_string(shift_joint(xml, p.tip_joint, 1e-6), "moved.urdf");
  const Errors e = compare(moved, *kdl, p.tip, states);
  EXPECT_GT(e.at("pose(" + p.tip + ")"), kTol) << p.model << ": tip moved by 1 um not detected";
  EXPECT_LE(e.at("M"), kTol);  // a massless tip frame moves nothing else
}

INSTANTIATE_TEST_SUITE_P(
    Models, KdlShipped,
    ::testing::Values(Shipped{"ur5", "tool0", "wrist_3_link-tool0_fixed_joint", "wrist_1_link"},
                      Shipped{"panda", "panda_hand_tcp", "panda_hand_tcp_joint", "panda_link4"},
                      Shipped{"chain_6", "tip", "tip_joint", "link_3"}, Shipped{"chain_12", "tip", "tip_joint", "link_6"},
                      Shipped{"chain_24", "tip", "tip_joint", "link_12"},
                      Shipped{"chain_48", "tip", "tip_joint", "link_24"}),
    [](const ::testing::TestParamInfo<Shipped>& i) { return i.param.model; });

// Non-default gravity reaches both sides.
TEST(KdlGravity, NonDefaultGravityAgrees) {
  const std::string path = test::data_path("models/panda.urdf");
  const V3 g(1.5, -2.0, -7.0);
  const Model model = load_urdf(path).with_gravity(g);
  auto kdl = KdlPeer::from_urdf(path, "panda_hand_tcp");
  kdl->set_gravity(g.data());
  expect_agreement(compare(model, *kdl, "panda_hand_tcp", test::peer_states(7, 5, 31)), "panda, gravity (1.5, -2, -7)");
  // Sensitivity: armdyn with the default gravity disagrees.
  expect_dynamics_disagree(compare(load_urdf(path), *kdl, "panda_hand_tcp", test::peer_states(7, 2, 31)),
                           "panda, default gravity vs (1.5, -2, -7)", {"M"});
}

// One branch of a tree: branching_tree.urdf's a-branch (a_joint, y_joint, x_joint, through the
// fixed link a1_fixed) hangs off the fixed base, so it is decoupled from the b-branch and KDL's
// chain to a2 must agree with those rows of armdyn's tree model.
TEST(KdlTree, BranchOfATreeAgrees) {
  const std::string path = test::data_path("models/branching_tree.urdf");
  const Model model = load_urdf(path);
  auto kdl = KdlPeer::from_urdf(path, "a2");
  ASSERT_EQ(kdl->joint_names(), (std::vector<std::string>{"a_joint", "y_joint", "x_joint"}));
  const std::vector<int> branch = {model.joint_index("a_joint"), model.joint_index("y_joint"), model.joint_index("x_joint")};
  expect_agreement(compare(model, *kdl, "a2", test::peer_states(model.dof, kStates, 41), branch), "branching_tree a-branch");
  const Model heavier = load_urdf_string(test::scale_mass(test::read_text(path), "a1_fixed", 1.001), "heavier.urdf");
  expect_dynamics_disagree(compare(heavier, *kdl, "a2", test::peer_states(model.dof, 3, 41), branch),
                           "branching_tree (a1_fixed mass x 1.001)");
}

// ---------------------------------------------------------------------------------------------
// Random chains.

std::string triple(const V3& v) { return num(v.x()) + " " + num(v.y()) + " " + num(v.z()); }

struct Inertial {
  double mass;
  V3 xyz, rpy;
  M3 I;
};
struct Link {
  std::string name;
  std::optional<Inertial> inertial;
};
struct Joint {
  std::string name, type, parent, child;
  V3 xyz, rpy, axis;
};
struct Chain {
  std::vector<Link> links;
  std::vector<Joint> joints;
  std::string tip, tip_joint, heavier_link;
  int dof = 0;

  std::string urdf() const {
    std::string out = "<?xml version=\"1.0\"?>\n<robot name=\"random_chain\">\n";
    for (const Link& l : links) {
      out += "  <link name=\"" + l.name + "\">";
      if (l.inertial) {
        const Inertial& in = *l.inertial;
        out += "<inertial><origin xyz=\"" + triple(in.xyz) + "\" rpy=\"" + triple(in.rpy) + "\"/><mass value=\"" +
               num(in.mass) + "\"/><inertia ixx=\"" + num(in.I(0, 0)) + "\" ixy=\"" + num(in.I(0, 1)) + "\" ixz=\"" +
               num(in.I(0, 2)) + "\" iyy=\"" + num(in.I(1, 1)) + "\" iyz=\"" + num(in.I(1, 2)) + "\" izz=\"" +
               num(in.I(2, 2)) + "\"/></inertial>";
      }
      out += "</link>\n";
    }
    for (const Joint& j : joints) {
      out += "  <joint name=\"" + j.name + "\" type=\"" + j.type + "\">\n    <parent link=\"" + j.parent +
             "\"/>\n    <child link=\"" + j.child + "\"/>\n    <origin xyz=\"" + triple(j.xyz) + "\" rpy=\"" +
             triple(j.rpy) + "\"/>\n";
      if (j.type != "fixed") out += "    <axis xyz=\"" + triple(j.axis) + "\"/>\n";
      if (j.type == "revolute" || j.type == "prismatic")
        out += "    <limit lower=\"-3\" upper=\"3\" effort=\"100\" velocity=\"10\"/>\n";
      out += "  </joint>\n";
    }
    return out + "</robot>\n";
  }
};

Chain random_chain(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), mass(0.2, 3), unit(0, 1), dim(0.03, 0.4);
  std::normal_distribution<double> gauss;
  const auto v3 = [&](double s) { return V3(s * u(rng), s * u(rng), s * u(rng)); };
  const auto inertial = [&]() {
    Inertial in;
    in.mass = mass(rng);
    in.xyz = v3(0.2);
    in.rpy = v3(3.0);
    const double a = dim(rng), b = dim(rng), c = dim(rng);
    const V3 p(in.mass * (b * b + c * c) / 12, in.mass * (a * a + c * c) / 12, in.mass * (a * a + b * b) / 12);
    const M3 Q = Eigen::Quaterniond(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized().toRotationMatrix();
    in.I = Q * p.asDiagonal() * Q.transpose();
    in.I = 0.5 * (in.I + in.I.transpose());
    return in;
  };
  const V3 axes[] = {V3::UnitX(), V3::UnitY(), V3::UnitZ(), -V3::UnitX(), -V3::UnitY(), -V3::UnitZ()};
  Chain ch;
  ch.dof = n;
  ch.links.push_back({"base", inertial()});  // a massive root: ignored by both
  ch.links.push_back({"pedestal", inertial()});
  ch.joints.push_back({"pedestal_joint", "fixed", "base", "pedestal", v3(0.3), v3(3.0), V3::Zero()});
  std::string attach = "pedestal";
  for (int k = 1; k <= n; ++k) {
    const std::string link = "l" + std::to_string(k);
    Joint j{"j" + std::to_string(k), "revolute", attach, link, v3(0.3), v3(3.0), V3::Zero()};
    const double t = unit(rng);
    j.type = t < 0.6 ? "revolute" : t < 0.75 ? "continuous" : "prismatic";
    const double pick = unit(rng);
    if (pick < 0.5) j.axis = axes[static_cast<int>(unit(rng) * 6) % 6];
    else if (pick < 0.75) j.axis = V3(gauss(rng), gauss(rng), gauss(rng)).normalized();
    else j.axis = (0.3 + 2.7 * unit(rng)) * V3(gauss(rng), gauss(rng), gauss(rng)).normalized();  // non-unit
    ch.joints.push_back(j);
    ch.links.push_back({link, inertial()});
    attach = link;
    if (unit(rng) < 0.35) {  // a fixed link on the path: the next joint hangs off it
      const std::string fixed = "fix" + std::to_string(k);
      std::optional<Inertial> in;
      if (unit(rng) < 0.7) in = inertial();
      ch.joints.push_back({fixed + "_joint", "fixed", link, fixed, v3(0.3), v3(3.0), V3::Zero()});
      ch.links.push_back({fixed, in});
      attach = fixed;
    }
    if (unit(rng) < 0.3) {  // a fixed link off the path
      const std::string side = "side" + std::to_string(k);
      ch.joints.push_back({side + "_joint", "fixed", link, side, v3(0.3), v3(3.0), V3::Zero()});
      ch.links.push_back({side, inertial()});
    }
  }
  ch.joints.push_back({"tool_a_joint", "fixed", attach, "tool_a", v3(0.2), v3(3.0), V3::Zero()});
  ch.links.push_back({"tool_a", inertial()});
  ch.joints.push_back({"tool_b_joint", "fixed", "tool_a", "tool_b", v3(0.2), v3(3.0), V3::Zero()});
  ch.links.push_back({"tool_b", std::nullopt});
  ch.tip = "tool_b";
  ch.tip_joint = "tool_b_joint";
  ch.heavier_link = "l" + std::to_string((n + 1) / 2);
  return ch;
}

using test::TempDir;

struct RandomCase {
  int dof;
  std::uint64_t seed;
};

void PrintTo(const RandomCase& c, std::ostream* os) { *os << "dof " << c.dof << ", seed " << c.seed; }

class KdlRandomChain : public ::testing::TestWithParam<RandomCase> {};

TEST_P(KdlRandomChain, AgreesOnRandomStates) {
  const RandomCase c = GetParam();
  const Chain ch = random_chain(c.dof, c.seed);
  const std::string label = "random chain " + std::to_string(c.dof) + "/" + std::to_string(c.seed);
  TempDir tmp(std::to_string(c.dof) + "_" + std::to_string(c.seed));
  const std::string path = tmp.write("chain.urdf", ch.urdf());
  const Model model = load_urdf(path);
  auto kdl = KdlPeer::from_urdf(path, ch.tip);
  ASSERT_EQ(model.dof, c.dof);
  ASSERT_EQ(kdl->joint_names(), model.joint_names);
  ASSERT_EQ(model.warnings.size(), 2u) << "root and pedestal inertia ignored";
  expect_agreement(compare(model, *kdl, ch.tip, test::peer_states(c.dof, kStates, c.seed + 100)), label);

  // Sensitivity.
  const auto states = test::peer_states(c.dof, 3, c.seed + 200);
  expect_dynamics_disagree(compare(load_urdf_string(test::scale_mass(ch.urdf(), ch.heavier_link, 1.001), "heavier.urdf"), *kdl,
                                   ch.tip, states),
                           label + " (mass of " + ch.heavier_link + " x 1.001)");
  const Errors moved = compare(load_urdf_string(shift_joint(ch.urdf(), ch.tip_joint, 1e-6), "moved.urdf"), *kdl, ch.tip, states);
  EXPECT_GT(moved.at("pose(" + ch.tip + ")"), kTol) << label << ": tip moved by 1 um not detected";
}

INSTANTIATE_TEST_SUITE_P(Chains, KdlRandomChain,
                         ::testing::Values(RandomCase{1, 1}, RandomCase{2, 2}, RandomCase{3, 3}, RandomCase{5, 4},
                                           RandomCase{7, 5}, RandomCase{7, 6}, RandomCase{9, 7}, RandomCase{12, 8},
                                           RandomCase{16, 9}, RandomCase{24, 10}),
                         [](const ::testing::TestParamInfo<RandomCase>& i) {
                           return "dof" + std::to_string(i.param.dof) + "_seed" + std::to_string(i.param.seed);
                         });

// The generator really produces what the header promises (so the agreement above covers it).
TEST(KdlRandomChainGenerator, CoversTheFeatures) {
  int prismatic = 0, continuous = 0, non_unit = 0, off_axis = 0, fixed_on_path = 0, side = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Chain ch = random_chain(12, seed);
    for (const Joint& j : ch.joints) {
      prismatic += j.type == "prismatic";
      continuous += j.type == "continuous";
      if (j.type != "fixed") {
        non_unit += std::abs(j.axis.norm() - 1) > 1e-3;
        off_axis += j.axis.cwiseAbs().maxCoeff() < 0.99;
      }
      fixed_on_path += j.name.rfind("fix", 0) == 0;
      side += j.name.rfind("side", 0) == 0;
    }
  }
  EXPECT_GT(prismatic, 5);
  EXPECT_GT(continuous, 5);
  EXPECT_GT(non_unit, 5);
  EXPECT_GT(off_axis, 10);
  EXPECT_GT(fixed_on_path, 10);
  EXPECT_GT(side, 10);
}

}  // namespace kdl_crosscheck_test
}  // namespace armdyn
