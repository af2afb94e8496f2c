// The hot paths allocate nothing once Data is built: this binary counts every operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <cstdlib>
#include <new>

#include "armdyn/dynamics/rnea_classical.hpp"
#include "armdyn/armdyn.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"
#include "support/loads_util.hpp"


namespace armdyn {
namespace {

using test::allocations_during;

TEST(NoAllocation, CountingWorks) {
  // The counter itself must see an allocation, or the tests below could not fail.
  // (An explicit operator-new call: unlike a new-expression, the compiler may not elide it.)
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(NoAllocation, HotPathsAllocateNothing) {
  for (const char* file : {"models/panda.urdf", "models/chain_12.urdf"}) {
    const Model model = load_urdf(test::data_path(file));
    Data data(model);
    std::mt19937_64 rng(7);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof), tau = test::random_vector(rng, model.dof);
    std::vector<Force<double>> fext(model.dof);
    EXPECT_EQ(allocations_during([&] { rnea(model, data, q, v, a); }), 0) << file;
    const Loads<double> loads = test::body_loads(fext);
    EXPECT_EQ(allocations_during([&] { rnea(model, data, q, v, a, &loads); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { rnea_classical(model, data, q, v, a, &fext); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { nonlinear_effects(model, data, q, v); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gravity_torque(model, data, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { crba(model, data, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { forward_dynamics(model, data, q, v, tau); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { forward_kinematics(model, data, q); }), 0) << file;
  }
}

}  // namespace
}  // namespace armdyn
