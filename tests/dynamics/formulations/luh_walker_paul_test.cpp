// Luh-Walker-Paul Newton-Euler ([TML] (3.7)-(3.13)) and TML's modified Newton-Euler ((7.1)-(7.6)),
// in standard-DH link frames: against armdyn's rnea, crba and gravity_torque on random chains,
// URDF and built-in models; against closed forms (Craig (6.58), (6.88); the planar 2-link arm and
// the standard-DH 6-link arm of the TML digest); TML's connection identities (4.10), (4.12),
// (4.18), (4.36), (4.39), (2.34)/(2.36); the same forces as Craig's Newton-Euler in its frames;
// the load against rnea's external force; a perturbed parameter must be noticed; Dual scalar.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/dynamics/formulations/luh_walker_paul_impl.hpp"
#include "armdyn/dynamics/formulations/newton_euler.hpp"
#include "support/dual.hpp"
#include "support/ne_family_checks.hpp"

namespace armdyn {
namespace {

namespace lwp = luh_walker_paul;
constexpr double kTol = 1e-10;

test::TauFn lwp_tau(bool modified) {
  return [modified](const Model& m, const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    lwp::Workspace<double> ws(m);
    return VecX<double>(modified ? lwp::inverse_dynamics_modified(m, ws, q, v, a) : lwp::inverse_dynamics(m, ws, q, v, a));
  };
}

// Both taus, M and G of `model` against rnea, crba and gravity_torque.
double worst_all(const Model& model, std::uint64_t seed) {
  double w = std::max(test::worst_vs_rnea(model, model, lwp_tau(false), 6, seed),
                      test::worst_vs_rnea(model, model, lwp_tau(true), 6, seed));
  std::mt19937_64 rng(seed + 1);
  lwp::Workspace<double> ws(model);
  Data data(model);
  for (int s = 0; s < 3; ++s) {
    const VecX<double> q = test::random_vector(rng, model.dof, -1.5, 1.5);
    w = std::max(w, test::rel_diff(lwp::mass_matrix(model, ws, q), crba(model, data, q)));
    w = std::max(w, test::rel_diff(lwp::gravity(model, ws, q), gravity_torque(model, data, q)));
  }
  return w;
}

TEST(LuhWalkerPaul, RandomChainsAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::random_chains(701)) {
    const double w = worst_all(c.model, 21);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("luh-walker-paul + modified vs rnea/crba/g, 48 chains", worst);
}

TEST(LuhWalkerPaul, UrdfAndBuiltinModelsAgreeWithRnea) {
  double worst = 0;
  for (const auto& c : test::named_models()) {
    ASSERT_TRUE(test::is_serial(c.model)) << c.name;
    const double w = worst_all(c.model, 22);
    EXPECT_LT(w, kTol) << c.name;
    worst = std::max(worst, w);
  }
  test::report("luh-walker-paul + modified vs rnea/crba/g, 8 named", worst);
}

TEST(LuhWalkerPaul, TreesAreRefused) {
  std::mt19937_64 rng(5);
  int refused = 0;
  for (int n = 3; n <= 12; ++n) {
    const Model m = test::random_tree(rng, n);
    if (test::is_serial(m)) continue;
    lwp::Workspace<double> ws(m);
    const VecX<double> z = VecX<double>::Zero(n);
    EXPECT_THROW(lwp::inverse_dynamics(m, ws, z, z, z), InputError);
    EXPECT_THROW(lwp::inverse_dynamics_modified(m, ws, z, z, z), InputError);
    EXPECT_THROW(lwp::mass_matrix(m, ws, z), InputError);
    ++refused;
  }
  EXPECT_GT(refused, 3);
}

// [Craig] (6.58) and (6.88), each with both formulations; a 0.1 % heavier link is noticed.
TEST(LuhWalkerPaul, CraigClosedForms658And688) {
  const Model m2r = builtin_model("planar2r").model, mrp = builtin_model("rp").model;
  double w = 0;
  for (bool modified : {false, true}) {
    w = std::max({w, test::worst_vs_closed_form(m2r, lwp_tau(modified), test::craig_2r),
                  test::worst_vs_closed_form(mrp, lwp_tau(modified), test::craig_rp)});
    EXPECT_GT(test::worst_vs_closed_form(test::perturbed(m2r, 1, 1.001, Vec3<double>::Zero()), lwp_tau(modified),
                                         test::craig_2r), 1e-5);
    EXPECT_GT(test::worst_vs_closed_form(test::perturbed(mrp, 0, 1.001, Vec3<double>::Zero()), lwp_tau(modified),
                                         test::craig_rp), 1e-5);
  }
  EXPECT_LT(w, kTol);
  test::report("luh-walker-paul + modified vs (6.58), (6.88)", w);
}

// The TML digest §7.2's oracles (computed there, not printed in the paper), in standard DH.
TEST(LuhWalkerPaul, StandardDhOraclesOfTheDigest) {
  for (const test::Oracle& o : test::tml_digest_oracles())
    for (bool modified : {false, true}) {
      const VecX<double> tau = lwp_tau(modified)(o.model, o.q, o.v, o.a);
      EXPECT_LT((tau - o.tau).cwiseAbs().maxCoeff(), 1e-11) << o.model.name;
    }
  const test::Oracle arm6 = test::tml_digest_oracles()[1];
  const Model& m6 = arm6.model;
  const VecX<double>& q6 = arm6.q;
  lwp::Workspace<double> ws(m6);
  EXPECT_NEAR(lwp::gravity(m6, ws, q6)[1], 35.123604371953, 1e-11);
  EXPECT_NEAR(lwp::mass_matrix(m6, ws, q6)(0, 0), 2.963746464050, 1e-11);
  EXPECT_NEAR(lwp::mass_matrix(m6, ws, q6)(1, 1), 1.902626223149, 1e-11);
}

// (4.18): A c = wd x c + w x (w x c); (4.36): Tr{A K (Q^g)^T} = I wd + w x I w with K = ½ Tr(I) E - I
// (2.34), and back I = E Tr(K) - K (2.36, as corrected in the digest); full random inertias.
TEST(LuhWalkerPaul, ConsolidationAndTraceIdentities418And436) {
  std::mt19937_64 rng(13);
  double worst = 0;
  for (int s = 0; s < 100; ++s) {
    const Vec3<double> w = test::random_vec3(rng, -3, 3), wd = test::random_vec3(rng, -3, 3), c = test::random_vec3(rng, -1, 1);
    const Mat3<double> I = test::random_inertia_tensor(rng);
    const Mat3<double> A = lwp::consolidation(w, wd), K = lwp::second_moment(I);
    worst = std::max(worst, (A * c - (wd.cross(c) + w.cross(w.cross(c)))).cwiseAbs().maxCoeff());
    worst = std::max(worst, (lwp::trace_moment(A, K) - (I * wd + w.cross(I * w))).cwiseAbs().maxCoeff());
    worst = std::max(worst, (Mat3<double>::Identity() * K.trace() - K - I).cwiseAbs().maxCoeff());
  }
  EXPECT_LT(worst, 1e-13);
  test::report("(4.18), (4.36), (2.34)/(2.36), 100 random cases", worst);
}

// R_j^i = R_j^{j+1} ... R_{i-1}^i from the workspace's R_{k-1}^k (rotation(ws, j, i) is the
// rotation of F_i in F_j).
Mat3<double> rotation(const lwp::Workspace<double>& ws, int j, int i) {
  Mat3<double> R = Mat3<double>::Identity();
  for (int k = j; k < i; ++k) R = R * ws.R[k];
  return R;
}

// On random chains, after a Newton-Euler run: the closed forms (4.10), (4.12) of w_q, wd_q;
// (4.39) f_i = sum_{q >= i} R_i^q m_q ā_q; and the modified run's a, ā, f, n equal the plain one's.
TEST(LuhWalkerPaul, ConnectionIdentities410To439) {
  double worst = 0;
  std::mt19937_64 rng(17);
  for (const auto& c : test::random_chains(702)) {
    const Model& m = c.model;
    const int n = m.dof;
    const VecX<double> q = test::random_vector(rng, n), v = test::random_vector(rng, n), a = test::random_vector(rng, n);
    lwp::Workspace<double> ws(m), mod(m);
    lwp::inverse_dynamics(m, ws, q, v, a);
    lwp::inverse_dynamics_modified(m, mod, q, v, a);
    const Vec3<double> z = Vec3<double>::UnitZ();
    for (int i = 0; i < n; ++i) {
      Vec3<double> w = Vec3<double>::Zero(), wd = Vec3<double>::Zero(), f = Vec3<double>::Zero();
      for (int j = 0; j <= i; ++j) {  // joint j + 1 turns about z_j, seen in F_{i+1}: R_{i+1}^{j} z
        if (m.joint_type[j] != JointType::kRevolute) continue;
        const Vec3<double> zj = rotation(ws, j, i + 1).transpose() * z;
        w += zj * v[j];                                                              // (4.10)
        wd += zj * a[j];                                                             // (4.12)
        for (int k = 0; k < j; ++k)
          if (m.joint_type[k] == JointType::kRevolute) wd += (rotation(ws, k, i + 1).transpose() * z * v[k]).cross(zj * v[j]);
      }
      for (int k = i; k < n; ++k) f += rotation(ws, i + 1, k + 1) * (m.mass[k] * ws.abar[k]);  // (4.39)
      const double scale = 1 + ws.f[i].norm();
      worst = std::max({worst, (w - ws.w[i]).norm(), (wd - ws.wd[i]).norm(), (f - ws.f[i]).norm() / scale});
      worst = std::max({worst, (mod.a[i] - ws.a[i]).norm(), (mod.abar[i] - ws.abar[i]).norm(),
                        (mod.f[i] - ws.f[i]).norm() / scale, (mod.n[i] - ws.n[i]).norm() / (1 + ws.n[i].norm())});
    }
  }
  EXPECT_LT(worst, 1e-12);
  test::report("(4.10), (4.12), (4.39), modified == plain, 48 chains", worst);
}

// Craig's link frame {i} is body frame i-1, TML's F_i = (body frame i-1) * tree[i]: the two
// Newton-Euler sets compute the same w, wd and force on each link, related by C = tree[i]; the
// moments are about o_{i-1} (TML) and the body origin (Craig), which differ by d_i z for a
// prismatic joint.
TEST(LuhWalkerPaul, SameForcesAsCraigInHisFrames) {
  double worst = 0;
  std::mt19937_64 rng(19);
  std::vector<test::NamedModel> models = test::random_chains(703);
  for (const auto& c : test::named_models()) models.push_back(c);
  for (const auto& c : models) {
    const Model& m = c.model;
    const int n = m.dof;
    const VecX<double> q = test::random_vector(rng, n), v = test::random_vector(rng, n), a = test::random_vector(rng, n);
    lwp::Workspace<double> ws(m);
    newton_euler::Workspace<double> craig(m);
    lwp::inverse_dynamics(m, ws, q, v, a);
    newton_euler::inverse_dynamics(m, craig, q, v, a);
    for (int b = 0; b < n; ++b) {
      const Mat3<double> C = b + 1 < n ? m.tree[b + 1].R : Mat3<double>::Identity();
      const Vec3<double> f = C * ws.f[b];
      Vec3<double> nb = C * ws.n[b];
      if (m.joint_type[b] == JointType::kPrismatic) nb += Vec3<double>(0, 0, -q[b]).cross(f);
      const double s = 1 + craig.f[b].norm() + craig.n[b].norm();
      worst = std::max({worst, (C * ws.w[b] - craig.w[b]).norm(), (C * ws.wd[b] - craig.wd[b]).norm(),
                        (f - craig.f[b]).norm() / s, (nb - craig.n[b]).norm() / s});
    }
  }
  EXPECT_LT(worst, 1e-12);
  test::report("TML frames vs Craig frames: w, wd, f, n", worst);
}

// The load f_{n+1}, n_{n+1} (what link n exerts, about o_n, in frame {n} = the last body frame)
// equals rnea with the opposite external wrench on the last body.
TEST(LuhWalkerPaul, LoadIsTheEnvironmentsReaction) {
  std::mt19937_64 rng(23);
  double worst = 0, effect = 0;
  for (const auto& c : test::random_chains(704)) {
    const Model& m = c.model;
    lwp::Workspace<double> ws(m);
    Data data(m);
    const lwp::Load<double> load{test::random_vec3(rng, -20, 20), test::random_vec3(rng, -5, 5)};
    std::vector<Force<double>> fext(m.dof);
    fext.back().f = -load.f;
    fext.back().n = -load.n;
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    const VecX<double> ref = rnea(m, data, q, v, a, &fext);
    worst = std::max(worst, test::rel_diff(lwp::inverse_dynamics(m, ws, q, v, a, &load), ref));
    worst = std::max(worst, test::rel_diff(lwp::inverse_dynamics_modified(m, ws, q, v, a, &load), ref));
    effect = std::max(effect, test::rel_diff(ref, rnea(m, data, q, v, a)));
  }
  EXPECT_LT(worst, kTol);
  EXPECT_GT(effect, 1e-2);
  test::report("luh-walker-paul + modified with load vs rnea with fext", worst);
}

TEST(LuhWalkerPaul, PerturbedParameterIsNoticed) {
  const Model base = builtin_model("stanford").model;
  std::vector<Model> changed = {test::perturbed(base, 2, 1.001, Vec3<double>::Zero()),
                                test::perturbed(base, 3, 1.0, Vec3<double>(1e-3, 0, 0))};
  Model inertia = base;
  inertia.inertia_com[1](2, 2) *= 1.01;
  inertia.inertia[1] = Inertia<double>::from_com(inertia.mass[1], inertia.com[1], inertia.inertia_com[1]);
  changed.push_back(inertia);
  Model placement = base;
  placement.tree[4].p.y() += 1e-3;
  changed.push_back(placement);
  for (const Model& m : changed)
    for (bool modified : {false, true}) {
      EXPECT_GT(test::worst_vs_rnea(m, base, lwp_tau(modified), 6, 3), 1e-6);
      EXPECT_LT(test::worst_vs_rnea(m, m, lwp_tau(modified), 6, 3), kTol);
    }
}

TEST(LuhWalkerPaul, WrongSizesAreInputErrors) {
  const Model m = builtin_model("puma560").model;
  lwp::Workspace<double> ws(m);
  const VecX<double> ok = VecX<double>::Zero(6), bad = VecX<double>::Zero(7);
  EXPECT_THROW(lwp::inverse_dynamics(m, ws, bad, ok, ok), InputError);
  EXPECT_THROW(lwp::inverse_dynamics_modified(m, ws, ok, ok, bad), InputError);
  EXPECT_THROW(lwp::mass_matrix(m, ws, bad), InputError);
  EXPECT_THROW(lwp::gravity(m, ws, bad), InputError);
}

TEST(LuhWalkerPaul, RunsOnADualScalar) {
  using test::Dual;
  std::mt19937_64 rng(43);
  double worst = 0;
  for (const char* name : {"stanford", "puma560"}) {
    const Model m = builtin_model(name).model;
    const ModelTpl<Dual> dm = m.cast<Dual>();
    lwp::Workspace<Dual> dws(dm);
    Data data(m);
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    for (bool modified : {false, true}) {
      MatX<double> D(m.dof, m.dof);
      for (int k = 0; k < m.dof; ++k) {
        VecX<Dual> ak = a.cast<Dual>();
        ak[k].d = 1.0;
        const VecX<Dual>& tau = modified ? lwp::inverse_dynamics_modified(dm, dws, q.cast<Dual>(), v.cast<Dual>(), ak)
                                         : lwp::inverse_dynamics(dm, dws, q.cast<Dual>(), v.cast<Dual>(), ak);
        worst = std::max(worst, test::rel_diff(test::value_of(tau), rnea(m, data, q, v, a)));
        D.col(k) = test::tangent_of(tau);
      }
      worst = std::max(worst, test::rel_diff(D, crba(m, data, q)));
    }
  }
  EXPECT_LT(worst, kTol);
}

}  // namespace
}  // namespace armdyn
