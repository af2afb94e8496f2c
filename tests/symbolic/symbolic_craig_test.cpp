// The closed forms of the built-in Craig arms, with symbolic parameters, equal the ones printed in
// [Craig]: the 2-link arm's M, V, G (6.60)-(6.62) and tau (6.58), the RP arm's Example 6.5
// (6.88)-(6.89). Equality is exact: the difference, in the simplifier's normal form, is 0. Each
// check is paired with a wrong closed form (a dropped factor, c2 for c12, the wrong terms of
// Exercise 6.14) that must be told apart.
#include <gtest/gtest.h>

#include "armdyn/model/catalogue.hpp"
#include "armdyn/symbolic/closed_form.hpp"
#include "armdyn/symbolic/trig.hpp"

namespace armdyn {
namespace symbolic_craig_test {

using GiNaC::ex;

struct Forms {
  SymbolicModel sm;
  ClosedForm tau, M, G;
  std::vector<ex> V;  // tau - M qdd - G: [Craig]'s V(q, qd) (6.59)
};

Forms forms(const std::string& name) {
  Forms f{make_symbolic_model(builtin_model(name).model, true), {}, {}, {}, {}};
  f.tau = closed_form(f.sm, SymbolicAlgorithm::kRnea);
  f.M = closed_form(f.sm, SymbolicAlgorithm::kMassMatrix);
  f.G = closed_form(f.sm, SymbolicAlgorithm::kGravity);
  const int n = f.sm.model.dof;
  for (int i = 0; i < n; ++i) {
    ex v = f.tau.at(i) - f.G.at(i);
    for (int j = 0; j < n; ++j) v -= f.M.at(i, j) * f.sm.qdd[j].ex();
    f.V.push_back(simplify_trig(v, f.sm.symbols));
  }
  return f;
}

// a == b for every value of the symbols: their difference's normal form is 0.
::testing::AssertionResult same(const ex& a, const ex& b, const SymbolTable& table) {
  const ex d = simplify_trig(a - b, table);
  if (d.is_zero()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "difference " << d;
}

TEST(SymbolicCraig, TwoLinkArmMVG) {
  const Forms f = forms("planar2r");
  const SymbolTable& t = f.sm.symbols;
  const ex m1 = t["m1"], m2 = t["m2"], l1 = t["l1"], l2 = t["l2"], g = t["g"];
  const ex q1 = t["q1"], q2 = t["q2"], qd1 = t["qd1"], qd2 = t["qd2"];
  const ex c1 = cos(q1), c2 = cos(q2), s2 = sin(q2), c12 = cos(q1 + q2);
  // (6.60)
  const ex M11 = l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2);
  const ex M12 = l2 * l2 * m2 + l1 * l2 * m2 * c2;
  EXPECT_TRUE(same(f.M.at(0, 0), M11, t));
  EXPECT_TRUE(same(f.M.at(0, 1), M12, t));
  EXPECT_TRUE(same(f.M.at(1, 0), M12, t));
  EXPECT_TRUE(same(f.M.at(1, 1), l2 * l2 * m2, t));
  // (6.61)
  EXPECT_TRUE(same(f.V[0], -m2 * l1 * l2 * s2 * qd2 * qd2 - 2 * m2 * l1 * l2 * s2 * qd1 * qd2, t));
  EXPECT_TRUE(same(f.V[1], m2 * l1 * l2 * s2 * qd1 * qd1, t));
  // (6.62)
  EXPECT_TRUE(same(f.G.at(0), m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, t));
  EXPECT_TRUE(same(f.G.at(1), m2 * l2 * g * c12, t));

  // Wrong closed forms are told apart.
  EXPECT_FALSE(same(f.M.at(0, 0), l2 * l2 * m2 + l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), t));  // lost 2
  EXPECT_FALSE(same(f.M.at(1, 1), l2 * l2 * m2 + l1 * l2 * m2 * c2, t));
  EXPECT_FALSE(same(f.V[0], -m2 * l1 * l2 * s2 * qd2 * qd2 - m2 * l1 * l2 * s2 * qd1 * qd2, t));
  EXPECT_FALSE(same(f.V[1], -m2 * l1 * l2 * s2 * qd1 * qd1, t));
  EXPECT_FALSE(same(f.G.at(1), m2 * l2 * g * c2, t));  // c2 for c12
  EXPECT_FALSE(same(f.G.at(0), m2 * l2 * g * c12 + m1 * l1 * g * c1, t));
}

TEST(SymbolicCraig, TwoLinkArmTorques) {
  // (6.58), written with the angle sum as cos(q1 + q2) and the products of single angles.
  const Forms f = forms("planar2r");
  const SymbolTable& t = f.sm.symbols;
  const ex m1 = t["m1"], m2 = t["m2"], l1 = t["l1"], l2 = t["l2"], g = t["g"];
  const ex q1 = t["q1"], q2 = t["q2"], qd1 = t["qd1"], qd2 = t["qd2"], a1 = t["qdd1"], a2 = t["qdd2"];
  const ex c1 = cos(q1), s1 = sin(q1), c2 = cos(q2), s2 = sin(q2);
  const ex c12 = c1 * c2 - s1 * s2;  // the simplifier must see this is cos(q1 + q2)
  const ex tau1 = m2 * l2 * l2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1 * l1 * a1 -
                  m2 * l1 * l2 * s2 * qd2 * qd2 - 2 * m2 * l1 * l2 * s2 * qd1 * qd2 + m2 * l2 * g * c12 +
                  (m1 + m2) * l1 * g * c1;
  const ex tau2 = m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * qd1 * qd1 + m2 * l2 * g * cos(q1 + q2) +
                  m2 * l2 * l2 * (a1 + a2);
  EXPECT_TRUE(same(f.tau.at(0), tau1, t));
  EXPECT_TRUE(same(f.tau.at(1), tau2, t));
  EXPECT_FALSE(same(f.tau.at(1), tau2 - m2 * l2 * l2 * a2, t));
  EXPECT_FALSE(same(f.tau.at(0), tau1 - m2 * l2 * g * c12 + m2 * l2 * g * (c1 * c2 + s1 * s2), t));  // c(1-2)
}

TEST(SymbolicCraig, RpArmExample65) {
  // Example 6.5 with Craig's Izz2 (about an axis parallel to joint 1) = the model's Iyy2 (link 2's
  // frame has its z axis along the slide, its y axis along -z1) and d2 = q2.
  const Forms f = forms("rp");
  const SymbolTable& t = f.sm.symbols;
  const ex m1 = t["m1"], m2 = t["m2"], l1 = t["l1"], g = t["g"], Izz1 = t["Izz1"], Izz2 = t["Iyy2"];
  const ex q1 = t["q1"], d2 = t["q2"], qd1 = t["qd1"], dd2 = t["qd2"], a1 = t["qdd1"], a2 = t["qdd2"];
  // (6.89)
  EXPECT_TRUE(same(f.M.at(0, 0), m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2, t));
  EXPECT_TRUE(same(f.M.at(0, 1), 0, t));
  EXPECT_TRUE(same(f.M.at(1, 1), m2, t));
  EXPECT_TRUE(same(f.V[0], 2 * m2 * d2 * qd1 * dd2, t));
  EXPECT_TRUE(same(f.V[1], -m2 * d2 * qd1 * qd1, t));
  EXPECT_TRUE(same(f.G.at(0), (m1 * l1 + m2 * d2) * g * cos(q1), t));
  EXPECT_TRUE(same(f.G.at(1), m2 * g * sin(q1), t));
  // (6.88)
  const ex tau1 = (m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2) * a1 + 2 * m2 * d2 * qd1 * dd2 +
                  (m1 * l1 + m2 * d2) * g * cos(q1);
  const ex tau2 = m2 * a2 - m2 * d2 * qd1 * qd1 + m2 * g * sin(q1);
  EXPECT_TRUE(same(f.tau.at(0), tau1, t));
  EXPECT_TRUE(same(f.tau.at(1), tau2, t));

  // Exercise 6.14's wrong terms (with d1 -> l1): m1 (l1^2 + d2), m1 (l1 + d2 qd1), m2 (d2 + dd2);
  // m1 dd2 qdd1, -m1 l1 dd2, (d2 + 1) in the gravity term of tau2.
  const ex wrong1 = (m1 * (l1 * l1 + d2) + m2 * d2 * d2) * a1 + 2 * m2 * d2 * dd2 * qd1 +
                    g * cos(q1) * (m1 * (l1 + d2 * qd1) + m2 * (d2 + dd2));
  const ex wrong2 = m1 * dd2 * a1 + m2 * a2 - m1 * l1 * dd2 - m2 * d2 * qd1 * qd1 + m2 * (d2 + 1) * g * sin(q1);
  EXPECT_FALSE(same(f.tau.at(0), wrong1, t));
  EXPECT_FALSE(same(f.tau.at(1), wrong2, t));
  EXPECT_FALSE(same(f.M.at(0, 0), m1 * l1 * l1 + Izz1 + m2 * d2 * d2, t));  // lost Izz2
}

TEST(SymbolicCraig, RpArmNumericInstance) {
  // Worked numbers for Example 6.5 (m1 = 2, m2 = 1.5, l1 = 0.4, Izz1 = 0.1,
  // Izz2 = 0.05, g = 9.81, the built-in rp's): tau = (17.3551698643, 5.9267468006).
  const Forms f = forms("rp");
  VecX<double> q(2), qd(2), qdd(2);
  q << 0.5, 0.8;
  qd << 1.2, -0.3;
  qdd << 0.7, 0.4;
  Evaluator evaluate(f.sm.values(q, qd, qdd));
  EXPECT_NEAR(evaluate(f.tau.at(0)), 17.3551698643, 1e-9);
  EXPECT_NEAR(evaluate(f.tau.at(1)), 5.9267468006, 1e-9);
  EXPECT_NEAR(evaluate(f.G.at(0)), 17.2181698643, 1e-9);
  EXPECT_NEAR(evaluate(f.V[1]), -1.728, 1e-12);
  EXPECT_GT(std::abs(evaluate(f.tau.at(0)) - 17.3551698643 * 1.001), 1e-3);
}

}  // namespace symbolic_craig_test
}  // namespace armdyn
