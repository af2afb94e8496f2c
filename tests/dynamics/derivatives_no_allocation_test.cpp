// The derivatives of the dynamics allocate nothing once their workspace is built: this binary
// counts every operator new.
#include <gtest/gtest.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace {

using test::allocations_during;

TEST(DerivativesNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(DerivativesNoAllocation, RneaAndForwardDynamicsDerivatives) {
  for (const char* file : {"models/panda.urdf", "models/branching_tree.urdf", "models/chain_24.urdf", "models/chain_96.urdf"}) {
    const Model model = load_urdf(test::data_path(file));
    Data data(model);
    RneaDerivativesWorkspace<double> ws(model);
    ForwardDynamicsDerivativesWorkspace<double> fd_ws(model);
    std::mt19937_64 rng(7);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof), tau = test::random_vector(rng, model.dof);
    const Loads<double> loads = test::body_loads(std::vector<Force<double>>(model.dof));
    EXPECT_EQ(allocations_during([&] { rnea_derivatives(model, data, ws, q, v, a); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { rnea_derivatives(model, data, ws, q, v, a, &loads); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { forward_dynamics_derivatives(model, data, fd_ws, q, v, tau); }), 0) << file;
  }
}

}  // namespace
}  // namespace armdyn
