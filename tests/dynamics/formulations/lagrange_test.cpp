// The Uicker/Lewis 4x4 Lagrange formulation ([TML] (3.1)) against independent routes:
//   (a) tau, M, g against armdyn's RNEA and CRBA, 1e-10 relative, on random DH chains of 1..8
//       links (standard and modified DH, all-revolute and mixed revolute/prismatic, full inertia
//       tensors, random base placement and gravity direction), the built-in arms and the URDF
//       UR5 and Panda;
//   (b) Craig's closed forms: the planar 2R arm (6.58), (6.60)-(6.62) and the RP arm of
//       Example 6.5 (6.88)-(6.89), at random states and at the digest's numeric instances;
//   (c) [TML] (2.14)-(2.15) (T9): U_qj and U_qjk against central differences of T_0^q;
//   (d) the velocity coefficients C^i_jk: symmetric in (j, k), and v^T C^i v equals RNEA's
//       c(q, v) - g(q);
//   (e) the same source instantiated on dual numbers: d tau / d a_k is column k of CRBA's M;
//   (f) the sensitivity of each comparison: a 0.1 % mass / 1 mm centre-of-mass change of one link
//       (or a wrong joint for (c)) must be noticed.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <cmath>
#include <random>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/dynamics/formulations/lagrange_impl.hpp"
#include "support/dual.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace {

struct Case {
  std::string name;
  Model model;
};

std::vector<Case> cases(int max_links) {
  std::vector<Case> out;
  std::mt19937_64 rng(31337);
  for (int n = 1; n <= max_links; ++n)
    for (DhConvention conv : {DhConvention::kStandard, DhConvention::kModified})
      for (bool mixed : {false, true}) {
        Model m = test::random_dh_chain(rng, n, conv, mixed);
        m = m.with_gravity(9.81 * test::random_unit_vector(rng));
        out.push_back({m.name + (mixed ? "_mixed" : "_revolute"), m});
      }
  for (const char* b : {"puma560", "stanford", "planar2r", "planar3r", "craig3r", "rp"})
    out.push_back({b, builtin_model(b).model});
  for (const char* u : {"ur5", "panda"})
    out.push_back({u, load_urdf(test::data_path(std::string("models/") + u + ".urdf"))});
  return out;
}

struct State {
  VecX<double> q, v, a;
};

State random_state(std::mt19937_64& rng, int n) {
  return {test::random_vector(rng, n, -1.5, 1.5), test::random_vector(rng, n, -2, 2), test::random_vector(rng, n, -3, 3)};
}

Model wrong(const Model& m) { return test::perturbed(m, m.dof / 2, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3)); }

struct Worst {
  double tau = 0, M = 0, g = 0;
};

/// Lagrange on `model` against RNEA/CRBA on `ref`, over a few random states.
Worst compare(const Model& model, const Model& ref, std::uint64_t seed) {
  lagrange::Workspace<double> ws(model);
  Data data(ref);
  std::mt19937_64 rng(seed);
  Worst w;
  for (int s = 0; s < 3; ++s) {
    const State x = random_state(rng, model.dof);
    w.tau = std::max(w.tau, test::rel_diff(lagrange::inverse_dynamics(model, ws, x.q, x.v, x.a), rnea(ref, data, x.q, x.v, x.a)));
    w.M = std::max(w.M, test::rel_diff(lagrange::mass_matrix(model, ws, x.q), crba(ref, data, x.q)));
    w.g = std::max(w.g, test::rel_diff(lagrange::gravity(model, ws, x.q), gravity_torque(ref, data, x.q)));
  }
  return w;
}

TEST(Lagrange, AgreesWithRneaAndCrba) {
  Worst all;
  for (const Case& c : cases(8)) {
    const Worst w = compare(c.model, c.model, 7);
    EXPECT_LT(w.tau, 1e-10) << c.name;
    EXPECT_LT(w.M, 1e-10) << c.name;
    EXPECT_LT(w.g, 1e-10) << c.name;
    all.tau = std::max(all.tau, w.tau);
    all.M = std::max(all.M, w.M);
    all.g = std::max(all.g, w.g);
  }
  std::printf("worst relative disagreement: tau %.2e, M %.2e, g %.2e\n", all.tau, all.M, all.g);
}

TEST(Lagrange, NoticesAWrongLink) {
  for (const Case& c : cases(8)) {
    const Worst w = compare(wrong(c.model), c.model, 7);
    EXPECT_GT(w.tau, 1e-6) << c.name;
    EXPECT_GT(w.M + w.g, 1e-6) << c.name;
  }
}

TEST(Lagrange, MassMatrixIsSymmetricPositiveDefinite) {
  std::mt19937_64 rng(5);
  for (const Case& c : cases(8)) {
    lagrange::Workspace<double> ws(c.model);
    const MatX<double> M = lagrange::mass_matrix(c.model, ws, random_state(rng, c.model.dof).q);
    EXPECT_EQ((M - M.transpose()).cwiseAbs().maxCoeff(), 0.0) << c.name;
    if (c.name != "puma560" && c.name != "planar2r") {  // massless link / point masses: M may be singular
      EXPECT_EQ(Eigen::LLT<MatX<double>>(M).info(), Eigen::Success) << c.name;
    }
  }
}

// [Craig] (6.58), (6.60)-(6.62): the planar 2R arm with point masses; l1 = 1, l2 = 0.5, m1 = 2, m2 = 1.
struct Craig2R {
  double l1 = 1, l2 = 0.5, m1 = 2, m2 = 1, g = 9.81;
  VecX<double> tau(const State& x) const {
    const double c1 = std::cos(x.q[0]), c2 = std::cos(x.q[1]), s2 = std::sin(x.q[1]), c12 = std::cos(x.q[0] + x.q[1]);
    const double a1 = x.a[0], a2 = x.a[1], v1 = x.v[0], v2 = x.v[1];
    VecX<double> t(2);
    t[0] = m2 * l2 * l2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1 * l1 * a1 -
           m2 * l1 * l2 * s2 * v2 * v2 - 2 * m2 * l1 * l2 * s2 * v1 * v2 + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1;
    t[1] = m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * v1 * v1 + m2 * l2 * g * c12 + m2 * l2 * l2 * (a1 + a2);
    return t;
  }
  MatX<double> M(const VecX<double>& q) const {
    const double c2 = std::cos(q[1]);
    MatX<double> m(2, 2);
    m << l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), l2 * l2 * m2 + l1 * l2 * m2 * c2,
        l2 * l2 * m2 + l1 * l2 * m2 * c2, l2 * l2 * m2;
    return m;
  }
  VecX<double> G(const VecX<double>& q) const {
    const double c1 = std::cos(q[0]), c12 = std::cos(q[0] + q[1]);
    VecX<double> out(2);
    out << m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, m2 * l2 * g * c12;
    return out;
  }
};

// [Craig] (6.88)-(6.89): the RP arm of Example 6.5; m1 = 2, m2 = 1.5, l1 = 0.4, Izz1 = 0.1, Izz2 = 0.05.
struct CraigRP {
  double m1 = 2, m2 = 1.5, l1 = 0.4, Izz1 = 0.1, Izz2 = 0.05, g = 9.81;
  VecX<double> tau(const State& x) const {
    const double d2 = x.q[1], c1 = std::cos(x.q[0]), s1 = std::sin(x.q[0]);
    VecX<double> t(2);
    t[0] = (m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2) * x.a[0] + 2 * m2 * d2 * x.v[0] * x.v[1] + (m1 * l1 + m2 * d2) * g * c1;
    t[1] = m2 * x.a[1] - m2 * d2 * x.v[0] * x.v[0] + m2 * g * s1;
    return t;
  }
  MatX<double> M(const VecX<double>& q) const {
    MatX<double> m = MatX<double>::Zero(2, 2);
    m(0, 0) = m1 * l1 * l1 + Izz1 + Izz2 + m2 * q[1] * q[1];
    m(1, 1) = m2;
    return m;
  }
  VecX<double> G(const VecX<double>& q) const {
    VecX<double> out(2);
    out << (m1 * l1 + m2 * q[1]) * g * std::cos(q[0]), m2 * g * std::sin(q[0]);
    return out;
  }
};

template <class Closed> void check_closed_form(const std::string& name, const Closed& cf, double mass_scale) {
  Model model = builtin_model(name).model;
  model.inertia[1].m *= mass_scale;
  model.inertia[1].h *= mass_scale;
  model.inertia[1].I *= mass_scale;
  lagrange::Workspace<double> ws(model);
  std::mt19937_64 rng(11);
  double worst = 0;
  for (int s = 0; s < 10; ++s) {
    State x = random_state(rng, 2);
    worst = std::max(worst, test::rel_diff(lagrange::inverse_dynamics(model, ws, x.q, x.v, x.a), cf.tau(x)));
    worst = std::max(worst, test::rel_diff(lagrange::mass_matrix(model, ws, x.q), cf.M(x.q)));
    worst = std::max(worst, test::rel_diff(lagrange::gravity(model, ws, x.q), cf.G(x.q)));
  }
  if (mass_scale == 1.0) {
    EXPECT_LT(worst, 1e-12) << name;
  } else {
    EXPECT_GT(worst, 1e-5) << name;
  }
}

TEST(Lagrange, CraigPlanar2RClosedForm) {
  check_closed_form("planar2r", Craig2R{}, 1.0);
  check_closed_form("planar2r", Craig2R{}, 1.001);
  // the digest's numeric instance: theta = (0.3, 0.8), thetadot = (0.7, -1.1), thetaddot = (1, 2)
  const Model model = builtin_model("planar2r").model;
  lagrange::Workspace<double> ws(model);
  VecX<double> q(2), v(2), a(2), tau(2), G(2);
  q << 0.3, 0.8;
  v << 0.7, -1.1;
  a << 1.0, 2.0;
  tau << 35.6022190243, 3.4989945725;
  G << 30.3404418506, 2.2248889756;
  MatX<double> M(2, 2);
  M << 3.9467067093, 0.5983533547, 0.5983533547, 0.25;
  EXPECT_LT((lagrange::inverse_dynamics(model, ws, q, v, a) - tau).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((lagrange::mass_matrix(model, ws, q) - M).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((lagrange::gravity(model, ws, q) - G).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(Lagrange, CraigRPClosedForm) {
  check_closed_form("rp", CraigRP{}, 1.0);
  check_closed_form("rp", CraigRP{}, 1.001);
  // the digest's numeric instance: theta1 = 0.5, d2 = 0.8, rates (1.2, -0.3), accelerations (0.7, 0.4)
  const Model model = builtin_model("rp").model;
  lagrange::Workspace<double> ws(model);
  VecX<double> q(2), v(2), a(2), tau(2);
  q << 0.5, 0.8;
  v << 1.2, -0.3;
  a << 0.7, 0.4;
  tau << 17.3551698643, 5.9267468006;
  EXPECT_LT((lagrange::inverse_dynamics(model, ws, q, v, a) - tau).cwiseAbs().maxCoeff(), 1e-9);
  MatX<double> M(2, 2);
  M << 1.43, 0, 0, 1.5;
  EXPECT_LT((lagrange::mass_matrix(model, ws, q) - M).cwiseAbs().maxCoeff(), 1e-12);
}

// (c) [TML] (2.14), (2.15) in 4x4 form: U_qj = dT_0^q/dq_j, U_qjk = d2 T_0^q / dq_j dq_k.
TEST(Lagrange, DerivativeMatricesAreDerivatives) {
  std::mt19937_64 rng(21);
  const Model model = test::random_dh_chain(rng, 5, DhConvention::kStandard, true);
  const int n = model.dof, N = n + 1;
  lagrange::Workspace<double> ws(model), wp(model), wm(model);
  const VecX<double> q = test::random_vector(rng, n, -1.5, 1.5);
  lagrange::detail::kinematics(model, ws, VecIn<double>(q));
  const double h = 1e-5;
  double worst1 = 0, worst2 = 0, wrong_joint = 1e300;
  for (int j = 1; j <= n; ++j) {
    VecX<double> qp = q, qm = q;
    qp[j - 1] += h;
    qm[j - 1] -= h;
    lagrange::detail::kinematics(model, wp, VecIn<double>(qp));
    lagrange::detail::kinematics(model, wm, VecIn<double>(qm));
    for (int qq = 1; qq <= n; ++qq) {
      const Mat4<double> fd = (wp.T[qq] - wm.T[qq]) / (2 * h);  // T_0^q is T[0 * N + q]
      if (j <= qq) {
        worst1 = std::max(worst1, (ws.U[qq * N + j] - fd).cwiseAbs().maxCoeff());
        if (j > 1) wrong_joint = std::min(wrong_joint, (ws.U[qq * N + j - 1] - fd).cwiseAbs().maxCoeff());
      } else {
        EXPECT_LT(fd.cwiseAbs().maxCoeff(), 1e-12);
      }
      // second derivatives: d U_qk / d q_j = U_qjk
      for (int k = j; k <= qq; ++k) {
        const Mat4<double> fd2 = (wp.U[qq * N + k] - wm.U[qq * N + k]) / (2 * h);
        Mat4<double> X;
        lagrange::detail::second_derivative(model, ws, j, k, qq, X);
        worst2 = std::max(worst2, (X - fd2).cwiseAbs().maxCoeff());
      }
    }
  }
  EXPECT_LT(worst1, 1e-9);
  EXPECT_LT(worst2, 1e-9);
  EXPECT_GT(wrong_joint, 1e-3);
}

// (d) the velocity coefficients of (3.1).
TEST(Lagrange, VelocityCoefficientsGiveTheVelocityTorques) {
  double worst = 0, sym = 0, noticed = 1e300;
  for (const Case& c : cases(6)) {
    lagrange::Workspace<double> ws(c.model), ww(wrong(c.model));
    Data data(c.model);
    std::mt19937_64 rng(3);
    const State x = random_state(rng, c.model.dof);
    const std::vector<MatX<double>>& C = lagrange::velocity_coefficients(c.model, ws, x.q);
    const std::vector<MatX<double>>& Cw = lagrange::velocity_coefficients(wrong(c.model), ww, x.q);
    VecX<double> vel(c.model.dof), vel_wrong(c.model.dof);
    for (int i = 0; i < c.model.dof; ++i) {
      vel[i] = x.v.dot(C[i] * x.v);
      vel_wrong[i] = x.v.dot(Cw[i] * x.v);
      sym = std::max(sym, (C[i] - C[i].transpose()).cwiseAbs().maxCoeff());
    }
    const VecX<double> ref = nonlinear_effects(c.model, data, x.q, x.v) - gravity_torque(c.model, data, x.q);
    worst = std::max(worst, test::rel_diff(vel, ref));
    if (c.model.dof >= 2 && ref.cwiseAbs().maxCoeff() > 1e-3)
      noticed = std::min(noticed, test::rel_diff(vel_wrong, ref));
  }
  EXPECT_LT(worst, 1e-10);
  EXPECT_EQ(sym, 0.0);
  EXPECT_GT(noticed, 1e-7);
}

TEST(Lagrange, RejectsTreesAndWrongSizes) {
  std::mt19937_64 rng(8);
  Model tree = test::random_tree(rng, 6);
  bool serial = true;
  for (int i = 0; i < tree.dof; ++i) serial = serial && tree.parent[i] == i - 1;
  ASSERT_FALSE(serial);
  EXPECT_THROW(lagrange::Workspace<double> ws(tree), InputError);
  const Model chain = builtin_model("puma560").model;
  lagrange::Workspace<double> ws(chain);
  VecX<double> q = VecX<double>::Zero(6), bad = VecX<double>::Zero(5);
  EXPECT_THROW(lagrange::inverse_dynamics(chain, ws, q, bad, q), InputError);
  EXPECT_THROW(lagrange::mass_matrix(chain, ws, bad), InputError);
}

// (e) the same source on dual numbers: the value part is the double result, and seeding a_k
// gives d tau / d a_k = column k of M (CRBA).
TEST(Lagrange, RunsOnDualNumbers) {
  using test::Dual;
  for (const char* name : {"stanford", "puma560"}) {
    const Model model = builtin_model(name).model;
    const ModelTpl<Dual> dmodel = model.cast<Dual>();
    lagrange::Workspace<double> ws(model);
    lagrange::Workspace<Dual> dws(dmodel);
    Data data(model);
    std::mt19937_64 rng(17);
    const State x = random_state(rng, model.dof);
    const MatX<double> M = crba(model, data, x.q);
    const VecX<double> tau = lagrange::inverse_dynamics(model, ws, x.q, x.v, x.a);
    for (int k = 0; k < model.dof; ++k) {
      VecX<Dual> a = x.a.cast<Dual>();
      a[k].d = 1.0;
      const VecX<Dual>& t = lagrange::inverse_dynamics(dmodel, dws, x.q.cast<Dual>(), x.v.cast<Dual>(), a);
      EXPECT_LT(test::rel_diff(test::value_of(t), tau), 1e-14) << name;
      EXPECT_LT(test::rel_diff(test::tangent_of(t), M.col(k)), 1e-12) << name << " column " << k;
    }
  }
}

}  // namespace
}  // namespace armdyn
