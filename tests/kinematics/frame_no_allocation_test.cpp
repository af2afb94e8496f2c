// The frame-kinematics functions allocate nothing once Data and the FrameWorkspace are built:
// this binary counts every operator new (support/allocation_counter.hpp).
#include <gtest/gtest.h>

#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/manipulability.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/allocation_counter.hpp"

namespace armdyn {
namespace {

using test::allocations_during;

TEST(FrameNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(FrameNoAllocation, HotPathsAllocateNothing) {
  std::mt19937_64 rng(41);
  std::vector<test::FrameTestModel> models;
  models.push_back({"panda", load_urdf(test::data_path("models/panda.urdf"))});
  models.push_back({"chain_12", load_urdf(test::data_path("models/chain_12.urdf"))});
  models.push_back({"tree_10", test::random_tree(rng, 10)});
  models.push_back({"stanford", builtin_model("stanford").model});
  for (const auto& [label, arm] : models) {
    const Model& model = arm;  // a reference a lambda can capture (not a structured binding, for clang 14)
    Data data(model);
    FrameWorkspace ws(model);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof);
    const int f = static_cast<int>(model.frames.size()) - 1;
    EXPECT_EQ(allocations_during([&] { frame_jacobian(model, data, ws, f, q); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { frame_jacobian(model, data, ws, f, q, Axes::kLocal); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { frame_velocity(model, data, ws, f, q, v); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { frame_jacobian_dot_v(model, data, ws, f, q, v); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { frame_acceleration(model, data, ws, f, q, v, a); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { frame_kinematics(model, data, ws, f, q, v); }), 0) << label;
    double sink = 0;
    EXPECT_EQ(allocations_during([&] { sink += manipulability(ws.J, kLinearRows); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { sink += condition_number(ws.J); }), 0) << label;
    EXPECT_EQ(allocations_during([&] { sink += condition_number(ws.J, kLinearRows); }), 0) << label;
    EXPECT_GT(sink, 0.0) << label;
  }
}

}  // namespace
}  // namespace armdyn
