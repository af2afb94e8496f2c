#pragma once
// The design criteria of [VP] §5.2: the time and energy efficiencies of a candidate manipulator
// on a test task, and their combination into one figure of merit by a weighted power mean whose
// exponent r sets how strongly both must be high (docs/design.md).
//
//   G_t = (T0 − T) / (T0 − T1),   G_e = (E0 − E) / (E0 − E1)          (5.2.1), clipped to [0, 1]
//   G   = (w_t G_t^r + w_e G_e^r)^(1/r),   w_t + w_e = 1               (5.2.2), (5.2.3)
//   r = −∞: min; r = 0: G_t^w_t G_e^w_e; r = +∞: max                   (5.2.4a), (5.2.4c), (5.2.4e)
//
// The degree of conjunction c and of disjunction d of an exponent r (equal weights, Fig. 5.4):
//   c = (Ḡ(+∞) − Ḡ(r)) / (Ḡ(+∞) − Ḡ(−∞)) = 2 − 3 Ḡ(r),   d = (Ḡ(r) − Ḡ(−∞)) / (…) = 3 Ḡ(r) − 1,
// Ḡ(r) the mean of G over the unit square (Ḡ(−∞) = 1/3, Ḡ(+∞) = 2/3). c + d = 1 by definition.
#include <string>

namespace armdyn::design {

/// The linear efficiency of (5.2.1) clipped to [0, 1]: 0 at `zero_at` (the worst acceptable
/// value), 1 at `one_at` (a value so good that better is unnecessary), zero_at > one_at.
/// NaN in, NaN out (the caller checks its inputs: check_efficiency_range, check_value).
double efficiency(double value, double zero_at, double one_at);

/// (5.2.1): G_t(T) with G_t(T0) = 0, G_t(T1) = 1; G_e(E) with G_e(E0) = 0, G_e(E1) = 1.
inline double time_efficiency(double T, double T0, double T1) { return efficiency(T, T0, T1); }
inline double energy_efficiency(double E, double E0, double E1) { return efficiency(E, E0, E1); }

/// InputError "<zero_name> (x) must be greater than <one_name> (y)" unless both are finite, >= 0
/// and zero_at > one_at (e.g. names "--T0", "--T1").
void check_efficiency_range(double zero_at, double one_at, const std::string& zero_name, const std::string& one_name);

/// InputError "<name>: ..." unless x is finite and >= 0 (a time, an energy).
void check_value(double x, const std::string& name);

/// InputError "<name>: ..." unless w is in [0, 1].
void check_weight(double w, const std::string& name);

/// InputError "<name>: ..." unless r is a number (±infinity allowed, NaN not).
void check_exponent(double r, const std::string& name);

/// The weighted power mean (5.2.2) of a1, a2 in [0, 1] with weights w1, w2 >= 0, w1 + w2 = 1,
/// and every limit case of (5.2.4); r may be ±infinity. Evaluated in log space, so that it is
/// accurate for every r: near r = 0 as exp(log1p(Σ w_i expm1(r ln a_i)) / r), which tends to the
/// weighted geometric mean without cancellation; elsewhere as a log-sum-exp
/// ln a_k + (ln w_k + log1p(Σ_{i≠k} exp(ln(w_i/w_k) + r ln(a_i/a_k)))) / r around the dominant
/// term k, which never overflows and tends to max (r → +∞) or min (r → −∞) continuously.
/// |r| < 1e-150 counts as r = 0 (the geometric mean; the difference is far below rounding).
/// A component with zero weight does not take part (also in min and max). A zero a_i with
/// positive weight: G = 0 for r <= 0 (the conjunctive case), G = w_j^(1/r) a_j for r > 0.
double power_mean(double a1, double a2, double r, double w1, double w2);

/// G of (5.2.2) with w_e = 1 − w_t.
inline double combined_efficiency(double G_t, double G_e, double r, double w_t) {
  return power_mean(G_t, G_e, r, w_t, 1 - w_t);
}

/// Ḡ(r): the mean of the equal-weight G over the unit square. G is homogeneous of degree 1 and
/// symmetric, so the square is two triangles y < x and Ḡ(r) = (2/3) ∫₀¹ G(1, t) dt; the integral
/// is taken by adaptive Gauss–Kronrod quadrature to a relative 1e-13. Closed forms: 1/3 (r = −∞),
/// 4/9 (0), 1/2 (1), 2/3 (+∞).
double unit_square_mean(double r);

/// c(r) and d(r) (Fig. 5.4); the smaller of the two is integrated directly (so that it keeps its
/// relative accuracy when it is tiny), the other is 1 minus it.
double conjunction_degree(double r);
double disjunction_degree(double r);

/// The inverse of c(r): the exponent whose degree of conjunction is c, c in [0, 1] (1: −∞,
/// 0: +∞, 1/2: 1). c(r) falls strictly with r; the root is bracketed by doubling steps and
/// found by Brent's method to a relative 1e-13. InputError "<name>: ..." for c outside [0, 1].
double exponent_of_conjunction(double c, const std::string& name = "c");

}  // namespace armdyn::design
