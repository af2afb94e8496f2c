// The four-bar's loop (examples/models/fourbar.urdf + fourbar_loop.json) against MuJoCo 2.2.2's
// equality constraint `connect` on the same bodies (tests/data/models/mjcf/fourbar.xml, through
// armdyn_peers::MujocoPeer): at rest at states along the loop (a random walk of the crank,
// projected onto the closure) with random torques, the joint accelerations and the reaction on
// the coupler agree to 1e-3 of their size (measured: 2.3e-4 and 3.8e-5). MuJoCo's constraints are
// soft (its solimp impedance 0.9999 at most): its answer approaches the rigid one to about 1e-4,
// which bounds the agreement. Sensitivity: the free tree's accelerations do not agree with
// MuJoCo's (7e-2).
#include <armdyn_peers/mujoco_peer.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>

#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "armdyn/io/load.hpp"

namespace armdyn {
namespace mujoco_loop_test {

TEST(MujocoLoop, FourBarAgreesWithAConnectConstraint) {
  const std::string models = std::string(ARMDYN_EXAMPLES_DIR) + "/models/";
  const Model model = load_model(models + "fourbar.urdf");
  const PointConstraint<double> c = read_constraint(models + "fourbar_loop.json", model);
  auto mj = peers::MujocoPeer::from_xml(std::string(ARMDYN_TEST_DATA_DIR) + "/models/mjcf/fourbar.xml");
  ASSERT_EQ(mj->dof(), 3);
  for (int j = 0; j < 3; ++j) EXPECT_EQ(mj->joint_names()[j], model.joint_names[j]);
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  double worst_qdd = 0, worst_force = 0, worst_free = 1e300;
  VecX<double> q = VecX<double>::Zero(3);  // closed at q = 0
  for (int trial = 0; trial < 20; ++trial) {
    // A state on the loop at rest: the crank turned on by up to 0.3 rad, projected onto the
    // closure (Newton steps converge from that close). At rest because MuJoCo's constraint rows
    // are J qacc = aref with no J̇ v term (its spring-damper corrects that drift over the next
    // steps), so a moving loop's accelerations differ by J̇ v, not by the softness alone.
    q[0] += 0.3 * u(rng);
    VecX<double> v = VecX<double>::Zero(3);
    ASSERT_LT(project_on_constraint(model, data, ws, c, q, v, 1e-14), 1e-13) << trial;
    const VecX<double> tau = Eigen::Vector3d::NullaryExpr([&] { return 0.5 * u(rng); });
    const VecX<double> qdd = constrained_forward_dynamics(model, data, ws, c, q, v, tau);
    Eigen::Vector3d qdd_mj, force_mj;
    mj->constrained_forward_dynamics(q.data(), v.data(), tau.data(), qdd_mj.data(), force_mj.data());
    worst_qdd = std::max(worst_qdd, (qdd - qdd_mj).norm() / (1 + qdd.norm()));
    worst_force = std::max(worst_force, (ws.force.head<3>() - force_mj).norm() / (1 + force_mj.norm()));
    const VecX<double> free = forward_dynamics(model, data, q, v, tau);
    worst_free = std::min(worst_free, (free - qdd_mj).norm() / (1 + qdd.norm()));
  }
  std::printf("four-bar against MuJoCo's connect: qdd %.3g, force %.3g (relative); free tree %.3g\n", worst_qdd,
              worst_force, worst_free);
  EXPECT_LT(worst_qdd, 1e-3);
  EXPECT_LT(worst_force, 1e-3);
  EXPECT_GT(worst_free, 1e-2);  // sensitivity: without the loop the motion is another
}

}  // namespace mujoco_loop_test
}  // namespace armdyn
