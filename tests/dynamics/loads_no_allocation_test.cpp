// The loads' hot paths allocate nothing once their workspaces exist: this binary counts every
// operator new (support/allocation_counter.hpp).
#include <gtest/gtest.h>

#include <vector>

#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/io/urdf.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

using test::allocations_during;

TEST(LoadsNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(LoadsNoAllocation, WrenchesReactionsAndGripperWrenchAllocateNothing) {
  for (const std::string name : {"ur5", "panda"}) {
    const Model m = load_urdf(test::data_path("models/" + name + ".urdf"));
    Data data(m);
    ExternalForceWorkspace<double> ews(m);
    ReactionWorkspace<double> rws(m);
    FrameWorkspace<double> fws(m);
    const VecX<double> q = VecX<double>::Constant(m.dof, 0.4), v = VecX<double>::Constant(m.dof, -0.3),
                       a = VecX<double>::Constant(m.dof, 0.7);
    const int frame = static_cast<int>(m.frames.size()) - 1;
    Vec6<double> w;
    w << 1, 2, 3, 0.1, 0.2, 0.3;
    const std::vector<FrameWrench<double>> wrenches = {FrameWrench<double>{frame, w}};
    Payload p;
    p.mass = 1;
    EXPECT_EQ(allocations_during([&] { external_forces_from_frame_wrenches(m, data, ews, q, wrenches); }), 0) << name;
    EXPECT_EQ(allocations_during([&] { external_joint_torques(m, data, ews, q, ews.fext); }), 0) << name;
    EXPECT_EQ(allocations_during([&] { joint_reactions(m, data, rws, q, v, a, &ews.fext); }), 0) << name;
    EXPECT_EQ(allocations_during([&] { gripper_wrench(m, data, fws, frame, p, q, v, a); }), 0) << name;
  }
}

}  // namespace
}  // namespace armdyn
