// Craig's iterative Newton-Euler ([Craig] (6.45)-(6.53)) against armdyn's spatial rnea, crba and
// gravity_torque on random chains and trees, URDF and built-in models; against Craig's closed
// forms (6.58) and (6.88) and the intermediate values of §6.7; the contact wrench of §6.5 against
// rnea's external forces; a perturbed parameter must be noticed; and a run on a dual-number scalar.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/dynamics/formulations/newton_euler_impl.hpp"
#include "support/dual.hpp"
#include "support/ne_family_checks.hpp"

namespace armdyn {
namespace {

constexpr double kTol = 1e-10;

test::TauFn craig_tau() {
  return [](const Model& m, const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    newton_euler::Workspace<double> ws(m);
    return VecX<double>(newton_euler::inverse_dynamics(m, ws, q, v, a));
  };
}

// tau, M and G of `model` against rnea, crba, gravity_torque; worst relative disagreement.
double worst_all(const Model& model, std::uint64_t seed) {
  double w = test::worst_vs_rnea(model, model, craig_tau(), 6, seed);
  std::mt19937_64 rng(seed + 1);
  newton_euler::Workspace<double> ws(model);
  Data data(model);
  for (int s = 0; s < 3; ++s) {
    const VecX<double> q = test::random_vector(rng, model.dof, -1.5, 1.5);
    w = std::max(w, test::rel_diff(newton_euler::mass_matrix(model, ws, q), crba(model, data, q)));
    w = std::max(w, test::rel_diff(newton_euler::gravity(model, ws, q), gravity_torque(model, data, q)));
  }
  return w;
}

TEST(NewtonEuler, RandomChainsAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::random_chains(601)) {
    const double w = worst_all(c.model, 11);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("newton-euler vs rnea/crba/g, 48 random DH chains", worst);
}

TEST(NewtonEuler, RandomTreesAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::random_trees(602)) {
    const double w = worst_all(c.model, 12);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("newton-euler vs rnea/crba/g, 12 random trees", worst);
}

TEST(NewtonEuler, UrdfAndBuiltinModelsAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::named_models()) {
    const double w = worst_all(c.model, 13);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("newton-euler vs rnea/crba/g, ur5 panda and 6 built-ins", worst);
}

TEST(NewtonEuler, CraigTwoLinkClosedForm658) {
  const Model model = builtin_model("planar2r").model;
  const double w = test::worst_vs_closed_form(model, craig_tau(), test::craig_2r);
  EXPECT_LT(w, kTol);
  test::report("newton-euler vs (6.58), planar2r, 50 states", w);
  // The digest's numeric instance of (6.58).
  newton_euler::Workspace<double> ws(model);
  const VecX<double> tau = newton_euler::inverse_dynamics(model, ws, Eigen::Vector2d(0.3, 0.8),
                                                          Eigen::Vector2d(0.7, -1.1), Eigen::Vector2d(1.0, 2.0));
  EXPECT_NEAR(tau[0], 35.6022190243, 1e-9);
  EXPECT_NEAR(tau[1], 3.4989945725, 1e-9);
  // A 0.1 % heavier m2 is noticed.
  Model heavy = test::perturbed(model, 1, 1.001, Vec3<double>::Zero());
  EXPECT_GT(test::worst_vs_closed_form(heavy, craig_tau(), test::craig_2r), 1e-5);
}

TEST(NewtonEuler, CraigExample65ClosedForm688) {
  const Model model = builtin_model("rp").model;
  const double w = test::worst_vs_closed_form(model, craig_tau(), test::craig_rp);
  EXPECT_LT(w, kTol);
  test::report("newton-euler vs (6.88), rp, 50 states", w);
  newton_euler::Workspace<double> ws(model);
  const VecX<double> tau = newton_euler::inverse_dynamics(model, ws, Eigen::Vector2d(0.5, 0.8),
                                                          Eigen::Vector2d(1.2, -0.3), Eigen::Vector2d(0.7, 0.4));
  EXPECT_NEAR(tau[0], 17.3551698643, 1e-9);
  EXPECT_NEAR(tau[1], 5.9267468006, 1e-9);
  Model heavy = test::perturbed(model, 1, 1.001, Vec3<double>::Zero());
  EXPECT_GT(test::worst_vs_closed_form(heavy, craig_tau(), test::craig_rp), 1e-5);
}

// The TML digest's standard-DH oracles (§7.2 of the digest), in Craig's frames.
TEST(NewtonEuler, StandardDhOraclesOfTheTmlDigest) {
  for (const test::Oracle& o : test::tml_digest_oracles())
    EXPECT_LT((craig_tau()(o.model, o.q, o.v, o.a) - o.tau).cwiseAbs().maxCoeff(), 1e-11) << o.model.name;
}

// The intermediate values of [Craig] §6.7, (6.54)-(6.56), in Craig's link frames.
TEST(NewtonEuler, CraigTwoLinkIntermediateValues654to656) {
  const Model model = builtin_model("planar2r").model;
  const double l1 = 1, l2 = 0.5, m1 = 2, m2 = 1, g = 9.81;
  const double t1 = 0.3, t2 = 0.8, d1 = 0.7, d2 = -1.1, dd1 = 1.0, dd2 = 2.0;
  newton_euler::Workspace<double> ws(model);
  newton_euler::inverse_dynamics(model, ws, Eigen::Vector2d(t1, t2), Eigen::Vector2d(d1, d2), Eigen::Vector2d(dd1, dd2));
  const double s1 = std::sin(t1), c1 = std::cos(t1), s2 = std::sin(t2), c2 = std::cos(t2);
  const double s12 = std::sin(t1 + t2), c12 = std::cos(t1 + t2);
  const auto near = [](const Vec3<double>& a, const Vec3<double>& b) { return (a - b).cwiseAbs().maxCoeff(); };
  EXPECT_LT(near(ws.vd[0], Vec3<double>(g * s1, g * c1, 0)), 1e-12);                                   // (6.54)
  EXPECT_LT(near(ws.F[0], m1 * Vec3<double>(-l1 * d1 * d1 + g * s1, l1 * dd1 + g * c1, 0)), 1e-12);   // (6.54)
  EXPECT_LT(near(ws.w[1], Vec3<double>(0, 0, d1 + d2)), 1e-12);                                        // (6.55)
  EXPECT_LT(near(ws.wd[1], Vec3<double>(0, 0, dd1 + dd2)), 1e-12);
  EXPECT_LT(near(ws.vd[1], Vec3<double>(l1 * dd1 * s2 - l1 * d1 * d1 * c2 + g * s12,
                                        l1 * dd1 * c2 + l1 * d1 * d1 * s2 + g * c12, 0)), 1e-12);
  const double n2 = m2 * l1 * l2 * c2 * dd1 + m2 * l1 * l2 * s2 * d1 * d1 + m2 * l2 * g * c12 + m2 * l2 * l2 * (dd1 + dd2);
  EXPECT_LT(near(ws.n[1], Vec3<double>(0, 0, n2)), 1e-12);                                             // (6.56)
  EXPECT_LT(near(ws.f[1], ws.F[1]), 1e-15);                                                            // (6.56)
}

// [Craig] §6.5: a nonzero ^{N+1}f_{N+1}, ^{N+1}n_{N+1} is the wrench the end-effector exerts on the
// environment; rnea takes the environment's wrench on the last body, i.e. minus it, moved to the
// body frame's origin.
TEST(NewtonEuler, TipWrenchIsTheEnvironmentsReaction) {
  std::mt19937_64 rng(31);
  double worst = 0, effect = 0;
  std::vector<test::NamedModel> models = test::random_chains(603);
  for (const auto& c : test::named_models()) models.push_back(c);
  for (const auto& c : models) {
    const Model& m = c.model;
    newton_euler::Workspace<double> ws(m);
    Data data(m);
    newton_euler::TipWrench<double> tip{test::random_placement(rng), test::random_vec3(rng, -20, 20),
                                        test::random_vec3(rng, -5, 5)};
    std::vector<Force<double>> fext(m.dof);
    fext.back().f = -(tip.tool.R * tip.f);
    fext.back().n = -(tip.tool.R * tip.n + tip.tool.p.cross(tip.tool.R * tip.f));
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    const VecX<double> free = newton_euler::inverse_dynamics(m, ws, q, v, a);
    const VecX<double> loaded = newton_euler::inverse_dynamics(m, ws, q, v, a, &tip);
    const double w = test::rel_diff(loaded, rnea(m, data, q, v, a, &fext));
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
    effect = std::max(effect, test::rel_diff(loaded, free));
  }
  EXPECT_GT(effect, 1e-2);  // the wrench does change tau
  test::report("newton-euler with tip wrench vs rnea with fext", worst);
}

// Each single-parameter change (mass, centre of mass, one inertia entry, a joint placement) makes
// the formulation disagree with rnea on the original model, and agree with rnea on the changed one.
TEST(NewtonEuler, PerturbedParameterIsNoticed) {
  const Model base = builtin_model("puma560").model;
  std::vector<Model> changed;
  changed.push_back(test::perturbed(base, 2, 1.001, Vec3<double>::Zero()));
  changed.push_back(test::perturbed(base, 3, 1.0, Vec3<double>(0, 1e-3, 0)));
  Model inertia = base;
  inertia.inertia_com[4](0, 0) *= 1.01;
  inertia.inertia[4] = Inertia<double>::from_com(inertia.mass[4], inertia.com[4], inertia.inertia_com[4]);
  changed.push_back(inertia);
  Model placement = base;
  placement.tree[2].p.x() += 1e-3;
  changed.push_back(placement);
  for (const Model& m : changed) {
    EXPECT_GT(test::worst_vs_rnea(m, base, craig_tau(), 6, 5), 1e-6);
    EXPECT_LT(test::worst_vs_rnea(m, m, craig_tau(), 6, 5), kTol);
  }
}

TEST(NewtonEuler, WrongSizesAreInputErrors) {
  const Model m = builtin_model("puma560").model;
  newton_euler::Workspace<double> ws(m);
  const VecX<double> ok = VecX<double>::Zero(6), bad = VecX<double>::Zero(5);
  EXPECT_THROW(newton_euler::inverse_dynamics(m, ws, bad, ok, ok), InputError);
  EXPECT_THROW(newton_euler::inverse_dynamics(m, ws, ok, bad, ok), InputError);
  EXPECT_THROW(newton_euler::inverse_dynamics(m, ws, ok, ok, bad), InputError);
  EXPECT_THROW(newton_euler::mass_matrix(m, ws, bad), InputError);
  EXPECT_THROW(newton_euler::gravity(m, ws, bad), InputError);
}

// The same source on a dual-number scalar: values as for double, d tau / d a_k = column k of M.
TEST(NewtonEuler, RunsOnADualScalar) {
  using test::Dual;
  std::mt19937_64 rng(41);
  double worst = 0;
  for (const char* name : {"stanford", "puma560"}) {
    const Model m = builtin_model(name).model;
    const ModelTpl<Dual> dm = m.cast<Dual>();
    newton_euler::Workspace<Dual> dws(dm);
    Data data(m);
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    MatX<double> D(m.dof, m.dof);
    for (int k = 0; k < m.dof; ++k) {
      VecX<Dual> ak = a.cast<Dual>();
      ak[k].d = 1.0;
      const VecX<Dual>& tau = newton_euler::inverse_dynamics(dm, dws, q.cast<Dual>(), v.cast<Dual>(), ak);
      worst = std::max(worst, test::rel_diff(test::value_of(tau), rnea(m, data, q, v, a)));
      D.col(k) = test::tangent_of(tau);
    }
    worst = std::max(worst, test::rel_diff(D, crba(m, data, q)));
  }
  EXPECT_LT(worst, kTol);
}

}  // namespace
}  // namespace armdyn
