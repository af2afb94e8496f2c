#pragma once
// Checks shared by the tests of the three computer-oriented methods of [VP] ch. 2 (general
// theorems §2.3, Gauss §2.8, Appel §2.9). A method is a policy struct
//   struct M { template <class S> using Workspace = ...;
//              template <class S> static const VecX<S>& id(const ModelTpl<S>&, Workspace<S>&, q, v, a);
//              template <class S> static const MatX<S>& mass(const ModelTpl<S>&, Workspace<S>&, q);
//              template <class S> static const VecX<S>& bias(const ModelTpl<S>&, Workspace<S>&, q, v);
//              template <class S> static const VecX<S>& gravity(const ModelTpl<S>&, Workspace<S>&, q); };
// and every check compares it with an independent route: the production RNEA / CRBA, Craig's
// closed forms, or (power balance) the method's own mass matrix differentiated with dual numbers.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <algorithm>

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/dual.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::vp_test {

constexpr double kPi = std::numbers::pi;

/// Worst relative disagreements (test::rel_diff, floor 1) over a set of states.
struct Worst {
  double tau = 0, M = 0, h = 0, g = 0;
  void take(const Worst& o) {
    tau = std::max(tau, o.tau);
    M = std::max(M, o.M);
    h = std::max(h, o.h);
    g = std::max(g, o.g);
  }
  double max() const { return std::max({tau, M, h, g}); }
};

inline void report(const std::string& what, const Worst& w) {
  std::printf("[ measured ] %-44s tau %.2e  M %.2e  bias %.2e  g %.2e\n", what.c_str(), w.tau, w.M, w.h, w.g);
}

struct State {
  VecX<double> q, v, a;
};

/// Angles in [-pi, pi], extensions in [-0.8, 0.8], velocities in [-2, 2], accelerations [-3, 3].
inline State random_state(std::mt19937_64& rng, const Model& model) {
  State s{test::random_vector(rng, model.dof, -kPi, kPi), test::random_vector(rng, model.dof, -2, 2),
          test::random_vector(rng, model.dof, -3, 3)};
  for (int i = 0; i < model.dof; ++i)
    if (model.joint_type[i] == JointType::kPrismatic) s.q[i] *= 0.8 / kPi;
  return s;
}

/// The method on `model` against RNEA / CRBA / nonlinear effects / gravity torque on `reference` (the same model,
/// or a perturbed one for a sensitivity check), at `count` random states.
template <class Method>
Worst compare(const Model& model, const Model& reference, std::uint64_t seed, int count = 4) {
  typename Method::template Workspace<double> ws(model);
  Data data(reference);
  std::mt19937_64 rng(seed);
  Worst worst;
  for (int k = 0; k < count; ++k) {
    const State s = random_state(rng, model);
    Worst w;
    const VecX<double> tau_ref = rnea(reference, data, s.q, s.v, s.a);
    w.tau = test::rel_diff(Method::id(model, ws, s.q, s.v, s.a), tau_ref);
    const MatX<double> M_ref = crba(reference, data, s.q);
    w.M = test::rel_diff(Method::mass(model, ws, s.q), M_ref);
    const VecX<double> h_ref = nonlinear_effects(reference, data, s.q, s.v);
    w.h = test::rel_diff(Method::bias(model, ws, s.q, s.v), h_ref);
    const VecX<double> g_ref = gravity_torque(reference, data, s.q);
    w.g = test::rel_diff(Method::gravity(model, ws, s.q), g_ref);
    worst.take(w);
  }
  return worst;
}

/// Random DH chains, n = 1..12, both conventions, mixed revolute/prismatic and all-revolute.
inline std::vector<Model> random_chains(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Model> out;
  for (int n = 1; n <= 12; ++n)
    for (DhConvention c : {DhConvention::kStandard, DhConvention::kModified})
      for (bool mixed : {true, false}) out.push_back(test::random_dh_chain(rng, n, c, mixed));
  return out;
}

/// A copy of `model` whose body `body` is 0.1 % heavier and has its centre of mass 1 mm away.
inline Model perturbed_link(const Model& model, int body) {
  return test::perturbed(model, body, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3));
}

inline Model urdf(const std::string& name) { return load_model(test::data_path("models/" + name + ".urdf")); }

// Craig's closed forms, retyped from [Craig] §6.7 and Example 6.5 (the numbers of the built-in
// models planar2r and rp): tau (6.58) and M (6.60) of the two-link arm with point masses,
// tau (6.88) and M of the RP arm.
struct ClosedForm {
  VecX<double> tau;
  MatX<double> M;
};

inline ClosedForm craig_2r(const State& s, double m2 = 1.0) {
  const double l1 = 1.0, l2 = 0.5, m1 = 2.0, g = 9.81;
  const double c1 = std::cos(s.q[0]), c2 = std::cos(s.q[1]), s2 = std::sin(s.q[1]);
  const double c12 = std::cos(s.q[0] + s.q[1]);
  const double t1 = s.v[0], t2 = s.v[1], a1 = s.a[0], a2 = s.a[1];
  ClosedForm f{VecX<double>(2), MatX<double>(2, 2)};
  f.tau[0] = m2 * l2 * l2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1 * l1 * a1 -
             m2 * l1 * l2 * s2 * t2 * t2 - 2 * m2 * l1 * l2 * s2 * t1 * t2 + m2 * l2 * g * c12 +
             (m1 + m2) * l1 * g * c1;
  f.tau[1] = m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * t1 * t1 + m2 * l2 * g * c12 + m2 * l2 * l2 * (a1 + a2);
  f.M << l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), l2 * l2 * m2 + l1 * l2 * m2 * c2,
      l2 * l2 * m2 + l1 * l2 * m2 * c2, l2 * l2 * m2;
  return f;
}

inline ClosedForm craig_rp(const State& s, double m2 = 1.5) {
  const double m1 = 2.0, l1 = 0.4, Izz1 = 0.1, Izz2 = 0.05, g = 9.81;
  const double c1 = std::cos(s.q[0]), s1 = std::sin(s.q[0]), d2 = s.q[1];
  ClosedForm f{VecX<double>(2), MatX<double>(2, 2)};
  const double m11 = m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2;
  f.tau[0] = m11 * s.a[0] + 2 * m2 * d2 * s.v[0] * s.v[1] + (m1 * l1 + m2 * d2) * g * c1;
  f.tau[1] = m2 * s.a[1] - m2 * d2 * s.v[0] * s.v[0] + m2 * g * s1;
  f.M << m11, 0, 0, m2;
  return f;
}

/// Worst relative disagreement of the method on `model` with a closed form, at random states
/// (the second joint of rp is drawn in [0, 1]).
template <class Method, class Form>
double compare_closed_form(const Model& model, Form form, std::uint64_t seed) {
  typename Method::template Workspace<double> ws(model);
  std::mt19937_64 rng(seed);
  double worst = 0;
  for (int k = 0; k < 20; ++k) {
    State s = random_state(rng, model);
    if (model.joint_type[1] == JointType::kPrismatic) s.q[1] = std::abs(s.q[1]) / 0.8;
    const ClosedForm f = form(s);
    worst = std::max(worst, test::rel_diff(Method::id(model, ws, s.q, s.v, s.a), f.tau));
    worst = std::max(worst, test::rel_diff(Method::mass(model, ws, s.q), f.M));
  }
  return worst;
}

/// Largest |W - W^T| relative to |W| and the smallest eigenvalue's sign: the digest's oracle 2.
template <class Method> void expect_symmetric_positive_definite(const Model& model, std::uint64_t seed) {
  typename Method::template Workspace<double> ws(model);
  std::mt19937_64 rng(seed);
  for (int k = 0; k < 4; ++k) {
    const State s = random_state(rng, model);
    const MatX<double> W = Method::mass(model, ws, s.q);
    EXPECT_LE(test::rel_diff(W, MatX<double>(W.transpose())), 1e-13) << model.name;
    const Eigen::LLT<MatX<double>> llt(0.5 * (W + W.transpose()));
    EXPECT_EQ(llt.info(), Eigen::Success) << model.name;
  }
}

/// Results of the dual-number checks (worst over the states).
struct DualWorst {
  double value = 0;     ///< Dual values vs the double instance
  double column = 0;    ///< d tau / d a_k vs column k of the method's W
  double power = 0;     ///< v^T h0 vs 1/2 v^T Wdot v
  double perturbed = 0; ///< the same with Wdot of a perturbed model (must be large)
};

/// The method instantiated on forward-mode dual numbers (the same *_impl.hpp source):
///  (a) its values equal the double instance;
///  (b) seeding a_k, d tau / d a_k equals column k of the method's own W (so the inverse dynamics
///      and the mass-matrix routes of the method agree with each other);
///  (c) the digest's oracles 4-5, power balance without gravity: qd^T h0(q, qd) = 1/2 qd^T Wdot qd,
///      Wdot = dW/dt along qd from seeding q with qd (the skew symmetry of Wdot - 2C along qd),
///      a check that uses neither RNEA nor CRBA;
///  (d) (c) with Wdot from a model with one perturbed link: must fail.
template <class Method> DualWorst dual_checks(const Model& model, std::uint64_t seed) {
  using test::Dual;
  const Model model0 = model.with_gravity(Vec3<double>::Zero());
  const Model wrong0 = perturbed_link(model0, model.dof / 2);
  const ModelTpl<Dual> dm = model.cast<Dual>(), dm0 = model0.cast<Dual>(), dwrong0 = wrong0.cast<Dual>();
  typename Method::template Workspace<double> ws(model), ws0(model0);
  typename Method::template Workspace<Dual> dws(dm), dws0(dm0), dwrong(dwrong0);
  std::mt19937_64 rng(seed);
  DualWorst w;
  for (int k = 0; k < 3; ++k) {
    const State s = random_state(rng, model);
    VecX<Dual> q = s.q.cast<Dual>(), v = s.v.cast<Dual>(), a = s.a.cast<Dual>();
    const VecX<double> tau = Method::id(model, ws, s.q, s.v, s.a);
    const MatX<double> W = Method::mass(model, ws, s.q);
    for (int j = 0; j < model.dof; ++j) {
      a[j].d = 1.0;
      const VecX<Dual> dtau = Method::id(dm, dws, q, v, a);
      a[j].d = 0.0;
      w.value = std::max(w.value, test::rel_diff(test::value_of(dtau), tau));
      w.column = std::max(w.column, test::rel_diff(test::tangent_of(dtau), VecX<double>(W.col(j))));
    }
    for (int j = 0; j < model.dof; ++j) q[j].d = s.v[j];
    const MatX<double> Wdot = test::tangent_of(Method::mass(dm0, dws0, q));
    const MatX<double> Wdot_wrong = test::tangent_of(Method::mass(dwrong0, dwrong, q));
    const double lhs = s.v.dot(Method::bias(model0, ws0, s.q, s.v));
    const double scale = std::max(std::abs(lhs), 1.0);
    w.power = std::max(w.power, std::abs(lhs - 0.5 * s.v.dot(Wdot * s.v)) / scale);
    w.perturbed = std::max(w.perturbed, std::abs(lhs - 0.5 * s.v.dot(Wdot_wrong * s.v)) / scale);
  }
  return w;
}

// ---------------------------------------------------------------------------------------------
// Whole checks, each with its sensitivity counterpart, run by every method's test file.

/// Random DH chains n = 1..12 (both conventions, mixed and all-revolute): tau, M and the bias
/// equal RNEA, CRBA and the nonlinear effects to 1e-10 relative.
template <class Method> void check_random_chains(const char* name) {
  Worst all;
  for (const Model& model : random_chains(4711)) {
    const Worst w = compare<Method>(model, model, 17 + model.dof);
    EXPECT_LE(w.max(), 1e-10) << model.name;
    if (std::getenv("VP_VERBOSE")) report(model.name, w);
    all.take(w);
  }
  report(std::string(name) + " vs rnea/crba, 48 random chains", all);
}

/// Long random chains (n = 24, 36, 48, general axes, mixed joints) stay at round-off: the
/// method accumulates no error that grows with n faster than RNEA's.
template <class Method> void check_long_chains(const char* name) {
  std::mt19937_64 rng(36);
  Worst all;
  for (int n : {24, 36, 48}) {
    const Model model = test::random_dh_chain(rng, n, n == 36 ? DhConvention::kModified : DhConvention::kStandard, true);
    const Worst w = compare<Method>(model, model, 3, 2);
    EXPECT_LE(w.max(), 1e-10) << model.name;
    all.take(w);
  }
  report(std::string(name) + " vs rnea/crba, n = 24, 36, 48", all);
}

/// The URDF arms and the built-in models (stanford has a prismatic joint 3, rp a prismatic 2).
template <class Method> void check_named_models(const char* name) {
  std::vector<Model> models = {urdf("ur5"), urdf("panda")};
  for (const char* b : {"puma560", "stanford", "planar2r", "planar3r", "craig3r", "rp"})
    models.push_back(builtin_model(b).model);
  for (const Model& model : models) {
    const Worst w = compare<Method>(model, model, 99);
    report(std::string(name) + " vs rnea/crba, " + model.name, w);
    EXPECT_LE(w.max(), 1e-10) << model.name;
  }
}

/// Sensitivity: against a reference whose link b is 0.1 % heavier with its centre of mass 1 mm
/// away, the comparison fails, for every link b of a random mixed chain and of the UR5.
template <class Method> void check_perturbed_links_noticed(const char* name) {
  std::mt19937_64 rng(31);
  for (const Model& model : {test::random_dh_chain(rng, 7, DhConvention::kStandard, true), urdf("ur5")}) {
    double least = 1e300;
    for (int b = 0; b < model.dof; ++b) {
      const Worst w = compare<Method>(model, perturbed_link(model, b), 5, 2);
      EXPECT_GT(w.max(), 1e-6) << model.name << " link " << b;
      least = std::min(least, w.max());
    }
    std::printf("[ measured ] %s vs a perturbed link of %s: least disagreement %.2e\n", name,
                model.name.c_str(), least);
  }
}

/// Craig's closed forms for planar2r (6.58)/(6.60) and rp (6.88), and their sensitivity to m2.
template <class Method> void check_craig_closed_forms(const char* name) {
  const Model two_r = builtin_model("planar2r").model, rp = builtin_model("rp").model;
  const double w2r = compare_closed_form<Method>(two_r, [](const State& s) { return craig_2r(s); }, 58);
  const double wrp = compare_closed_form<Method>(rp, [](const State& s) { return craig_rp(s); }, 88);
  const double w2r_bad =
      compare_closed_form<Method>(two_r, [](const State& s) { return craig_2r(s, 1.001); }, 58);
  const double wrp_bad = compare_closed_form<Method>(rp, [](const State& s) { return craig_rp(s, 1.5015); }, 88);
  std::printf("[ measured ] %s vs Craig (6.58)/(6.60): %.2e (m2 * 1.001: %.2e); (6.88): %.2e (%.2e)\n", name,
              w2r, w2r_bad, wrp, wrp_bad);
  EXPECT_LE(w2r, 1e-12);
  EXPECT_LE(wrp, 1e-12);
  EXPECT_GT(w2r_bad, 1e-5);
  EXPECT_GT(wrp_bad, 1e-5);
}

/// The dual-number checks on stanford, puma560 and a random mixed chain.
template <class Method> void check_dual_numbers(const char* name) {
  std::mt19937_64 rng(2718);
  for (const Model& model : {builtin_model("stanford").model, builtin_model("puma560").model,
                             test::random_dh_chain(rng, 8, DhConvention::kModified, true)}) {
    const DualWorst w = dual_checks<Method>(model, 3);
    std::printf("[ measured ] %s on Dual, %s: value %.1e, dtau/da vs W %.1e, power %.1e (perturbed %.1e)\n",
                name, model.name.c_str(), w.value, w.column, w.power, w.perturbed);
    EXPECT_LE(w.value, 1e-13) << model.name;
    EXPECT_LE(w.column, 1e-11) << model.name;
    EXPECT_LE(w.power, 1e-11) << model.name;
    EXPECT_GT(w.perturbed, 1e-6) << model.name;
  }
}

/// The mass matrix of every random chain is symmetric and positive definite (oracle 2).
template <class Method> void check_mass_matrix_spd() {
  for (const Model& model : random_chains(99)) expect_symmetric_positive_definite<Method>(model, 7);
}

}  // namespace armdyn::vp_test
