// Hollerbach's recursive Lagrange formulation ([TML] (3.2)-(3.6)), its source-specific checks:
//   (a) tau against the 4x4 Lagrange form, 1e-10 relative, on random DH chains of 1..8 links
//       (standard and modified DH, all-revolute and mixed, random gravity direction), the
//       built-in arms and the URDF UR5 and Panda;
//   (c) the connection identities of [TML] §4-§5, with armdyn's RNEA as the
//       Newton-Euler side, its body-frame quantities turned into TML's link frames:
//         T5  e_i = R_0^i f_i                          (force on link i, frame {0})
//         T6  n_i = vex(D_i R_0^i)                     (moment about o_{i-1}, frame {i})
//         T2  R_q^0 Rdd_0^q = [wd_q]x + [w_q]x^2        ([TML] (4.7) = (4.18))
//         T4  R_q^0 (m_q pdd_0^q + Rdd_0^q m_q rbar_q) = m_q abar_q   ((4.19)-(4.22))
//   (d) the sensitivity of each comparison: a 0.1 % mass / 1 mm centre-of-mass change of one
//       link must be detected.
// tau against rnea on random chains of 1..12 links, the built-ins and the URDF arms, a wrong link,
// Craig's closed forms (6.58), (6.88), the refusal of trees, wrong sizes and the dual-number run
// are the typed checks of cross_check_test.cpp and cross_check_dual_test.cpp (tag
// RecursiveLagrange).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange_impl.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "dynamics/formulations/lagrange_cases.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace recursive_lagrange_test {

using test::Case;
using test::State;

std::vector<Case> cases(int max_links) { return test::lagrange_cases(max_links, 2718); }

State random_state(std::mt19937_64& rng, int n) { return test::random_state(n, rng); }

Model wrong(const Model& m) { return test::wrong_middle_link(m); }

// Recursive Lagrange on `model` against the 4x4 Lagrange form on `ref` (worst relative).
double vs_lagrange(const Model& model, const Model& ref, std::uint64_t seed) {
  recursive_lagrange::Workspace<double> ws(model);
  lagrange::Workspace<double> wl(ref);
  std::mt19937_64 rng(seed);
  double w = 0;
  for (int s = 0; s < 3; ++s) {
    const State x = random_state(rng, model.dof);
    w = std::max(w, test::rel_diff(recursive_lagrange::inverse_dynamics(model, ws, x.q, x.v, x.a),
                                   lagrange::inverse_dynamics(ref, wl, x.q, x.v, x.a)));
  }
  return w;
}

// (a) The recursion gives the 4x4 form's torques (chains up to 8 links), and a wrong link is
// detected by the same comparison.
TEST(RecursiveLagrange, AgreesWithLagrange) {
  for (const Case& c : cases(8)) {
    EXPECT_LT(vs_lagrange(c.model, c.model, 9), 1e-10) << c.name;
    EXPECT_GT(vs_lagrange(wrong(c.model), c.model, 9), 1e-6) << c.name;
  }
}

/// vex(X) = (X_23 - X_32, X_31 - X_13, X_12 - X_21): Tr{[w]x X} = w . vex(X).
Vec3<double> vex(const Mat3<double>& X) {
  return Vec3<double>(X(1, 2) - X(2, 1), X(2, 0) - X(0, 2), X(0, 1) - X(1, 0));
}

Mat3<double> skew3(const Vec3<double>& w) { return skew(w); }

struct Identities {
  double T5 = 0, T6 = 0, T2 = 0, T4 = 0;
};

// Recursive Lagrange on `model`, RNEA on `ref`; every quantity compared in TML's frames. Link i
// (1-based) is body b = i - 1; TML's frame {i} is the body frame turned by N = tree_{i+1}.
Identities identities(const Model& model, const Model& ref, std::uint64_t seed) {
  recursive_lagrange::Workspace<double> ws(model);
  Data data(ref);
  std::mt19937_64 rng(seed);
  Identities out;
  const int n = model.dof;
  for (int s = 0; s < 3; ++s) {
    const State x = random_state(rng, n);
    recursive_lagrange::inverse_dynamics(model, ws, x.q, x.v, x.a);
    rnea(ref, data, x.q, x.v, x.a);
    forward_kinematics(ref, data, x.q);
    double scale_f = 1, scale_n = 1, scale_A = 1, scale_a = 1;
    Identities d;
    for (int i = 1; i <= n; ++i) {
      const int b = i - 1;
      const Mat3<double> NR = i < n ? ref.tree[i].R : Mat3<double>::Identity();
      const Mat3<double> R0i = ref.tree[0].R.transpose() * data.oMb[b].R * NR;  // R_0^i from NE
      const Force<double>& f = data.f[b];
      const Motion<double>& v = data.v[b];
      const Motion<double>& a = data.a[b];
      // T5: f_i in frame {i} is N^T f (body frame); R_0^i f_i
      const Vec3<double> e_ne = R0i * (NR.transpose() * f.f);
      d.T5 = std::max(d.T5, (ws.e[i] - e_ne).cwiseAbs().maxCoeff());
      scale_f = std::max(scale_f, e_ne.cwiseAbs().maxCoeff());
      // T6: the moment about o_{i-1}, at d e_z from the body origin towards the parent for a prismatic joint
      Vec3<double> n_o = f.n;
      if (ref.joint_type[b] == JointType::kPrismatic) n_o += Vec3<double>(0, 0, x.q[b]).cross(f.f);
      const Vec3<double> n_ne = NR.transpose() * n_o;
      d.T6 = std::max(d.T6, (vex(ws.D[i] * ws.R0[i]) - n_ne).cwiseAbs().maxCoeff());
      scale_n = std::max(scale_n, n_ne.cwiseAbs().maxCoeff());
      // T2: A_q = R_q^0 Rdd_0^q against [wd]x + [w]x^2 in frame {q}
      const Vec3<double> w = NR.transpose() * v.w, wd = NR.transpose() * a.w;
      const Mat3<double> A_ne = skew3(wd) + skew3(w) * skew3(w);
      d.T2 = std::max(d.T2, (ws.R0[i].transpose() * ws.R0dd[i] - A_ne).cwiseAbs().maxCoeff());
      scale_A = std::max(scale_A, A_ne.cwiseAbs().maxCoeff());
      // T4: m abar = m (a_o + wd x c + w x (w x c)), a_o = a.v + w x v.v the origin's acceleration (body frame)
      const Inertia<double>& I = ref.inertia[b];
      const Vec3<double> ma = I.m * (a.v + v.w.cross(v.v)) + a.w.cross(I.h) + v.w.cross(v.w.cross(I.h));
      const Vec3<double> eps = ws.e[i] - ws.e[i + 1];  // m pdd + Rdd h, frame {0}
      d.T4 = std::max(d.T4, (ws.R0[i].transpose() * eps - NR.transpose() * ma).cwiseAbs().maxCoeff());
      scale_a = std::max(scale_a, ma.cwiseAbs().maxCoeff());
    }
    out.T5 = std::max(out.T5, d.T5 / scale_f);
    out.T6 = std::max(out.T6, d.T6 / scale_n);
    out.T2 = std::max(out.T2, d.T2 / scale_A);
    out.T4 = std::max(out.T4, d.T4 / scale_a);
  }
  return out;
}

TEST(RecursiveLagrange, ConnectionIdentitiesWithNewtonEuler) {
  Identities all;
  for (const Case& c : cases(8)) {
    const Identities w = identities(c.model, c.model, 4);
    EXPECT_LT(w.T5, 1e-12) << c.name;
    EXPECT_LT(w.T6, 1e-12) << c.name;
    EXPECT_LT(w.T2, 1e-12) << c.name;
    EXPECT_LT(w.T4, 1e-12) << c.name;
    all = {std::max(all.T5, w.T5), std::max(all.T6, w.T6), std::max(all.T2, w.T2), std::max(all.T4, w.T4)};
  }
  // sensitivity: a wrong link changes the forces and moments (T5, T6, T4) but not the kinematics (T2)
  for (const Case& c : cases(8)) {
    if (c.model.dof < 2) continue;
    const Identities w = identities(wrong(c.model), c.model, 4);
    EXPECT_GT(w.T5, 1e-7) << c.name;
    EXPECT_GT(w.T6, 1e-7) << c.name;
    EXPECT_GT(w.T4, 1e-7) << c.name;
  }
  // ... and the last joint's axis turned by 1 mrad changes the kinematics (T2) when an earlier
  // joint turns the links
  for (const Case& c : cases(8)) {
    const int n = c.model.dof;
    bool turning = false;
    for (int b = 0; b + 1 < n; ++b) turning = turning || c.model.joint_type[b] == JointType::kRevolute;
    if (!turning) continue;
    Model twisted = c.model;
    twisted.tree[n - 1].R = twisted.tree[n - 1].R * rot_x(1e-3);
    EXPECT_GT(identities(twisted, c.model, 4).T2, 1e-7) << c.name;
  }
}

}  // namespace recursive_lagrange_test
}  // namespace armdyn
