#pragma once
// A forward-mode dual number x = v + d eps (eps^2 = 0): carried through any algorithm templated
// on the scalar, d gives the exact directional derivative of its result (to round-off). The
// library runs rnea on it to get d tau / dt along a motion (drives/nominal_control.cpp: q carries
// the rate q', q' the rate q'', q'' the rate q'''); the tests and benchmarks use it as the
// smallest scalar other than double, and to check derivatives against the analytical ones.
//
// sin, cos, sqrt live in this namespace so that the algorithms' `using std::sin; sin(x)` finds
// them by argument-dependent lookup; the Eigen::NumTraits specialisation below lets fixed- and
// dynamic-size Eigen matrices hold Dual.
#include <cmath>
#include <ostream>

#include <Eigen/Core>

#include "armdyn/core/scalar_traits.hpp"

namespace armdyn {

struct Dual {
  double v, d;  ///< value and derivative (tangent)

  Dual() = default;  // trivial, like double: uninitialised unless value-initialised
  constexpr Dual(double value) : v(value), d(0.0) {}  // NOLINT: implicit, like a literal
  constexpr Dual(double value, double tangent) : v(value), d(tangent) {}

  Dual& operator+=(const Dual& o) {
    v += o.v;
    d += o.d;
    return *this;
  }
  Dual& operator-=(const Dual& o) {
    v -= o.v;
    d -= o.d;
    return *this;
  }
  Dual& operator*=(const Dual& o) {
    d = d * o.v + v * o.d;
    v *= o.v;
    return *this;
  }
  Dual& operator/=(const Dual& o) {
    const double q = v / o.v;
    d = (d - q * o.d) / o.v;
    v = q;
    return *this;
  }
};

inline Dual operator+(Dual a, const Dual& b) { return a += b; }
inline Dual operator-(Dual a, const Dual& b) { return a -= b; }
inline Dual operator*(Dual a, const Dual& b) { return a *= b; }
inline Dual operator/(Dual a, const Dual& b) { return a /= b; }
inline Dual operator-(const Dual& a) { return Dual(-a.v, -a.d); }
inline Dual operator+(const Dual& a) { return a; }

inline Dual sin(const Dual& x) { return Dual(std::sin(x.v), std::cos(x.v) * x.d); }
inline Dual cos(const Dual& x) { return Dual(std::cos(x.v), -std::sin(x.v) * x.d); }
inline Dual sqrt(const Dual& x) {
  const double s = std::sqrt(x.v);
  return Dual(s, x.d / (2.0 * s));
}

inline std::ostream& operator<<(std::ostream& out, const Dual& x) { return out << x.v << " + " << x.d << " eps"; }

/// The values (or the derivatives) of a matrix of Dual, as doubles.
template <class Derived>
Eigen::Matrix<double, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime> value_of(
    const Eigen::MatrixBase<Derived>& x) {
  return x.unaryExpr([](const Dual& y) { return y.v; });
}
template <class Derived>
Eigen::Matrix<double, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime> tangent_of(
    const Eigen::MatrixBase<Derived>& x) {
  return x.unaryExpr([](const Dual& y) { return y.d; });
}

}  // namespace armdyn

namespace Eigen {

template <> struct NumTraits<armdyn::Dual> : armdyn::RealScalarNumTraits<armdyn::Dual, false, 2, 2, 3> {};

}  // namespace Eigen
