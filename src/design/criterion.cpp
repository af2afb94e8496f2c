// The criteria of [VP] §5.2 (include/armdyn/design/criterion.hpp).
#include "armdyn/design/criterion.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "quadrature.hpp"

namespace armdyn::design {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTinyExponent = 1e-150;  // below it, r counts as 0

// φ_s(t) = ln G(1, t) for the exponent s > 0: (1/s) ln((1 + t^s)/2), written so that it keeps
// its relative accuracy when t^s is near 1 (t near 1 or s small) and never overflows.
double log_g_positive(double s, double t) { return std::log1p(0.5 * std::expm1(s * std::log(t))) / s; }

// The integrals of the degrees, over t in [0, 1] (criterion.hpp: Ḡ(r) = (2/3) ∫ G(1, t) dt).
// c(r) = 2 − 3 Ḡ = 2 ∫ (1 − G(1, t)) dt; d(r) = 3 Ḡ − 1 = 2 ∫ (G(1, t) − t) dt.
// For r < 0, G(1, t) = t / G_{−r}(1, t) (the power mean of the reciprocals).
double conjunction_integral(double r) {  // r > 1: c < 1/2
  return 2 * integrate_unit([r](double t) { return -std::expm1(log_g_positive(r, t)); });
}
double disjunction_integral(double r) {  // r < 1, r != 0: d < 1/2
  if (r < 0) return 2 * integrate_unit([s = -r](double t) { return t * std::expm1(-log_g_positive(s, t)); });
  return 2 * integrate_unit([r](double t) { return std::exp(log_g_positive(r, t)) - t; });
}

}  // namespace

double efficiency(double value, double zero_at, double one_at) {
  if (std::isnan(value)) return value;
  if (value >= zero_at) return 0;
  if (value <= one_at) return 1;
  return (zero_at - value) / (zero_at - one_at);  // (5.2.1)
}

void check_value(double x, const std::string& name) {
  if (!std::isfinite(x)) throw InputError(name + ": must be a finite number");
  if (x < 0) throw InputError(name + ": must be >= 0, got " + number_text(x, 17));
}

void check_efficiency_range(double zero_at, double one_at, const std::string& zero_name, const std::string& one_name) {
  check_value(zero_at, zero_name);
  check_value(one_at, one_name);
  if (!(zero_at > one_at))
    throw InputError(zero_name + " (" + number_text(zero_at, 17) + ") must be greater than " + one_name + " (" +
                     number_text(one_at, 17) + "): efficiency 0 at " + zero_name + ", 1 at " + one_name);
}

void check_weight(double w, const std::string& name) {
  if (!(w >= 0 && w <= 1)) throw InputError(name + ": must be in [0, 1], got " + number_text(w, 17));
}

void check_exponent(double r, const std::string& name) {
  if (std::isnan(r)) throw InputError(name + ": must be a number or inf or -inf");
}

double power_mean(double a1, double a2, double r, double w1, double w2) {
  // Components with zero weight take no part.
  if (w1 <= 0) return a2;
  if (w2 <= 0) return a1;
  if (r == kInf) return std::max(a1, a2);    // (5.2.4e)
  if (r == -kInf) return std::min(a1, a2);   // (5.2.4a)
  if (a1 == 0 || a2 == 0) {
    if (r <= 0) return 0;  // conjunctive: G = 0 as soon as one input is 0
    // (w_j a_j^r)^(1/r) = w_j^(1/r) a_j
    return a1 == 0 ? std::exp(std::log(w2) / r) * a2 : std::exp(std::log(w1) / r) * a1;
  }
  const double l1 = std::log(a1), l2 = std::log(a2);
  // (5.2.4c); also for |r| so small that r ln a would lose digits to underflow, where the
  // mean's first-order term r σ²/2 is far below rounding anyway.
  if (std::abs(r) < kTinyExponent) return std::exp(w1 * l1 + w2 * l2);
  // Near r = 0: ln Σ w_i e^{r l_i} = log1p(Σ w_i expm1(r l_i)) (Σ w_i = 1); both expm1 terms have
  // the sign of r l_i, so the sum has no cancellation and (1/r) ln(...) keeps its relative accuracy
  // down to the geometric mean.
  if (std::abs(r * l1) <= 1 && std::abs(r * l2) <= 1)
    return std::exp(std::log1p(w1 * std::expm1(r * l1) + w2 * std::expm1(r * l2)) / r);
  // Log-sum-exp around the term k that dominates as |r| grows (the larger a for r > 0, the
  // smaller for r < 0): ln Σ w_i e^{r l_i} = r l_k + ln w_k + ln(1 + e^{x}), x = ln(w_o/w_k) +
  // r (l_o − l_k), whose r-term is <= 0 (it may be −∞, never NaN), so G tends to a_k as |r| → ∞.
  const bool first = r > 0 ? l1 >= l2 : l1 <= l2;
  const double lk = first ? l1 : l2, wk = first ? w1 : w2, lo = first ? l2 : l1, wo = first ? w2 : w1;
  const double x = std::log(wo) - std::log(wk) + r * (lo - lk);
  const double log_1p_exp = x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  // a_k times the correction, so that a vanishing correction gives a_k exactly.
  return (first ? a1 : a2) * std::exp((std::log(wk) + log_1p_exp) / r);
}

double conjunction_degree(double r) {
  if (std::isnan(r)) return r;
  if (r == kInf) return 0;
  if (r == -kInf) return 1;
  if (r == 1) return 0.5;
  if (std::abs(r) < kTinyExponent) return 2.0 / 3.0;  // Ḡ(0) = ∫∫ √(xy) = 4/9
  if (r > 1) return conjunction_integral(r);
  return 1 - disjunction_integral(r);
}

double disjunction_degree(double r) {
  if (std::isnan(r)) return r;
  if (r == kInf) return 1;
  if (r == -kInf) return 0;
  if (r == 1) return 0.5;
  if (std::abs(r) < kTinyExponent) return 1.0 / 3.0;
  if (r > 1) return 1 - conjunction_integral(r);
  return disjunction_integral(r);
}

double unit_square_mean(double r) {
  if (r >= 1) return (2 - conjunction_degree(r)) / 3;
  return (1 + disjunction_degree(r)) / 3;
}

double exponent_of_conjunction(double c, const std::string& name) {
  if (!(c >= 0 && c <= 1)) throw InputError(name + ": must be in [0, 1], got " + number_text(c, 17));
  if (c == 1) return -kInf;
  if (c == 0) return kInf;
  if (c == 0.5) return 1;
  if (c == 2.0 / 3.0) return 0;
  // Bracket [lo, hi] with c(lo) >= c >= c(hi), by doubling away from r = 1 (or 0).
  double lo, hi;
  constexpr double kLargest = 1e300;
  if (c < 0.5) {
    lo = 1;
    hi = 2;
    while (conjunction_degree(hi) > c) {
      if (hi > kLargest) return kInf;
      lo = hi;
      hi *= 2;
    }
  } else {
    hi = 1;
    lo = c < 2.0 / 3.0 ? 0 : -1;
    if (c < 2.0 / 3.0) {
      // c(0) = 2/3 > c > 1/2 = c(1): the bracket is [0, 1].
    } else {
      hi = 0;
      while (conjunction_degree(lo) < c) {
        if (lo < -kLargest) return -kInf;
        hi = lo;
        lo *= 2;
      }
    }
  }
  return find_root([c](double r) { return conjunction_degree(r) - c; }, lo, hi);
}

}  // namespace armdyn::design
