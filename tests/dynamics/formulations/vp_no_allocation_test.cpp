// The three [VP] ch. 2 formulations (general theorems, Gauss, Appel) allocate nothing once their
// Workspace is built: this binary counts every operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>
#include <random>

#include "armdyn/dynamics/formulations/vukobratovic/appel.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/gauss.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems.hpp"
#include "armdyn/io/load.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"


namespace armdyn {
namespace {

using test::allocations_during;

TEST(VpNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(VpNoAllocation, FormulationsAllocateNothing) {
  for (const char* file : {"models/panda.urdf", "models/chain_12.urdf"}) {
    const Model model = load_model(test::data_path(file));
    std::mt19937_64 rng(7);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof);
    general_theorems::Workspace<double> gt(model);
    appel::Workspace<double> ap(model);
    gauss::Workspace<double> ga(model);
    EXPECT_EQ(allocations_during([&] { general_theorems::inverse_dynamics(model, gt, q, v, a); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { general_theorems::mass_matrix(model, gt, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { general_theorems::bias(model, gt, q, v); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { general_theorems::gravity(model, gt, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { appel::inverse_dynamics(model, ap, q, v, a); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { appel::mass_matrix(model, ap, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { appel::bias(model, ap, q, v); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { appel::gravity(model, ap, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gauss::inverse_dynamics(model, ga, q, v, a); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gauss::mass_matrix(model, ga, q); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gauss::bias(model, ga, q, v); }), 0) << file;
    EXPECT_EQ(allocations_during([&] { gauss::gravity(model, ga, q); }), 0) << file;
  }
}

}  // namespace
}  // namespace armdyn
