// Sym as an Eigen scalar: exact decimal conversion, 3x3 products and cross products, ADL sin/cos
// from a template written for double, the graph evaluator. Sensitivity: a wrong identity stays
// nonzero, a wrong value is detected.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/core/error.hpp"
#include "armdyn/spatial/inertia.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "armdyn/symbolic/evaluate.hpp"
#include "armdyn/symbolic/sym.hpp"

namespace armdyn {
namespace symbolic_scalar_test {

using GiNaC::ex;
using GiNaC::numeric;

// Written as the algorithms are: ADL maths, literals as S(...).
template <class S> S pendulum_torque(const S& m, const S& l, const S& q) {
  using std::cos;
  return m * l * S(9.81) * cos(q);
}

TEST(SymbolicScalar, DoublesConvertToExactDecimals) {
  EXPECT_TRUE(Sym(0.1).ex().is_equal(numeric(1, 10)));
  EXPECT_TRUE(Sym(-9.81).ex().is_equal(numeric(-981, 100)));
  EXPECT_TRUE(Sym(2.0).ex().is_equal(numeric(2)));
  EXPECT_TRUE(Sym(6.123233995736766e-17).ex().is_equal(numeric(6123233995736766) / GiNaC::pow(numeric(10), 32)));
  EXPECT_TRUE(shortest_decimal(0.1 + 0.2, 1e-15).is_equal(numeric(3, 10)));
  EXPECT_FALSE(Sym(0.1 + 0.2).ex().is_equal(numeric(3, 10)));  // 0.30000000000000004 as a double
  EXPECT_TRUE(shortest_decimal(1e-17, 1e-15).is_zero());
}

TEST(SymbolicScalar, EigenProductsOfRotations) {
  const GiNaC::symbol a("a"), b("b");
  const Mat3<Sym> R = rot_z(Sym(ex(a))) * rot_x(Sym(ex(b)));
  const Mat3<Sym> RtR = R.transpose() * R;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      const ex e = GiNaC::expand(RtR(r, c).ex()).subs(GiNaC::pow(sin(a), 2) == 1 - GiNaC::pow(cos(a), 2));
      const ex f = GiNaC::expand(e).subs(GiNaC::pow(sin(b), 2) == 1 - GiNaC::pow(cos(b), 2));
      EXPECT_TRUE(GiNaC::expand(f - (r == c ? 1 : 0)).is_zero()) << r << c << ": " << f;
    }
  const Vec3<Sym> x(Sym(ex(a)), Sym(1), Sym(0)), y(Sym(0), Sym(ex(b)), Sym(2));
  const Vec3<Sym> z = x.cross(y);
  EXPECT_TRUE((z[0].ex() - 2).is_zero());
  EXPECT_TRUE((z[1].ex() + 2 * a).is_zero());
  EXPECT_TRUE((z[2].ex() - a * b).is_zero());
  EXPECT_TRUE((x.dot(y).ex() - b).is_zero());
  // Zeros stay exact: 0 * a is 0, not a symbol times 0.
  EXPECT_TRUE((Sym(0) * Sym(ex(a))).ex().is_zero());
  const Inertia<Sym> I = Inertia<Sym>::from_com(Sym(ex(a)), Vec3<Sym>(Sym(ex(b)), Sym(0), Sym(0)), Mat3<Sym>::Zero());
  EXPECT_TRUE(I.I(0, 0).ex().is_zero());
  EXPECT_TRUE((I.I(2, 2).ex() - a * b * b).is_zero());
}

TEST(SymbolicScalar, AdlMathsFromAGenericTemplate) {
  const GiNaC::symbol m("m"), l("l"), q("q");
  const Sym t = pendulum_torque(Sym(ex(m)), Sym(ex(l)), Sym(ex(q)));
  EXPECT_TRUE((t.ex() - numeric(981, 100) * m * l * cos(q)).is_zero());
  Evaluator evaluate({{m, 2}, {l, numeric(1, 2)}, {q, numeric(3, 10)}});
  EXPECT_NEAR(evaluate(t.ex()), pendulum_torque(2.0, 0.5, 0.3), 1e-14);
  EXPECT_GT(std::abs(evaluate(t.ex()) - pendulum_torque(2.0, 0.5, 0.31)), 1e-3);
  EXPECT_THROW(Evaluator({{m, 2}})(t.ex()), InputError);
}

}  // namespace symbolic_scalar_test
}  // namespace armdyn
