// KDL (from the URDF) and MuJoCo (from the exact MJCF) must agree with each other, and KDL must
// agree with the Pinocchio reference values, to round-off (1e-9 relative to the quantity's
// largest magnitude). Only std types and double* cross into armdyn_peers.
#include <armdyn_peers/kdl_peer.hpp>
#include <armdyn_peers/mujoco_peer.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using armdyn::peers::KdlPeer;
using armdyn::peers::MujocoPeer;
using Vec = std::vector<double>;

constexpr double kTol = 1e-9;
constexpr int kStates = 20;

const std::string kData = ARMDYN_TEST_DATA_DIR;
std::string urdf_path(const std::string& model) { return kData + "/models/" + model + ".urdf"; }
std::string mjcf_path(const std::string& model) { return kData + "/models/mjcf/" + model + ".xml"; }

double max_abs(const Vec& x) {
  double m = 0;
  for (double e : x) m = std::max(m, std::abs(e));
  return m;
}

// max |a - b| relative to the largest magnitude of either side.
double rel_err(const Vec& a, const Vec& b) {
  if (a.size() != b.size()) return INFINITY;
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double e = std::abs(a[i] - b[i]);
    if (!(e <= d)) d = e;  // NaN propagates
  }
  const double scale = std::max({max_abs(a), max_abs(b), 1e-300});
  return d / scale;
}

struct State {
  Vec q, v, a, tau;
};

std::vector<State> random_states(int n, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto draw = [&] {
    Vec x(n);
    for (double& e : x) e = u(rng);
    return x;
  };
  std::vector<State> states;
  for (int k = 0; k < count; ++k) {
    State s;
    s.q = draw();
    s.v = draw();
    s.a = draw();
    s.tau = draw();
    states.push_back(std::move(s));
  }
  return states;
}

// Everything one library says about one state.
struct Dyn {
  Vec tau, M, bias, qdd, qdd_alt;  // qdd_alt: KDL's Vereshchagin route (empty for MuJoCo)
};

Dyn eval_kdl(KdlPeer& k, const State& s) {
  const int n = k.dof();
  Dyn d{Vec(n), Vec(n * n), Vec(n), Vec(n), Vec(n)};
  Vec c(n), g(n);
  k.inverse_dynamics(s.q.data(), s.v.data(), s.a.data(), d.tau.data());
  k.mass_matrix(s.q.data(), d.M.data());
  k.coriolis(s.q.data(), s.v.data(), c.data());
  k.gravity(s.q.data(), g.data());
  for (int i = 0; i < n; ++i) d.bias[i] = c[i] + g[i];
  k.forward_dynamics(s.q.data(), s.v.data(), s.tau.data(), d.qdd.data());
  k.forward_dynamics_vereshchagin(s.q.data(), s.v.data(), s.tau.data(), d.qdd_alt.data());
  return d;
}

Dyn eval_mujoco(MujocoPeer& m, const State& s) {
  const int n = m.dof();
  Dyn d{Vec(n), Vec(n * n), Vec(n), Vec(n), {}};
  m.inverse_dynamics(s.q.data(), s.v.data(), s.a.data(), d.tau.data());
  m.mass_matrix(s.q.data(), d.M.data());
  m.bias(s.q.data(), s.v.data(), d.bias.data());
  m.forward_dynamics(s.q.data(), s.v.data(), s.tau.data(), d.qdd.data());
  return d;
}

// The comparisons the agreement test makes, as (name, relative error).
std::vector<std::pair<std::string, double>> compare(const Dyn& kdl, const Dyn& mj) {
  return {{"tau", rel_err(kdl.tau, mj.tau)},
          {"M", rel_err(kdl.M, mj.M)},
          {"c+g vs bias", rel_err(kdl.bias, mj.bias)},
          {"qdd (ChainFdSolver_RNE)", rel_err(kdl.qdd, mj.qdd)},
          {"qdd (Vereshchagin)", rel_err(kdl.qdd_alt, mj.qdd)}};
}

struct Pair {
  std::unique_ptr<KdlPeer> kdl;
  std::unique_ptr<MujocoPeer> mj;
};

Pair load_pair(const std::string& model) {
  Pair p;
  p.kdl = KdlPeer::from_urdf(urdf_path(model));
  p.mj = MujocoPeer::from_xml(mjcf_path(model));
  return p;
}

class PeersAgree : public ::testing::TestWithParam<std::string> {};

TEST_P(PeersAgree, KdlAndMujocoAgreeOnRandomStates) {
  const std::string model = GetParam();
  Pair p = load_pair(model);
  const int n = p.kdl->dof();
  ASSERT_GT(n, 0);
  ASSERT_EQ(n, p.mj->dof());
  ASSERT_EQ(p.kdl->joint_names(), p.mj->joint_names());

  std::map<std::string, double> worst;
  const auto states = random_states(n, kStates, 0x5eed0000u + static_cast<unsigned>(n));
  for (int k = 0; k < kStates; ++k) {
    const Dyn a = eval_kdl(*p.kdl, states[k]);
    const Dyn b = eval_mujoco(*p.mj, states[k]);
    for (const auto& [what, err] : compare(a, b)) {
      EXPECT_LE(err, kTol) << model << " state " << k << ": " << what;
      worst[what] = std::max(worst[what], err);
    }
    // KDL's own consistency: tau = M a + c + g.
    Vec Mab(n);
    for (int i = 0; i < n; ++i) {
      Mab[i] = a.bias[i];
      for (int j = 0; j < n; ++j) Mab[i] += a.M[i * n + j] * states[k].a[j];
    }
    EXPECT_LE(rel_err(a.tau, Mab), kTol) << model << " state " << k << ": KDL tau vs M a + c + g";
  }
  for (const auto& [what, err] : worst)
    std::cout << "[ info ] " << model << " worst relative error, " << what << ": " << err << "\n";
}

// The comparison must be able to fail: a 1e-3 change of one joint angle on the KDL side only
// has to push every quantity past the tolerance.
TEST_P(PeersAgree, ComparisonDetectsAPerturbedState) {
  const std::string model = GetParam();
  Pair p = load_pair(model);
  const int n = p.kdl->dof();
  const auto states = random_states(n, 1, 0x5eed0000u + static_cast<unsigned>(n));
  State perturbed = states[0];
  perturbed.q[1] += 1e-3;  // joint 2: every quantity depends on it in all four models
  const Dyn a = eval_kdl(*p.kdl, perturbed);
  const Dyn b = eval_mujoco(*p.mj, states[0]);
  for (const auto& [what, err] : compare(a, b))
    EXPECT_GT(err, kTol) << model << ": perturbation not detected in " << what;

  // Same with a velocity entry (M does not depend on v, so only the v-dependent quantities).
  State pv = states[0];
  pv.v[0] += 1e-3;
  const Dyn c = eval_kdl(*p.kdl, pv);
  EXPECT_GT(rel_err(c.tau, b.tau), kTol) << model;
  EXPECT_GT(rel_err(c.bias, b.bias), kTol) << model;
  EXPECT_GT(rel_err(c.qdd, b.qdd), kTol) << model;
  EXPECT_GT(rel_err(c.qdd_alt, b.qdd), kTol) << model;
}

// Non-default gravity reaches every solver on both sides (KDL rebuilds its solvers).
TEST_P(PeersAgree, SetGravityAgrees) {
  const std::string model = GetParam();
  Pair p = load_pair(model);
  const int n = p.kdl->dof();
  const double g[3] = {1.5, -2.0, -7.0};
  p.kdl->set_gravity(g);
  p.mj->set_gravity(g);
  const auto states = random_states(n, 3, 77);
  for (const State& s : states)
    for (const auto& [what, err] : compare(eval_kdl(*p.kdl, s), eval_mujoco(*p.mj, s)))
      EXPECT_LE(err, kTol) << model << " (gravity 1.5 -2 -7): " << what;

  const double zero[3] = {0, 0, 0};
  p.kdl->set_gravity(zero);
  p.mj->set_gravity(zero);
  Vec gk(n), ck(n), bm(n);
  p.kdl->gravity(states[0].q.data(), gk.data());
  EXPECT_EQ(max_abs(gk), 0.0) << model;
  p.kdl->coriolis(states[0].q.data(), states[0].v.data(), ck.data());
  p.mj->bias(states[0].q.data(), states[0].v.data(), bm.data());
  EXPECT_LE(rel_err(ck, bm), kTol) << model << " (zero gravity): coriolis vs bias";
}

INSTANTIATE_TEST_SUITE_P(Models, PeersAgree,
                         ::testing::Values("ur5", "panda", "chain_6", "chain_12"),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

// ---------------------------------------------------------------------------------------------
// Against the Pinocchio reference files (tests/data/reference/*.json): KDL built with tip_link =
// the file's "frame"; MuJoCo from the exact MJCF. Expected c is the bias C(q,v) v + g(q).

Vec flat(const nlohmann::json& j) {
  Vec out;
  if (j.is_array() && !j.empty() && j[0].is_array()) {
    for (const auto& row : j)
      for (const auto& e : row) out.push_back(e.get<double>());
  } else {
    for (const auto& e : j) out.push_back(e.get<double>());
  }
  return out;
}

nlohmann::json load_reference(const std::string& model) {
  const std::string path = kData + "/reference/" + model + ".json";
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot open " + path);
  return nlohmann::json::parse(f);
}

class PeersReference : public ::testing::TestWithParam<std::string> {};

TEST_P(PeersReference, KdlAndMujocoMatchPinocchio) {
  const std::string model = GetParam();
  const nlohmann::json ref = load_reference(model);
  const std::string frame = ref.at("frame").get<std::string>();
  const Vec grav = flat(ref.at("gravity"));
  ASSERT_EQ(grav.size(), 3u);

  auto kdl = KdlPeer::from_urdf(urdf_path(model), frame);
  auto mj = MujocoPeer::from_xml(mjcf_path(model));
  kdl->set_gravity(grav.data());
  mj->set_gravity(grav.data());
  const int n = kdl->dof();
  EXPECT_EQ(kdl->tip_link(), frame);
  ASSERT_EQ(kdl->joint_names(), ref.at("joints").get<std::vector<std::string>>());

  const auto& states = ref.at("states");
  const auto& expected = ref.at("expected");
  ASSERT_EQ(states.size(), expected.size());
  ASSERT_GT(states.size(), 0u);
  std::map<std::string, double> worst;
  for (std::size_t k = 0; k < states.size(); ++k) {
    State s{flat(states[k].at("q")), flat(states[k].at("v")), flat(states[k].at("a")),
            flat(states[k].at("tau"))};
    ASSERT_EQ(static_cast<int>(s.q.size()), n);
    const auto& e = expected[k];
    const Dyn a = eval_kdl(*kdl, s);
    const Dyn b = eval_mujoco(*mj, s);
    Vec g(n), T(16);
    kdl->gravity(s.q.data(), g.data());
    kdl->tip_pose(s.q.data(), T.data());
    const std::vector<std::pair<std::string, double>> errs = {
        {"KDL tau", rel_err(a.tau, flat(e.at("tau")))},
        {"KDL M", rel_err(a.M, flat(e.at("M")))},
        {"KDL pose(" + frame + ")", rel_err(T, flat(e.at("pose")))},
        {"KDL c+g", rel_err(a.bias, flat(e.at("c")))},
        {"KDL g", rel_err(g, flat(e.at("g")))},
        {"KDL qdd (RNE)", rel_err(a.qdd, flat(e.at("qdd")))},
        {"KDL qdd (Vereshchagin)", rel_err(a.qdd_alt, flat(e.at("qdd")))},
        {"MuJoCo tau", rel_err(b.tau, flat(e.at("tau")))},
        {"MuJoCo M", rel_err(b.M, flat(e.at("M")))},
        {"MuJoCo bias", rel_err(b.bias, flat(e.at("c")))},
        {"MuJoCo qdd", rel_err(b.qdd, flat(e.at("qdd")))}};
    for (const auto& [what, err] : errs) {
      EXPECT_LE(err, kTol) << model << " reference state " << k << ": " << what;
      worst[what] = std::max(worst[what], err);
    }
  }
  for (const auto& [what, err] : worst)
    std::cout << "[ info ] " << model << " vs reference, worst relative error, " << what << ": "
              << err << "\n";
}

INSTANTIATE_TEST_SUITE_P(Models, PeersReference, ::testing::Values("ur5", "panda", "chain_6"),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

// The brief's explicit check: UR5 tool0 pose for the first reference state.
TEST(PeersReferenceUr5, Tool0PoseOfFirstState) {
  const nlohmann::json ref = load_reference("ur5");
  ASSERT_EQ(ref.at("frame").get<std::string>(), "tool0");
  auto kdl = KdlPeer::from_urdf(urdf_path("ur5"), "tool0");
  const Vec q = flat(ref.at("states")[0].at("q"));
  Vec T(16);
  kdl->tip_pose(q.data(), T.data());
  const Vec expected = flat(ref.at("expected")[0].at("pose"));
  EXPECT_LE(rel_err(T, expected), kTol);
  // Bottom row is exactly [0 0 0 1].
  EXPECT_EQ(T[12], 0.0);
  EXPECT_EQ(T[13], 0.0);
  EXPECT_EQ(T[14], 0.0);
  EXPECT_EQ(T[15], 1.0);
}

// ---------------------------------------------------------------------------------------------
// Chain construction details.

TEST(KdlPeerBuild, DefaultTipIsLastMovingLinkAndTipDoesNotChangeDynamics) {
  auto def = KdlPeer::from_urdf(urdf_path("ur5"));
  auto tool = KdlPeer::from_urdf(urdf_path("ur5"), "tool0");
  auto wrist = KdlPeer::from_urdf(urdf_path("ur5"), "wrist_3_link");
  EXPECT_EQ(def->tip_link(), "wrist_3_link");
  EXPECT_EQ(tool->tip_link(), "tool0");
  ASSERT_EQ(def->dof(), 6);
  ASSERT_EQ(tool->dof(), 6);
  const State s = random_states(6, 1, 3)[0];
  const Dyn a = eval_kdl(*def, s);
  const Dyn b = eval_kdl(*tool, s);
  EXPECT_EQ(a.tau, b.tau);
  EXPECT_EQ(a.M, b.M);
  EXPECT_EQ(a.qdd, b.qdd);
  EXPECT_EQ(a.qdd_alt, b.qdd_alt);
  Vec Td(16), Tw(16), Tt(16);
  def->tip_pose(s.q.data(), Td.data());
  wrist->tip_pose(s.q.data(), Tw.data());
  tool->tip_pose(s.q.data(), Tt.data());
  EXPECT_EQ(Td, Tw);
  EXPECT_GT(rel_err(Td, Tt), 1e-3);  // tool0 is 0.0823 m off wrist_3_link
}

TEST(KdlPeerBuild, ShorterChainWhenTipIsAnInnerLink) {
  auto k = KdlPeer::from_urdf(urdf_path("chain_12"), "link_5");
  EXPECT_EQ(k->dof(), 5);
  auto t = KdlPeer::from_urdf(urdf_path("chain_6"), "tip");
  EXPECT_EQ(t->dof(), 6);
  EXPECT_EQ(t->tip_link(), "tip");
}

TEST(KdlPeerBuild, PandaDefaultTipIsLink7) {
  // The hand (fixed joints panda_joint8, panda_hand_joint) is lumped into panda_link7; the
  // agreement tests check its inertia against MuJoCo and Pinocchio.
  auto k = KdlPeer::from_urdf(urdf_path("panda"));
  EXPECT_EQ(k->tip_link(), "panda_link7");
  EXPECT_EQ(k->dof(), 7);
}

TEST(PeersErrors, ClearExceptions) {
  EXPECT_THROW(KdlPeer::from_urdf(kData + "/models/does_not_exist.urdf"), std::runtime_error);
  EXPECT_THROW(KdlPeer::from_urdf(urdf_path("ur5"), "no_such_link"), std::runtime_error);
  EXPECT_THROW(KdlPeer::from_urdf(urdf_path("ur5"), "base"), std::runtime_error);  // 0 joints
  EXPECT_THROW(KdlPeer::from_urdf(mjcf_path("ur5")), std::runtime_error);          // not URDF
  EXPECT_THROW(MujocoPeer::from_xml(kData + "/models/mjcf/does_not_exist.xml"),
               std::runtime_error);
  try {
    KdlPeer::from_urdf(urdf_path("ur5"), "no_such_link");
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_link"), std::string::npos) << e.what();
  }
}

}  // namespace
