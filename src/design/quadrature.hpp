#pragma once
// One-dimensional numerics for the criteria (criterion.cpp): adaptive Gauss–Kronrod quadrature
// on [0, 1] and Brent's bracketed root finder. Private to the design layer.
#include <functional>

namespace armdyn::design {

/// ∫₀¹ f(t) dt by globally adaptive 7/15-point Gauss–Kronrod quadrature: the interval with the
/// largest error estimate |K15 − G7| is halved until the estimates sum to at most
/// 1e-14 |result| (or 1e-300), or 20000 intervals. Integrable endpoint singularities of the
/// kind t^s are resolved by repeated halving toward the endpoint (no node lies on it).
double integrate_unit(const std::function<double(double)>& f);

/// A root of f in [a, b], f(a) and f(b) of opposite signs (or zero), by Brent's method
/// (inverse quadratic interpolation, secant, bisection) to |Δx| <= 4 ε |x| + 1e-300.
double find_root(const std::function<double(double)>& f, double a, double b);

}  // namespace armdyn::design
