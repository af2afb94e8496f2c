#pragma once
// The magnitude rule for every number a user gives in a file (model parameters, drives, tasks,
// studies, states): finite, at most kMaxMagnitude in magnitude, and not subnormal. Within 1e50
// (SI units) a mass times two lengths stays below 1e150, and a product of a few such numbers
// (M = sum J^T I J, a gear ratio squared times a rotor inertia, v^2 times an inertia) stays far
// from overflow; a subnormal number has lost precision already and its products vanish.
#include <cmath>
#include <limits>
#include <string>

#include "armdyn/core/text.hpp"

namespace armdyn {

inline constexpr double kMaxMagnitude = 1e50;

/// Why x breaks the magnitude rule, or "" when it keeps it: "must be finite, got <x>", "must be at
/// most 1e50 in magnitude, got <x>" or "must be 0 or at least 2.2250738585072014e-308 in
/// magnitude (a subnormal number), got <x>" (<x> the shortest text that reads back as x).
inline std::string magnitude_problem(double x) {
  const double a = std::abs(x);
  if (!std::isfinite(x)) return "must be finite, got " + shortest_text(x);
  if (!(a <= kMaxMagnitude)) return "must be at most 1e50 in magnitude, got " + shortest_text(x);
  if (a != 0 && !(a >= std::numeric_limits<double>::min()))
    return "must be 0 or at least 2.2250738585072014e-308 in magnitude (a subnormal number), got " + shortest_text(x);
  return "";
}

}  // namespace armdyn
