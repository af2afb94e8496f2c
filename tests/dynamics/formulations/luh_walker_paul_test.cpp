// Luh-Walker-Paul Newton-Euler ([TML] (3.7)-(3.13)) and TML's modified Newton-Euler ((7.1)-(7.6))
// in standard-DH link frames, their source-specific checks: TML's connection identities (4.10),
// (4.12), (4.18), (4.36), (4.39), (2.34)/(2.36); the same forces as Craig's Newton-Euler in its
// frames; the load against rnea's external force. The comparisons with rnea/crba/gravity_torque
// on chains, built-ins and URDF arms, the refusal of trees, Craig's closed forms (6.58), (6.88),
// the reference values of [TML]'s arms (tau, g_2, M_11, M_22 of the six-link arm), the perturbed parameters,
// the wrong sizes and the dual-number run are the typed checks of cross_check_test.cpp and
// cross_check_dual_test.cpp (tags LuhWalkerPaul and ModifiedNewtonEuler).
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"
#include "armdyn/dynamics/formulations/newton_euler.hpp"
#include "dynamics/formulations/checks.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace luh_walker_paul_test {

namespace lwp = luh_walker_paul;
constexpr double kTol = 1e-10;

// (4.18): A c = wd x c + w x (w x c); (4.36): Tr{A K (Q^g)^T} = I wd + w x I w with K = ½ Tr(I) E - I
// (2.34), and back I = E Tr(K) - K (2.36, as corrected in docs/errata.md); full random inertias.
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
  for (const Model& m : test::random_chains(702)) {
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
}

// Craig's link frame {i} is body frame i-1, TML's F_i = (body frame i-1) * tree[i]: the two
// Newton-Euler sets compute the same w, wd and force on each link, related by C = tree[i]; the
// moments are about o_{i-1} (TML) and the body origin (Craig), which differ by d_i z for a
// prismatic joint.
TEST(LuhWalkerPaul, SameForcesAsCraigInHisFrames) {
  double worst = 0;
  std::mt19937_64 rng(19);
  std::vector<Model> models = test::random_chains(703);
  for (const Model& m : test::named_models())
    if (test::is_serial(m)) models.push_back(m);
  for (const Model& m : models) {
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
}

// The load f_{n+1}, n_{n+1} (what link n exerts, about o_n, in frame {n} = the last body frame)
// equals rnea with the opposite external wrench on the last body.
TEST(LuhWalkerPaul, LoadIsTheEnvironmentsReaction) {
  std::mt19937_64 rng(23);
  double worst = 0, effect = 0;
  for (const Model& m : test::random_chains(704)) {
    lwp::Workspace<double> ws(m);
    Data data(m);
    const lwp::Load<double> load{test::random_vec3(rng, -20, 20), test::random_vec3(rng, -5, 5)};
    std::vector<Force<double>> fext(m.dof);
    fext.back().f = -load.f;
    fext.back().n = -load.n;
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    const Loads<double> loads = test::body_loads(fext);
    const VecX<double> ref = rnea(m, data, q, v, a, &loads);
    worst = std::max(worst, test::rel_diff(lwp::inverse_dynamics(m, ws, q, v, a, &load), ref));
    worst = std::max(worst, test::rel_diff(lwp::inverse_dynamics_modified(m, ws, q, v, a, &load), ref));
    effect = std::max(effect, test::rel_diff(ref, rnea(m, data, q, v, a)));
  }
  EXPECT_LT(worst, kTol);
  EXPECT_GT(effect, 1e-2);
}

}  // namespace luh_walker_paul_test
}  // namespace armdyn
