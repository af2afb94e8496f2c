// Every formulation against every other, through the registry that `armdyn eval --method` and
// `armdyn check` use: tau (and M, g where the method defines them) on random chains (random DH
// rows in both conventions, mixed revolute/prismatic, full inertia tensors, n = 1..12), random
// trees (for the methods that take them), URDF arms and the built-ins, to 1e-10 relative. And a
// wrong model must be noticed by the same comparison.
#include <gtest/gtest.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/list.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace registry_test {

struct Worst {
  double tau = 0, M = 0, g = 0;
  std::string tau_by;  ///< the formulation with the largest tau disagreement
};

// Largest relative disagreement over `states` random states between every registered
// formulation on `model` and the reference formulation "rnea" on `reference`.
Worst compare_all(const Model& model, const Model& reference, int states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  FormulationEvaluator ref = make_formulation("rnea", reference);
  std::vector<FormulationEvaluator> all;
  const bool chain = [&] {
    for (int i = 0; i < model.dof; ++i)
      if (model.parent[i] != i - 1) return false;
    return true;
  }();
  for (const FormulationInfo& f : formulations())
    if (chain || !f.chains_only) all.push_back(make_formulation(f.name, model));
  Worst w;
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       a = test::random_vector(rng, model.dof);
    const VecX<double> tau = ref.inverse_dynamics(q, v, a);
    const MatX<double> M = ref.mass_matrix(q);
    const VecX<double> g = ref.gravity_torque(q);
    for (FormulationEvaluator& e : all) {
      const double d = test::rel_diff(e.inverse_dynamics(q, v, a), tau);
      if (d > w.tau) {
        w.tau = d;
        w.tau_by = e.info.name;
      }
      if (e.mass_matrix) w.M = std::max(w.M, test::rel_diff(e.mass_matrix(q), M));
      if (e.gravity_torque) w.g = std::max(w.g, test::rel_diff(e.gravity_torque(q), g));
    }
  }
  return w;
}

TEST(Registry, EveryFormulationOnRandomChains) {
  std::mt19937_64 rng(2024);
  for (int n = 1; n <= 12; ++n)
    for (DhConvention c : {DhConvention::kStandard, DhConvention::kModified}) {
      const Model m = test::random_dh_chain(rng, n, c, /*mixed_prismatic=*/n % 2 == 0);
      const Worst w = compare_all(m, m, 3, 100 + n);
      EXPECT_LT(w.tau, 1e-10) << "n = " << n << ", " << w.tau_by;
      EXPECT_LT(w.M, 1e-10) << "n = " << n;
      EXPECT_LT(w.g, 1e-10) << "n = " << n;
    }
}

TEST(Registry, TreeMethodsOnRandomTrees) {
  std::mt19937_64 rng(77);
  for (int n : {3, 6, 9}) {
    const Model m = test::random_tree(rng, n);
    const Worst w = compare_all(m, m, 3, n);
    EXPECT_LT(w.tau, 1e-10);
    EXPECT_LT(w.M, 1e-10);
    EXPECT_LT(w.g, 1e-10);
  }
}

TEST(Registry, UrdfArmsAndBuiltins) {
  std::vector<Model> models = {load_urdf(test::data_path("models/ur5.urdf")),
                               load_urdf(test::data_path("models/panda.urdf"))};
  for (const std::string& name : builtin_names()) models.push_back(builtin_model(name).model);
  for (const Model& m : models) {
    const Worst w = compare_all(m, m, 5, 9);
    EXPECT_LT(w.tau, 1e-10) << m.name << ", " << w.tau_by;
    EXPECT_LT(w.M, 1e-10) << m.name;
    EXPECT_LT(w.g, 1e-10) << m.name;
  }
}

TEST(Registry, ComparisonNoticesAWrongModel) {
  std::mt19937_64 rng(5);
  const Model m = test::random_dh_chain(rng, 5, DhConvention::kModified, true);
  const Model wrong = test::perturbed(m, 2, 1.001, Vec3<double>::Zero());
  const Worst w = compare_all(wrong, m, 3, 1);
  EXPECT_GT(w.tau, 1e-6);
  EXPECT_GT(w.M, 1e-6);
  EXPECT_GT(w.g, 1e-6);
}

TEST(Registry, NamesAndErrors) {
  EXPECT_EQ(formulations().front().name, "rnea");
  EXPECT_EQ(formulation_names().rfind("rnea, rnea-lean, newton-euler", 0), 0u);
  const Model m = builtin_model("planar2r").model;
  EXPECT_THROW(make_formulation("hamilton", m), InputError);
  std::mt19937_64 rng(3);
  const Model tree = test::random_tree(rng, 5);
  bool branches = false;
  for (int i = 0; i < tree.dof; ++i) branches = branches || tree.parent[i] != i - 1;
  if (branches) {
    EXPECT_THROW(make_formulation("lagrange", tree), InputError);
  }
}

// The table is the compile-time list (list.hpp), in its order, and each evaluator has exactly the
// functions its tag declares.
TEST(Registry, TableIsTheList) {
  const Model m = builtin_model("puma560").model;
  std::size_t k = 0;
  for_each_type(Formulations{}, [&](auto tag) {
    using F = typename decltype(tag)::type;
    ASSERT_LT(k, formulations().size());
    const FormulationInfo& info = formulations()[k++];
    EXPECT_EQ(info.name, F::name);
    EXPECT_EQ(info.source, F::source);
    EXPECT_EQ(info.chains_only, F::chains_only);
    const FormulationEvaluator e = make_formulation(F::name, m);
    EXPECT_EQ(e.info.name, F::name);
    EXPECT_TRUE(static_cast<bool>(e.inverse_dynamics));
    EXPECT_EQ(static_cast<bool>(e.mass_matrix), F::has_mass_matrix) << F::name;
    EXPECT_EQ(static_cast<bool>(e.gravity_torque), F::has_gravity_torque) << F::name;
  });
  EXPECT_EQ(k, formulations().size());
  EXPECT_EQ(k, 12u);
}

}  // namespace registry_test
}  // namespace armdyn
