#pragma once
// Joint friction ([Craig] (6.110)-(6.112); [Kantor] §7): the torque f(v) a joint needs on top of
// the rigid-body torque to move at velocity v, on the joint side, with Craig's sign (it appears
// on the left: tau = M a + c + f(v)), so that v f(v) >= 0 (it never adds energy):
//
//   f(v) = B v + s(v) [Tc + (Ts - Tc) exp(-(v / vs)^2)]
//
// with the levels Tc, Ts of the side v moves to (Tc+, Ts+ for v > 0; Tc-, Ts- for v < 0), and
// without the Stribeck term when vs = 0. The sign s(v) is either exact (sgn v, 0 at rest: the
// set-valued friction at rest reads as 0) or smooth, tanh(v / v_eps), which forward dynamics
// needs (a continuous right-hand side, [Craig] §6.11's discontinuity at v = 0 removed).
#include <cmath>

#include "armdyn/drives/drive.hpp"

namespace armdyn::drives {

/// Which sign function friction uses: sgn(v) (inverse dynamics) or tanh(v / v_eps).
enum class Sign { kExact, kSmooth };

/// The dry-friction level Coulomb + Stribeck at `speed` >= 0 on one side (positive: v > 0).
inline double dry_level(const Drive& d, double speed, bool positive) {
  const double tc = positive ? d.coulomb_positive : d.coulomb_negative;
  if (d.stribeck_velocity <= 0) return tc;
  const double ts = positive ? d.breakaway_positive() : d.breakaway_negative();
  const double x = speed / d.stribeck_velocity;
  return tc + (ts - tc) * std::exp(-x * x);
}

/// The same for a motion at v (the side v moves to).
inline double dry_level(const Drive& d, double v) { return dry_level(d, std::abs(v), v >= 0); }

/// s(v): sgn(v) (0 at v = 0) or tanh(v / smoothing_velocity).
inline double sign_of(double v, Sign sign, double smoothing_velocity) {
  if (sign == Sign::kSmooth) return std::tanh(v / smoothing_velocity);
  return v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0;
}

/// f(v) of one drive, joint side.
inline double friction_torque(const Drive& d, double v, Sign sign, double smoothing_velocity) {
  double f = d.viscous * v;
  if (d.coulomb_positive > 0 || d.coulomb_negative > 0 || d.has_dry_friction())
    f += sign_of(v, sign, smoothing_velocity) * dry_level(d, v);
  return f;
}

}  // namespace armdyn::drives
