// Operation counts: the counting scalar OpCount on hand-made expressions and Eigen's fixed-size
// products; the production algorithms' counts on general chains n = 2..12, exact polynomials in n
// equal to the formulas their doc comments state (rnea.hpp, crba.hpp, forward_dynamics.hpp), with
// rnea within Balafoutis et al.'s 93n - 69 multiplications; every formulation of the registry
// countable and polynomial; the exact fit; and the OpCount results equal to the double ones.
// Sensitivity: the same chain with its DH factorisation removed counts more (the counts see the
// algorithm's structure), and a fit refuses values that are not a polynomial.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "armdyn/algorithm/crba_impl.hpp"
#include "armdyn/algorithm/forward_dynamics_impl.hpp"
#include "armdyn/algorithm/rnea_impl.hpp"
#include "armdyn/core/op_count.hpp"
#include "armdyn/formulations/opcount.hpp"
#include "armdyn/formulations/registry.hpp"

namespace armdyn {
namespace {

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
  OpTally rnea, nonlinear, gravity, crba, fd;
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
  c.rnea = tally([&] { rnea(m, d, q, v, a); });
  c.nonlinear = tally([&] { nonlinear_effects(m, d, q, v); });
  c.gravity = tally([&] { gravity_torque(m, d, q); });
  c.crba = tally([&] { crba(m, d, q); });
  c.fd = tally([&] { forward_dynamics(m, d, q, v, a); });
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
  for (int n = 2; n <= 12; ++n) counts.push_back(production_counts(opcount::general_chain(n)));
  const bool fewest = kFewestMultiplications;
  // rnea.hpp
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.rnea.mul; }).str(), fewest ? "90n - 66" : "105n - 78");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.rnea.add; }).str(), fewest ? "106n - 88" : "98n - 84");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.rnea.trig; }).str(), "2n");
  if (fewest) {
    EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.nonlinear.mul; }).str(), "90n - 73");
    EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.nonlinear.add; }).str(), "105n - 94");
    EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.gravity.mul; }).str(), "37n - 18");
    EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.gravity.add; }).str(), "42n - 28");
  }
  // crba.hpp, forward_dynamics.hpp
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.crba.mul; }).str(), "12n^2 + 69n - 77");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.crba.add; }).str(), "9n^2 + 64n - 72");
  if (fewest) {
    EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.fd.mul; }).str(), "(1/6)n^3 + (27/2)n^2 + (466/3)n - 150");
    EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.fd.add; }).str(), "(1/6)n^3 + 10n^2 + (1007/6)n - 166");
  }
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.fd.div; }).str(), "n");
  EXPECT_EQ(fitted(counts, [](const Counts& c) { return c.fd.sqrt; }).str(), "n");
  for (std::size_t k = 0; k < counts.size(); ++k) {
    const int n = static_cast<int>(k) + 2;
    if (fewest) EXPECT_LE(counts[k].rnea.mul, 93 * n - 69) << "n = " << n << ": Balafoutis et al.'s count";
    EXPECT_EQ(counts[k].rnea.div + counts[k].rnea.sqrt, 0);
  }
}

// Sensitivity: the counts follow the algorithm's structure. Without the builder's factorisation
// the joint rotations are dense 3x3 matrices, and rnea pays for it.
TEST(OpCount, DenseRotationsCountMore) {
  for (int n : {2, 6}) {
    Model dense = opcount::general_chain(n);
    dense.dh_rotation.clear();
    const OpTally lean = production_counts(opcount::general_chain(n)).rnea;
    const OpTally heavy = production_counts(dense).rnea;
    EXPECT_GT(heavy.mul, lean.mul + 10 * (n - 1)) << "n = " << n;
  }
}

// The counted evaluation is the double one: the same torques, mass matrix and accelerations (to
// round-off: double contracts a * b + c to fused multiply-adds, OpCount does not).
TEST(OpCount, ValuesEqualTheDoubleRun) {
  const Model model = opcount::general_chain(7);
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
  const VecX<S> tau_c = rnea(m, dc, qc, vc, ac);
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
    for (int n = 2; n <= 8; ++n) mul.push_back(opcount::count(opcount::general_chain(n), name).mul);
    const opcount::Polynomial p = opcount::fit(2, mul);
    EXPECT_LE(p.numerator.size(), 5U) << name << ": " << p.str();
    EXPECT_GT(p(8), 0) << name;
  }
  EXPECT_THROW(opcount::count(opcount::general_chain(2), "no-such-method"), InputError);
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
    if (p.source == "[Craig] §6.13" && p.algorithm == "newton-euler") EXPECT_DOUBLE_EQ(p.mul(6), 657);
    if (p.source == "[TML] Table 8.1" && p.algorithm == "lagrange") EXPECT_DOUBLE_EQ(p.mul(6), 5916);
  }
}

}  // namespace
}  // namespace armdyn
