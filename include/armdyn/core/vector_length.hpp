#pragma once
// Lengths and directions of vectors that come from users (quaternions in q, axes, directions,
// normals) for every finite size. The plain sqrt(x0^2 + x1^2 + ...) overflows to infinity once a
// component passes ~1e154 and loses every digit to underflow below ~1e-154, although the
// direction of such a vector is perfectly well defined. A squared norm that lands inside
// [kPlainSquaredNormMin, kPlainSquaredNormMax] was formed with neither (a square lost below the
// lower end is under 2^-120 of the sum), so the plain formula is kept there and costs a hot path
// one range test; outside it the vector is first divided by its largest component, which brings
// the squared norm into [1, n]. (Eigen's stableNorm scales block by block, at several times the
// cost on a four-vector, and Eigen's normalized() returns the vector unchanged when the squared
// norm underflows to 0 and zero when it overflows.)
#include <cmath>
#include <optional>
#include <string>

#include <Eigen/Core>

#include "armdyn/core/error.hpp"

namespace armdyn {

inline constexpr double kPlainSquaredNormMin = 0x1p-900;  // ~1.2e-271
inline constexpr double kPlainSquaredNormMax = 0x1p+900;  // ~8.5e+270

/// Whether a squared norm formed as a plain sum of squares is exact to round-off and can be
/// divided into and square-rooted without leaving the normal range (false for 0, inf and NaN).
inline bool plain_squared_norm(double n2) { return n2 >= kPlainSquaredNormMin && n2 <= kPlainSquaredNormMax; }

/// Why x has no direction: "is not finite" (a component is infinite or NaN), "is zero", or ""
/// when it has one (any finite non-zero x, subnormal components included).
template <class Derived> const char* direction_problem(const Eigen::MatrixBase<Derived>& x) {
  if (!x.allFinite()) return "is not finite";
  if ((x.array() == 0).all()) return "is zero";
  return "";
}

/// The Euclidean length of x, correct to round-off for every finite x whose length is a finite
/// double; infinite or NaN when a component is.
template <class Derived> double scaled_norm(const Eigen::MatrixBase<Derived>& x) {
  const double n2 = x.squaredNorm();
  if (plain_squared_norm(n2) || !x.allFinite()) return std::sqrt(n2);
  const double m = x.cwiseAbs().maxCoeff();
  if (m == 0) return 0;
  return m * (x / m).norm();
}

/// x divided by its length (scaled_norm), or nothing when x is zero or not finite.
template <class Derived>
std::optional<typename Derived::PlainObject> unit_vector(const Eigen::MatrixBase<Derived>& x) {
  using Plain = typename Derived::PlainObject;
  const double n2 = x.squaredNorm();
  if (plain_squared_norm(n2)) return Plain(x / std::sqrt(n2));
  if (!x.allFinite()) return std::nullopt;
  const double m = x.cwiseAbs().maxCoeff();
  if (m == 0) return std::nullopt;
  const Plain y = x / m;  // its largest component is +-1: y.squaredNorm() is in [1, n]
  return Plain(y / std::sqrt(y.squaredNorm()));
}

/// x divided by its length; throws InputError "<what> <direction_problem>" when it has none.
template <class Derived>
typename Derived::PlainObject unit_vector_or_throw(const Eigen::MatrixBase<Derived>& x, const std::string& what) {
  if (auto u = unit_vector(x)) return *u;
  throw InputError(what + " " + direction_problem(x));
}

}  // namespace armdyn
