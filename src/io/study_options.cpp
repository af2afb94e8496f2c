// The kind of a design study and its options; see study_options.hpp.
#include "study_options.hpp"

#include <algorithm>

#include "armdyn/core/text.hpp"

namespace armdyn {
namespace {

using nlohmann::json;

void read_tmin(const JsonGetter& get, const json& doc, design::Study& study) {
  if (!study.time_scale.parameter.empty())
    get.fail(study.time_scale.is_duration ? "duration" : "time_scale",
             "a tmin study searches the time scale itself: give it no parameter or list");
  if (!doc.contains("tmin")) return;
  const json& j = doc.at("tmin");
  get.require_object(j, "tmin");
  get.allow_keys(j, "tmin", {"scale_from", "scale_to", "rel_tol"});
  design::TminSpec& t = study.tmin;
  t.scale_from = get.number_or(j, "scale_from", "tmin", t.scale_from);
  t.scale_to = get.number_or(j, "scale_to", "tmin", t.scale_to);
  t.rel_tol = get.number_or(j, "rel_tol", "tmin", t.rel_tol);
  if (!(t.scale_from > 0)) get.fail("tmin.scale_from", "must be positive");
  if (!(t.scale_to > t.scale_from)) get.fail("tmin.scale_to", "must be greater than scale_from");
  if (!(t.rel_tol > 0 && t.rel_tol < 0.5)) get.fail("tmin.rel_tol", "must be in (0, 0.5)");
}

// {"R2": 0.08, ...} with a number for every variable.
std::vector<double> per_variable(const JsonGetter& get, const json& j, const std::string& at,
                                 const std::vector<std::string>& variables) {
  get.require_object(j, at);
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find(variables.begin(), variables.end(), it.key()) == variables.end())
      get.fail(at + "." + printable(it.key().substr(0, 80)), "not one of the variables");
  std::vector<double> out;
  for (const std::string& v : variables) {
    if (!j.contains(v)) get.fail(at + "." + v, "missing");
    out.push_back(get.number(j.at(v), at + "." + v));
  }
  return out;
}

void read_optimize(const JsonGetter& get, const json& doc, design::Study& study) {
  if (!doc.contains("optimize")) get.fail("optimize", "missing (the variables, start and step of the search)");
  const json& j = doc.at("optimize");
  get.require_object(j, "optimize");
  get.allow_keys(j, "optimize", {"variables", "start", "step", "objective", "method", "max_evaluations", "min_step_ratio"});
  design::OptimizeSpec& o = study.optimize;
  if (!j.contains("variables") || !j.at("variables").is_array() || j.at("variables").empty())
    get.fail("optimize.variables", "must be a list of parameter names");
  for (std::size_t k = 0; k < j.at("variables").size(); ++k) {
    const std::string at = "optimize.variables[" + std::to_string(k) + "]";
    const std::string name = get.string(j.at("variables")[k], at);
    const auto p = std::find_if(study.parameters.begin(), study.parameters.end(),
                                [&](const design::Parameter& q) { return q.name == name; });
    if (p == study.parameters.end()) get.fail(at, "no parameter named '" + printable(name.substr(0, 40)) + "'");
    if (!(p->upper > p->lower)) get.fail(at, "parameter '" + name + "' has no range to search (from == to)");
    if (std::find(o.variables.begin(), o.variables.end(), name) != o.variables.end()) get.fail(at, "given twice");
    o.variables.push_back(name);
  }
  for (const design::Parameter& p : study.parameters)
    if (std::find(o.variables.begin(), o.variables.end(), p.name) == o.variables.end() && p.values.size() != 1)
      get.fail("parameters." + p.name, "not a variable of the search, so it must have one value");
  for (const char* key : {"start", "step"})
    if (!j.contains(key)) get.fail(std::string("optimize.") + key, "missing ({\"<variable>\": number, ...})");
  o.start = per_variable(get, j.at("start"), "optimize.start", o.variables);
  o.step = per_variable(get, j.at("step"), "optimize.step", o.variables);
  for (std::size_t k = 0; k < o.variables.size(); ++k) {
    const auto& p = *std::find_if(study.parameters.begin(), study.parameters.end(),
                                  [&](const design::Parameter& q) { return q.name == o.variables[k]; });
    if (o.start[k] < p.lower || o.start[k] > p.upper)
      get.fail("optimize.start." + p.name, "outside the parameter's range [from, to]");
    if (!(o.step[k] > 0)) get.fail("optimize.step." + p.name, "must be positive");
  }
  if (j.contains("objective")) {
    o.objective = get.string(j.at("objective"), "optimize.objective");
    if (o.objective != "E" && o.objective != "T" && o.objective != "G")
      get.fail("optimize.objective", "'" + printable(o.objective.substr(0, 40)) + "' is not one of E, T, G");
    if (o.objective == "G" && !study.criterion) get.fail("optimize.objective", "G needs a \"criterion\"");
  }
  if (j.contains("method")) {
    o.method = get.string(j.at("method"), "optimize.method");
    if (o.method != "feasible_directions" && o.method != "cobyla" && o.method != "both")
      get.fail("optimize.method", "'" + printable(o.method.substr(0, 40)) +
                                      "' is not one of feasible_directions, cobyla, both");
  }
  if (j.contains("max_evaluations")) {
    const json& m = j.at("max_evaluations");
    if (!m.is_number_integer() || m.get<long long>() < 1 || m.get<long long>() > 100000)
      get.fail("optimize.max_evaluations", "must be a whole number from 1 to 100000");
    o.max_evaluations = m.get<int>();
  }
  o.min_step_ratio = get.number_or(j, "min_step_ratio", "optimize", o.min_step_ratio);
  if (!(o.min_step_ratio > 0 && o.min_step_ratio < 1)) get.fail("optimize.min_step_ratio", "must be in (0, 1)");
}

}  // namespace

void read_study_kind(const JsonGetter& get, const json& doc, design::Study& study) {
  std::string kind = "sweep";
  if (doc.contains("kind")) kind = get.string(doc.at("kind"), "kind");
  if (kind == "sweep") study.kind = design::StudyKind::kSweep;
  else if (kind == "tmin") study.kind = design::StudyKind::kTmin;
  else if (kind == "optimize") study.kind = design::StudyKind::kOptimize;
  else get.fail("kind", "'" + printable(kind.substr(0, 40)) + "' is not one of sweep, tmin, optimize");
  if (doc.contains("tmin") && kind != "tmin") get.fail("tmin", "options of a tmin study, but kind is " + kind);
  if (doc.contains("optimize") && kind != "optimize") get.fail("optimize", "options of an optimize study, but kind is " + kind);
  if (study.kind == design::StudyKind::kTmin) read_tmin(get, doc, study);
  if (study.kind == design::StudyKind::kOptimize) read_optimize(get, doc, study);
}

}  // namespace armdyn
