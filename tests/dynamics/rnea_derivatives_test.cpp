// Analytical derivatives of inverse dynamics (rnea_derivatives) against two independent routes:
//   (a) forward-mode dual numbers through the production RNEA, seeded at q_k, v_k, a_k: the
//       exact columns of d tau / d q, d tau / d v and M, to 1e-12 of the matrix's scale;
//   (b) central differences of the double RNEA (step 1e-5), to 1e-6;
// and d tau / d a == crba's M, tau == rnea's tau, with and without external wrenches, on random
// chains and trees, the URDF arms of tests/data and every built-in. Each comparison is repeated
// with a model whose links are 0.1 % heavier, their centres of mass 1 mm away, and must then
// disagree: the tolerances are tight enough to notice a wrong recursion.
#include <gtest/gtest.h>

#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/rnea_derivatives_impl.hpp"
#include "dynamics/derivatives_test_util.hpp"
#include "support/finite_difference.hpp"
#include "support/state.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace rnea_derivatives_test {

using test::Seed;

constexpr double kDualTol = 1e-12;
constexpr double kDifferenceTol = 1e-6;

struct Disagreement {
  double dq = 0, dv = 0, M = 0, tau = 0;
};

/// The analytical derivatives of `model` against the dual-number ones of `reference`.
Disagreement against_dual(const Model& model, const Model& reference, const test::State& s,
                          const std::vector<Force<double>>* fext) {
  Data data(model);
  RneaDerivativesWorkspace<double> ws(model);
  const Loads<double> with = fext ? test::body_loads(*fext) : Loads<double>{};
  const Loads<double>* loads = fext ? &with : nullptr;
  rnea_derivatives(model, data, ws, s.q, s.v, s.a, loads);
  Data ref_data(reference);
  Disagreement d;
  d.dq = test::rel_diff(ws.dtau_dq, test::dual_rnea_jacobian(reference, s.q, s.v, s.a, fext, Seed::kQ));
  d.dv = test::rel_diff(ws.dtau_dv, test::dual_rnea_jacobian(reference, s.q, s.v, s.a, fext, Seed::kV));
  d.M = test::rel_diff(ws.M, crba(reference, ref_data, s.q));
  d.tau = test::rel_diff(data.tau, rnea(reference, ref_data, s.q, s.v, s.a, loads));
  return d;
}

TEST(RneaDerivatives, EqualDualNumbersOnEveryModel) {
  std::mt19937_64 rng(2018);
  int checked = 0;
  for (const Model& m : test::derivative_models()) {
    for (int trial = 0; trial < 2; ++trial) {
      const test::State s = test::random_state(m, rng);
      const std::vector<Force<double>> wrenches = test::random_wrenches(m.dof, rng);
      for (const std::vector<Force<double>>* fext : {static_cast<const std::vector<Force<double>>*>(nullptr), &wrenches}) {
        const Disagreement d = against_dual(m, m, s, fext);
        const std::string label = m.name + " trial " + std::to_string(trial) + (fext ? " with f_ext" : "");
        EXPECT_LT(d.dq, kDualTol) << label;
        EXPECT_LT(d.dv, kDualTol) << label;
        EXPECT_LT(d.M, kDualTol) << label;
        EXPECT_LT(d.tau, kDualTol) << label;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(RneaDerivatives, EqualCentralDifferencesOnEveryModel) {
  std::mt19937_64 rng(1806);
  for (const Model& m : test::derivative_models()) {
    const test::State s = test::random_state(m, rng);
    const std::vector<Force<double>> fext = test::random_wrenches(m.dof, rng);
    Data data(m), fd_data(m);
    RneaDerivativesWorkspace<double> ws(m);
    const Loads<double> loads = test::body_loads(fext);
    rnea_derivatives(m, data, ws, s.q, s.v, s.a, &loads);
    const MatX<double> dq = test::central_jacobian(
        [&](const VecX<double>& q) { return VecX<double>(rnea(m, fd_data, q, s.v, s.a, &loads)); }, s.q);
    const MatX<double> dv = test::central_jacobian(
        [&](const VecX<double>& v) { return VecX<double>(rnea(m, fd_data, s.q, v, s.a, &loads)); }, s.v);
    EXPECT_LT(test::rel_diff(ws.dtau_dq, dq), kDifferenceTol) << m.name;
    EXPECT_LT(test::rel_diff(ws.dtau_dv, dv), kDifferenceTol) << m.name;
  }
}

TEST(RneaDerivatives, NoticeAWrongModel) {
  std::mt19937_64 rng(77);
  int models = 0;
  for (const Model& m : test::derivative_models()) {
    if (m.dof < 3) continue;  // a short planar arm may carry no velocity term in d tau / d q
    const test::State s = test::random_state(m, rng);
    const Disagreement d = against_dual(test::wrong_model(m), m, s, nullptr);
    EXPECT_GT(d.dq, 100 * kDualTol) << m.name;
    // Without a revolute joint beneath another, d tau / d v = 0 on either model.
    if (test::has_revolute_ancestor(m)) {
      EXPECT_GT(d.dv, 100 * kDualTol) << m.name;
    }
    EXPECT_GT(d.M, 100 * kDualTol) << m.name;
    ++models;
  }
  EXPECT_GT(models, 40);
}

// The same template on another scalar: dual numbers seeded at q_k give, beside the values (equal
// to the double instance's), d/dq_k of the derivatives, which central differences of the double
// instance must match.
TEST(RneaDerivatives, RunOnDualNumbersToo) {
  std::mt19937_64 rng(44);
  for (const Model& m : {load_urdf(test::data_path("models/branching_tree.urdf")), builtin_model("stanford").model}) {
    const test::State s = test::random_state(m, rng);
    Data data(m);
    RneaDerivativesWorkspace<double> ws(m);
    rnea_derivatives(m, data, ws, s.q, s.v, s.a);
    const ModelTpl<test::Dual> dm = m.cast<test::Dual>();
    DataTpl<test::Dual> dd(dm);
    RneaDerivativesWorkspace<test::Dual> dws(dm);
    const int k = m.dof - 1;
    rnea_derivatives(dm, dd, dws, test::seeded(s.q, k), test::seeded(s.v, -1), test::seeded(s.a, -1));
    EXPECT_LT(test::rel_diff(test::value_of(dws.dtau_dq), ws.dtau_dq), 1e-14) << m.name;
    EXPECT_LT(test::rel_diff(test::value_of(dws.dtau_dv), ws.dtau_dv), 1e-14) << m.name;
    const MatX<double> d2 = test::directional_derivative(
        [&](const VecX<double>& q) {
          rnea_derivatives(m, data, ws, q, s.v, s.a);
          return MatX<double>(ws.dtau_dq);
        },
        s.q, VecX<double>::Unit(m.dof, k));
    EXPECT_LT(test::rel_diff(test::tangent_of(dws.dtau_dq), d2), 1e-6) << m.name;
  }
}

TEST(RneaDerivatives, WorkspaceOfAnotherModelIsRefused) {
  const Model panda = load_urdf(test::data_path("models/panda.urdf"));
  const Model ur5 = load_urdf(test::data_path("models/ur5.urdf"));
  Data data(panda);
  RneaDerivativesWorkspace<double> ws(ur5);
  const VecX<double> x = VecX<double>::Zero(panda.dof);
  EXPECT_THROW(rnea_derivatives(panda, data, ws, x, x, x), InputError);
  RneaDerivativesWorkspace<double> good(panda);
  EXPECT_THROW(rnea_derivatives(panda, data, good, x, VecX<double>::Zero(3), x), InputError);
}

}  // namespace rnea_derivatives_test
}  // namespace armdyn
