// The templated algorithms instantiated on a second scalar: forward-mode dual numbers. The very
// source that armdyn compiles for double (the *_impl.hpp headers) is compiled here for Dual, and
// run on model.cast<Dual>() with DataTpl<Dual>:
//   (a) the value parts equal the double results: tau, c, g, M, frame poses to 2e-15 relative
//       (a few ulp: the double instance runs vectorised Eigen kernels), qdd to 1e-13 (a solve
//       with M amplifies those ulp by up to cond(M));
//   (b) seeding qdd_k gives d tau / d qdd_k = column k of M (double CRBA), 1e-12;
//   (c) seeding q_k gives d tau / d q_k, equal to a central finite difference of the double
//       RNEA (and d M / d q_k to one of the double CRBA), 1e-8 relative (step 1e-5);
//   (d) seeding v_k gives d c / d v_k, equal to a central finite difference of the double
//       nonlinear effects, 1e-11 (c is quadratic in v: the difference is exact but for round-off);
//   (e) seeding tau_k gives d qdd / d tau_k = column k of M^-1 (Eigen's LLT of the double CRBA);
//   (f) seeding q_k in forward dynamics gives d qdd / d q_k = a finite difference of it, 1e-6.
// Models: puma560, stanford (prismatic joint 3), a random mixed DH chain and a random tree.
// Every check is repeated against a model whose middle link has a wrong mass and centre of mass
// (0.1 %, 1 mm), and must then fail: the comparisons can notice an error.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <random>

#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/kinematics/kinematics_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/dual.hpp"
#include "support/finite_difference.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace scalar_generic_test {

using test::Dual;
using test::tangent_of;
using test::value_of;
using DModel = ModelTpl<Dual>;
using DData = DataTpl<Dual>;

Model make_model(const std::string& name) {
  if (name == "random_chain") {
    std::mt19937_64 rng(20240611);
    return test::random_dh_chain(rng, 7, DhConvention::kStandard, true);
  }
  if (name == "random_tree") {
    std::mt19937_64 rng(977);
    return test::random_tree(rng, 8);
  }
  return builtin_model(name).model;
}

/// The model the double route uses in the sensitivity checks: a wrong middle link.
Model wrong_model(const Model& m) { return test::perturbed(m, m.dof / 2, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3)); }

using test::State;

VecX<Dual> lift(const VecX<double>& x) { return x.cast<Dual>(); }
VecX<Dual> seed(const VecX<double>& x, int k) {
  VecX<Dual> y = lift(x);
  y[k].d = 1.0;
  return y;
}

/// max |a - b| / max |b| (matrices compared as a whole, so that a small column is measured
/// against the scale of the whole result).
template <class A, class B> double rel(const A& a, const B& b) { return test::rel_diff(a, b, 1e-300); }

// Each check runs the Dual algorithms on `model` and the independent double route on `ref`
// (== model, or wrong_model(model) to show that the check notices) at one state, and returns the
// relative disagreement; `worst` takes the worst over the states.
struct Routes {
  Routes(const Model& model, const Model& reference) : dm(model.cast<Dual>()), dd(dm), ref(reference), d(reference) {}
  DModel dm;
  DData dd;
  const Model& ref;
  Data d;
};

/// The n x n matrix whose column k is the tangent of f(k) (a Dual result seeded at k).
template <class F> MatX<double> tangent_columns(int n, const F& f) {
  MatX<double> D(n, n);
  for (int k = 0; k < n; ++k) D.col(k) = tangent_of(f(k));
  return D;
}

double values(Routes& r, const State& s) {
  double w = rel(value_of(rnea(r.dm, r.dd, lift(s.q), lift(s.v), lift(s.a))), rnea(r.ref, r.d, s.q, s.v, s.a));
  w = std::max(w, rel(value_of(nonlinear_effects(r.dm, r.dd, lift(s.q), lift(s.v))), nonlinear_effects(r.ref, r.d, s.q, s.v)));
  w = std::max(w, rel(value_of(gravity_torque(r.dm, r.dd, lift(s.q))), gravity_torque(r.ref, r.d, s.q)));
  w = std::max(w, rel(value_of(crba(r.dm, r.dd, lift(s.q))), crba(r.ref, r.d, s.q)));
  forward_kinematics(r.dm, r.dd, lift(s.q));
  forward_kinematics(r.ref, r.d, s.q);
  for (std::size_t f = 0; f < r.d.oMf.size(); ++f)
    w = std::max(w, rel(value_of(r.dd.oMf[f].matrix()), r.d.oMf[f].matrix()));
  return w;
}

/// The accelerations of forward dynamics: a solve with M, so the round-off differences of M and
/// c (a few ulp) come back multiplied by up to cond(M).
double values_qdd(Routes& r, const State& s) {
  return rel(value_of(forward_dynamics(r.dm, r.dd, lift(s.q), lift(s.v), lift(s.tau))),
             forward_dynamics(r.ref, r.d, s.q, s.v, s.tau));
}

/// (b) d tau / d qdd == M.
double dtau_dqdd(Routes& r, const State& s) {
  const MatX<double> D =
      tangent_columns(r.dm.dof, [&](int k) { return rnea(r.dm, r.dd, lift(s.q), lift(s.v), seed(s.a, k)); });
  return rel(D, crba(r.ref, r.d, s.q));
}

/// (c) d tau / d q against central differences of the double RNEA.
double dtau_dq(Routes& r, const State& s) {
  const MatX<double> D =
      tangent_columns(r.dm.dof, [&](int k) { return rnea(r.dm, r.dd, seed(s.q, k), lift(s.v), lift(s.a)); });
  return rel(D, test::central_jacobian([&](const VecX<double>& q) { return VecX<double>(rnea(r.ref, r.d, q, s.v, s.a)); }, s.q));
}

/// (c') d M / d q_k against central differences of the double CRBA, measured against the scale
/// of M itself: d M / d q_k vanishes for k = 0 of a serial arm.
double dM_dq(Routes& r, const State& s) {
  const double scale = crba(r.ref, r.d, s.q).cwiseAbs().maxCoeff();
  double w = 0;
  for (int k = 0; k < r.dm.dof; ++k) {
    const MatX<double> D = tangent_of(crba(r.dm, r.dd, seed(s.q, k)));
    const MatX<double> F = test::directional_derivative(
        [&](const VecX<double>& q) { return MatX<double>(crba(r.ref, r.d, q)); }, s.q, VecX<double>::Unit(r.dm.dof, k));
    w = std::max(w, (D - F).cwiseAbs().maxCoeff() / scale);
  }
  return w;
}

/// (d) d c / d v against central differences of the double nonlinear effects. c is quadratic in
/// v, so the central difference is exact whatever the step: a large step leaves round-off only.
constexpr double kQuadraticStep = 0.1;
double dc_dv(Routes& r, const State& s) {
  const MatX<double> D =
      tangent_columns(r.dm.dof, [&](int k) { return nonlinear_effects(r.dm, r.dd, lift(s.q), seed(s.v, k)); });
  return rel(D, test::central_jacobian([&](const VecX<double>& v) { return VecX<double>(nonlinear_effects(r.ref, r.d, s.q, v)); },
                                       s.v, kQuadraticStep));
}

/// (e) d qdd / d tau == M^-1, the inverse by Eigen's LLT (not armdyn's Cholesky).
double dqdd_dtau(Routes& r, const State& s) {
  const int n = r.dm.dof;
  const MatX<double> D =
      tangent_columns(n, [&](int k) { return forward_dynamics(r.dm, r.dd, lift(s.q), lift(s.v), seed(s.tau, k)); });
  return rel(D, Eigen::LLT<MatX<double>>(crba(r.ref, r.d, s.q)).solve(MatX<double>::Identity(n, n)));
}

/// (f) d qdd / d q against central differences of the double forward dynamics.
double dqdd_dq(Routes& r, const State& s) {
  const MatX<double> D =
      tangent_columns(r.dm.dof, [&](int k) { return forward_dynamics(r.dm, r.dd, seed(s.q, k), lift(s.v), lift(s.tau)); });
  return rel(D, test::central_jacobian(
                    [&](const VecX<double>& q) { return VecX<double>(forward_dynamics(r.ref, r.d, q, s.v, s.tau)); }, s.q));
}

struct Check {
  const char* name;
  double (*at)(Routes&, const State&);
  double tolerance;
};

const Check kChecks[] = {
    {"values", values, 2e-15},          {"values qdd", values_qdd, 1e-13},          {"dtau/dqdd = M", dtau_dqdd, 1e-12}, {"dtau/dq", dtau_dq, 1e-8},
    {"dM/dq", dM_dq, 1e-8},             {"dc/dv", dc_dv, 1e-11},              {"dqdd/dtau = M^-1", dqdd_dtau, 1e-12},
    {"dqdd/dq", dqdd_dq, 1e-6},
};

/// The worst disagreement of `check` over `states`.
double worst(const Check& check, const Model& model, const Model& ref, const std::vector<State>& states) {
  Routes r(model, ref);
  double w = 0;
  for (const State& s : states) w = std::max(w, check.at(r, s));
  return w;
}

class ScalarGeneric : public ::testing::TestWithParam<std::string> {};

TEST_P(ScalarGeneric, DualAgreesWithDoubleAndDerivatives) {
  const Model model = make_model(GetParam());
  const auto states = test::random_states(model, 8, 1000 + model.dof);
  for (const Check& c : kChecks) {
    const double w = worst(c, model, model, states);
    EXPECT_LE(w, c.tolerance) << c.name;
  }
}

TEST_P(ScalarGeneric, NoticesAWrongMassAndCentreOfMass) {
  const Model model = make_model(GetParam());
  const Model wrong = wrong_model(model);
  const auto states = test::random_states(model, 8, 1000 + model.dof);
  for (const Check& c : kChecks) {
    const double w = worst(c, model, wrong, states);
    EXPECT_GT(w, 100 * c.tolerance) << c.name;
  }
}

TEST(ScalarGeneric, ValueRoundingOnPuma) {
  // The value part of a Dual is computed by the same source as the double instance, but not by
  // the same machine code: the double instance runs Eigen's vectorised 3x3 kernels (and the
  // compiler may contract a*b+c into fused multiply-adds), Dual runs scalar code. So the values
  // agree to a few ulp, not necessarily bit for bit.
  const Model model = make_model("puma560");
  const DModel dm = model.cast<Dual>();
  DData dd(dm);
  Data d(model);
  double w = 0;
  for (const State& s : test::random_states(model, 50, 5)) {
    const VecX<double> t = value_of(rnea(dm, dd, lift(s.q), lift(s.v), lift(s.a)));
    const VecX<double> r = rnea(model, d, s.q, s.v, s.a);
    w = std::max(w, rel(t, r));
  }
  EXPECT_LE(w, 2e-15);
}

INSTANTIATE_TEST_SUITE_P(Models, ScalarGeneric, ::testing::Values("puma560", "stanford", "random_chain", "random_tree"));

}  // namespace scalar_generic_test
}  // namespace armdyn
