#pragma once
// The searches of a design study ([VP] §5.4): T_min per grid point (kind "tmin") and the
// optimisation of two or more parameters (kind "optimize"), each candidate evaluated by
// evaluate_candidate (study.hpp).
#include <functional>
#include <string>
#include <vector>

#include "armdyn/design/feasible_directions.hpp"
#include "armdyn/design/study.hpp"
#include "armdyn/design/tmin.hpp"

namespace armdyn::design {

/// T_min at one grid point: the shortest time scale in [tmin.scale_from, tmin.scale_to] at
/// which the candidate satisfies every limit ([VP] §5.4's procedure: shorten T until a limit
/// fails), by bisection (shortest_feasible), and the candidate there.
struct TminPoint {
  ParameterValues values;
  TminResult search;         ///< in time scales; trials are (scale, feasible)
  CandidateResult at_tmin;   ///< the candidate at the scale found (at scale_to when none was feasible)
  /// The shortest task time T (s) each limitation alone allows, found the same way with only
  /// that limitation's flag as the test: the boundaries (ii) stress, (iii) drives and (iv)
  /// deflection of [VP] Figs. 5.11-5.12. NaN when even scale_to violates it. With every
  /// limitation monotone in T and the start pose reached, T_min is the largest of the three
  /// (within rel_tol).
  double T_stress = 0, T_drive = 0, T_deflection = 0;
};

/// T_min at one grid point (`values`: one per parameter), the search above; thread-safe. What
/// tmin_study computes for each point, and what a Dask worker computes for one.
TminPoint tmin_point(const Study& study, const ParameterValues& values);

/// T_min for every grid point of the study's parameters (its time scale is the search
/// variable), the points on up to `threads` threads; the results in grid order, independent of
/// the thread count. `finished` as for sweep().
std::vector<TminPoint> tmin_study(const Study& study, int threads = 0, const FinishedCallback<TminPoint>& finished = {});

/// A candidate as the optimisers see it: the objective to minimise (E, T, or −G) and the
/// violation max(stress_ratio − 1, drive_margin − 1, deflection / allowed − 1), +1 when the
/// start pose is not reached or the frame leaves its path (<= 0: feasible).
Trial study_trial(const Study& study, const CandidateResult& result);

/// The values of a point of the search: the variables' from `x`, every other parameter its
/// single value.
ParameterValues optimize_values(const Study& study, const std::vector<double>& x);

struct StudyOptimum {
  std::string method;      ///< "feasible_directions" or "cobyla"
  OptimizeResult result;   ///< the search path and the best point
  CandidateResult best;    ///< the candidate at result.x
};

/// The methods an optimize study runs, in order: its optimize.method, or both for "both"
/// (feasible directions first).
std::vector<std::string> optimize_methods(const Study& study);

/// One search of kind "optimize" by `method` ("feasible_directions" or "cobyla"), from
/// optimize.start with optimize.step, within the variables' ranges; thread-safe. What a Dask
/// worker runs for one method.
StudyOptimum optimize_method(const Study& study, const std::string& method);

/// The optimisation of kind "optimize": optimize_method for each of optimize_methods.
std::vector<StudyOptimum> optimize_study(const Study& study);

}  // namespace armdyn::design
