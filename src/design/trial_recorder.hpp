#pragma once
// What feasible_directions and nlopt_cobyla share (design/feasible_directions.hpp): checking the
// problem, and calling the user's evaluation with a budget, a check of its numbers and a record
// of every trial.
#include <functional>
#include <string>
#include <vector>

#include "armdyn/design/feasible_directions.hpp"

namespace armdyn::design::detail {

/// InputError "<who>: ..." for empty or mismatched bounds or steps, lower > upper, a bound that is
/// NaN, x0 outside the box or not finite, a step that is not positive and finite, min_step_ratio
/// outside (0, 1) or max_evaluations < 1.
void check_problem(const char* who, const std::vector<double>& x0, const OptimizeOptions& options);

/// Calls `evaluate`, at most `max_evaluations` times, and keeps every trial in `path`.
class TrialRecorder {
 public:
  TrialRecorder(const char* who, const std::function<Trial(const std::vector<double>&)>& evaluate,
                int max_evaluations)
      : who_(who), evaluate_(evaluate), max_evaluations_(max_evaluations) {}

  bool exhausted() const { return static_cast<int>(path_.size()) >= max_evaluations_; }

  /// evaluate(x) with its x set to `x`; InputError if the objective or violation is not finite.
  /// Only when !exhausted().
  Trial operator()(const std::vector<double>& x);

  /// The lowest objective among the feasible trials (the first of equals); -1 if none.
  int best_feasible() const;

  /// The result for the trial `best` (feasible = true), or for x0 (the first trial) with
  /// feasible = false when best < 0; moves the path out.
  OptimizeResult finish(int best);

 private:
  const char* who_;
  const std::function<Trial(const std::vector<double>&)>& evaluate_;
  int max_evaluations_;
  std::vector<Trial> path_;
};

}  // namespace armdyn::design::detail
