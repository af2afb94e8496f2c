// Every formulation of armdyn/dynamics/formulations/list.hpp instantiated on forward-mode dual
// numbers (the same *_impl.hpp source as the double build):
//  (a) its values equal the double instance and rnea;
//  (b) seeding a_k, d tau / d a_k is column k of crba's M, and of the method's own M where it
//      has one (so its inverse dynamics and its mass matrix agree with each other);
//  (c) for the methods with a bias term, power balance without gravity: qd^T h0(q, qd) =
//      1/2 qd^T Mdot qd, Mdot = dM/dt along qd from seeding q with qd (the skew symmetry of
//      Mdot - 2C along qd), a check that uses neither rnea nor crba;
//  (d) (c) with Mdot from a model with one perturbed link: must fail.
#include <gtest/gtest.h>

#include "dynamics/formulations/typed_formulations.hpp"
#include "armdyn/dynamics/formulations/list_impl.hpp"
#include "dynamics/formulations/checks.hpp"
#include "support/dual.hpp"

namespace armdyn {
namespace cross_check_dual_test {

template <class F> class OnDualNumbers : public ::testing::Test {};
TYPED_TEST_SUITE(OnDualNumbers, test::FormulationTypes, test::FormulationName);

using test::Dual;

std::vector<Model> dual_models() {
  std::mt19937_64 rng(2718);
  return {builtin_model("stanford").model, builtin_model("puma560").model,
          test::random_dh_chain(rng, 8, DhConvention::kModified, true)};
}

TYPED_TEST(OnDualNumbers, ValuesAndMassMatrixColumns) {
  using F = TypeParam;
  for (const Model& model : dual_models()) {
    const ModelTpl<Dual> dm = model.cast<Dual>();
    test::WorkspaceOf<F> ws(model);
    typename F::template Workspace<Dual> dws(dm);
    Data data(model);
    std::mt19937_64 rng(3);
    for (int s = 0; s < 3; ++s) {
      const test::State x = test::random_state(rng, model);
      const VecX<double> tau = F::inverse_dynamics(model, ws, x.q, x.v, x.a);
      const VecX<double> tau_rnea = rnea(model, data, x.q, x.v, x.a);
      const MatX<double> M = crba(model, data, x.q);
      MatX<double> own_M = M;
      if constexpr (F::has_mass_matrix) own_M = F::mass_matrix(model, ws, x.q);
      const VecX<Dual> q = x.q.cast<Dual>(), v = x.v.cast<Dual>();
      for (int k = 0; k < model.dof; ++k) {
        VecX<Dual> a = x.a.cast<Dual>();
        a[k].d = 1.0;
        const VecX<Dual>& t = F::inverse_dynamics(dm, dws, q, v, a);
        EXPECT_LE(test::rel_diff(test::value_of(t), tau), 1e-14) << model.name;
        EXPECT_LE(test::rel_diff(test::value_of(t), tau_rnea), 1e-10) << model.name;
        EXPECT_LE(test::rel_diff(test::tangent_of(t), VecX<double>(M.col(k))), 1e-12) << model.name << " column " << k;
        EXPECT_LE(test::rel_diff(test::tangent_of(t), VecX<double>(own_M.col(k))), 1e-11) << model.name;
      }
    }
  }
}

TYPED_TEST(OnDualNumbers, PowerBalance) {
  using F = TypeParam;
  if constexpr (F::has_nonlinear_effects && F::has_mass_matrix) {
    for (const Model& model : dual_models()) {
      const Model model0 = model.with_gravity(Vec3<double>::Zero());
      const Model wrong0 = test::perturbed_link(model0, model.dof / 2);
      const ModelTpl<Dual> dm0 = model0.cast<Dual>(), dwrong0 = wrong0.cast<Dual>();
      test::WorkspaceOf<F> ws0(model0);
      typename F::template Workspace<Dual> dws0(dm0), dwrong(dwrong0);
      std::mt19937_64 rng(3);
      double power = 0, perturbed = 0;
      for (int s = 0; s < 3; ++s) {
        const test::State x = test::random_state(rng, model);
        VecX<Dual> q = x.q.cast<Dual>();
        for (int j = 0; j < model.dof; ++j) q[j].d = x.v[j];
        const MatX<double> Mdot = test::tangent_of(F::mass_matrix(dm0, dws0, q));
        const MatX<double> Mdot_wrong = test::tangent_of(F::mass_matrix(dwrong0, dwrong, q));
        const double lhs = x.v.dot(F::nonlinear_effects(model0, ws0, x.q, x.v));
        const double scale = std::max(std::abs(lhs), 1.0);
        power = std::max(power, std::abs(lhs - 0.5 * x.v.dot(Mdot * x.v)) / scale);
        perturbed = std::max(perturbed, std::abs(lhs - 0.5 * x.v.dot(Mdot_wrong * x.v)) / scale);
      }
      EXPECT_LE(power, 1e-11) << model.name;
      EXPECT_GT(perturbed, 1e-6) << model.name;
    }
  }
}

}  // namespace cross_check_dual_test
}  // namespace armdyn
