#pragma once
// A value with its time derivative along a motion, x + x' dt (dt^2 = 0): the scalar on which
// nominal_control.cpp runs rnea to get d tau / dt exactly from (q, q', q'', q'''): q carries the
// rate q', q' the rate q'' and q'' the rate q'''. Private to src/drives/.
#include <cmath>

#include <Eigen/Core>

#include "armdyn/core/scalar_traits.hpp"

namespace armdyn::drives {

struct TimeRate {
  double x, rate;  ///< value and its time derivative

  TimeRate() = default;
  constexpr TimeRate(double value) : x(value), rate(0.0) {}  // NOLINT: implicit, like a literal
  constexpr TimeRate(double value, double r) : x(value), rate(r) {}

  TimeRate& operator+=(const TimeRate& o) {
    x += o.x;
    rate += o.rate;
    return *this;
  }
  TimeRate& operator-=(const TimeRate& o) {
    x -= o.x;
    rate -= o.rate;
    return *this;
  }
  TimeRate& operator*=(const TimeRate& o) {
    rate = rate * o.x + x * o.rate;
    x *= o.x;
    return *this;
  }
  TimeRate& operator/=(const TimeRate& o) {
    const double q = x / o.x;
    rate = (rate - q * o.rate) / o.x;
    x = q;
    return *this;
  }
};

inline TimeRate operator+(TimeRate a, const TimeRate& b) { return a += b; }
inline TimeRate operator-(TimeRate a, const TimeRate& b) { return a -= b; }
inline TimeRate operator*(TimeRate a, const TimeRate& b) { return a *= b; }
inline TimeRate operator/(TimeRate a, const TimeRate& b) { return a /= b; }
inline TimeRate operator-(const TimeRate& a) { return TimeRate(-a.x, -a.rate); }
inline TimeRate operator+(const TimeRate& a) { return a; }

inline TimeRate sin(const TimeRate& a) { return TimeRate(std::sin(a.x), std::cos(a.x) * a.rate); }
inline TimeRate cos(const TimeRate& a) { return TimeRate(std::cos(a.x), -std::sin(a.x) * a.rate); }
inline TimeRate sqrt(const TimeRate& a) {
  const double s = std::sqrt(a.x);
  return TimeRate(s, a.rate / (2.0 * s));
}

}  // namespace armdyn::drives

namespace Eigen {

template <>
struct NumTraits<armdyn::drives::TimeRate> : armdyn::RealScalarNumTraits<armdyn::drives::TimeRate, false, 2, 2, 3> {};

}  // namespace Eigen
