#pragma once
// Sym: a symbolic scalar (a GiNaC expression) that the production algorithm templates (rnea, crba,
// gravity_torque) run on unchanged, so that their closed forms come out of the very code that
// computes the numbers. Arithmetic is GiNaC's: exact rationals, automatic 0*x = 0, 1*x = x.
//
// Conversions from double are exact decimal: Sym(0.1) is the rational 1/10, the shortest
// decimal that reads back as the same double, never the binary fraction 3602879701896397/2^55.
// The algorithms see sin, cos, sqrt through ADL (`using std::sin; sin(x)` finds armdyn::sin).
// Comparisons are structural (a == b: the same expression), enough for Eigen; the algorithms
// never branch on scalar values.
#include <iosfwd>
#include <string>

#include <Eigen/Core>
#include <ginac/ginac.h>

#include "armdyn/core/scalar_traits.hpp"

namespace armdyn {

class Sym {
 public:
  Sym() : e_(0) {}
  Sym(int x) : e_(x) {}  // NOLINT: a number type converts implicitly, like double
  Sym(long x) : e_(x) {}  // NOLINT
  Sym(double x);          // NOLINT: the exact shortest round-trip decimal
  explicit Sym(const GiNaC::ex& e) : e_(e) {}

  const GiNaC::ex& ex() const { return e_; }

  Sym& operator+=(const Sym& b) { e_ += b.e_; return *this; }
  Sym& operator-=(const Sym& b) { e_ -= b.e_; return *this; }
  Sym& operator*=(const Sym& b) { e_ *= b.e_; return *this; }
  Sym& operator/=(const Sym& b) { e_ /= b.e_; return *this; }

 private:
  GiNaC::ex e_;
};

inline Sym operator+(const Sym& a, const Sym& b) { return Sym(a.ex() + b.ex()); }
inline Sym operator-(const Sym& a, const Sym& b) { return Sym(a.ex() - b.ex()); }
inline Sym operator*(const Sym& a, const Sym& b) { return Sym(a.ex() * b.ex()); }
inline Sym operator/(const Sym& a, const Sym& b) { return Sym(a.ex() / b.ex()); }
inline Sym operator-(const Sym& a) { return Sym(-a.ex()); }
inline Sym operator+(const Sym& a) { return a; }
/// Structural equality: the same expression after GiNaC's automatic evaluation.
inline bool operator==(const Sym& a, const Sym& b) { return a.ex().is_equal(b.ex()); }
inline bool operator!=(const Sym& a, const Sym& b) { return !(a == b); }

inline Sym sin(const Sym& x) { return Sym(GiNaC::sin(x.ex())); }
inline Sym cos(const Sym& x) { return Sym(GiNaC::cos(x.ex())); }
inline Sym sqrt(const Sym& x) { return Sym(GiNaC::sqrt(x.ex())); }
inline Sym abs(const Sym& x) { return Sym(GiNaC::abs(x.ex())); }

std::ostream& operator<<(std::ostream& out, const Sym& x);

/// The exact rational of the shortest decimal within `tolerance` of x (0 when |x| <= tolerance),
/// so that round-off in the last bits disappears: shortest_decimal(0.1 + 0.2, 1e-15) == 3/10.
GiNaC::ex shortest_decimal(double x, double tolerance);

/// The value of an expression without free symbols, as a double; InputError otherwise.
double to_double(const GiNaC::ex& e);

}  // namespace armdyn

namespace Eigen {

template <> struct NumTraits<armdyn::Sym> : armdyn::RealScalarNumTraits<armdyn::Sym, true, 1, 3, 3> {
  // exact arithmetic: no round-off to tolerate
  static inline Real epsilon() { return Real(0); }
  static inline Real dummy_precision() { return Real(0); }
  static inline int digits10() { return 0; }
};

}  // namespace Eigen
