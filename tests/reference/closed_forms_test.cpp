// armdyn against the textbooks' closed forms and worked numbers (with the corrections of
// docs/errata.md; the numbers are copied here):
//   - Craig §6.7 two-link arm (builtin planar2r): tau (6.58), M (6.60), V (6.61), G (6.62) at
//     random states, and a worked numeric instance;
//   - Craig Example 6.5 RP arm (builtin rp): (6.88), (6.89) at random states and the instance;
//   - Kantor's planar RP arm (tests/data/models/kantor_rp.json, standard DH): the boxed
//     equations of motion, M, C qd, G at random states and the instance;
//   - planar3r (Craig MATLAB 6B, 6C): tau at g = 9.81, 9.8, 0, M, V, G, M(Theta0), qdd(0), and a
//     closed-form planar d'Alembert model at random states;
//   - craig3r (Craig programming exercise 6): M, G at tests (a), (b), the initial acceleration
//     at (b) with g = 9.8, a closed form worked from the exercise at random states.
// Every comparison is paired with the same comparison against a wrong parameter (a mass off by
// 0.1 %), which must disagree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <random>

#include "armdyn/armdyn.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace closed_forms_test {

constexpr double kPi = std::numbers::pi;
using test::kDeg;
using test::vec;

MatX<double> mat(std::initializer_list<std::initializer_list<double>> rows) {
  MatX<double> out(static_cast<int>(rows.size()), static_cast<int>(rows.begin()->size()));
  int r = 0;
  for (const auto& row : rows) {
    int c = 0;
    for (double v : row) out(r, c++) = v;
    ++r;
  }
  return out;
}

double max_abs_diff(const MatX<double>& a, const MatX<double>& b) { return (a - b).cwiseAbs().maxCoeff(); }

/// The four pieces of tau = M(q) qdd + V(q, qd) + G(q), from a closed form or from armdyn.
struct Dynamics {
  VecX<double> tau, V, G;
  MatX<double> M;
};

/// armdyn's values: tau by RNEA, M by CRBA, V by the nonlinear effects with gravity off (a
/// separate route from c - g), G by the gravity torque.
Dynamics armdyn_dynamics(const Model& model, const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) {
  Data data(model);
  Dynamics out;
  out.tau = rnea(model, data, q, qd, qdd);
  out.M = crba(model, data, q);
  out.G = gravity_torque(model, data, q);
  const Model no_gravity = model.with_gravity(Vec3<double>::Zero());
  Data data0(no_gravity);
  out.V = nonlinear_effects(no_gravity, data0, q, qd);
  return out;
}

struct Worst {
  double tau = 0, M = 0, V = 0, G = 0;
  double max() const { return std::max({tau, M, V, G}); }
};

/// Largest relative disagreement (per piece, relative to max(|expected|, 1)) between a closed
/// form and armdyn over `count` random states drawn by `draw`.
using ClosedForm = std::function<Dynamics(const VecX<double>&, const VecX<double>&, const VecX<double>&)>;
using Draw = std::function<void(std::mt19937_64&, VecX<double>&, VecX<double>&, VecX<double>&)>;

Worst compare_random(const Model& model, const ClosedForm& closed, const Draw& draw, std::uint64_t seed,
                     int count = 50) {
  std::mt19937_64 rng(seed);
  Worst w;
  for (int s = 0; s < count; ++s) {
    VecX<double> q, qd, qdd;
    draw(rng, q, qd, qdd);
    const Dynamics e = closed(q, qd, qdd), a = armdyn_dynamics(model, q, qd, qdd);
    w.tau = std::max(w.tau, test::rel_diff(a.tau, e.tau));
    w.M = std::max(w.M, test::rel_diff(a.M, e.M));
    w.V = std::max(w.V, test::rel_diff(a.V, e.V));
    w.G = std::max(w.G, test::rel_diff(a.G, e.G));
  }
  return w;
}

void expect_all_below(const Worst& w, double tol) {
  EXPECT_LE(w.tau, tol);
  EXPECT_LE(w.M, tol);
  EXPECT_LE(w.V, tol);
  EXPECT_LE(w.G, tol);
}

/// Draws angles in [-pi, pi] (or, for the joints listed prismatic, extensions in [lo, hi]),
/// velocities in [-2, 2] and accelerations in [-3, 3].
Draw uniform_draw(int n, std::vector<int> prismatic = {}, double lo = 0.0, double hi = 1.0) {
  return [=](std::mt19937_64& rng, VecX<double>& q, VecX<double>& qd, VecX<double>& qdd) {
    q = test::random_vector(rng, n, -kPi, kPi);
    for (int i : prismatic) q[i] = std::uniform_real_distribution<double>(lo, hi)(rng);
    qd = test::random_vector(rng, n, -2, 2);
    qdd = test::random_vector(rng, n, -3, 3);
  };
}

// ---------------------------------------------------------------------------------------------
// Craig §6.7: the two-link planar arm with point masses at the distal ends.

struct Craig2R {
  double l1 = 1.0, l2 = 0.5, m1 = 2.0, m2 = 1.0, g = 9.81;

  Dynamics operator()(const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) const {
    const double c1 = std::cos(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]), c12 = std::cos(q[0] + q[1]);
    const double t1 = qd[0], t2 = qd[1], a1 = qdd[0], a2 = qdd[1];
    Dynamics d;
    // (6.58)
    d.tau = vec({m2 * l2 * l2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1 * l1 * a1 -
                     m2 * l1 * l2 * s2 * t2 * t2 - 2 * m2 * l1 * l2 * s2 * t1 * t2 + m2 * l2 * g * c12 +
                     (m1 + m2) * l1 * g * c1,
                 m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * t1 * t1 + m2 * l2 * g * c12 + m2 * l2 * l2 * (a1 + a2)});
    // (6.60)
    d.M = mat({{l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), l2 * l2 * m2 + l1 * l2 * m2 * c2},
               {l2 * l2 * m2 + l1 * l2 * m2 * c2, l2 * l2 * m2}});
    // (6.61)
    d.V = vec({-m2 * l1 * l2 * s2 * t2 * t2 - 2 * m2 * l1 * l2 * s2 * t1 * t2, m2 * l1 * l2 * s2 * t1 * t1});
    // (6.62)
    d.G = vec({m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, m2 * l2 * g * c12});
    return d;
  }
};

TEST(Craig2R, ClosedFormsAtRandomStates) {
  const Model model = builtin_model("planar2r").model;
  const Worst w = compare_random(model, Craig2R{}, uniform_draw(2), 62);
  expect_all_below(w, 1e-13);
}

TEST(Craig2R, NoticesAWrongMass) {
  const Model model = builtin_model("planar2r").model;
  Craig2R wrong;
  wrong.m2 *= 1.001;
  const Worst w = compare_random(model, wrong, uniform_draw(2), 62);
  EXPECT_GT(w.tau, 1e-5);
  EXPECT_GT(w.M, 1e-5);
  EXPECT_GT(w.V, 1e-5);
  EXPECT_GT(w.G, 1e-5);
}

// The worked numeric instance: theta = (0.3, 0.8), thetadot = (0.7, -1.1), thetaddot = (1, 2).
struct Instance {
  VecX<double> q, qd, qdd;
  Dynamics expected;
};

Instance craig2r_instance() {
  Instance in{vec({0.3, 0.8}), vec({0.7, -1.1}), vec({1.0, 2.0}), {}};
  in.expected.tau = vec({35.6022190243, 3.4989945725});
  in.expected.M = mat({{3.9467067093, 0.5983533547}, {0.5983533547, 0.25}});
  in.expected.V = vec({0.1183637550, 0.1757522423});
  in.expected.G = vec({30.3404418506, 2.2248889756});
  return in;
}

/// Largest absolute disagreement with a numeric instance.
double instance_disagreement(const Model& model, const Instance& in) {
  const Dynamics a = armdyn_dynamics(model, in.q, in.qd, in.qdd);
  return std::max({max_abs_diff(a.tau, in.expected.tau), max_abs_diff(a.M, in.expected.M),
                   max_abs_diff(a.V, in.expected.V), max_abs_diff(a.G, in.expected.G)});
}

Model with_mass_scaled(const Model& model, int body, double scale) {
  return test::perturbed(model, body, scale, Vec3<double>::Zero());
}

/// The printed instance agrees with armdyn to `tol`, and no longer once body `body` is 0.1 %
/// heavier (disagreement above `noticed`).
void expect_instance(const Model& model, const Instance& in, double tol, int body, double noticed) {
  EXPECT_LE(instance_disagreement(model, in), tol);
  EXPECT_GT(instance_disagreement(with_mass_scaled(model, body, 1.001), in), noticed);
}

TEST(Craig2R, NumericInstance) {
  const Model model = builtin_model("planar2r").model;
  const Instance in = craig2r_instance();
  // The closed forms themselves reproduce the printed digits (a check of the transcription).
  const Dynamics e = Craig2R{}(in.q, in.qd, in.qdd);
  EXPECT_LE(max_abs_diff(e.tau, in.expected.tau), 1e-9);
  EXPECT_LE(max_abs_diff(e.M, in.expected.M), 1e-9);
  // 10 printed decimals: half a unit of the last digit is 5e-11.
  expect_instance(model, in, 1e-10, 1, 1e-4);
}

// ---------------------------------------------------------------------------------------------
// Craig Example 6.5: the RP arm, (6.88)-(6.89).

struct CraigRP {
  double m1 = 2.0, m2 = 1.5, l1 = 0.4, Izz1 = 0.1, Izz2 = 0.05, g = 9.81;

  Dynamics operator()(const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) const {
    const double c1 = std::cos(q[0]), s1 = std::sin(q[0]), d2 = q[1];
    Dynamics d;
    d.M = mat({{m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2, 0}, {0, m2}});
    d.V = vec({2 * m2 * d2 * qd[0] * qd[1], -m2 * d2 * qd[0] * qd[0]});
    d.G = vec({(m1 * l1 + m2 * d2) * g * c1, m2 * g * s1});
    // (6.88), written out as printed
    d.tau = vec({(m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2) * qdd[0] + 2 * m2 * d2 * qd[0] * qd[1] +
                     (m1 * l1 + m2 * d2) * g * c1,
                 m2 * qdd[1] - m2 * d2 * qd[0] * qd[0] + m2 * g * s1});
    return d;
  }
};

TEST(CraigRP, ClosedFormsAtRandomStates) {
  const Model model = builtin_model("rp").model;
  const Worst w = compare_random(model, CraigRP{}, uniform_draw(2, {1}, 0.0, 1.0), 65);
  expect_all_below(w, 1e-13);
}

TEST(CraigRP, NoticesAWrongMass) {
  const Model model = builtin_model("rp").model;
  CraigRP wrong;
  wrong.m2 *= 1.001;
  const Worst w = compare_random(model, wrong, uniform_draw(2, {1}, 0.0, 1.0), 65);
  EXPECT_GT(w.tau, 1e-5);
  EXPECT_GT(w.M, 1e-5);
  EXPECT_GT(w.V, 1e-5);
  EXPECT_GT(w.G, 1e-5);
}

TEST(CraigRP, NumericInstance) {
  const Model model = builtin_model("rp").model;
  Instance in{vec({0.5, 0.8}), vec({1.2, -0.3}), vec({0.7, 0.4}), {}};
  in.expected.tau = vec({17.3551698643, 5.9267468006});
  in.expected.M = mat({{1.43, 0}, {0, 1.5}});
  in.expected.V = vec({-0.864, -1.728});
  in.expected.G = vec({17.2181698643, 7.0547468006});
  expect_instance(model, in, 1e-10, 1, 1e-4);
}

// ---------------------------------------------------------------------------------------------
// Kantor §3: the planar RP arm in standard DH, read from tests/data/models/kantor_rp.json.

struct KantorRP {
  double m1 = 2.0, m2 = 1.5, l1 = 1.0, a1 = 0.5, a2 = 0.2, I1 = 0.1, I2 = 0.05, g = 9.8;

  Dynamics operator()(const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) const {
    const double r = l1 - a2 + q[1];
    const double Gamma1 = m1 * (l1 - a1) * (l1 - a1) + I1 + m2 * r * r + I2;
    const double Gamma2 = m1 * g * (l1 - a1) + m2 * g * (l1 + q[1] - a2);
    const double c1 = std::cos(q[0]), s1 = std::sin(q[0]);
    Dynamics d;
    // The boxed equations of motion.
    d.tau = vec({2 * m2 * r * qd[1] * qd[0] + Gamma1 * qdd[0] + Gamma2 * c1,
                 m2 * qdd[1] - m2 * r * qd[0] * qd[0] + m2 * g * s1});
    // Standard form: M, C qd with Kantor's (non-Christoffel) C, G.
    d.M = mat({{Gamma1, 0}, {0, m2}});
    const MatX<double> C = mat({{0, 2 * m2 * r * qd[0]}, {-m2 * r * qd[0], 0}});
    d.V = C * qd;
    d.G = vec({Gamma2 * c1, m2 * g * s1});
    return d;
  }
};

Model kantor_model() { return load_dh_json(test::data_path("models/kantor_rp.json")); }

TEST(KantorRP, FileDescribesTheArm) {
  const Model model = kantor_model();
  ASSERT_EQ(model.dof, 2);
  EXPECT_EQ(model.joint_type[0], JointType::kRevolute);
  EXPECT_EQ(model.joint_type[1], JointType::kPrismatic);
  ASSERT_TRUE(model.dh.has_value());
  EXPECT_EQ(model.dh->convention, DhConvention::kStandard);
  EXPECT_DOUBLE_EQ(model.gravity.norm(), 9.8);
  // The centres of mass where Kantor puts them: (l1 - a1) and (l1 - a2 + q2) along the arm.
  Data data(model);
  const VecX<double> q = vec({0.7, 0.3});
  forward_kinematics(model, data, q);
  const Vec3<double> arm(std::cos(q[0]), std::sin(q[0]), 0);
  for (int i = 0; i < 2; ++i) {
    const Vec3<double> c = data.oMb[i].apply(model.inertia[i].h / model.inertia[i].m);
    const double expected = i == 0 ? 0.5 : 1.0 - 0.2 + q[1];
    EXPECT_NEAR((c - expected * arm).norm(), 0.0, 1e-14) << "link " << i + 1;
  }
}

TEST(KantorRP, BoxedEquationsAtRandomStates) {
  const Worst w = compare_random(kantor_model(), KantorRP{}, uniform_draw(2, {1}, -0.5, 1.0), 3);
  expect_all_below(w, 1e-13);
}

TEST(KantorRP, NoticesAWrongMass) {
  KantorRP wrong;
  wrong.m1 *= 1.001;
  const Worst w = compare_random(kantor_model(), wrong, uniform_draw(2, {1}, -0.5, 1.0), 3);
  EXPECT_GT(w.tau, 1e-5);
  EXPECT_GT(w.M, 1e-5);
  EXPECT_GT(w.G, 1e-5);
  // (m1 does not enter V: the velocity terms only involve m2.)
  KantorRP wrong2;
  wrong2.m2 *= 1.001;
  EXPECT_GT(compare_random(kantor_model(), wrong2, uniform_draw(2, {1}, -0.5, 1.0), 3).V, 1e-5);
}

TEST(KantorRP, NumericInstance) {
  const Model model = kantor_model();
  Instance in{vec({0.5, 0.3}), vec({1.2, -0.3}), vec({0.7, 0.4}), {}};
  in.expected.tau = vec({23.3283191323, 5.2715554175});
  in.expected.M = mat({{2.465, 0}, {0, 1.5}});
  in.expected.V = vec({-1.188, -2.376});
  in.expected.G = vec({22.7908191323, 7.0475554175});
  expect_instance(model, in, 1e-10, 0, 1e-4);
}

// ---------------------------------------------------------------------------------------------
// Planar serial arms in closed form by d'Alembert's principle (an independent route, neither
// Newton-Euler recursion nor composite inertias): with absolute angles phi_i = q_1 + ... + q_i,
// u(phi) = (cos, sin), n(phi) = (-sin, cos), the centre of mass of link i is
//   p_i = sum_{j<i} L_j u(phi_j) + c_i u(phi_i),   d p_i / d q_k = sum_{k<=j<i} L_j n(phi_j) + c_i n(phi_i)
// (k <= i), its acceleration at qdd = 0 is -sum_{j<i} L_j phidot_j^2 u(phi_j) - c_i phidot_i^2 u(phi_i),
// and tau = sum_i m_i J_i^T a_i + Izz_i (sum_{j<=i} qdd_j) 1_{k<=i} + m_i g d y_i / d q_k.

struct PlanarArm {
  std::vector<double> L, c, m, Izz;  // link lengths (joint i to joint i+1), com offsets, masses, Izz about com
  double g = 9.81;

  Dynamics operator()(const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) const {
    const int n = static_cast<int>(m.size());
    std::vector<double> phi(n), phid(n);
    double p = 0, pd = 0;
    for (int i = 0; i < n; ++i) {
      phi[i] = p += q[i];
      phid[i] = pd += qd[i];
    }
    auto u = [&](int j) { return Eigen::Vector2d(std::cos(phi[j]), std::sin(phi[j])); };
    auto nrm = [&](int j) { return Eigen::Vector2d(-std::sin(phi[j]), std::cos(phi[j])); };
    Dynamics d;
    d.M = MatX<double>::Zero(n, n);
    d.V = VecX<double>::Zero(n);
    d.G = VecX<double>::Zero(n);
    for (int i = 0; i < n; ++i) {
      Eigen::Matrix<double, 2, Eigen::Dynamic> J = Eigen::Matrix<double, 2, Eigen::Dynamic>::Zero(2, n);
      for (int k = 0; k <= i; ++k) {
        Eigen::Vector2d col = c[i] * nrm(i);
        for (int j = k; j < i; ++j) col += L[j] * nrm(j);
        J.col(k) = col;
      }
      Eigen::Vector2d a0 = -c[i] * phid[i] * phid[i] * u(i);
      for (int j = 0; j < i; ++j) a0 -= L[j] * phid[j] * phid[j] * u(j);
      VecX<double> ones = VecX<double>::Zero(n);
      ones.head(i + 1).setOnes();
      d.M += m[i] * J.transpose() * J + Izz[i] * ones * ones.transpose();
      d.V += m[i] * J.transpose() * a0;
      d.G += m[i] * g * J.row(1).transpose();
    }
    d.tau = d.M * qdd + d.V + d.G;
    return d;
  }
};

const PlanarArm kPlanar3R{{4, 3, 2}, {2, 1.5, 1}, {20, 15, 10}, {0.5, 0.2, 0.1}, 9.81};
const PlanarArm kCraig3R{{0.5, 0.5, 0}, {0.5, 0.5, 0}, {4.6, 2.3, 1.0}, {0, 0, 0.1}, 9.81};

TEST(Planar3R, DAlembertClosedFormAtRandomStates) {
  const Worst w = compare_random(builtin_model("planar3r").model, kPlanar3R, uniform_draw(3), 66);
  expect_all_below(w, 1e-13);
  PlanarArm wrong = kPlanar3R;
  wrong.m[1] *= 1.001;
  const Worst ww = compare_random(builtin_model("planar3r").model, wrong, uniform_draw(3), 66);
  EXPECT_GT(ww.tau, 1e-5);
  EXPECT_GT(ww.M, 1e-5);
  EXPECT_GT(ww.V, 1e-5);
  EXPECT_GT(ww.G, 1e-5);
}

TEST(Planar3R, MatlabExercise6B) {
  // Theta = (10, 20, 30) deg, Thetadot = (1, 2, 3), Thetaddot = (0.5, 1, 1.5); 6 printed decimals.
  const Model model = builtin_model("planar3r").model;
  Instance in{vec({10 * kDeg, 20 * kDeg, 30 * kDeg}), vec({1, 2, 3}), vec({0.5, 1, 1.5}), {}};
  in.expected.tau = vec({853.603236, 637.202648, 296.818673});
  in.expected.M = mat({{1112.605434, 409.058479, 61.792267},
                       {409.058479, 186.011524, 36.080762},
                       {61.792267, 36.080762, 10.1}});
  in.expected.V = vec({-2052.056061, -302.533992, 165.641778});
  in.expected.G = vec({1847.609702, 495.074734, 49.05});
  expect_instance(model, in, 1e-6, 2, 1e-2);
  // The same arm at g = 9.8 and g = 0 (gravity along -Y0, i.e. world -Z).
  Data data(model);
  const Model g98 = model.with_gravity(Vec3<double>(0, 0, -9.8)), g0 = model.with_gravity(Vec3<double>::Zero());
  Data d98(g98), d0(g0);
  const double w98 = max_abs_diff(rnea(g98, d98, in.q, in.qd, in.qdd), vec({851.719842, 636.697985, 296.768673}));
  const double w0 = max_abs_diff(rnea(g0, d0, in.q, in.qd, in.qdd), vec({-994.006466, 142.127915, 247.768673}));
  EXPECT_LE(w98, 1e-6);
  EXPECT_LE(w0, 1e-6);
  // G / g as printed.
  EXPECT_LE(max_abs_diff(gravity_torque(model, data, in.q) / 9.81, vec({188.33941912, 50.46633370, 5.0})), 1e-8);
}

TEST(Planar3R, MatlabExercise6C) {
  // Gravity ignored, Theta0 = (-60, 90, 30) deg, at rest, constant T = (20, 5, 1) N m.
  const Model model = builtin_model("planar3r").model.with_gravity(Vec3<double>::Zero());
  Data data(model);
  const VecX<double> q = vec({-60 * kDeg, 90 * kDeg, 30 * kDeg}), zero = VecX<double>::Zero(3), T = vec({20, 5, 1});
  const MatX<double> M0 = mat({{626.511524, 166.011524, 16.080762},
                               {166.011524, 186.011524, 36.080762},
                               {16.080762, 36.080762, 10.1}});
  const VecX<double> qdd0 = vec({0.039777, -0.050610, 0.216476});
  const double wM = max_abs_diff(crba(model, data, q), M0);
  const double wa = max_abs_diff(forward_dynamics(model, data, q, zero, T), qdd0);
  EXPECT_LE(wM, 1e-6);
  EXPECT_LE(wa, 1e-6);
  const Model wrong = with_mass_scaled(model, 2, 1.001);
  Data dw(wrong);
  EXPECT_GT(max_abs_diff(forward_dynamics(wrong, dw, q, zero, T), qdd0), 1e-5);
  EXPECT_GT(max_abs_diff(crba(wrong, dw, q), M0), 1e-3);
}

// ---------------------------------------------------------------------------------------------
// Craig programming exercise part 6: the three-link arm (builtin craig3r), g = 9.8.

/// The closed form worked from the exercise (m3 sits at the end of link 2: m23 = m2 + m3, I3 = Izz3).
struct Craig3R {
  double l1 = 0.5, l2 = 0.5, m1 = 4.6, m2 = 2.3, m3 = 1.0, I3 = 0.1, g = 9.8;

  Dynamics operator()(const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) const {
    const double m23 = m2 + m3, c1 = std::cos(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]),
                 c12 = std::cos(q[0] + q[1]);
    Dynamics d;
    const double M11 = (m1 + m23) * l1 * l1 + m23 * l2 * l2 + 2 * m23 * l1 * l2 * c2 + I3;
    const double M12 = m23 * l2 * l2 + m23 * l1 * l2 * c2 + I3, M22 = m23 * l2 * l2 + I3;
    d.M = mat({{M11, M12, I3}, {M12, M22, I3}, {I3, I3, I3}});
    d.V = vec({-m23 * l1 * l2 * s2 * (2 * qd[0] * qd[1] + qd[1] * qd[1]), m23 * l1 * l2 * s2 * qd[0] * qd[0], 0});
    d.G = vec({m23 * l2 * g * c12 + (m1 + m23) * l1 * g * c1, m23 * l2 * g * c12, 0});
    d.tau = d.M * qdd + d.V + d.G;
    return d;
  }
};

Model craig3r_g98() { return builtin_model("craig3r").model.with_gravity(Vec3<double>(0, 0, -9.8)); }

TEST(Craig3R, ClosedFormsAtRandomStates) {
  const Model model = craig3r_g98();
  const Worst w = compare_random(model, Craig3R{}, uniform_draw(3), 6);
  expect_all_below(w, 1e-13);
  PlanarArm dalembert = kCraig3R;
  dalembert.g = 9.8;
  const Worst wd = compare_random(model, dalembert, uniform_draw(3), 6);
  expect_all_below(wd, 1e-13);
  Craig3R wrong;
  wrong.m3 *= 1.001;
  const Worst ww = compare_random(model, wrong, uniform_draw(3), 6);
  EXPECT_GT(ww.tau, 1e-5);
  EXPECT_GT(ww.M, 1e-5);
  EXPECT_GT(ww.V, 1e-5);
  EXPECT_GT(ww.G, 1e-5);
}

TEST(Craig3R, TestA_HangingDown) {
  const Model model = craig3r_g98();
  Data data(model);
  const VecX<double> q = vec({-90 * kDeg, 0, 0}), zero = VecX<double>::Zero(3);
  const MatX<double> M = mat({{4.55, 1.75, 0.1}, {1.75, 0.925, 0.1}, {0.1, 0.1, 0.1}});
  const double wG = gravity_torque(model, data, q).cwiseAbs().maxCoeff();
  const double wM = max_abs_diff(crba(model, data, q), M);
  const double wa = forward_dynamics(model, data, q, zero, zero).cwiseAbs().maxCoeff();
  EXPECT_LE(wG, 1e-12);  // an equilibrium: cos(-pi/2) is 6e-17 in double, not 0
  EXPECT_LE(wM, 1e-13);
  EXPECT_LE(wa, 1e-12);
  // Not an equilibrium away from it, and a wrong mass shows in M.
  EXPECT_GT(gravity_torque(model, data, vec({-80 * kDeg, 0, 0})).cwiseAbs().maxCoeff(), 1.0);
  const Model wrong = with_mass_scaled(model, 1, 1.001);
  Data dw(wrong);
  EXPECT_GT(max_abs_diff(crba(wrong, dw, q), M), 1e-4);
}

TEST(Craig3R, TestB_InitialAcceleration) {
  const Model model = craig3r_g98();
  Data data(model);
  const VecX<double> q = vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), zero = VecX<double>::Zero(3);
  const MatX<double> M = mat({{4.328942, 1.639471, 0.1}, {1.639471, 0.925, 0.1}, {0.1, 0.1, 0.1}});
  const VecX<double> G = vec({41.608843, 8.085, 0}), qdd0 = vec({-19.555412, 26.690896, -7.135484});
  const double wM = max_abs_diff(crba(model, data, q), M);
  const double wG = max_abs_diff(gravity_torque(model, data, q), G);
  const double wa = max_abs_diff(forward_dynamics(model, data, q, zero, zero), qdd0);
  EXPECT_LE(wM, 1e-6);
  EXPECT_LE(wG, 1e-6);
  EXPECT_LE(wa, 1e-6);
  // The builtin's default g = 9.81 would give another acceleration; so would a wrong mass.
  const Model g981 = builtin_model("craig3r").model;
  Data d981(g981);
  EXPECT_GT(max_abs_diff(forward_dynamics(g981, d981, q, zero, zero), qdd0), 1e-3);
  const Model wrong = with_mass_scaled(model, 0, 1.001);
  Data dw(wrong);
  EXPECT_GT(max_abs_diff(forward_dynamics(wrong, dw, q, zero, zero), qdd0), 1e-4);
}

}  // namespace closed_forms_test
}  // namespace armdyn
