// The Cartesian dynamics allocate nothing once Data and the CartesianWorkspace are built (this
// binary counts every operator new: support/allocation_counter.hpp), on the exact and on the
// damped (singular) path, for any row subset and both axes.
#include <gtest/gtest.h>

#include "armdyn/dynamics/cartesian.hpp"
#include "armdyn/io/urdf.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

using test::allocations_during;

TEST(CartesianNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(CartesianNoAllocation, HotPathsAllocateNothing) {
  for (const auto& [file, frame] : {std::pair{"models/ur5.urdf", "tool0"}, std::pair{"models/panda.urdf", "panda_hand"}}) {
    const Model model = load_urdf(test::data_path(file));
    Data data(model);
    CartesianWorkspace<double> ws(model);
    const int f = frame_id(model, frame);
    std::mt19937_64 rng(31);
    VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof);
    double sink = 0;
    for (const unsigned rows : {kAllRows, kLinearRows, 0x15u})
      for (const Axes axes : {Axes::kBase, Axes::kLocal}) {
        const CartesianOptions o{rows, axes};
        EXPECT_EQ(allocations_during([&] { sink += operational_space(model, data, ws, f, q, v, o).Lambda(0, 0); }), 0)
            << file << " rows " << rows;
      }
    if (model.dof == 6) {
      EXPECT_EQ(allocations_during([&] { sink += craig_cartesian_dynamics(model, data, ws, f, q, v).Mx(0, 0); }), 0);
      q[4] = 0;  // ur5's wrist singularity: the damped path
      bool singular = false;
      EXPECT_EQ(allocations_during([&] { singular = operational_space(model, data, ws, f, q, v).singular; }), 0);
      EXPECT_TRUE(singular);
      EXPECT_EQ(allocations_during([&] { singular = craig_cartesian_dynamics(model, data, ws, f, q, v).singular; }), 0);
      EXPECT_TRUE(singular);
    }
    EXPECT_NE(sink, 0.0);
  }
}

}  // namespace
}  // namespace armdyn
