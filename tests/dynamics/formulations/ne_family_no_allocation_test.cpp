// The Newton-Euler-family formulations (newton_euler, luh_walker_paul, gibbs_appell) allocate
// nothing once their Workspace is built: this binary counts every operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/gibbs_appell.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"
#include "armdyn/dynamics/formulations/newton_euler.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"


namespace armdyn {
namespace {

using test::allocations_during;

TEST(NeFamilyNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(NeFamilyNoAllocation, FormulationsAllocateNothing) {
  for (const char* file : {"models/panda.urdf", "models/chain_12.urdf"}) {
    const Model model = load_urdf(test::data_path(file));
    std::mt19937_64 rng(7);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof);
    newton_euler::Workspace<double> ne(model);
    const newton_euler::TipWrench<double> tip;
    luh_walker_paul::Workspace<double> lwp(model);
    const luh_walker_paul::Load<double> load;
    gibbs_appell::Workspace<double> ga(model);
    EXPECT_EQ(allocations_during([&] { newton_euler::inverse_dynamics(model, ne, q, v, a, &tip); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { newton_euler::mass_matrix(model, ne, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { newton_euler::gravity(model, ne, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { luh_walker_paul::inverse_dynamics(model, lwp, q, v, a, &load); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { luh_walker_paul::inverse_dynamics_modified(model, lwp, q, v, a); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { luh_walker_paul::mass_matrix(model, lwp, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { luh_walker_paul::gravity(model, lwp, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gibbs_appell::inverse_dynamics(model, ga, q, v, a); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gibbs_appell::mass_matrix(model, ga, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gibbs_appell::gravity(model, ga, q); }), 0) << file;
  }
}

}  // namespace
}  // namespace armdyn
