// The trigonometric simplifier and the printer on hand-written expressions: identities reduce
// to their normal form (c1 c2 - s1 s2 -> c12, s^2 + c^2 -> 1, double angles), non-identities
// do not reduce to 0, and the printer's grouping, ordering, numbers and Craig names.
#include <gtest/gtest.h>

#include "armdyn/symbolic/print.hpp"
#include "armdyn/symbolic/trig.hpp"

namespace armdyn {
namespace symbolic_trig_test {

using GiNaC::ex;

// A table with two revolute joint angles q1, q2, a prismatic position q3, and parameters.
struct Table {
  SymbolTable t;
  ex q1, q2, q3, m1, m2, l1, l2, g, qd1, qd2, qdd1;
  Table() {
    q1 = add("q1", "\\theta_{1}", SymbolKind::kAngle, 0);
    q2 = add("q2", "\\theta_{2}", SymbolKind::kAngle, 1);
    q3 = add("q3", "d_{3}", SymbolKind::kPosition, 2);
    m1 = add("m1", "m_{1}", SymbolKind::kMass, 0);
    m2 = add("m2", "m_{2}", SymbolKind::kMass, 1);
    l1 = add("l1", "l_{1}", SymbolKind::kLength, 0);
    l2 = add("l2", "l_{2}", SymbolKind::kLength, 1);
    g = add("g", "g", SymbolKind::kGravity, 0);
    qd1 = add("qd1", "\\dot{\\theta}_{1}", SymbolKind::kVelocity, 0);
    qd2 = add("qd2", "\\dot{\\theta}_{2}", SymbolKind::kVelocity, 1);
    qdd1 = add("qdd1", "\\ddot{\\theta}_{1}", SymbolKind::kAcceleration, 0);
  }
  ex add(const std::string& text, const std::string& latex, SymbolKind kind, int index) {
    SymbolInfo info;
    info.text = text;
    info.latex = latex;
    info.kind = kind;
    info.key = {index + 1};
    info.joint = index;
    return t.add(info);
  }
  bool zero(const ex& e) const { return simplify_trig(e, t).is_zero(); }
  std::string text(const ex& e) { return format_polynomial(craig_atoms(simplify_trig(e, t), t), t, Notation::kText); }
};

TEST(SymbolicTrig, IdentitiesReduceToZero) {
  Table s;
  const ex c1 = cos(s.q1), s1 = sin(s.q1), c2 = cos(s.q2), s2 = sin(s.q2);
  EXPECT_TRUE(s.zero(c1 * c1 + s1 * s1 - 1));
  EXPECT_TRUE(s.zero(c1 * c2 - s1 * s2 - cos(s.q1 + s.q2)));
  EXPECT_TRUE(s.zero(s1 * c2 + c1 * s2 - sin(s.q1 + s.q2)));
  EXPECT_TRUE(s.zero(sin(2 * s.q1) - 2 * s1 * c1));
  EXPECT_TRUE(s.zero(cos(3 * s.q2) - 4 * pow(c2, 3) + 3 * c2));
  EXPECT_TRUE(s.zero(cos(s.q1 - s.q2) - cos(s.q2 - s.q1)));
  EXPECT_TRUE(s.zero(sin(s.q1 - s.q2) + sin(s.q2 - s.q1)));
  EXPECT_TRUE(s.zero(cos(s.q1 + GiNaC::Pi / 2) + s1));  // constant offsets are evaluated exactly
  EXPECT_TRUE(s.zero(s.m1 * s.q3 * (c1 * c1 + s1 * s1) - s.m1 * s.q3));  // prismatic positions are coefficients
}

TEST(SymbolicTrig, NonIdentitiesDoNotReduceToZero) {
  Table s;
  const ex c1 = cos(s.q1), s1 = sin(s.q1), c2 = cos(s.q2), s2 = sin(s.q2);
  EXPECT_FALSE(s.zero(c1 * c1 - s1 * s1 - 1));
  EXPECT_FALSE(s.zero(c1 * c2 + s1 * s2 - cos(s.q1 + s.q2)));
  EXPECT_FALSE(s.zero(sin(2 * s.q1) - s1 * c1));
  EXPECT_FALSE(s.zero(cos(s.q1 - s.q2) - cos(s.q1 + s.q2)));
  EXPECT_FALSE(s.zero(c1 * c1 + s1 * s1 - 1 + 1e-30 * s.m1));
}

TEST(SymbolicTrig, NormalFormIsCraigsNotation) {
  Table s;
  const ex c1 = cos(s.q1), s1 = sin(s.q1), c2 = cos(s.q2), s2 = sin(s.q2);
  EXPECT_EQ(s.text(s.m2 * s.l2 * s.g * (c1 * c2 - s1 * s2) + (s.m1 + s.m2) * s.l1 * s.g * c1),
            "(m1 + m2)*l1*g*c1 + m2*l2*g*c12");
  EXPECT_EQ(s.text(s.l1 * s.l1 * s.m1 + s.l1 * s.l1 * s.m2 + s.l2 * s.l2 * s.m2 + 2 * s.m2 * s.l1 * s.l2 * c2),
            "(m1 + m2)*l1^2 + m2*l2^2 + 2*m2*l1*l2*c2");
  EXPECT_EQ(s.text(s1 * s1), "0.5 - 0.5*cos(2*q1)");
  EXPECT_EQ(s.text(s1 * c2 - c1 * s2), "sin(q1 - q2)");
  // Accelerations, then velocity products, then the rest; common factors out of each group.
  EXPECT_EQ(s.text(s.m2 * s.g * s2 + (s.m1 + s.m2 * c2) * s.qdd1 - 2 * s.m2 * s.l1 * s2 * s.qd1 * s.qd2 -
                   s.m2 * s.l1 * s2 * s.qd1 * s.qd1),
            "(m1 + m2*c2)*qdd1 - m2*l1*s2*qd1^2 - 2*m2*l1*s2*qd1*qd2 + m2*g*s2");
  EXPECT_EQ(s.text(-4 * s.m1 * s.l1 * s2 - 4 * s.m2 * s.l1 * s2), "-4*(m1 + m2)*l1*s2");
}

TEST(SymbolicTrig, LatexNames) {
  Table s;
  const ex e = craig_atoms(simplify_trig(s.m2 * s.l2 * cos(s.q1 + s.q2) * s.qd1 * s.qd1 / 3, s.t), s.t);
  EXPECT_EQ(format_polynomial(e, s.t, Notation::kLatex), "\\frac{1}{3} m_{2} l_{2} c_{12} \\dot{\\theta}_{1}^{2}");
}

TEST(SymbolicTrig, Numbers) {
  using GiNaC::numeric;
  EXPECT_EQ(format_number(numeric(2), Notation::kText), "2");
  EXPECT_EQ(format_number(numeric(-1, 4), Notation::kText), "-0.25");
  EXPECT_EQ(format_number(numeric(981, 100), Notation::kText), "9.81");
  EXPECT_EQ(format_number(numeric(1, 3), Notation::kText), "1/3");
  EXPECT_EQ(format_number(numeric(-1, 3), Notation::kLatex), "-\\frac{1}{3}");
  EXPECT_EQ(format_number(numeric(1, 1024), Notation::kText), "0.0009765625");
  EXPECT_EQ(format_number(numeric(1, 7919), Notation::kText), "0.000126278570527");
}

}  // namespace symbolic_trig_test
}  // namespace armdyn
