// The frame Jacobian against Orocos KDL's ChainJntToJacSolver (through armdyn_peers::KdlPeer,
// built from the same URDF, its reference point moved to the tip link's origin) and against
// MuJoCo's mj_jacBody of the MJCF's last body (armdyn_peers::MujocoPeer, the Jacobian the
// benchmark times), on ur5, panda and the chain_6 / chain_12 models, 20 random configurations
// each: 1e-9 relative to the Jacobian's largest entry. Columns of armdyn joints the peer does
// not have must be zero. Sensitivity: an armdyn model with body 2's placement turned by 1 urad
// must disagree.
#include <armdyn_peers/kdl_peer.hpp>
#include <armdyn_peers/mujoco_peer.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include "armdyn/armdyn.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace jacobian_peers_test {

struct Case {
  const char* model;
  const char* tip;        ///< KDL's tip link
  const char* mj_body;    ///< the MJCF's last body
};

/// Worst relative disagreement of armdyn's base-axes Jacobian of `tip` with the peer's.
template <class Peer>
double worst_disagreement(const Model& model, Peer& peer, const std::string& tip) {
  const int n = peer.dof();
  std::vector<int> cols;
  for (const std::string& name : peer.joint_names()) cols.push_back(model.joint_index(name));
  Data data(model);
  FrameWorkspace ws(model);
  const int frame = frame_id(model, tip);
  std::mt19937_64 rng(51);
  std::vector<double> qk(n), Jk(6 * n);
  double worst = 0;
  for (int k = 0; k < 20; ++k) {
    const VecX<double> q = test::random_vector(rng, model.dof, -2, 2);
    for (int c = 0; c < n; ++c) qk[c] = q[cols[c]];
    peer.jacobian(qk.data(), Jk.data());
    const MatX<double>& J = frame_jacobian(model, data, ws, frame, q);
    MatX<double> Jsub(6, n), Jpeer(6, n);
    for (int c = 0; c < n; ++c) {
      Jsub.col(c) = J.col(cols[c]);
      for (int r = 0; r < 6; ++r) Jpeer(r, c) = Jk[r * n + c];
    }
    worst = std::max(worst, test::rel_diff(Jsub, Jpeer));
    for (int j = 0; j < model.dof; ++j)
      if (std::find(cols.begin(), cols.end(), j) == cols.end()) {
        EXPECT_TRUE(J.col(j).isZero(0.0)) << j;
      }
  }
  return worst;
}

class PeerJacobian : public ::testing::TestWithParam<Case> {};

TEST_P(PeerJacobian, AgreesWithChainJntToJacSolver) {
  const std::string path = test::data_path(std::string("models/") + GetParam().model + ".urdf");
  const Model model = load_urdf(path);
  auto kdl = peers::KdlPeer::from_urdf(path, GetParam().tip);
  for (const std::string& name : kdl->joint_names()) ASSERT_GE(model.joint_index(name), 0) << name;
  const double e = worst_disagreement(model, *kdl, GetParam().tip);
  std::cout << "[ info ] " << GetParam().model << " worst relative disagreement with KDL: " << e << "\n";
  EXPECT_LE(e, 1e-9);

  Model wrong = model;
  wrong.tree[1].R = wrong.tree[1].R * rot_x(1e-6);
  EXPECT_GT(worst_disagreement(wrong, *kdl, GetParam().tip), 1e-9) << "a wrong model went unnoticed";
}

TEST_P(PeerJacobian, AgreesWithMujocoJacBody) {
  const Model model = load_urdf(test::data_path(std::string("models/") + GetParam().model + ".urdf"));
  auto mj = peers::MujocoPeer::from_xml(test::data_path(std::string("models/mjcf/") + GetParam().model + ".xml"));
  for (const std::string& name : mj->joint_names()) ASSERT_GE(model.joint_index(name), 0) << name;
  const double e = worst_disagreement(model, *mj, GetParam().mj_body);
  std::cout << "[ info ] " << GetParam().model << " worst relative disagreement with MuJoCo: " << e << "\n";
  EXPECT_LE(e, 1e-9);

  Model wrong = model;
  wrong.tree[1].R = wrong.tree[1].R * rot_x(1e-6);
  EXPECT_GT(worst_disagreement(wrong, *mj, GetParam().mj_body), 1e-9) << "a wrong model went unnoticed";
}

INSTANTIATE_TEST_SUITE_P(Models, PeerJacobian,
                         ::testing::Values(Case{"ur5", "tool0", "wrist_3_link"},
                                           Case{"panda", "panda_hand_tcp", "panda_link7"},
                                           Case{"chain_6", "tip", "link_6"}, Case{"chain_12", "tip", "link_12"}),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.model); });

}  // namespace jacobian_peers_test
}  // namespace armdyn
