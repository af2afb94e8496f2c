#pragma once
// Central differences for the tests: the derivative of a function of one scalar (its value a
// double or any plain Eigen matrix), a directional derivative, the gradient of a scalar function of
// a vector and the Jacobian of a vector function of a vector.
//
// Step. The second-order difference (f(t + h) - f(t - h)) / 2h errs by h^2 |f'''| / 6 (truncation)
// plus about eps |f| / h (round-off); the sum is least near h = eps^(1/3) ~ 6e-6 for a function
// whose scale of variation is 1, so kCentralStep = 1e-5 (the error is then ~1e-10 of f's scale).
// The fourth-order difference errs by h^4 |f^(5)| / 30 plus eps |f| / h: least near
// h = eps^(1/5) ~ 1e-3, kFourthOrderStep. A function that is quadratic in t has no truncation
// error at all, and takes a large step (e.g. 0.1 or 1) to leave round-off only.
#include <type_traits>

#include "armdyn/core/types.hpp"

namespace armdyn::test {

inline constexpr double kCentralStep = 1e-5;
inline constexpr double kFourthOrderStep = 1e-3;

/// df/dt at t by (f(t + h) - f(t - h)) / 2h. `f` returns a value (double or a plain Eigen
/// matrix), never a reference into a workspace that the second call would overwrite.
template <class F> auto central_derivative(const F& f, double t = 0.0, double h = kCentralStep) {
  using T = std::remove_cvref_t<decltype(f(t))>;
  const T plus = f(t + h);
  const T minus = f(t - h);
  return T((plus - minus) / (2 * h));
}

/// df/dt at t by the fourth-order central difference (f(t - 2h) - 8 f(t - h) + 8 f(t + h) -
/// f(t + 2h)) / 12h.
template <class F> auto central_derivative4(const F& f, double t = 0.0, double h = kFourthOrderStep) {
  using T = std::remove_cvref_t<decltype(f(t))>;
  const T m2 = f(t - 2 * h), m1 = f(t - h), p1 = f(t + h), p2 = f(t + 2 * h);
  return T(((m2 - p2) + 8.0 * (p1 - m1)) / (12 * h));
}

/// d/ds f(x + s dir) at s = 0, second order; f takes a VecX<double>.
template <class F>
auto directional_derivative(const F& f, const VecX<double>& x, const VecX<double>& dir, double h = kCentralStep) {
  return central_derivative([&](double s) { return f(VecX<double>(x + s * dir)); }, 0.0, h);
}

/// The gradient of a scalar function of a vector (f maps a VecX<double> to a double), second order.
template <class F> VecX<double> central_gradient(const F& f, const VecX<double>& x, double h = kCentralStep) {
  const Eigen::Index n = x.size();
  VecX<double> g(n);
  for (Eigen::Index k = 0; k < n; ++k) g[k] = directional_derivative(f, x, VecX<double>::Unit(n, k), h);
  return g;
}

/// The Jacobian df/dx (column k: the derivative along x_k), second order; f maps a VecX<double>
/// to a VecX<double>.
template <class F> MatX<double> central_jacobian(const F& f, const VecX<double>& x, double h = kCentralStep) {
  const Eigen::Index n = x.size();
  MatX<double> J;
  for (Eigen::Index k = 0; k < n; ++k) {
    const VecX<double> column = directional_derivative(f, x, VecX<double>::Unit(n, k), h);
    if (k == 0) J.resize(column.size(), n);
    J.col(k) = column;
  }
  return J;
}

}  // namespace armdyn::test
