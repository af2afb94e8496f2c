// Properties every correct dynamics implementation has, checked on random DH chains (n = 1..12,
// standard and modified, all-revolute and mixed with prismatic joints), random trees (branching,
// arbitrary axes, welded links with inertia) and every built-in arm, at random states:
//   1. rnea(q, v, a) == M(q) a + c(q, v)                     RNEA against CRBA
//   2. forward_dynamics(q, v, rnea(q, v, a)) == a            LDL^T solve against RNEA
//   3. gravity_torque(q) == rnea(q, 0, 0)
//   4. nonlinear_effects(q, v) == rnea(q, v, 0)
//   5. M symmetric and positive definite (Eigen's LLT and eigenvalues)
//   6. 1/2 v^T M v == sum_i 1/2 (m_i |v_ci|^2 + w_i^T Ic_i w_i), body velocities from rnea's
//      data.v and the stored mass, centre of mass and inertia about it
//   7. Lagrange's equations: c - g == Mdot v - 1/2 d(v^T M v)/dq and g == dU/dq, with the
//      derivatives of CRBA's M and of the potential energy U (from forward kinematics) by
//      fourth-order central differences
//   8. power balance: d/dt (1/2 v^T M v + U) == v^T tau along q(t) = q + v t + a t^2 / 2
//   9. an external wrench F on a body: rnea with fext == rnea without - J^T F, J by
//      differences of forward kinematics
// Each cross-check runs its second route on a model whose middle link has its mass changed by
// 0.1 % or its centre of mass moved by 1 mm, and must then fail (a check that cannot fail is a
// defect); the symmetric/positive-definite test and the wrench test have their own such checks.
// (A centre of mass, or the point a wrench acts at, cannot show on a body that only translates:
// such bodies are skipped by those two sensitivity checks.)
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <functional>
#include <optional>
#include <random>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "support/finite_difference.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace properties_test {

struct Case {
  std::string name;
  Model model;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> out;
    for (int n = 1; n <= 12; ++n)
      for (DhConvention conv : {DhConvention::kStandard, DhConvention::kModified})
        for (bool mixed : {false, true}) {
          std::mt19937_64 rng(1000 * n + 10 * static_cast<int>(conv) + mixed);
          out.push_back(Case{std::string(conv == DhConvention::kStandard ? "standard" : "modified") + "_" +
                                 (mixed ? "mixed_" : "revolute_") + std::to_string(n),
                             test::random_dh_chain(rng, n, conv, mixed)});
        }
    for (int n = 2; n <= 12; ++n) {
      std::mt19937_64 rng(77 + n);
      out.push_back(Case{"tree_" + std::to_string(n), test::random_tree(rng, n)});
    }
    for (const std::string& name : builtin_names()) out.push_back(Case{name, builtin_model(name).model});
    return out;
  }();
  return all;
}

using test::State;

/// Joint angles in [-3, 3] rad, prismatic offsets in [-0.6, 0.6] m.
std::vector<State> states_for(const Model& m, std::uint64_t seed, int count = 5) {
  return test::random_states(m, count, seed, {.q = 3.0, .prismatic_q_scale = 0.2});
}

/// max |a - b| / max |b|: purely relative.
template <class A, class B> double rel(const A& a, const B& b) { return test::rel_diff(a, b, 1e-300); }

/// True when some joint from the base to `body` is revolute: only then can the body's centre of
/// mass, or the point where a wrench acts on it, show in the joint torques (a body that can only
/// translate acts as a point mass).
bool rotates(const Model& m, int body) {
  for (int i = body; i >= 0; i = m.parent[i])
    if (m.joint_type[i] == JointType::kRevolute) return true;
  return false;
}

/// The middle link, where the sensitivity checks change a parameter (never the massless link 1
/// of the PUMA); for the centre of mass, the link nearest the middle that rotates (none: the
/// model, a single prismatic joint, is skipped).
int middle(const Model& m) { return m.dof / 2; }
int com_body(const Model& m) {
  for (int off = 0; off < m.dof; ++off)
    for (int i : {middle(m) - off, middle(m) + off})
      if (i >= 0 && i < m.dof && rotates(m, i)) return i;
  return -1;
}
std::optional<Model> wrong_mass(const Model& m) { return test::perturbed(m, middle(m), 1.001, Vec3<double>::Zero()); }
std::optional<Model> wrong_com(const Model& m) {
  const int i = com_body(m);
  if (i < 0) return std::nullopt;
  return test::perturbed(m, i, 1.0, Vec3<double>(1e-3, -1e-3, 1e-3));
}

// A cross-check computes its first route on `a` and its second on `b` (b == a, or a perturbed
// copy in the sensitivity tests) at one state and returns their relative disagreement.
using CrossCheck = double (*)(const Model& a, Data& da, const Model& b, Data& db, const State& s);

// 1.
double rnea_vs_crba(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const VecX<double> tau = rnea(a, da, s.q, s.v, s.a);
  const VecX<double> Mac = crba(b, db, s.q) * s.a + nonlinear_effects(b, db, s.q, s.v);
  return rel(tau, Mac);
}

// 2.
double fd_inverts_rnea(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const VecX<double> tau = rnea(b, db, s.q, s.v, s.a);
  return rel(forward_dynamics(a, da, s.q, s.v, tau), s.a);
}

// 3.
double gravity_is_rnea(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const VecX<double> zero = VecX<double>::Zero(a.dof);
  return rel(gravity_torque(a, da, s.q), rnea(b, db, s.q, zero, zero));
}

// 4.
double nonlinear_is_rnea(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const VecX<double> zero = VecX<double>::Zero(a.dof);
  return rel(nonlinear_effects(a, da, s.q, s.v), rnea(b, db, s.q, s.v, zero));
}

// 6.
double kinetic_energy(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const double ke_M = 0.5 * s.v.dot(crba(a, da, s.q) * s.v);
  rnea(b, db, s.q, s.v, s.a);
  double ke = 0;
  for (int i = 0; i < b.dof; ++i) {
    const Vec3<double>& omega = db.v[i].w;
    const Vec3<double> vc = db.v[i].v + omega.cross(b.com[i]);  // velocity of the centre of mass
    ke += 0.5 * b.mass[i] * vc.squaredNorm() + 0.5 * omega.dot(b.inertia_com[i] * omega);
  }
  return std::abs(ke_M - ke) / std::abs(ke);
}

/// Potential energy -sum m_i g . p_ci from forward kinematics and the stored parameters.
double potential(const Model& m, Data& d, const VecX<double>& q) {
  forward_kinematics(m, d, q);
  double u = 0;
  for (int i = 0; i < m.dof; ++i) u -= m.mass[i] * m.gravity.dot(d.oMb[i].apply(m.com[i]));
  return u;
}

// 7.
double lagrange(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const int n = a.dof;
  const VecX<double> c = nonlinear_effects(a, da, s.q, s.v);
  const VecX<double> g = gravity_torque(a, da, s.q);
  auto dM = [&](const VecX<double>& dir) {
    return MatX<double>(test::central_derivative4([&](double t) { return MatX<double>(crba(b, db, s.q + t * dir)); }));
  };
  const VecX<double> Mdot_v = dM(s.v) * s.v;
  VecX<double> grad_ke(n), grad_u(n);
  for (int k = 0; k < n; ++k) {
    const VecX<double> e = VecX<double>::Unit(n, k);
    grad_ke[k] = 0.5 * s.v.dot(dM(e) * s.v);
    grad_u[k] = test::central_derivative4([&](double t) { return potential(b, db, s.q + t * e); });
  }
  return std::max(rel(VecX<double>(c - g), VecX<double>(Mdot_v - grad_ke)), rel(g, grad_u));
}

// 8.
double power_balance(const Model& a, Data& da, const Model& b, Data& db, const State& s) {
  const VecX<double> tau = rnea(a, da, s.q, s.v, s.a);
  const double power = s.v.dot(tau);
  const double scale = s.v.cwiseAbs().dot(tau.cwiseAbs());
  auto energy = [&](double t) {
    const VecX<double> q = s.q + t * s.v + 0.5 * t * t * s.a, v = s.v + t * s.a;
    return 0.5 * v.dot(crba(b, db, q) * v) + potential(b, db, q);
  };
  return std::abs(test::central_derivative4(energy) - power) / scale;
}

/// tau contributed by a wrench F (body frame, about the point `point` of body `body`) by the
/// principle of virtual work: column k of J^T F = w_k . n + v_k . f, where w_k and v_k are the
/// body's angular velocity and the velocity of `point`, in the body frame, per unit qdot_k, from
/// fourth-order differences of forward kinematics.
VecX<double> jacobian_transpose_times(const Model& m, const VecX<double>& q, int body, const Vec3<double>& point,
                                      const Force<double>& F) {
  Data d(m);
  forward_kinematics(m, d, q);
  const Transform<double> X = d.oMb[body];
  VecX<double> out(m.dof);
  for (int k = 0; k < m.dof; ++k) {
    const VecX<double> e = VecX<double>::Unit(m.dof, k);
    const Mat3<double> Rdot = test::central_derivative4(
        [&](double t) {
          forward_kinematics(m, d, q + t * e);
          return Mat3<double>(d.oMb[body].R);
        });
    const Vec3<double> pdot = test::central_derivative4(
        [&](double t) {
          forward_kinematics(m, d, q + t * e);
          return Vec3<double>(d.oMb[body].apply(point));
        });
    const Mat3<double> W = Rdot * X.R.transpose();  // skew(omega), base frame
    const Vec3<double> omega(0.5 * (W(2, 1) - W(1, 2)), 0.5 * (W(0, 2) - W(2, 0)), 0.5 * (W(1, 0) - W(0, 1)));
    out[k] = (X.R.transpose() * omega).dot(F.n) + (X.R.transpose() * pdot).dot(F.f);
  }
  return out;
}

// 9. `point` is the body-frame point whose velocity the Jacobian route uses: the origin for the
// check, a point 1 mm off it for the sensitivity test (the wrench is about the origin). Returns
// -1 when no body was compared.
double external_wrench(const Model& m, const std::vector<State>& states, const Vec3<double>& point) {
  Data d(m);
  std::mt19937_64 rng(99);
  double w = -1;
  for (std::size_t si = 0; si < states.size(); ++si) {
    const State& s = states[si];
    // The last body, and one more body chosen at random (any body of a tree).
    for (int body : {m.dof - 1, static_cast<int>(std::uniform_int_distribution<int>(0, m.dof - 1)(rng))}) {
      if (point.norm() > 0 && !rotates(m, body)) continue;  // the point cannot matter
      std::vector<Force<double>> fext(m.dof);
      const VecX<double> F6 = test::random_vector(rng, 6, -5, 5);
      fext[body].n = F6.head<3>();
      fext[body].f = F6.tail<3>();
      const Loads<double> loads = test::body_loads(fext);
      const VecX<double> with = rnea(m, d, s.q, s.v, s.a, &loads);
      const VecX<double> without = rnea(m, d, s.q, s.v, s.a);
      const VecX<double> JtF = jacobian_transpose_times(m, s.q, body, point, fext[body]);
      w = std::max(w, rel(VecX<double>(without - with), JtF));
    }
  }
  return w;
}

struct Named {
  const char* name;
  CrossCheck check;
  double tolerance;
};

const std::vector<Named>& cross_checks() {
  static const std::vector<Named> all = {
      {"rnea == M a + c", rnea_vs_crba, 1e-10},
      {"fd(rnea(a)) == a", fd_inverts_rnea, 1e-10},
      {"g == rnea(q,0,0)", gravity_is_rnea, 1e-10},
      {"c == rnea(q,v,0)", nonlinear_is_rnea, 1e-10},
      {"kinetic energy", kinetic_energy, 1e-10},
      {"Lagrange equations", lagrange, 1e-8},
      {"power balance", power_balance, 1e-8},
  };
  return all;
}

struct Result {
  double worst = 0;
  std::string where;
  double least = 1e300;  // the smallest disagreement over the models (for the sensitivity tests)
  std::string least_where;
};

Result run(const CrossCheck& check, const std::function<std::optional<Model>(const Model&)>& second) {
  Result r;
  for (const Case& c : cases()) {
    const std::optional<Model> b = second(c.model);
    if (!b) continue;
    Data da(c.model), db(*b);
    double w = 0;
    for (const State& s : states_for(c.model, 500 + c.model.dof)) w = std::max(w, check(c.model, da, *b, db, s));
    if (w > r.worst) r.worst = w, r.where = c.name;
    if (w < r.least) r.least = w, r.least_where = c.name;
  }
  return r;
}

TEST(Properties, CrossChecksAgree) {
  for (const Named& n : cross_checks()) {
    const Result r = run(n.check, [](const Model& m) { return std::optional<Model>(m); });
    EXPECT_LE(r.worst, n.tolerance) << n.name << " on " << r.where;
  }
}

TEST(Properties, CrossChecksNoticeAWrongMass) {
  for (const Named& n : cross_checks()) {
    const Result r = run(n.check, wrong_mass);
    EXPECT_GT(r.least, 100 * n.tolerance) << n.name << " on " << r.least_where;
  }
}

TEST(Properties, CrossChecksNoticeAMovedCentreOfMass) {
  for (const Named& n : cross_checks()) {
    const Result r = run(n.check, wrong_com);
    EXPECT_GT(r.least, 100 * n.tolerance) << n.name << " on " << r.least_where;
  }
}

// 5.
double asymmetry(const MatX<double>& M) { return (M - M.transpose()).cwiseAbs().maxCoeff() / M.cwiseAbs().maxCoeff(); }

/// Smallest eigenvalue over the largest, and whether Eigen's LLT succeeds.
double positive_definiteness(const MatX<double>& M) {
  if (Eigen::LLT<MatX<double>>(M).info() != Eigen::Success) return -1.0;
  const VecX<double> l = Eigen::SelfAdjointEigenSolver<MatX<double>>(M).eigenvalues();
  return l.minCoeff() / l.maxCoeff();
}

TEST(Properties, MassMatrixSymmetricPositiveDefinite) {
  double worst_asym = 0;
  for (const Case& c : cases()) {
    Data d(c.model);
    for (const State& s : states_for(c.model, 500 + c.model.dof)) {
      const MatX<double> M = crba(c.model, d, s.q);
      worst_asym = std::max(worst_asym, asymmetry(M));
      const double pd = positive_definiteness(M);
      EXPECT_GT(pd, 0.0) << c.name;
      // The checks themselves notice a broken matrix.
      if (M.rows() > 1) {
        MatX<double> A = M;
        A(0, 1) += 1e-9 * M.cwiseAbs().maxCoeff();
        EXPECT_GT(asymmetry(A), 1e-10);
      }
      const VecX<double> l = Eigen::SelfAdjointEigenSolver<MatX<double>>(M).eigenvalues();
      const MatX<double> shifted = M - (l.minCoeff() + 1e-6 * l.maxCoeff()) * MatX<double>::Identity(M.rows(), M.cols());
      EXPECT_LT(positive_definiteness(shifted), 0.0);
    }
  }
  EXPECT_LE(worst_asym, 1e-15);
}

// 5b. crba() has two formulations (body frames below kCrbaBaseAxesFrom joints, base-frame axes
// from there on). Both against Newton-Euler columns (Walker-Orin method 1) on chains and trees
// of 13 to 40 joints, and against each other on every case above.
double mass_matrix_vs_strobing(const Model& m, std::uint64_t seed) {
  Data d(m);
  terms::Workspace<double> ws(m, terms::Storage::kQuadratic);
  double worst = 0;
  for (const State& s : states_for(m, seed, 3))
    worst = std::max(worst, rel(crba(m, d, s.q), terms::mass_matrix_strobing(m, ws, s.q)));
  return worst;
}

std::vector<Case> large_cases() {
  std::vector<Case> out;
  for (int n : {13, 20, 40}) {
    std::mt19937_64 rng(4000 + n);
    out.push_back(Case{"standard_mixed_" + std::to_string(n), test::random_dh_chain(rng, n, DhConvention::kStandard, true)});
    out.push_back(Case{"modified_revolute_" + std::to_string(n), test::random_dh_chain(rng, n, DhConvention::kModified, false)});
    out.push_back(Case{"tree_" + std::to_string(n), test::random_tree(rng, n)});
  }
  return out;
}

TEST(Properties, MassMatrixOfLargeModelsIsNewtonEulerColumns) {
  for (const Case& c : large_cases()) {
    ASSERT_GE(c.model.dof, kCrbaBaseAxesFrom);
    EXPECT_LE(mass_matrix_vs_strobing(c.model, 600 + c.model.dof), 1e-12) << c.name;
    // Sensitivity: one body 1 % heavier.
    Model heavier = c.model;
    heavier.inertia[c.model.dof / 2].m *= 1.01;
    heavier.inertia[c.model.dof / 2].I *= 1.01;
    heavier.inertia[c.model.dof / 2].h *= 1.01;
    Data d(c.model), dh(heavier);
    const VecX<double> q = states_for(c.model, 7, 1)[0].q;
    EXPECT_GT(rel(crba(c.model, d, q), MatX<double>(crba(heavier, dh, q))), 1e-6) << c.name;
  }
}

TEST(Properties, MassMatrixFormulationsAgree) {
  std::vector<Case> all = cases();
  for (Case& c : large_cases()) all.push_back(std::move(c));
  for (const Case& c : all) {
    Data a(c.model), b(c.model), k(c.model);
    const bool depth_first = !a.subtree_end.empty();
    for (const State& s : states_for(c.model, 800 + c.model.dof, 3)) {
      crba_detail::base_axes(c.model, b, s.q);
      crba_detail::body_frames_by_column(c.model, k, s.q);
      EXPECT_LE(rel(k.M, b.M), 1e-12) << c.name;
      if (depth_first) {
        crba_detail::body_frames(c.model, a, s.q);
        EXPECT_LE(rel(a.M, k.M), 1e-13) << c.name;
      }
    }
  }
}

// Below 13 joints crba() carries a subtree's columns together when the bodies are numbered depth
// first and one column at a time when they are not (a tree built in another order); both are
// Newton-Euler's columns.
TEST(Properties, MassMatrixIsNewtonEulerColumnsInEitherNumbering) {
  int depth_first = 0, other = 0;
  for (const Case& c : cases()) {
    ASSERT_LT(c.model.dof, kCrbaBaseAxesFrom);
    (Data(c.model).subtree_end.empty() ? other : depth_first) += 1;
    EXPECT_LE(mass_matrix_vs_strobing(c.model, 900 + c.model.dof), 1e-12) << c.name;
  }
  EXPECT_GE(depth_first, 10);
  EXPECT_GE(other, 3);
}

TEST(Properties, ExternalWrenchIsJacobianTransposeTimesWrench) {
  double worst = 0, least_off = 1e300;
  std::string where, where_off;
  for (const Case& c : cases()) {
    const auto states = states_for(c.model, 500 + c.model.dof, 3);
    const double w = external_wrench(c.model, states, Vec3<double>::Zero());
    if (w > worst) worst = w, where = c.name;
    // The wrong point of application (1 mm off the body origin) must be noticed.
    const double off = external_wrench(c.model, states, Vec3<double>(1e-3, 1e-3, 1e-3));
    if (off >= 0 && off < least_off) least_off = off, where_off = c.name;
  }
  EXPECT_LE(worst, 1e-8) << where;
  EXPECT_GT(least_off, 1e-6) << where_off;
}

TEST(Properties, CasesCoverWhatTheyClaim) {
  // Both conventions, prismatic joints, branching trees and welded links really occur.
  int prismatic = 0, branching = 0, welded = 0, standard = 0, modified = 0;
  for (const Case& c : cases()) {
    for (int i = 0; i < c.model.dof; ++i) {
      prismatic += c.model.joint_type[i] == JointType::kPrismatic;
      for (int j = i + 1; j < c.model.dof; ++j) branching += c.model.parent[j] == c.model.parent[i];
    }
    for (const auto& f : c.model.frames) welded += f.name.rfind("welded", 0) == 0;
    if (c.model.dh) (c.model.dh->convention == DhConvention::kStandard ? standard : modified)++;
  }
  EXPECT_GT(prismatic, 20);
  EXPECT_GT(branching, 10);
  EXPECT_GT(welded, 5);
  EXPECT_GE(standard, 24);
  EXPECT_GE(modified, 24);
  EXPECT_EQ(cases().size(), 48u + 11u + builtin_names().size());
}

}  // namespace properties_test
}  // namespace armdyn
