// armdyn (from the URDF) against MuJoCo 2.2.2 (through armdyn_peers::MujocoPeer, from the exact
// MJCF in tests/data/models/mjcf/, whose rigid bodies are the URDF's with fixed links lumped):
// tau (mj_rne with acceleration), M (mj_crb + mj_fullM), C v + g (mj_rne without acceleration)
// against nonlinear_effects, g (the bias at rest) against gravity_torque, and qdd (mj_forward)
// against forward_dynamics, to 1e-9 relative to the quantity's largest magnitude.
// MujocoPeer reports no body poses, so poses are checked against KDL only.
// Sensitivity: an armdyn model with one link's mass scaled by 1.001 must fail every comparison.
#include <armdyn_peers/mujoco_peer.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "peers/crosscheck_util.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace mujoco_crosscheck_test {

using armdyn::peers::MujocoPeer;
using test::Errors;
using test::rel_err;
constexpr double kTol = test::kPeerTol;
constexpr int kStates = test::kPeerStates;

using test::State;

Errors compare(const Model& model, MujocoPeer& mj, const std::vector<State>& states) {
  const int n = model.dof;
  EXPECT_EQ(mj.dof(), n);
  Data data(model);
  Errors worst;
  const auto note = [&](const std::string& what, double e) { worst[what] = std::max(worst[what], e); };
  std::vector<double> tau(n), M(n * n), bias(n), g(n), qdd(n), zero(n, 0.0), Mrow(n * n);
  for (const State& s : states) {
    mj.inverse_dynamics(s.q.data(), s.v.data(), s.a.data(), tau.data());
    mj.mass_matrix(s.q.data(), M.data());
    mj.bias(s.q.data(), s.v.data(), bias.data());
    mj.bias(s.q.data(), zero.data(), g.data());
    mj.forward_dynamics(s.q.data(), s.v.data(), s.tau.data(), qdd.data());
    note("tau", rel_err(rnea(model, data, s.q, s.v, s.a).data(), tau.data(), n));
    const MatX<double>& Ma = crba(model, data, s.q);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) Mrow[r * n + c] = Ma(r, c);
    note("M", rel_err(Mrow.data(), M.data(), n * n));
    note("c+g vs bias", rel_err(nonlinear_effects(model, data, s.q, s.v).data(), bias.data(), n));
    note("g vs bias at rest", rel_err(gravity_torque(model, data, s.q).data(), g.data(), n));
    note("qdd", rel_err(forward_dynamics(model, data, s.q, s.v, s.tau).data(), qdd.data(), n));
  }
  return worst;
}

struct Case {
  std::string model, heavier_link;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.model; }  // readable ctest names

class MujocoCrosscheck : public ::testing::TestWithParam<Case> {};

TEST_P(MujocoCrosscheck, AgreesOnRandomStates) {
  const Case& c = GetParam();
  const Model model = load_urdf(test::data_path("models/" + c.model + ".urdf"));
  auto mj = MujocoPeer::from_xml(test::data_path("models/mjcf/" + c.model + ".xml"));
  ASSERT_EQ(mj->joint_names(), model.joint_names);
  const Errors e = compare(model, *mj, test::peer_states(model.dof, kStates, 2000 + model.dof));
  for (const auto& [what, err] : e) {
    EXPECT_LE(err, kTol) << c.model << ": " << what;
    std::cout << "[ info ] " << c.model << " vs MuJoCo worst relative error, " << what << ": " << err << "\n";
  }
}

TEST_P(MujocoCrosscheck, NoticesAScaledMass) {
  const Case& c = GetParam();
  const std::string path = test::data_path("models/" + c.model + ".urdf");
  const Model heavier = load_urdf_string(test::scale_mass(test::read_text(path), c.heavier_link, 1.001), "heavier.urdf");
  auto mj = MujocoPeer::from_xml(test::data_path("models/mjcf/" + c.model + ".xml"));
  for (const auto& [what, err] : compare(heavier, *mj, test::peer_states(heavier.dof, 3, 9)))
    EXPECT_GT(err, kTol) << c.model << " (mass of " << c.heavier_link << " x 1.001): not detected in " << what;
}

INSTANTIATE_TEST_SUITE_P(Models, MujocoCrosscheck,
                         ::testing::Values(Case{"ur5", "wrist_1_link"}, Case{"panda", "panda_link4"},
                                           Case{"chain_6", "link_3"}, Case{"chain_12", "link_6"},
                                           Case{"chain_24", "link_12"}, Case{"chain_48", "link_24"}),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.model; });

// Non-default gravity reaches both sides; armdyn with the default gravity is told apart (M does
// not depend on gravity).
TEST(MujocoGravity, NonDefaultGravityAgrees) {
  const double g[3] = {1.5, -2.0, -7.0};
  const Model base = load_urdf(test::data_path("models/ur5.urdf"));
  const Model model = base.with_gravity(Vec3<double>(g[0], g[1], g[2]));
  auto mj = MujocoPeer::from_xml(test::data_path("models/mjcf/ur5.xml"));
  mj->set_gravity(g);
  const auto states = test::peer_states(6, 5, 51);
  for (const auto& [what, err] : compare(model, *mj, states)) EXPECT_LE(err, kTol) << "ur5, gravity (1.5, -2, -7): " << what;
  for (const auto& [what, err] : compare(base, *mj, states)) {
    if (what == "M") continue;
    EXPECT_GT(err, kTol) << "ur5, default gravity vs (1.5, -2, -7): " << what;
  }
}

}  // namespace mujoco_crosscheck_test
}  // namespace armdyn
