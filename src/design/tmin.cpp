// The shortest feasible time by bisection ([VP] §5.4; include/armdyn/design/tmin.hpp).
#include "armdyn/design/tmin.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn::design {
namespace {

void check_bracket(double lo, double hi, double rel_tol) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo > 0) || !(lo <= hi))
    throw InputError("shortest_feasible: the bracket [lo, hi] must satisfy 0 < lo <= hi (finite), got [" +
                     number_text(lo, 17) + ", " + number_text(hi, 17) + "]");
  if (!(rel_tol > 0 && rel_tol < 1))
    throw InputError("shortest_feasible: rel_tol must be in (0, 1), got " + number_text(rel_tol, 17));
}

}  // namespace

TminResult shortest_feasible(const std::function<bool(double)>& feasible, double lo, double hi,
                             double rel_tol) {
  check_bracket(lo, hi, rel_tol);
  TminResult result{std::numeric_limits<double>::quiet_NaN(), false, 0, {}};
  auto probe = [&](double x) {
    const bool ok = feasible(x);
    result.trials.emplace_back(x, ok);
    ++result.evaluations;
    return ok;
  };
  // The ends: nothing feasible, or everything.
  if (!probe(hi)) return result;
  result.found = true;
  if (lo == hi || probe(lo)) {
    result.t_min = lo;
    return result;
  }
  // Invariant: feasible(a) false, feasible(b) true. The geometric mean halves ln(b/a) per call
  // (times are positive, and the relative width is what the tolerance asks of).
  double a = lo, b = hi;
  while (b - a > rel_tol * b) {
    const double m = std::sqrt(a) * std::sqrt(b);
    if (!(m > a && m < b)) break;  // the bracket is down to adjacent doubles
    (probe(m) ? b : a) = m;
  }
  result.t_min = b;
  return result;
}

}  // namespace armdyn::design
