// The checks and the trial record shared by the optimisers (trial_recorder.hpp).
#include "trial_recorder.hpp"

#include <cmath>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn::design::detail {
namespace {

}  // namespace

void check_problem(const char* who, const std::vector<double>& x0, const OptimizeOptions& options) {
  const std::string w = who;
  const std::size_t n = x0.size();
  if (n == 0) throw InputError(w + ": x0 is empty (no parameters to optimise)");
  if (options.lower.size() != n || options.upper.size() != n || options.step.size() != n)
    throw InputError(w + ": lower, upper and step must have one entry per parameter (" + std::to_string(n) +
                     "), got " + std::to_string(options.lower.size()) + ", " +
                     std::to_string(options.upper.size()) + " and " + std::to_string(options.step.size()));
  for (std::size_t i = 0; i < n; ++i) {
    const std::string at = w + ": parameter " + std::to_string(i) + ": ";
    const double lo = options.lower[i], hi = options.upper[i];
    if (std::isnan(lo) || std::isnan(hi)) throw InputError(at + "a bound is NaN");
    if (lo > hi) throw InputError(at + "lower (" + number_text(lo, 17) + ") > upper (" + number_text(hi, 17) + ")");
    if (!std::isfinite(x0[i]) || x0[i] < lo || x0[i] > hi)
      throw InputError(at + "x0 (" + number_text(x0[i], 17) + ") is outside [" + number_text(lo, 17) + ", " + number_text(hi, 17) + "]");
    if (!(std::isfinite(options.step[i]) && options.step[i] > 0))
      throw InputError(at + "step must be positive and finite, got " + number_text(options.step[i], 17));
  }
  if (!(options.min_step_ratio > 0 && options.min_step_ratio < 1))
    throw InputError(w + ": min_step_ratio must be in (0, 1), got " + number_text(options.min_step_ratio, 17));
  if (options.max_evaluations < 1)
    throw InputError(w + ": max_evaluations must be at least 1, got " + std::to_string(options.max_evaluations));
}

Trial TrialRecorder::operator()(const std::vector<double>& x) {
  Trial trial = evaluate_(x);
  trial.x = x;
  if (!std::isfinite(trial.objective) || !std::isfinite(trial.violation)) {
    std::string at;
    for (std::size_t i = 0; i < x.size(); ++i) at += (i ? ", " : "") + number_text(x[i], 17);
    throw InputError(std::string(who_) + ": evaluation " + std::to_string(path_.size() + 1) + " at (" + at +
                     "): the " + (std::isfinite(trial.objective) ? "violation (" + number_text(trial.violation, 17)
                                                                 : "objective (" + number_text(trial.objective, 17)) +
                     ") is not finite");
  }
  path_.push_back(trial);
  return trial;
}

int TrialRecorder::best_feasible() const {
  int best = -1;
  for (std::size_t k = 0; k < path_.size(); ++k) {
    if (path_[k].violation > 0) continue;
    if (best < 0 || path_[k].objective < path_[best].objective) best = static_cast<int>(k);
  }
  return best;
}

OptimizeResult TrialRecorder::finish(int best) {
  OptimizeResult result;
  const Trial& chosen = path_.at(best < 0 ? 0 : best);
  result.x = chosen.x;
  result.objective = chosen.objective;
  result.feasible = best >= 0;
  result.evaluations = static_cast<int>(path_.size());
  result.path = std::move(path_);
  return result;
}

}  // namespace armdyn::design::detail
