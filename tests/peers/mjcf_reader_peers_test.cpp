// armdyn's MJCF reader (io/mjcf.hpp) against MuJoCo 2.2.2 on the same file (through
// armdyn_peers::MujocoPeer): the mass matrix with the armature on its diagonal (drive_mass_matrix
// of mjcf_drives) against mj_crb + mj_fullM (MuJoCo adds the armature there), tau = M a + c + g
// against mj_rne (the rigid bodies' only: mj_rne leaves the armature out), C v + g against mj_rne without acceleration, and qdd = (M + A)^-1 (tau - c - g)
// against mj_forward (passive forces and constraints off on both sides: damping and frictionloss
// are not in it), to 1e-9 relative, on random states. The hand-written features.xml turns
// bodies, puts joint anchors off the origin, sets refs in degrees, two joints in one body and a
// slide joint: any slip in the frames, anchors or refs changes these numbers.
// Sensitivity: the same model without its armature must disagree in M and qdd.
#include <armdyn_peers/mujoco_peer.hpp>

#include <gtest/gtest.h>

#include <Eigen/Cholesky>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/io/mjcf.hpp"
#include "peers/crosscheck_util.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace mjcf_reader_peers_test {

using armdyn::peers::MujocoPeer;
using test::Errors;
using test::rel_err;

Errors compare_with_mujoco(const Model& model, const drives::DriveSet& set, MujocoPeer& mj) {
  const int n = model.dof;
  Data data(model);
  Errors worst;
  const auto note = [&](const std::string& what, double e) { worst[what] = std::max(worst[what], e); };
  std::vector<double> tau(n), M(n * n), bias(n), qdd(n), Mrow(n * n);
  for (const test::State& s : test::peer_states(n, test::kPeerStates, 4000 + n)) {
    mj.inverse_dynamics(s.q.data(), s.v.data(), s.a.data(), tau.data());
    mj.mass_matrix(s.q.data(), M.data());
    mj.bias(s.q.data(), s.v.data(), bias.data());
    mj.forward_dynamics(s.q.data(), s.v.data(), s.tau.data(), qdd.data());
    const MatX<double> MA = drives::drive_mass_matrix(model, set, data, s.q);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) Mrow[r * n + c] = MA(r, c);
    note("M", rel_err(Mrow.data(), M.data(), n * n));
    note("tau", rel_err(rnea(model, data, s.q, s.v, s.a).data(), tau.data(), n));
    const VecX<double> cg = nonlinear_effects(model, data, s.q, s.v);
    note("c+g", rel_err(cg.data(), bias.data(), n));
    const VecX<double> ours_qdd = MA.llt().solve(s.tau - cg);
    note("qdd", rel_err(ours_qdd.data(), qdd.data(), n));
  }
  return worst;
}

class MjcfReaderPeers : public ::testing::TestWithParam<std::string> {};

TEST_P(MjcfReaderPeers, AgreesWithMujocoOnTheSameFile) {
  const std::string path = test::data_path("models/mjcf/" + GetParam() + ".xml");
  const Model model = load_mjcf(path);
  const drives::DriveSet set = mjcf_drives(model);
  auto mj = MujocoPeer::from_xml(path);
  ASSERT_EQ(mj->joint_names(), model.joint_names);
  for (const auto& [what, err] : compare_with_mujoco(model, set, *mj)) {
    EXPECT_LE(err, test::kPeerTol) << GetParam() << ": " << what;
    std::cout << "[ info ] " << GetParam() << " (armdyn's MJCF reader) vs MuJoCo, worst relative error, " << what
              << ": " << err << "\n";
  }
}

INSTANTIATE_TEST_SUITE_P(Files, MjcfReaderPeers,
                         ::testing::Values("features", "ur5", "panda", "chain_6", "chain_12", "chain_48"));

TEST(MjcfReaderPeers, WithoutTheArmatureDisagrees) {
  const std::string path = test::data_path("models/mjcf/features.xml");
  const Model model = load_mjcf(path);
  auto mj = MujocoPeer::from_xml(path);
  for (const auto& [what, err] : compare_with_mujoco(model, drives::DriveSet::rigid(model.dof), *mj)) {
    if (what == "c+g" || what == "tau") continue;  // the armature enters neither the bias nor mj_rne
    EXPECT_GT(err, test::kPeerTol) << "features.xml without armature: not detected in " << what;
  }
}

}  // namespace mjcf_reader_peers_test
}  // namespace armdyn
