// The searches of a design study (include/armdyn/design/study_search.hpp).
#include "armdyn/design/study_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "armdyn/core/error.hpp"
#include "grid_map.hpp"

namespace armdyn::design {
namespace {

const Parameter& parameter_named(const Study& study, const std::string& name) {
  for (const Parameter& p : study.parameters)
    if (p.name == name) return p;
  throw InputError(study.source + ": no parameter named '" + name + "'");
}

}  // namespace

TminPoint tmin_point(const Study& study, const ParameterValues& values) {
  TminPoint out;
  out.values = values;
  const TminSpec& t = study.tmin;
  // Every candidate run is kept by its scale: the per-limitation searches below retrace the
  // overall one wherever their flag agrees with feasibility, and then cost nothing.
  std::map<double, CandidateResult> runs;
  const auto at = [&](double scale) -> const CandidateResult& {
    auto it = runs.find(scale);
    if (it == runs.end()) it = runs.emplace(scale, evaluate_candidate(study, values, scale)).first;
    return it->second;
  };
  out.search = shortest_feasible([&](double scale) { return at(scale).feasible(); }, t.scale_from, t.scale_to, t.rel_tol);
  out.at_tmin = at(out.search.found ? out.search.t_min : t.scale_to);
  const double base = out.at_tmin.T / out.at_tmin.time_scale;  // the task's own duration
  const auto alone = [&](bool CandidateResult::*flag) {
    const TminResult r = shortest_feasible([&](double scale) { return at(scale).*flag; }, t.scale_from, t.scale_to, t.rel_tol);
    return r.found ? r.t_min * base : std::numeric_limits<double>::quiet_NaN();
  };
  out.T_stress = alone(&CandidateResult::stress_ok);
  out.T_drive = alone(&CandidateResult::drive_ok);
  out.T_deflection = alone(&CandidateResult::deflection_ok);
  return out;
}

std::vector<TminPoint> tmin_study(const Study& study, int threads, const FinishedCallback<TminPoint>& finished) {
  return detail::map_grid<TminPoint>(study, threads, finished, tmin_point);
}

Trial study_trial(const Study& study, const CandidateResult& r) {
  Trial t;
  const std::string& objective = study.optimize.objective;
  t.objective = objective == "T" ? r.T : objective == "G" ? -r.G : r.E;
  // How far the worst limit is exceeded, relative to its allowed value.
  double v = std::max(r.stress_ratio, r.drive_margin) - 1;
  if (std::isfinite(study.limits.allowed_deflection)) v = std::max(v, r.deflection / study.limits.allowed_deflection - 1);
  if (!r.reach_ok) v = std::max(v, 1.0);
  if (!std::isfinite(t.objective)) v = std::max(v, 1.0);  // no run (the start pose not reached)
  t.violation = v;
  return t;
}

ParameterValues optimize_values(const Study& study, const std::vector<double>& x) {
  ParameterValues values;
  for (const Parameter& p : study.parameters) values[p.name] = p.values.front();
  for (std::size_t k = 0; k < study.optimize.variables.size(); ++k) values[study.optimize.variables[k]] = x.at(k);
  return values;
}

std::vector<std::string> optimize_methods(const Study& study) {
  std::vector<std::string> out;
  for (const char* method : {"feasible_directions", "cobyla"})
    if (study.optimize.method == "both" || study.optimize.method == method) out.push_back(method);
  return out;
}

StudyOptimum optimize_method(const Study& study, const std::string& method) {
  if (method != "feasible_directions" && method != "cobyla")
    throw InputError(study.source + ": optimize.method: '" + method + "' is not one of feasible_directions, cobyla");
  const OptimizeSpec& spec = study.optimize;
  OptimizeOptions options;
  for (const std::string& name : spec.variables) {
    const Parameter& p = parameter_named(study, name);
    options.lower.push_back(p.lower);
    options.upper.push_back(p.upper);
  }
  options.step = spec.step;
  options.min_step_ratio = spec.min_step_ratio;
  options.max_evaluations = spec.max_evaluations;
  const auto evaluate = [&](const std::vector<double>& x) {
    Trial t = study_trial(study, evaluate_candidate(study, optimize_values(study, x)));
    t.x = x;
    return t;
  };
  StudyOptimum o;
  o.method = method;
  o.result = method == "cobyla" ? nlopt_cobyla(evaluate, spec.start, options) : feasible_directions(evaluate, spec.start, options);
  o.best = evaluate_candidate(study, optimize_values(study, o.result.x));
  return o;
}

std::vector<StudyOptimum> optimize_study(const Study& study) {
  std::vector<StudyOptimum> out;
  for (const std::string& method : optimize_methods(study)) out.push_back(optimize_method(study, method));
  return out;
}

}  // namespace armdyn::design
