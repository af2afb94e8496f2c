#pragma once
// Optimal sizes by the method of feasible directions, as [VP] §5.4 use it (Example 3, Fig. 5.37:
// the energy of a spot-welding arm over the radii R2, R3 of two segments, subject to the limits of
// §5.3). From a feasible point, probe ± a step along each parameter and move to the best probe
// that is feasible and better; when none is, interpolate between a feasible point and an
// infeasible one to where the violation crosses zero (a point on the boundary of the
// feasible set, where the optimum of a constrained problem lies); when that brings nothing
// either, halve the steps. docs/design.md ("Feasible directions") says more.
//
// A cross-check: NLopt's COBYLA (Powell's derivative-free method by linear approximations) on
// the same problem, the violation as an inequality constraint and the same box.
#include <functional>
#include <vector>

namespace armdyn::design {

/// One evaluation of a candidate: its parameters, the objective to minimise and the constraint
/// violation (<= 0: every limit satisfied; > 0: by how much the worst is exceeded, e.g. its
/// value/allowed ratio − 1). The optimisers set x to the point they asked for.
struct Trial {
  std::vector<double> x;
  double objective;
  double violation;  ///< <= 0: feasible
};

struct OptimizeResult {
  std::vector<double> x;   ///< the best feasible point found (x0 if none was)
  double objective;        ///< its objective
  bool feasible;           ///< false when no feasible point was found (e.g. x0 is infeasible)
  int evaluations;         ///< calls of `evaluate` (= path.size())
  std::vector<Trial> path; ///< every evaluation, in order (for a search-path figure, Fig. 5.37)
};

struct OptimizeOptions {
  std::vector<double> lower, upper;  ///< the box, one bound per parameter (lower <= upper)
  std::vector<double> step;          ///< the initial probing step per parameter (> 0)
  double min_step_ratio = 1e-3;      ///< stop when the steps are below this fraction of `step`
  int max_evaluations = 500;         ///< and never call `evaluate` more often than this
};

/// [VP]'s feasible-directions search (§5.4, Fig. 5.37), minimising evaluate(x).objective over the
/// box subject to evaluate(x).violation <= 0, from a feasible x0. Each round, with the current
/// best feasible point C and steps h_i (probes are clamped to the box):
///   1. probe C ± h_i e_i for every parameter i; move to the best feasible probe if it is better
///      than C (and start the next round with the same steps);
///   2. otherwise, if an infeasible probe G is better than C, the constraint is in the way:
///      interpolate linearly in the violation v between a feasible point F (C, or a feasible
///      probe) and G to the boundary, x = F + s (G − F) with s = v_F / (v_F − v_G), and predict
///      the objective there the same way, f_F + s (f_G − f_F); of the pairs predicted better than
///      C, evaluate up to n, best predicted first, and move to the first that is feasible and
///      better. ([VP]'s "best feasible and best infeasible point" read as the pair whose
///      interpolation is predicted best: a pair on two axes gives a diagonal that slides along a
///      constraint boundary no axis follows, where probing alone would stop.)
///   3. otherwise halve every h_i.
/// Stops when h_i < min_step_ratio · step_i (so the last probes were at most
/// 2 min_step_ratio · step_i from the result) or after max_evaluations calls. x0 infeasible:
/// returns it with feasible = false after that one evaluation.
/// InputError for empty or mismatched bounds or steps, lower > upper, x0 outside the box, a
/// non-positive step, min_step_ratio outside (0, 1), max_evaluations < 1, or an evaluation whose
/// objective or violation is not finite (a NaN violation counts as not finite).
OptimizeResult feasible_directions(const std::function<Trial(const std::vector<double>&)>& evaluate,
                                   std::vector<double> x0, const OptimizeOptions& options);

/// The same problem by NLopt's COBYLA (LN_COBYLA): the box as bounds, violation <= 0 as an
/// inequality constraint, the initial step as COBYLA's initial trust radius, xtol_abs =
/// min_step_ratio · step, at most max_evaluations evaluations. The result is the best feasible
/// point evaluated (COBYLA may end a little outside the constraint); feasible = false if none
/// was. Same errors as feasible_directions.
OptimizeResult nlopt_cobyla(const std::function<Trial(const std::vector<double>&)>& evaluate,
                            std::vector<double> x0, const OptimizeOptions& options);

}  // namespace armdyn::design
