// Every formulation of armdyn/dynamics/formulations/list.hpp allocates nothing once its workspace
// is built: the inverse dynamics, and M, g and the bias where the method defines them; also
// Newton-Euler with a tip wrench and Luh-Walker-Paul with a load. This binary counts every
// operator new.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/list.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

using test::allocations_during;

template <class L> struct GTestTypes;
template <class... F> struct GTestTypes<TypeList<F...>> {
  using type = ::testing::Types<F...>;
};

struct TagName {
  template <class F> static std::string GetName(int) {
    std::string s = F::name;
    std::replace(s.begin(), s.end(), '-', '_');
    return s;
  }
};

template <class F> class NoAllocation : public ::testing::Test {};
TYPED_TEST_SUITE(NoAllocation, GTestTypes<Formulations>::type, TagName);

TEST(FormulationsNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

struct Case {
  Model model;
  VecX<double> q, v, a;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const char* file : {"models/panda.urdf", "models/chain_12.urdf"}) {
    const Model model = load_model(test::data_path(file));
    std::mt19937_64 rng(7);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof);
    out.push_back({model, q, v, a});
  }
  return out;
}

TYPED_TEST(NoAllocation, AfterTheWorkspaceIsBuilt) {
  using F = TypeParam;
  for (const Case& c : cases()) {
    const Model& m = c.model;
    typename F::template Workspace<double> ws(m);
    EXPECT_EQ(allocations_during([&] { F::inverse_dynamics(m, ws, c.q, c.v, c.a); }), 0) << m.name;
    if constexpr (F::has_mass_matrix) {
      EXPECT_EQ(allocations_during([&] { F::mass_matrix(m, ws, c.q); }), 0) << m.name;
    }
    if constexpr (F::has_gravity_torque) {
      EXPECT_EQ(allocations_during([&] { F::gravity_torque(m, ws, c.q); }), 0) << m.name;
    }
    if constexpr (F::has_nonlinear_effects) {
      EXPECT_EQ(allocations_during([&] { F::nonlinear_effects(m, ws, c.q, c.v); }), 0) << m.name;
    }
  }
}

TEST(FormulationsNoAllocation, WithTipWrenchOrLoad) {
  for (const Case& c : cases()) {
    const Model& m = c.model;
    newton_euler::Workspace<double> ne(m);
    const newton_euler::TipWrench<double> tip;
    luh_walker_paul::Workspace<double> lwp(m);
    const luh_walker_paul::Load<double> load;
    EXPECT_EQ(allocations_during([&] { newton_euler::inverse_dynamics(m, ne, c.q, c.v, c.a, &tip); }), 0) << m.name;
    EXPECT_EQ(allocations_during([&] { luh_walker_paul::inverse_dynamics(m, lwp, c.q, c.v, c.a, &load); }), 0)
        << m.name;
  }
}

}  // namespace
}  // namespace armdyn
