// The cross-check of the feasible-directions search: NLopt's COBYLA on the same problem
// (include/armdyn/design/feasible_directions.hpp). Through NLopt's C interface, so that an
// exception thrown by the evaluation (an InputError, say) reaches the caller unchanged.
#include <nlopt.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

#include "armdyn/design/feasible_directions.hpp"
#include "trial_recorder.hpp"

namespace armdyn::design {
namespace {

// COBYLA asks for the objective and then the constraint at the same point: evaluate once per
// point, the box enforced (a point outside is evaluated at its projection), and keep an exception
// for after nlopt_optimize.
struct Problem {
  detail::TrialRecorder& record;
  const OptimizeOptions& options;
  nlopt_opt opt;
  std::vector<double> last_x;
  Trial last{};
  std::exception_ptr error;

  const Trial* at(unsigned n, const double* x) {
    std::vector<double> p(x, x + n);
    for (unsigned i = 0; i < n; ++i) p[i] = std::clamp(p[i], options.lower[i], options.upper[i]);
    if (!last_x.empty() && p == last_x) return &last;
    if (error || record.exhausted()) return nullptr;
    try {
      last = record(p);
      last_x = std::move(p);
      return &last;
    } catch (...) {
      error = std::current_exception();
      return nullptr;
    }
  }
};

double objective(unsigned n, const double* x, double* /*grad: COBYLA needs none*/, void* data) {
  auto* problem = static_cast<Problem*>(data);
  const Trial* t = problem->at(n, x);
  if (!t) nlopt_force_stop(problem->opt);
  return t ? t->objective : HUGE_VAL;
}

double violation(unsigned n, const double* x, double* /*grad*/, void* data) {
  auto* problem = static_cast<Problem*>(data);
  const Trial* t = problem->at(n, x);
  if (!t) nlopt_force_stop(problem->opt);
  return t ? t->violation : HUGE_VAL;
}

}  // namespace

OptimizeResult nlopt_cobyla(const std::function<Trial(const std::vector<double>&)>& evaluate,
                            std::vector<double> x0, const OptimizeOptions& options) {
  detail::check_problem("nlopt_cobyla", x0, options);
  detail::TrialRecorder record("nlopt_cobyla", evaluate, options.max_evaluations);
  const unsigned n = static_cast<unsigned>(x0.size());
  std::unique_ptr<nlopt_opt_s, decltype(&nlopt_destroy)> opt(nlopt_create(NLOPT_LN_COBYLA, n), &nlopt_destroy);
  if (!opt) throw std::runtime_error("nlopt_cobyla: NLopt could not create the optimiser");

  Problem problem{record, options, opt.get(), {}, {}, nullptr};
  std::vector<double> xtol(n);
  for (unsigned i = 0; i < n; ++i) xtol[i] = options.min_step_ratio * options.step[i];
  nlopt_set_lower_bounds(opt.get(), options.lower.data());
  nlopt_set_upper_bounds(opt.get(), options.upper.data());
  nlopt_set_min_objective(opt.get(), objective, &problem);
  nlopt_add_inequality_constraint(opt.get(), violation, &problem, 0.0);
  nlopt_set_initial_step(opt.get(), options.step.data());
  nlopt_set_xtol_abs(opt.get(), xtol.data());
  nlopt_set_maxeval(opt.get(), options.max_evaluations);

  double f = 0;
  const nlopt_result status = nlopt_optimize(opt.get(), x0.data(), &f);
  if (problem.error) std::rethrow_exception(problem.error);
  if (record.best_feasible() < 0 && status < 0 && status != NLOPT_FORCED_STOP && status != NLOPT_ROUNDOFF_LIMITED)
    throw std::runtime_error("nlopt_cobyla: NLopt failed (" + std::string(nlopt_result_to_string(status)) + ")");
  return record.finish(record.best_feasible());
}

}  // namespace armdyn::design
