#pragma once
// OpCount: a double that counts the arithmetic done on it, so that the same algorithm templates
// that run on double report their exact operation counts (model.cast<OpCount>(),
// DataTpl<OpCount>, each formulation's Workspace<OpCount>). The value is carried along, so the
// results stay numerically right and can be checked against the double run.
//
// What is counted, and where (the scope of [Craig] §6.13 and [TML] §8, Tables 8.1-8.5):
//   mul   a * b                     add   a + b, a - b
//   div   a / b                     sqrt  sqrt(a)
//   trig  each call of sin, cos, tan, asin, acos, atan, atan2
// Free: sign changes (-a), copies, conversions from double (literals), comparisons, abs.
// A sine and a cosine of one angle are two calls, so trig = 2 per revolute joint and per
// evaluation of its rotation. The seeds' tables count none of them: they take the link
// rotations as given ([TML] Table 8.4 starts at w_i = R w_{i-1}, 9n mult); armdyn reports trig
// apart from mul and add, so that the two can be compared.
//
// The tally is one per thread (thread_local): every operation on any OpCount of this thread adds
// to op_tally(). Measure a region with OpCounter (the difference of two readings), so nested or
// concurrent measurements on other threads do not interfere.
#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>

#include <Eigen/Core>

#include "armdyn/core/scalar_traits.hpp"

namespace armdyn {

/// Operation counts of one region of code.
struct OpTally {
  std::int64_t mul = 0, add = 0, div = 0, sqrt = 0, trig = 0;

  friend OpTally operator-(const OpTally& a, const OpTally& b) {
    return OpTally{a.mul - b.mul, a.add - b.add, a.div - b.div, a.sqrt - b.sqrt, a.trig - b.trig};
  }
  friend OpTally operator+(const OpTally& a, const OpTally& b) {
    return OpTally{a.mul + b.mul, a.add + b.add, a.div + b.div, a.sqrt + b.sqrt, a.trig + b.trig};
  }
  bool operator==(const OpTally&) const = default;
};

inline std::ostream& operator<<(std::ostream& out, const OpTally& t) {
  return out << "{mul " << t.mul << ", add " << t.add << ", div " << t.div << ", sqrt " << t.sqrt << ", trig "
             << t.trig << "}";
}

/// The running tally of this thread.
inline OpTally& op_tally() {
  thread_local OpTally tally;
  return tally;
}

/// Counts the operations done on this thread between its construction and count().
class OpCounter {
 public:
  OpCounter() : start_(op_tally()) {}
  OpTally count() const { return op_tally() - start_; }

 private:
  OpTally start_;
};

class OpCount {
 public:
  OpCount() = default;                              ///< 0, like a value-initialised double
  OpCount(double x) : x_(x) {}                      // NOLINT: implicit, like a literal; free
  double value() const { return x_; }

  OpCount& operator+=(const OpCount& b) { ++op_tally().add; x_ += b.x_; return *this; }
  OpCount& operator-=(const OpCount& b) { ++op_tally().add; x_ -= b.x_; return *this; }
  OpCount& operator*=(const OpCount& b) { ++op_tally().mul; x_ *= b.x_; return *this; }
  OpCount& operator/=(const OpCount& b) { ++op_tally().div; x_ /= b.x_; return *this; }

  friend OpCount operator+(OpCount a, const OpCount& b) { return a += b; }
  friend OpCount operator-(OpCount a, const OpCount& b) { return a -= b; }
  friend OpCount operator*(OpCount a, const OpCount& b) { return a *= b; }
  friend OpCount operator/(OpCount a, const OpCount& b) { return a /= b; }
  friend OpCount operator-(const OpCount& a) { return OpCount(-a.x_); }
  friend OpCount operator+(const OpCount& a) { return a; }

  friend bool operator==(const OpCount& a, const OpCount& b) { return a.x_ == b.x_; }
  friend bool operator!=(const OpCount& a, const OpCount& b) { return a.x_ != b.x_; }
  friend bool operator<(const OpCount& a, const OpCount& b) { return a.x_ < b.x_; }
  friend bool operator>(const OpCount& a, const OpCount& b) { return a.x_ > b.x_; }
  friend bool operator<=(const OpCount& a, const OpCount& b) { return a.x_ <= b.x_; }
  friend bool operator>=(const OpCount& a, const OpCount& b) { return a.x_ >= b.x_; }

  // Found by argument-dependent lookup from `using std::sin; sin(x)`.
  friend OpCount sin(const OpCount& a) { return trig(std::sin(a.x_)); }
  friend OpCount cos(const OpCount& a) { return trig(std::cos(a.x_)); }
  friend OpCount tan(const OpCount& a) { return trig(std::tan(a.x_)); }
  friend OpCount asin(const OpCount& a) { return trig(std::asin(a.x_)); }
  friend OpCount acos(const OpCount& a) { return trig(std::acos(a.x_)); }
  friend OpCount atan(const OpCount& a) { return trig(std::atan(a.x_)); }
  friend OpCount atan2(const OpCount& y, const OpCount& x) { return trig(std::atan2(y.x_, x.x_)); }
  friend OpCount sqrt(const OpCount& a) { ++op_tally().sqrt; return OpCount(std::sqrt(a.x_)); }
  friend OpCount abs(const OpCount& a) { return OpCount(std::abs(a.x_)); }
  friend OpCount fabs(const OpCount& a) { return OpCount(std::abs(a.x_)); }
  friend bool isfinite(const OpCount& a) { return std::isfinite(a.x_); }
  friend bool isnan(const OpCount& a) { return std::isnan(a.x_); }
  friend bool isinf(const OpCount& a) { return std::isinf(a.x_); }

  friend std::ostream& operator<<(std::ostream& out, const OpCount& a) { return out << a.x_; }

 private:
  static OpCount trig(double x) { ++op_tally().trig; return OpCount(x); }
  double x_ = 0.0;
};

}  // namespace armdyn

namespace Eigen {

template <> struct NumTraits<armdyn::OpCount> : armdyn::RealScalarNumTraits<armdyn::OpCount, true, 1, 1, 1> {};

}  // namespace Eigen
