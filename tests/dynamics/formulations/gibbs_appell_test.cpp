// Gibbs-Appell ([TML] (3.14), Horowitz-Tomizuka) against armdyn's rnea, crba and gravity_torque on
// random chains and trees, URDF and built-in models; against Craig's closed forms (6.58), (6.88)
// and the TML digest's standard-DH oracles; TML's Gibbs-Appell <-> Newton-Euler connection, (6.2)
// and (6.6), with the Luh-Walker-Paul quantities; a perturbed parameter must be noticed; Dual.
#include <gtest/gtest.h>

#include "armdyn/dynamics/formulations/gibbs_appell_impl.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"
#include "support/dual.hpp"
#include "support/ne_family_checks.hpp"

namespace armdyn {
namespace {

namespace ga = gibbs_appell;
constexpr double kTol = 1e-10;

test::TauFn ga_tau() {
  return [](const Model& m, const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    ga::Workspace<double> ws(m);
    return VecX<double>(ga::inverse_dynamics(m, ws, q, v, a));
  };
}

double worst_all(const Model& model, std::uint64_t seed) {
  double w = test::worst_vs_rnea(model, model, ga_tau(), 4, seed);
  std::mt19937_64 rng(seed + 1);
  ga::Workspace<double> ws(model);
  Data data(model);
  for (int s = 0; s < 3; ++s) {
    const VecX<double> q = test::random_vector(rng, model.dof, -1.5, 1.5);
    w = std::max(w, test::rel_diff(ga::mass_matrix(model, ws, q), crba(model, data, q)));
    w = std::max(w, test::rel_diff(ga::gravity(model, ws, q), gravity_torque(model, data, q)));
  }
  return w;
}

TEST(GibbsAppell, RandomChainsAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::random_chains(801)) {
    const double w = worst_all(c.model, 31);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("gibbs-appell vs rnea/crba/g, 48 random DH chains", worst);
}

TEST(GibbsAppell, RandomTreesAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::random_trees(802)) {
    const double w = worst_all(c.model, 32);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("gibbs-appell vs rnea/crba/g, 12 random trees", worst);
}

TEST(GibbsAppell, UrdfAndBuiltinModelsAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::named_models()) {
    const double w = worst_all(c.model, 33);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("gibbs-appell vs rnea/crba/g, ur5 panda and 6 built-ins", worst);
}

TEST(GibbsAppell, CraigClosedForms658And688) {
  const Model m2r = builtin_model("planar2r").model, mrp = builtin_model("rp").model;
  const double w = std::max(test::worst_vs_closed_form(m2r, ga_tau(), test::craig_2r),
                            test::worst_vs_closed_form(mrp, ga_tau(), test::craig_rp));
  EXPECT_LT(w, kTol);
  test::report("gibbs-appell vs (6.58), (6.88)", w);
  EXPECT_GT(test::worst_vs_closed_form(test::perturbed(m2r, 0, 1.001, Vec3<double>::Zero()), ga_tau(), test::craig_2r),
            1e-5);
  EXPECT_GT(test::worst_vs_closed_form(test::perturbed(mrp, 1, 1.0, Vec3<double>(1e-3, 0, 0)), ga_tau(), test::craig_rp),
            1e-5);
  const VecX<double> tau = ga_tau()(m2r, test::values({0.3, 0.8}), test::values({0.7, -1.1}), test::values({1.0, 2.0}));
  EXPECT_NEAR(tau[0], 35.6022190243, 1e-9);
  EXPECT_NEAR(tau[1], 3.4989945725, 1e-9);
}

TEST(GibbsAppell, StandardDhOraclesOfTheDigest) {
  for (const test::Oracle& o : test::tml_digest_oracles())
    EXPECT_LT((ga_tau()(o.model, o.q, o.v, o.a) - o.tau).cwiseAbs().maxCoeff(), 1e-11) << o.model.name;
}

// [TML] §6: with Gibbs-Appell's base-frame partial velocities V_il (= z*_{i-1} x p̄*_{i-1,l}, or
// z*_{i-1} for a prismatic joint) and Omega_i, its translational terms are (6.2)
//   sum_l V_il . R_0^l m_l ā_l
// and its rotational terms (6.6) sum_l Omega_i . R_0^l (I_l wd_l + w_l x I_l w_l), with ā_l, w_l,
// wd_l, I_l from Newton-Euler in link frames (gravity inside ā through a_0 = g z_0).
TEST(GibbsAppell, ConnectionToNewtonEuler62And66) {
  double worst = 0;
  std::mt19937_64 rng(37);
  std::vector<test::NamedModel> models = test::random_chains(803);
  for (const auto& c : test::named_models()) models.push_back(c);
  for (const auto& c : models) {
    const Model& m = c.model;
    const int n = m.dof;
    const VecX<double> q = test::random_vector(rng, n), v = test::random_vector(rng, n), a = test::random_vector(rng, n);
    ga::Workspace<double> gw(m);
    luh_walker_paul::Workspace<double> nw(m);
    ga::inverse_dynamics(m, gw, q, v, a);
    luh_walker_paul::inverse_dynamics(m, nw, q, v, a);
    std::vector<Mat3<double>> R0(n);  // R_0^l: frame {l} of TML in the base, from the NE chain
    Mat3<double> R = m.tree[0].R;
    for (int l = 0; l < n; ++l) R0[l] = R = R * nw.R[l];
    for (int i = 0; i < n; ++i) {
      const bool revolute = m.joint_type[i] == JointType::kRevolute;
      double trans = 0, rot = 0;
      for (int l = i; l < n; ++l) {
        const Vec3<double> V = revolute ? Vec3<double>(gw.z[i].cross(gw.c[l] - gw.o[i])) : gw.z[i];
        trans += V.dot(R0[l] * (m.mass[l] * nw.abar[l]));                  // (6.2)
        if (revolute) rot += gw.z[i].dot(R0[l] * nw.rot[l]);                // (6.6)
      }
      const double scale = 1 + std::abs(gw.tau[i]);
      worst = std::max({worst, std::abs(trans - gw.tau_trans[i]) / scale, std::abs(rot - gw.tau_rot[i]) / scale});
    }
  }
  EXPECT_LT(worst, 1e-12);
  test::report("(6.2), (6.6): GA terms from Newton-Euler quantities", worst);
}

TEST(GibbsAppell, PerturbedParameterIsNoticed) {
  const Model base = builtin_model("puma560").model;
  std::vector<Model> changed = {test::perturbed(base, 1, 1.001, Vec3<double>::Zero()),
                                test::perturbed(base, 2, 1.0, Vec3<double>(0, 0, 1e-3))};
  Model inertia = base;
  inertia.inertia_com[3](1, 1) *= 1.01;
  inertia.inertia[3] = Inertia<double>::from_com(inertia.mass[3], inertia.com[3], inertia.inertia_com[3]);
  changed.push_back(inertia);
  Model placement = base;
  placement.tree[3].p.z() += 1e-3;
  changed.push_back(placement);
  for (const Model& m : changed) {
    EXPECT_GT(test::worst_vs_rnea(m, base, ga_tau(), 6, 3), 1e-6);
    EXPECT_LT(test::worst_vs_rnea(m, m, ga_tau(), 6, 3), kTol);
  }
}

TEST(GibbsAppell, WrongSizesAreInputErrors) {
  const Model m = builtin_model("puma560").model;
  ga::Workspace<double> ws(m);
  const VecX<double> ok = VecX<double>::Zero(6), bad = VecX<double>::Zero(3);
  EXPECT_THROW(ga::inverse_dynamics(m, ws, ok, bad, ok), InputError);
  EXPECT_THROW(ga::mass_matrix(m, ws, bad), InputError);
  EXPECT_THROW(ga::gravity(m, ws, bad), InputError);
}

TEST(GibbsAppell, RunsOnADualScalar) {
  using test::Dual;
  std::mt19937_64 rng(47);
  double worst = 0;
  for (const char* name : {"stanford", "puma560"}) {
    const Model m = builtin_model(name).model;
    const ModelTpl<Dual> dm = m.cast<Dual>();
    ga::Workspace<Dual> dws(dm);
    Data data(m);
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    MatX<double> D(m.dof, m.dof);
    for (int k = 0; k < m.dof; ++k) {
      VecX<Dual> ak = a.cast<Dual>();
      ak[k].d = 1.0;
      const VecX<Dual>& tau = ga::inverse_dynamics(dm, dws, q.cast<Dual>(), v.cast<Dual>(), ak);
      worst = std::max(worst, test::rel_diff(test::value_of(tau), rnea(m, data, q, v, a)));
      D.col(k) = test::tangent_of(tau);
    }
    worst = std::max(worst, test::rel_diff(D, crba(m, data, q)));
  }
  EXPECT_LT(worst, kTol);
}

}  // namespace
}  // namespace armdyn
