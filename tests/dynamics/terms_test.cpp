// The dynamic terms by several routes, each against an independent one, on random DH chains
// (both conventions, mixed joints), random kinematic trees, the built-in arms and the URDF UR5 and
// Panda:
//   (a) M by strobing Newton-Euler = M by CRBA = M by the 4x4 Lagrange form ([TML] T10);
//   (b) dM/dq_k (derivative of the CRBA expression) = the CRBA run on dual numbers seeded at q_k
//       (exact) and = a central difference of the CRBA;
//   (c) C(q, v) v = c(q, v) - g(q) (RNEA); Mdot - 2C skew-symmetric, with Mdot from a central
//       difference of the CRBA along v and exactly as sum_k dM/dq_k v_k; the Christoffel symbols
//       symmetric in (j, k) and equal to the 4x4 Lagrange velocity coefficients C^i_jk;
//   (d) Craig's configuration-space B and C: the 2R closed forms (6.67)-(6.68) and a worked
//       numeric instance; tau = M a + B [v v] + C [v^2] + G (6.63) = RNEA;
//   (e) g(q) from first moments = RNEA's g = dU/dq (central difference of the potential energy);
//   (f) energies: T = 1/2 v^T M v; d(T + U)/dt = v^T tau along q(t) = q + v t + a t^2 / 2 (central
//       difference in time, fourth order); Lagrange's equations tau = d/dt dT/dv - dT/dq + dU/dq, every
//       derivative a finite difference, against the RNEA (1e-6);
//   (g) sensitivity: each comparison notices a 0.1 % mass / 1 mm centre-of-mass change of one
//       link, and the skew-symmetry test rejects Kantor's non-symmetrised C (which still gives C v).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/dynamics/terms_impl.hpp"
#include "support/dual.hpp"
#include "support/finite_difference.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace terms_test {

struct Case {
  std::string name;
  Model model;
  bool chain = true;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  std::mt19937_64 rng(1618);
  for (int n : {1, 2, 3, 5, 7})
    for (DhConvention conv : {DhConvention::kStandard, DhConvention::kModified}) {
      Model m = test::random_dh_chain(rng, n, conv, true);
      m = m.with_gravity(9.81 * test::random_unit_vector(rng));
      out.push_back({m.name, m, true});
    }
  for (int n : {4, 8}) {
    Model t = test::random_tree(rng, n);
    bool chain = true;
    for (int i = 0; i < t.dof; ++i) chain = chain && t.parent[i] == i - 1;
    out.push_back({t.name, t, chain});
  }
  for (const char* b : {"puma560", "stanford", "planar2r", "rp"}) out.push_back({b, builtin_model(b).model, true});
  for (const char* u : {"ur5", "panda"})
    out.push_back({u, load_urdf(test::data_path(std::string("models/") + u + ".urdf")), true});
  return out;
}

using test::State;

Model wrong(const Model& m) { return test::perturbed(m, m.dof / 2, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3)); }

/// Cases whose wrong link can be noticed by every comparison (one link: dM/dq = 0, C = 0).
bool sensitive(const Case& c) { return c.model.dof >= 2; }

// (a)
TEST(Terms, StrobedMassMatrixEqualsCrbaAndLagrange) {
  double worst_lagrange = 0;
  for (const Case& c : cases()) {
    terms::Workspace<double> ws(c.model), ww(wrong(c.model));
    Data data(c.model);
    std::mt19937_64 rng(1);
    const State x = test::random_state(c.model, rng);
    const MatX<double> M = crba(c.model, data, x.q);
    const double d = test::rel_diff(terms::mass_matrix_strobing(c.model, ws, x.q), M);
    EXPECT_LT(d, 1e-12) << c.name;
    if (sensitive(c)) {
      EXPECT_GT(test::rel_diff(terms::mass_matrix_strobing(wrong(c.model), ww, x.q), M), 1e-6) << c.name;
    }
    if (c.chain) {
      lagrange::Workspace<double> wl(c.model);
      worst_lagrange = std::max(worst_lagrange, test::rel_diff(lagrange::mass_matrix(c.model, wl, x.q), M));
    }
  }
  EXPECT_LT(worst_lagrange, 1e-12);
}

// (b)
TEST(Terms, MassMatrixDerivativesAreExact) {
  using test::Dual;
  double worst_dual = 0, worst_fd = 0, worst_strobe = 0;
  for (const Case& c : cases()) {
    const int n = c.model.dof;
    terms::Workspace<double> ws(c.model), ww(wrong(c.model));
    const ModelTpl<Dual> dmodel = c.model.cast<Dual>();
    DataTpl<Dual> ddata(dmodel);
    terms::Workspace<Dual> dws(dmodel);
    Data data(c.model);
    std::mt19937_64 rng(2);
    const State x = test::random_state(c.model, rng);
    const std::vector<MatX<double>> dM = terms::mass_matrix_derivatives(c.model, ws, x.q);
    const std::vector<MatX<double>>& dMw = terms::mass_matrix_derivatives(wrong(c.model), ww, x.q);
    double noticed = 0;
    for (int k = 0; k < n; ++k) {
      VecX<Dual> qd = x.q.cast<Dual>();
      qd[k].d = 1.0;
      const MatX<double> exact = test::tangent_of(crba(dmodel, ddata, qd));
      worst_strobe = std::max(worst_strobe, test::rel_diff(test::tangent_of(terms::mass_matrix_strobing(dmodel, dws, qd)), exact));
      const MatX<double> fd = test::directional_derivative(
          [&](const VecX<double>& q) { return MatX<double>(crba(c.model, data, q)); }, x.q, VecX<double>::Unit(n, k), 1e-6);
      worst_dual = std::max(worst_dual, test::rel_diff(dM[k], exact));
      worst_fd = std::max(worst_fd, test::rel_diff(dM[k], fd));
      noticed = std::max(noticed, test::rel_diff(dMw[k], exact));
    }
    if (sensitive(c)) {
      EXPECT_GT(noticed, 1e-6) << c.name;
    }
  }
  EXPECT_LT(worst_dual, 1e-12);
  EXPECT_LT(worst_fd, 1e-8);
  EXPECT_LT(worst_strobe, 1e-12);
}

/// Kantor's matrix form (as corrected in docs/errata.md): C^K_kj = sum_i (dM_kj/dq_i - 1/2 dM_ij/dq_k) v_i.
MatX<double> kantor_C(const std::vector<MatX<double>>& dM, const VecX<double>& v) {
  const int n = static_cast<int>(v.size());
  MatX<double> C = MatX<double>::Zero(n, n);
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) C(k, j) += (dM[i](k, j) - 0.5 * dM[k](i, j)) * v[i];
  return C;
}

// (c)
TEST(Terms, CoriolisMatrixAndSkewSymmetry) {
  double worst_cv = 0, worst_fd = 0, worst_exact = 0, worst_sym = 0, worst_lagrange = 0;
  for (const Case& c : cases()) {
    const int n = c.model.dof;
    terms::Workspace<double> ws(c.model), ww(wrong(c.model));
    Data data(c.model);
    std::mt19937_64 rng(3);
    const State x = test::random_state(c.model, rng);
    const MatX<double> C = terms::coriolis_matrix(c.model, ws, x.q, x.v);
    const VecX<double> ref = nonlinear_effects(c.model, data, x.q, x.v) - gravity_torque(c.model, data, x.q);
    worst_cv = std::max(worst_cv, test::rel_diff(C * x.v, ref));
    if (sensitive(c)) {
      EXPECT_GT(test::rel_diff(terms::coriolis_matrix(wrong(c.model), ww, x.q, x.v) * x.v, ref), 1e-7) << c.name;
    }
    // Mdot by a central difference along v, and exactly
    const MatX<double> Mdot_fd =
        test::directional_derivative([&](const VecX<double>& q) { return MatX<double>(crba(c.model, data, q)); }, x.q, x.v);
    const std::vector<MatX<double>> dM = terms::mass_matrix_derivatives(c.model, ws, x.q);
    MatX<double> Mdot = MatX<double>::Zero(n, n);
    for (int k = 0; k < n; ++k) Mdot += dM[k] * x.v[k];
    const double scale = std::max(1.0, Mdot.cwiseAbs().maxCoeff());
    const MatX<double> N_fd = Mdot_fd - 2 * C, N = Mdot - 2 * C;
    worst_fd = std::max(worst_fd, (N_fd + N_fd.transpose()).cwiseAbs().maxCoeff() / scale);
    worst_exact = std::max(worst_exact, (N + N.transpose()).cwiseAbs().maxCoeff() / scale);
    // Kantor's C gives the same C v but Mdot - 2 C^K is not skew
    const MatX<double> CK = kantor_C(dM, x.v), NK = Mdot - 2 * CK;
    EXPECT_LT(test::rel_diff(CK * x.v, ref), 1e-10) << c.name;
    if (n >= 2) {
      EXPECT_GT((NK + NK.transpose()).cwiseAbs().maxCoeff() / scale, 1e-3) << c.name;
    }
    // Christoffel symbols: symmetric in (j, k); on chains equal to TML's C^i_jk
    const std::vector<MatX<double>> cs = terms::christoffel_symbols(c.model, ws, x.q);
    for (int i = 0; i < n; ++i) worst_sym = std::max(worst_sym, (cs[i] - cs[i].transpose()).cwiseAbs().maxCoeff());
    if (c.chain) {
      lagrange::Workspace<double> wl(c.model);
      const std::vector<MatX<double>>& cl = lagrange::velocity_coefficients(c.model, wl, x.q);
      for (int i = 0; i < n; ++i) worst_lagrange = std::max(worst_lagrange, test::rel_diff(cs[i], cl[i]));
    }
  }
  EXPECT_LT(worst_cv, 1e-10);
  EXPECT_LT(worst_fd, 1e-7);
  EXPECT_LT(worst_exact, 1e-12);
  EXPECT_EQ(worst_sym, 0.0);
  EXPECT_LT(worst_lagrange, 1e-10);
}

// (d) [Craig] (6.67)-(6.68): B = [-2 m2 l1 l2 s2, 0]^T, C = [[0, -m2 l1 l2 s2], [m2 l1 l2 s2, 0]].
TEST(Terms, CraigConfigurationSpaceMatricesOf2R) {
  for (double scale : {1.0, 1.001}) {
    Model model = builtin_model("planar2r").model;
    model.inertia[1].m *= scale;
    model.inertia[1].h *= scale;
    terms::Workspace<double> ws(model);
    std::mt19937_64 rng(4);
    double worst = 0;
    for (int s = 0; s < 10; ++s) {
      const VecX<double> q = test::random_vector(rng, 2, -3, 3);
      const double k = 1.0 * 1.0 * 0.5 * std::sin(q[1]);  // m2 l1 l2 s2
      MatX<double> B(2, 1), C(2, 2);
      B << -2 * k, 0;
      C << 0, -k, k, 0;
      worst = std::max(worst, test::rel_diff(terms::coriolis_coefficients(model, ws, q), B));
      worst = std::max(worst, test::rel_diff(terms::centrifugal_matrix(model, ws, q), C));
    }
    if (scale == 1.0) {
      EXPECT_LT(worst, 1e-14);
    } else {
      EXPECT_GT(worst, 1e-5);
    }
  }
  // the worked numeric instance at theta = (0.3, 0.8)
  const Model model = builtin_model("planar2r").model;
  terms::Workspace<double> ws(model);
  VecX<double> q(2);
  q << 0.3, 0.8;
  EXPECT_NEAR(terms::coriolis_coefficients(model, ws, q)(0, 0), -0.7173560909, 1e-10);
  EXPECT_NEAR(terms::coriolis_coefficients(model, ws, q)(1, 0), 0.0, 1e-15);
  const MatX<double> C = terms::centrifugal_matrix(model, ws, q);
  EXPECT_NEAR(C(0, 0), 0.0, 1e-15);
  EXPECT_NEAR(C(0, 1), -0.3586780454, 1e-10);
  EXPECT_NEAR(C(1, 0), 0.3586780454, 1e-10);
  EXPECT_NEAR(C(1, 1), 0.0, 1e-15);
}

// Kantor §3: the Christoffel C of the RP arm, [[m2 r v2, m2 r v1], [-m2 r v1, 0]],
// r = d2 for Craig's Example 6.5 (m2 = 1.5); and the 2R potential energy (6.73) with Y0 up:
// U = m1 g l1 s1 + m2 g (l1 s1 + l2 s12).
TEST(Terms, ClosedFormsOfCoriolisMatrixAndPotentialEnergy) {
  std::mt19937_64 rng(44);
  for (double scale : {1.0, 1.001}) {
    Model rp = builtin_model("rp").model, r2 = builtin_model("planar2r").model;
    rp.inertia[1].m *= scale;
    r2.inertia[1].m *= scale;
    r2.inertia[1].h *= scale;
    terms::Workspace<double> wrp(rp), w2(r2);
    double worst = 0;
    for (int s = 0; s < 10; ++s) {
      const VecX<double> q = test::random_vector(rng, 2, -1.5, 1.5), v = test::random_vector(rng, 2, -2, 2);
      const double m2 = 1.5, r = q[1];
      MatX<double> C(2, 2);
      C << m2 * r * v[1], m2 * r * v[0], -m2 * r * v[0], 0;
      worst = std::max(worst, test::rel_diff(terms::coriolis_matrix(rp, wrp, q, v), C));
      const double g = 9.81, U = 2 * g * std::sin(q[0]) + 1 * g * (std::sin(q[0]) + 0.5 * std::sin(q[0] + q[1]));
      worst = std::max(worst, std::abs(terms::potential_energy(r2, w2, q) - U) / std::max(1.0, std::abs(U)));
    }
    if (scale == 1.0) {
      EXPECT_LT(worst, 1e-13);
    } else {
      EXPECT_GT(worst, 1e-6);
    }
  }
}

// (d), (e): tau by Craig's (6.63) and g(q) by first moments, against the RNEA and dU/dq.
TEST(Terms, ConfigurationSpaceInverseDynamicsAndGravity) {
  double worst_tau = 0, worst_g = 0, worst_dU = 0;
  for (const Case& c : cases()) {
    terms::Workspace<double> ws(c.model), ww(wrong(c.model));
    Data data(c.model);
    std::mt19937_64 rng(5);
    const State x = test::random_state(c.model, rng);
    const VecX<double> tau = rnea(c.model, data, x.q, x.v, x.a);
    const VecX<double> g = gravity_torque(c.model, data, x.q);
    worst_tau = std::max(worst_tau, test::rel_diff(terms::inverse_dynamics(c.model, ws, x.q, x.v, x.a), tau));
    worst_g = std::max(worst_g, test::rel_diff(terms::gravity_torque(c.model, ws, x.q), g));
    const VecX<double> dU =
        test::central_gradient([&](const VecX<double>& q) { return terms::potential_energy(c.model, ws, q); }, x.q);
    worst_dU = std::max(worst_dU, test::rel_diff(dU, g));
    if (sensitive(c)) {
      EXPECT_GT(test::rel_diff(terms::inverse_dynamics(wrong(c.model), ww, x.q, x.v, x.a), tau), 1e-6) << c.name;
      EXPECT_GT(test::rel_diff(terms::gravity_torque(wrong(c.model), ww, x.q), g), 1e-6) << c.name;
    }
  }
  EXPECT_LT(worst_tau, 1e-10);
  EXPECT_LT(worst_g, 1e-12);
  EXPECT_LT(worst_dU, 1e-8);
}

// (f)
double energy(const Model& m, terms::Workspace<double>& ws, const VecX<double>& q, const VecX<double>& v) {
  return terms::kinetic_energy(m, ws, q, v) + terms::potential_energy(m, ws, q);
}

TEST(Terms, EnergiesAndLagrangesEquations) {
  double worst_T = 0, worst_rate = 0, worst_lag = 0;
  for (const Case& c : cases()) {
    const int n = c.model.dof;
    terms::Workspace<double> ws(c.model);
    Data data(c.model);
    std::mt19937_64 rng(6);
    const State x = test::random_state(c.model, rng);
    const MatX<double> M = crba(c.model, data, x.q);
    const VecX<double> tau = rnea(c.model, data, x.q, x.v, x.a);
    const VecX<double> tau_wrong = rnea(wrong(c.model), data, x.q, x.v, x.a);
    // T = 1/2 v^T M v
    const double T = terms::kinetic_energy(c.model, ws, x.q, x.v);
    worst_T = std::max(worst_T, std::abs(T - 0.5 * x.v.dot(M * x.v)) / std::max(1.0, T));
    // d(T + U)/dt = v^T tau along q(t) = q + v t + a t^2/2, v(t) = v + a t
    auto E = [&](double t) { return energy(c.model, ws, x.q + x.v * t + 0.5 * x.a * t * t, x.v + x.a * t); };
    const double rate = test::central_derivative4(E), power = x.v.dot(tau);
    worst_rate = std::max(worst_rate, std::abs(rate - power) / std::max(1.0, std::abs(power)));
    if (sensitive(c)) {
      EXPECT_GT(std::abs(rate - x.v.dot(tau_wrong)) / std::max(1.0, std::abs(power)), 1e-6) << c.name;
    }
    // Lagrange's equations: tau_i = d/dt dT/dv_i - dT/dq_i + dU/dq_i, all by differences
    VecX<double> lag(n);
    for (int i = 0; i < n; ++i) {
      const VecX<double> e = VecX<double>::Unit(n, i);
      auto dTdv = [&](double t) {  // step 1: exact for a quadratic in v
        const VecX<double> q = x.q + x.v * t + 0.5 * x.a * t * t, v = x.v + x.a * t;
        return test::central_derivative([&](double s) { return terms::kinetic_energy(c.model, ws, q, v + s * e); }, 0.0, 1.0);
      };
      const double dTdq = test::central_derivative([&](double s) { return terms::kinetic_energy(c.model, ws, x.q + s * e, x.v); });
      const double dUdq = test::central_derivative([&](double s) { return terms::potential_energy(c.model, ws, x.q + s * e); });
      lag[i] = test::central_derivative4(dTdv) - dTdq + dUdq;
    }
    worst_lag = std::max(worst_lag, test::rel_diff(lag, tau));
    if (sensitive(c)) {
      EXPECT_GT(test::rel_diff(lag, tau_wrong), 1e-5) << c.name;
    }
  }
  EXPECT_LT(worst_T, 1e-13);
  EXPECT_LT(worst_rate, 1e-9);
  EXPECT_LT(worst_lag, 1e-8);
}

TEST(Terms, RejectsWrongSizesAndAnotherModel) {
  const Model puma = builtin_model("puma560").model;
  terms::Workspace<double> ws(puma);
  const VecX<double> q = VecX<double>::Zero(6), bad = VecX<double>::Zero(5);
  EXPECT_THROW(terms::mass_matrix_strobing(puma, ws, bad), InputError);
  EXPECT_THROW(terms::coriolis_matrix(puma, ws, q, bad), InputError);
  EXPECT_THROW(terms::kinetic_energy(puma, ws, q, bad), InputError);
  const Model rp = builtin_model("rp").model;
  EXPECT_THROW(terms::gravity_torque(rp, ws, VecX<double>::Zero(2)), InputError);
}

// Storage::kQuadratic: no O(n^3) array until a derivative route allocates it, the same results as
// kCubic; the size estimate bounds the arrays and grows as n^3 only with kCubic.
TEST(Terms, QuadraticStorageHoldsNoCubicArraysUntilNeeded) {
  std::mt19937_64 rng(7);
  const Model m = test::random_dh_chain(rng, 9, DhConvention::kStandard, true);
  const State s = test::random_state(m, rng);
  terms::Workspace<double> small(m, terms::Storage::kQuadratic), full(m);
  EXPECT_TRUE(small.dM.empty() && small.christoffel.empty() && small.craig_B.size() == 0 && small.vv.size() == 0);
  EXPECT_EQ(full.dM.size(), 9u);
  EXPECT_EQ(terms::mass_matrix(m, small, s.q), terms::mass_matrix(m, full, s.q));
  EXPECT_EQ(terms::gravity_torque(m, small, s.q), terms::gravity_torque(m, full, s.q));
  EXPECT_EQ(terms::kinetic_energy(m, small, s.q, s.v), terms::kinetic_energy(m, full, s.q, s.v));
  EXPECT_EQ(terms::potential_energy(m, small, s.q), terms::potential_energy(m, full, s.q));
  EXPECT_TRUE(small.dM.empty());
  EXPECT_EQ(terms::coriolis_matrix(m, small, s.q, s.v), terms::coriolis_matrix(m, full, s.q, s.v));
  EXPECT_EQ(small.dM.size(), 9u);
  EXPECT_EQ(terms::inverse_dynamics(m, small, s.q, s.v, s.a), terms::inverse_dynamics(m, full, s.q, s.v, s.a));

  std::size_t cubic = 0;
  for (const MatX<double>& x : full.dM) cubic += x.size();
  for (const MatX<double>& x : full.christoffel) cubic += x.size();
  cubic += full.C.size() + full.craig_C.size() + full.craig_B.size() + full.vv.size();
  const std::size_t square = full.M.size() + full.data.M.size() + full.data.L.size();
  EXPECT_GE(terms::workspace_bytes(m.dof, terms::Storage::kQuadratic), square * sizeof(double));
  EXPECT_GE(terms::workspace_bytes(m.dof, terms::Storage::kCubic), (square + cubic) * sizeof(double));
  EXPECT_LT(terms::workspace_bytes(600, terms::Storage::kQuadratic), 16u << 20);  // n = 600: < 16 MiB
  EXPECT_GT(terms::workspace_bytes(600, terms::Storage::kCubic), 4000000000u);   // 2.5 n^3 doubles
}

}  // namespace terms_test
}  // namespace armdyn
