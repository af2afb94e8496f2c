#pragma once
// The shortest task time that satisfies every limit ([VP] §5.4, Example 1: "T_min(R)"): run the
// test task with decreasing duration T until a limit is violated (Figs. 5.11, 5.12, 5.31), per
// segment radius R or per gear ratio N (Figs. 5.35, 5.36). Feasibility is monotone in T for the
// drive limit: a slower task needs less torque and speed, so feasible(T) is false below T_min and
// true above it, and T_min is found by bisection on the time scale of the task's profiles.
#include <functional>
#include <utility>
#include <vector>

namespace armdyn::design {

struct TminResult {
  double t_min;      ///< the smallest feasible time found (NaN when `found` is false)
  bool found;        ///< false when even `hi` is infeasible
  int evaluations;   ///< calls of `feasible` (= trials.size())
  std::vector<std::pair<double, bool>> trials;  ///< every (x, feasible(x)), in the order called
};

/// The smallest x in [lo, hi] with feasible(x) true, for a feasible that is false below a
/// threshold and true above it. Checks hi first (infeasible: found = false, t_min = NaN), then lo
/// (feasible: t_min = lo); otherwise bisects at the geometric mean of the bracket
/// [a, b] (feasible(a) false, feasible(b) true) until b − a <= rel_tol · b, and returns
/// t_min = b, the last feasible point. So feasible(t_min) is true and, on a monotone problem,
/// feasible(x) is false for every x < t_min (1 − rel_tol): with rel_tol <= 1e-3,
/// feasible(t_min (1 − 1e-3)) is false. About log2(ln(hi/lo) / rel_tol) + 2 calls.
/// InputError unless 0 < lo <= hi are finite and 0 < rel_tol < 1.
TminResult shortest_feasible(const std::function<bool(double)>& feasible, double lo, double hi,
                             double rel_tol = 1e-4);

}  // namespace armdyn::design
