// Operation counts: the counting scalar OpCount on hand-made expressions and Eigen's fixed-size
// products; the production algorithms' counts on general chains n = 2..12, exact polynomials in n
// equal to the formulas their doc comments state (rnea_classical.hpp, rnea.hpp, crba.hpp,
// forward_dynamics.hpp), with rnea_classical within Balafoutis et al.'s 93n - 69
// multiplications; every formulation of the registry countable and polynomial; the exact fit;
// the OpCount results equal to the double ones; the generated code's counts. Sensitivity: the
// same chain with its DH factorisation removed counts more (the counts see the algorithm's
// structure), and a fit refuses values that are not a polynomial.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "armdyn/dynamics/aba_impl.hpp"
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/rnea_classical_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/dynamics/walker_orin_impl.hpp"
#include "armdyn/core/op_count.hpp"
#include "armdyn/codegen/opcount.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {
namespace opcount_test {

using S = OpCount;

template <class F> OpTally tally(F f) {
  const OpCounter counter;
  f();
  return counter.count();
}

TEST(OpCount, CountsHandMadeExpressions) {
  const S a = 2.0, b = 3.0, c = 5.0;
  S r;
  EXPECT_EQ(tally([&] { r = a * b + c; }), (OpTally{1, 1, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(r.value(), 11.0);
  EXPECT_EQ(tally([&] { r = (a - b) / c; }), (OpTally{0, 1, 1, 0, 0}));
  EXPECT_DOUBLE_EQ(r.value(), -0.2);
  EXPECT_EQ(tally([&] { r = -a; r = +r; r = S(4.0); }), OpTally{});  // sign changes, copies, literals
  EXPECT_EQ(tally([&] { r = a; r += b; r -= c; r *= b; r /= a; }), (OpTally{1, 2, 1, 0, 0}));
  EXPECT_DOUBLE_EQ(r.value(), 0.0);
  using std::cos;
  using std::sin;
  using std::sqrt;
  EXPECT_EQ(tally([&] { r = sin(a) * sin(a) + cos(a) * cos(a); }), (OpTally{2, 1, 0, 0, 4}));
  EXPECT_NEAR(r.value(), 1.0, 1e-15);
  EXPECT_EQ(tally([&] { r = sqrt(c); }), (OpTally{0, 0, 0, 1, 0}));
  bool less = false;
  EXPECT_EQ(tally([&] { less = a < b && !(a == b); }), OpTally{});  // comparisons are free
  EXPECT_TRUE(less);
}

// The aligned-axis steps of crba (spatial/inertia.hpp, dynamics/crba_impl.hpp) count what their
// comments state, fewer than the general ones.
TEST(OpCount, AlignedStepsSkipTheZeroEntries) {
  Transform<S> X;
  Inertia<S> I;
  I.m = 2.0;
  I.h = Vec3<S>(1.0, 2.0, 3.0);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      X.R(r, c) = S(1.0 + r + 3 * c);
      I.I(r, c) = S(1.0 + r * c);
    }
  X.p = Vec3<S>(0.1, 0.2, 0.3);
  Inertia<S> out;
  EXPECT_EQ(tally([&] { out = transform_to_parent(X, I); }), (OpTally{77, 59, 0, 0, 0}));
  EXPECT_EQ(tally([&] { out = transform_to_parent_aligned<0>(X, I); }), (OpTally{48, 34, 0, 0, 0}));
  EXPECT_EQ(tally([&] { out = transform_to_parent_aligned<1>(X, I); }), (OpTally{48, 34, 0, 0, 0}));
  EXPECT_EQ(tally([&] { out = transform_to_parent_aligned<2>(X, I); }), (OpTally{48, 34, 0, 0, 0}));
  Eigen::Matrix<S, 6, Eigen::Dynamic, Eigen::RowMajor> F(6, 2);
  for (int r = 0; r < 6; ++r)
    for (int j = 0; j < 2; ++j) F(r, j) = S(r + 1.0 + j);
  S* nf[6];
  for (int r = 0; r < 6; ++r) nf[r] = F.row(r).data();
  EXPECT_EQ(tally([&] { crba_detail::carry_columns<-1>(X, nf, 0, 2); }), (OpTally{48, 36, 0, 0, 0}));
  EXPECT_EQ(tally([&] { crba_detail::carry_columns<2>(X, nf, 0, 2); }), (OpTally{32, 20, 0, 0, 0}));
}

TEST(OpCount, EigenFixedSizeProductsAddNoZeros) {
  Mat3<S> R;
  R << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  const Vec3<S> x(1, -2, 3), y(4, 5, -6);
  Vec3<S> z;
  EXPECT_EQ(tally([&] { z.noalias() = R * x; }), (OpTally{9, 6, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(z.y().value(), 4 - 10 + 18);
  EXPECT_EQ(tally([&] { z.noalias() = R.transpose() * x; }), (OpTally{9, 6, 0, 0, 0}));
  EXPECT_EQ(tally([&] { z = x.cross(y); }), (OpTally{6, 3, 0, 0, 0}));
  S d;
  EXPECT_EQ(tally([&] { d = x.dot(y); }), (OpTally{3, 2, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(d.value(), 4 - 10 - 18);
  EXPECT_EQ(tally([&] { Mat3<S> P = R * R; (void)P; }), (OpTally{27, 18, 0, 0, 0}));
  EXPECT_EQ(tally([&] { z = x + y; z = S(2) * z; }), (OpTally{3, 3, 0, 0, 0}));
}

// One call of each production algorithm on the general chain with n joints.
struct Counts {
  OpTally lean, rnea, nonlinear, gravity, crba, fd, aba, walker_orin;
};

Counts production_counts(const Model& model) {
  const ModelTpl<S> m = model.cast<S>();
  const int n = m.dof;
  DataTpl<S> d(m);
  VecX<S> q(n), v(n), a(n);
  for (int i = 0; i < n; ++i) {
    q[i] = 0.3 + 0.17 * i;
    v[i] = -0.4 + 0.23 * i;
    a[i] = 0.7 - 0.11 * i;
  }
  Counts c;
  c.lean = tally([&] { rnea_classical(m, d, q, v, a); });
  c.rnea = tally([&] { rnea(m, d, q, v, a); });
  c.nonlinear = tally([&] { nonlinear_effects(m, d, q, v); });
  c.gravity = tally([&] { gravity_torque(m, d, q); });
  c.crba = tally([&] { crba(m, d, q); });
  c.fd = tally([&] { forward_dynamics(m, d, q, v, a); });
  AbaWorkspace<S> aba_ws(m);
  c.aba = tally([&] { aba(m, d, aba_ws, q, v, a); });
  WalkerOrinWorkspace<S> wo_ws(m);
  c.walker_orin = tally([&] { forward_dynamics_walker_orin(m, d, wo_ws, q, v, a); });
  return c;
}

// The measured n = 2..12 counts of one field, fitted exactly.
template <class Get> opcount::Polynomial fitted(const std::vector<Counts>& counts, Get get) {
  std::vector<std::int64_t> values;
  for (const Counts& c : counts) values.push_back(get(c));
  return opcount::fit(2, values);
}

TEST(OpCount, ProductionAlgorithmsMatchTheirDocumentedFormulas) {
  std::vector<Counts> counts;
  for (int n = 2; n <= 12; ++n) counts.push_back(production_counts(general_chain(n)));
  const auto mul = [&](auto field) { return fitted(counts, [&](const Counts& c) { return (c.*field).mul; }).str(); };
  const auto add = [&](auto field) { return fitted(counts, [&](const Counts& c) { return (c.*field).add; }).str(); };
  // rnea_classical.hpp
  EXPECT_EQ(mul(&Counts::lean), "86n - 69");
  EXPECT_EQ(add(&Counts::lean), "100n - 87");
  // rnea.hpp
  EXPECT_EQ(mul(&Counts::nonlinear), "154n - 63");
  EXPECT_EQ(add(&Counts::nonlinear), "125n - 54");
  EXPECT_EQ(mul(&Counts::gravity), "84n - 39");
  EXPECT_EQ(add(&Counts::gravity), "66n - 36");
  EXPECT_EQ(mul(&Counts::rnea), "154n - 63");
  EXPECT_EQ(add(&Counts::rnea), "126n - 54");
  // crba.hpp, forward_dynamics.hpp
  EXPECT_EQ(mul(&Counts::crba), "12n^2 + 77n - 77");
  EXPECT_EQ(add(&Counts::crba), "9n^2 + 69n - 72");
  EXPECT_EQ(mul(&Counts::fd), "(1/6)n^3 + (27/2)n^2 + (655/3)n - 140");
  EXPECT_EQ(add(&Counts::fd), "(1/6)n^3 + 10n^2 + (1127/6)n - 126");
  // aba.hpp, walker_orin.hpp
  EXPECT_EQ(mul(&Counts::aba), "327n - 123");
  EXPECT_EQ(add(&Counts::aba), "292n - 141");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.aba.div; }).str(), "n");
  EXPECT_EQ(mul(&Counts::walker_orin), "(1/3)n^3 + 37n^2 + (422/3)n - 63");
  EXPECT_EQ(add(&Counts::walker_orin), "(1/3)n^3 + (61/2)n^2 + (679/6)n - 54");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.walker_orin.div; }).str(), "2n");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.fd.div; }).str(), "n");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.fd.sqrt; }).str(), "0");
  for (std::size_t k = 0; k < counts.size(); ++k) {
    const int n = static_cast<int>(k) + 2;
    EXPECT_EQ(counts[k].lean.trig, 2 * n);
    EXPECT_EQ(counts[k].aba.trig, 2 * n);
    EXPECT_EQ(counts[k].walker_orin.trig, 2 * n);
    EXPECT_LE(counts[k].lean.mul, 93 * n - 69) << "n = " << n << ": Balafoutis et al.'s count";
    EXPECT_EQ(counts[k].lean.div + counts[k].lean.sqrt + counts[k].rnea.div + counts[k].rnea.sqrt, 0);
  }
}

// Sensitivity: the counts follow the algorithm's structure. Without the builder's factorisation
// the joint rotations are dense 3x3 matrices, and rnea_classical pays for it: 5 rotations of
// 9 mul instead of 6 and 12 mul to form each matrix, 27 mul per link (24 on the first link,
// which rotates only gravity outward).
TEST(OpCount, DenseRotationsCountMore) {
  for (int n : {2, 6}) {
    Model dense = general_chain(n);
    dense.dh_rotation.clear();
    const OpTally lean = production_counts(general_chain(n)).lean;
    const OpTally heavy = production_counts(dense).lean;
    EXPECT_EQ(heavy.mul - lean.mul, 27 * n - 9) << "n = " << n;
  }
}

// The generated code: PUMA 560's rnea within the 224 multiplications quoted for ARM's symbolic
// closed form ([Craig] §6.13 / issue), and armdyn opcount --generated equal to the trace's counts.
TEST(OpCount, GeneratedCode) {
  const OpTally puma = opcount::count_generated(builtin_model("puma560").model, "rnea");
  EXPECT_LE(puma.mul, 224);
  EXPECT_EQ(puma.mul, 213);
  EXPECT_EQ(puma.div + puma.sqrt, 0);
  EXPECT_THROW(opcount::count_generated(general_chain(2), "lagrange"), InputError);
  // The generated code of the general chain keeps the generic algorithm's structure: nothing folds
  // beyond the joint angles' theta + q and the first link's zeros.
  for (int n : {3, 5}) EXPECT_LE(opcount::count_generated(general_chain(n), "rnea").mul, 86 * n - 69) << n;
}

// The counted evaluation is the double one: the same torques, mass matrix and accelerations (to
// round-off: double contracts a * b + c to fused multiply-adds, OpCount does not).
TEST(OpCount, ValuesEqualTheDoubleRun) {
  const Model model = general_chain(7);
  const ModelTpl<S> m = model.cast<S>();
  Data dd(model);
  DataTpl<S> dc(m);
  VecX<double> q(7), v(7), a(7);
  for (int i = 0; i < 7; ++i) {
    q[i] = std::sin(1.3 * i);
    v[i] = std::cos(0.7 * i);
    a[i] = 0.5 - 0.2 * i;
  }
  const VecX<S> qc = q.cast<S>(), vc = v.cast<S>(), ac = a.cast<S>();
  const VecX<double> tau = rnea(model, dd, q, v, a);
  const VecX<S> tau_c = rnea_classical(m, dc, qc, vc, ac);
  const MatX<double> M = crba(model, dd, q);
  const MatX<S> M_c = crba(m, dc, qc);
  const VecX<double> qdd = forward_dynamics(model, dd, q, v, tau);
  const VecX<S> qdd_c = forward_dynamics(m, dc, qc, vc, tau_c);
  const double tol = 1e-13;
  for (int i = 0; i < 7; ++i) {
    EXPECT_NEAR(tau_c[i].value(), tau[i], tol * (1 + tau.cwiseAbs().maxCoeff()));
    EXPECT_NEAR(qdd_c[i].value(), qdd[i], 1e-11);
    EXPECT_NEAR(qdd[i], a[i], 1e-10);
    for (int j = 0; j < 7; ++j) EXPECT_NEAR(M_c(i, j).value(), M(i, j), tol * (1 + M.cwiseAbs().maxCoeff()));
  }
}

// Every formulation of the registry can be counted, and its counts are polynomial in n.
TEST(OpCount, EveryFormulationIsCountedAndPolynomial) {
  const std::vector<std::string> names = opcount::algorithm_names();
  for (const FormulationInfo& f : formulations()) {
    const bool listed = f.name == "rnea" || std::find(names.begin(), names.end(), f.name) != names.end();
    EXPECT_TRUE(listed) << f.name << " is not counted";
  }
  for (const std::string& name : names) {
    std::vector<std::int64_t> mul;
    for (int n = 2; n <= 8; ++n) mul.push_back(opcount::count(general_chain(n), name).mul);
    const opcount::Polynomial p = opcount::fit(2, mul);
    EXPECT_LE(p.numerator.size(), 5U) << name << ": " << p.str();
    EXPECT_GT(p(8), 0) << name;
  }
  EXPECT_THROW(opcount::count(general_chain(2), "no-such-method"), InputError);
}

// Every formulation's inverse dynamics counts exactly what its header states.
TEST(OpCount, FormulationsMatchTheirDocumentedFormulas) {
  struct Documented {
    const char* name;
    const char* mul;
    const char* add;
    const char* trig;
  };
  const std::vector<Documented> documented = {
      {"newton-euler", "150n - 24", "120n - 24", "2n"},
      {"luh-walker-paul", "228n - 81", "173n - 57", "2n"},
      {"modified-newton-euler", "235n - 81", "184n - 57", "2n"},
      {"lagrange", "(41/3)n^3 + 128n^2 + (295/3)n + 9", "(32/3)n^3 + 102n^2 + (238/3)n + 6", "2n"},
      {"recursive-lagrange", "392n - 18", "306n - 12", "2n"},
      {"gibbs-appell", "14n^4 + 36n^3 + 31n^2 + 120n - 45", "(21/2)n^4 + 28n^3 + 27n^2 + (187/2)n - 36", "2n"},
      {"general-theorems", "2n^3 + (47/2)n^2 + (629/2)n", "2n^3 + 22n^2 + 205n", "2n"},
      {"appel", "(7/6)n^3 + (67/2)n^2 + (904/3)n", "n^3 + (53/2)n^2 + (413/2)n", "2n"},
      {"gauss", "629n - 64", "503n - 64", "2n"},
      {"configuration-space", "74n^3 + (505/2)n^2 + (469/2)n - 72", "(113/2)n^3 + (399/2)n^2 + 188n - 80", "2n^2 + 4n"},
  };
  for (const Documented& d : documented) {
    SCOPED_TRACE(d.name);
    std::vector<std::int64_t> mul, add, trig;
    for (int n = 2; n <= 9; ++n) {
      const OpTally t = opcount::count(general_chain(n), d.name);
      mul.push_back(t.mul);
      add.push_back(t.add);
      trig.push_back(t.trig);
    }
    EXPECT_EQ(opcount::fit(2, mul).str(), d.mul);
    EXPECT_EQ(opcount::fit(2, add).str(), d.add);
    EXPECT_EQ(opcount::fit(2, trig).str(), d.trig);
  }
}

TEST(OpCount, ExactPolynomialFit) {
  std::vector<std::int64_t> quad, sum_of_squares, not_polynomial;
  for (int n = 3; n <= 9; ++n) {
    quad.push_back(36 * n * (n + 1));                         // [TML]'s strobing count
    sum_of_squares.push_back(n * (n + 1) * (2 * n + 1) / 6);  // rational coefficients
    not_polynomial.push_back(90 * n - 66 + n % 2);
  }
  EXPECT_EQ(opcount::fit(3, quad).str(), "36n^2 + 36n");
  EXPECT_EQ(opcount::fit(3, sum_of_squares).str(), "(1/3)n^3 + (1/2)n^2 + (1/6)n");
  EXPECT_DOUBLE_EQ(opcount::fit(3, sum_of_squares)(12), 650);
  EXPECT_THROW(opcount::fit(3, not_polynomial), InputError);
  EXPECT_EQ(opcount::fit(2, {7, 7, 7}).str(), "7");
  EXPECT_THROW(opcount::fit(2, {114, 204}), InputError);  // two points confirm no line
}

TEST(OpCount, PublishedCountsNameCountedAlgorithms) {
  const std::vector<std::string> names = opcount::algorithm_names();
  for (const opcount::Published& p : opcount::published()) {
    EXPECT_NE(std::find(names.begin(), names.end(), p.algorithm), names.end()) << p.algorithm;
    EXPECT_FALSE(opcount::explanation(p.algorithm).empty()) << p.algorithm;
  }
  // [Craig] §6.13: "for n = 6 ... 657 multiplications"; [TML] Table 8.1 Lagrange at n = 6: 5916
  for (const opcount::Published& p : opcount::published()) {
    if (p.source == "[Craig] §6.13" && p.algorithm == "newton-euler") {
      EXPECT_DOUBLE_EQ(p.mul(6), 657);
    }
    if (p.source == "[TML] Table 8.1" && p.algorithm == "lagrange") {
      EXPECT_DOUBLE_EQ(p.mul(6), 5916);
    }
  }
}

}  // namespace opcount_test
}  // namespace armdyn
