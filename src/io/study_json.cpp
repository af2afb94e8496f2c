// The STUDY document of `armdyn design` (include/armdyn/io/study_json.hpp).
#include "armdyn/io/study_json.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <set>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/design/criterion.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/dh_json.hpp"
#include "armdyn/io/segments_json.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/io/text_file.hpp"
#include "json_util.hpp"
#include "study_options.hpp"
#include "study_template.hpp"

namespace armdyn {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr std::size_t kMaxValues = 10000, kMaxCandidates = 1000000;

// The names of the result columns (docs/design.md): a parameter may not take one.
const std::set<std::string> kResultColumns = {"time_scale", "T",        "E",        "sigma_max",     "stress_ratio",
                                              "deflection", "drive_margin", "reach_ok", "stress_ok", "drive_ok",
                                              "deflection_ok", "feasible", "G",        "fault"};

// The four documents a candidate is built from.
struct Documents {
  DocumentTemplate model, task, segments, actuators;
};

// A document given inline or as a file name relative to `base_dir`.
json sub_document(const JsonGetter& get, const json& j, const std::string& key, const std::string& base_dir,
                  std::string& source) {
  if (j.is_object()) {
    source = get.source() + ": " + key;
    return j;
  }
  if (!j.is_string()) get.fail(key, "must be a file name or an inline JSON object");
  if (base_dir.empty()) get.fail(key, "a file name is not accepted here (give the document inline)");
  const std::string name = j.get<std::string>();
  if (name.empty()) get.fail(key, "empty file name");
  const fs::path path = fs::path(name).is_absolute() ? fs::path(name) : fs::path(base_dir) / name;
  source = path.lexically_normal().string();
  return parse_json(read_text(source, InputFormat::kJson), source, true);
}

design::Parameter read_range(const JsonGetter& get, const json& j, const std::string& name, const std::string& at) {
  get.require_object(j, at);
  design::Parameter p;
  p.name = name;
  if (j.contains("values")) {
    get.allow_keys(j, at, {"values"});
    p.values = get.numbers(j.at("values"), at + ".values");
    if (p.values.empty()) get.fail(at + ".values", "empty list");
    if (p.values.size() > kMaxValues) get.fail(at + ".values", "more than " + std::to_string(kMaxValues) + " values");
  } else {
    get.allow_keys(j, at, {"from", "to", "count"});
    for (const char* key : {"from", "to", "count"})
      if (!j.contains(key)) get.fail(at + "." + key, "missing (give from, to and count, or values)");
    const double from = get.number(j.at("from"), at + ".from"), to = get.number(j.at("to"), at + ".to");
    const json& c = j.at("count");
    if (!c.is_number_integer() || c.get<long long>() < 1 || c.get<long long>() > static_cast<long long>(kMaxValues))
      get.fail(at + ".count", "must be a whole number from 1 to " + std::to_string(kMaxValues));
    const int count = c.get<int>();
    if (count == 1 && from != to) get.fail(at + ".count", "1 value but from != to");
    for (int k = 0; k < count; ++k) p.values.push_back(count == 1 ? from : from + (to - from) * k / (count - 1));
    if (count > 1) p.values.back() = to;
  }
  p.lower = *std::min_element(p.values.begin(), p.values.end());
  p.upper = *std::max_element(p.values.begin(), p.values.end());
  return p;
}

// [A-Za-z_][A-Za-z0-9_]{0,63}, scanned by hand.
bool is_parameter_name(const std::string& name) {
  const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (name.empty() || name.size() > 64 || !letter(name[0])) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

void check_name(const JsonGetter& get, const std::string& name, const std::string& at) {
  if (!is_parameter_name(name))
    get.fail(at, "a parameter name is a letter or _ followed by letters, digits or _ (at most 64)");
  if (kResultColumns.count(name))
    get.fail(at, "'" + name + "' is the name of a result column; call the parameter something else (e.g. " +
                     (name == "T" ? std::string("duration") : name + "_p") + ")");
}

// "time_scale" or "duration": a number, a list (a parameter of its own) or a placeholder.
void read_time_scale(const JsonGetter& get, const json& doc, design::Study& study) {
  if (doc.contains("time_scale") && doc.contains("duration"))
    get.fail("duration", "give either time_scale or duration, not both");
  const bool is_duration = doc.contains("duration");
  const char* key = is_duration ? "duration" : "time_scale";
  study.time_scale.is_duration = is_duration;
  if (!doc.contains(key)) return;
  const json& j = doc.at(key);
  if (j.is_array()) {
    design::Parameter p = read_range(get, json{{"values", j}}, is_duration ? "duration" : "scale", key);
    for (const design::Parameter& q : study.parameters)
      if (q.name == p.name) get.fail(key, "a list makes a parameter named '" + p.name + "', which parameters has already");
    if (p.lower <= 0) get.fail(key, "every value must be positive");
    study.time_scale.parameter = p.name;
    study.parameters.push_back(std::move(p));
  } else if (j.is_object()) {
    get.allow_keys(j, key, {"param"});
    if (!j.contains("param")) get.fail(std::string(key) + ".param", "missing");
    study.time_scale.parameter = get.string(j.at("param"), std::string(key) + ".param");
    bool known = false;
    for (const design::Parameter& p : study.parameters) known = known || p.name == study.time_scale.parameter;
    if (!known) get.fail(std::string(key) + ".param", "no parameter named '" + printable(study.time_scale.parameter) + "'");
  } else {
    study.time_scale.value = get.number(j, key);
    if (!(study.time_scale.value > 0)) get.fail(key, "must be positive");
  }
}

void read_limits(const JsonGetter& get, const json& j, design::LimitOptions& out) {
  get.require_object(j, "limits");
  get.allow_keys(j, "limits", {"allowed_deflection", "max_position_deviation", "max_orientation_deviation", "joint_limits"});
  out.allowed_deflection = get.number_or(j, "allowed_deflection", "limits", out.allowed_deflection);
  out.max_position_deviation = get.number_or(j, "max_position_deviation", "limits", out.max_position_deviation);
  out.max_orientation_deviation = get.number_or(j, "max_orientation_deviation", "limits", out.max_orientation_deviation);
  for (const char* key : {"allowed_deflection", "max_position_deviation", "max_orientation_deviation"})
    if (j.contains(key) && !(get.number(j.at(key), std::string("limits.") + key) > 0))
      get.fail(std::string("limits.") + key, "must be positive");
  if (j.contains("joint_limits")) {
    if (!j.at("joint_limits").is_boolean()) get.fail("limits.joint_limits", "must be true or false");
    out.joint_limits = j.at("joint_limits").get<bool>();
  }
}

design::CriterionSpec read_criterion(const JsonGetter& get, const json& j) {
  get.require_object(j, "criterion");
  get.allow_keys(j, "criterion", {"T0", "T1", "E0", "E1", "w_t", "r", "c"});
  design::CriterionSpec c;
  for (const char* key : {"T0", "T1", "E0", "E1"})
    if (!j.contains(key)) get.fail(std::string("criterion.") + key, "missing");
  c.T0 = get.number(j.at("T0"), "criterion.T0");
  c.T1 = get.number(j.at("T1"), "criterion.T1");
  c.E0 = get.number(j.at("E0"), "criterion.E0");
  c.E1 = get.number(j.at("E1"), "criterion.E1");
  c.w_t = get.number_or(j, "w_t", "criterion", 0.5);
  if (j.contains("r") && j.contains("c")) get.fail("criterion.c", "give either r or c, not both");
  try {
    design::check_efficiency_range(c.T0, c.T1, "T0", "T1");
    design::check_efficiency_range(c.E0, c.E1, "E0", "E1");
    design::check_weight(c.w_t, "w_t");
    if (j.contains("c")) {
      c.r = design::exponent_of_conjunction(get.number(j.at("c"), "criterion.c"), "c");
    } else if (j.contains("r")) {
      const json& r = j.at("r");
      if (r.is_string() && (r.get<std::string>() == "inf" || r.get<std::string>() == "-inf"))
        c.r = r.get<std::string>() == "inf" ? INFINITY : -INFINITY;
      else
        c.r = get.number(r, "criterion.r");
    }
  } catch (const InputError& e) {
    get.fail("criterion", e.what());
  }
  return c;
}

void read_run(const JsonGetter& get, const json& j, design::RunSettings& out) {
  get.require_object(j, "run");
  get.allow_keys(j, "run", {"integrator", "dt", "check_period"});
  if (j.contains("integrator")) {
    out.integrator = get.string(j.at("integrator"), "run.integrator");
    if (out.integrator != "rk4" && out.integrator != "rk45")
      get.fail("run.integrator", "'" + printable(out.integrator.substr(0, 40)) + "' is not one of rk4, rk45");
  }
  out.dt = get.number_or(j, "dt", "run", out.dt);
  if (!(out.dt > 0)) get.fail("run.dt", "must be positive");
  out.check_period = get.number_or(j, "check_period", "run", out.check_period);
  if (out.check_period < 0) get.fail("run.check_period", "must be 0 (every step) or positive");
}

}  // namespace

design::Study parse_study(const std::string& text, const std::string& source, const std::string& base_dir) {
  const json doc = parse_json(text, source, true);
  const JsonGetter get(source);
  get.require_object(doc, "");
  get.allow_keys(doc, "", {"model", "task", "segments", "actuators", "parameters", "time_scale", "duration", "limits",
                           "criterion", "run", "kind", "tmin", "optimize", "description"});
  design::Study study;
  study.source = source;
  if (doc.contains("description") && !doc.at("description").is_string()) get.fail("description", "must be a string");
  // The parameters, in the order of their names.
  if (doc.contains("parameters")) {
    const json& params = doc.at("parameters");
    get.require_object(params, "parameters");
    for (auto it = params.begin(); it != params.end(); ++it) {
      const std::string at = "parameters." + printable(it.key().substr(0, 80));
      check_name(get, it.key(), at);
      study.parameters.push_back(read_range(get, it.value(), it.key(), at));
    }
  }
  read_time_scale(get, doc, study);
  std::size_t candidates = 1;
  for (const design::Parameter& p : study.parameters) {
    candidates *= p.values.size();
    if (candidates > kMaxCandidates) get.fail("parameters", "more than " + std::to_string(kMaxCandidates) + " candidates");
  }
  if (doc.contains("limits")) read_limits(get, doc.at("limits"), study.limits);
  if (doc.contains("criterion")) study.criterion = read_criterion(get, doc.at("criterion"));
  if (doc.contains("run")) read_run(get, doc.at("run"), study.run);
  read_study_kind(get, doc, study);

  // The documents, with their placeholders.
  std::set<std::string> names;
  for (const design::Parameter& p : study.parameters) names.insert(p.name);
  auto docs = std::make_shared<Documents>();
  for (const char* key : {"model", "task"})
    if (!doc.contains(key)) get.fail(key, "missing (a file name or an inline document)");
  const auto load = [&](const char* key, DocumentTemplate& out) {
    if (!doc.contains(key)) return;
    std::string sub_source;
    json sub = sub_document(get, doc.at(key), key, base_dir, sub_source);
    out = DocumentTemplate(std::move(sub), sub_source, names);
  };
  load("model", docs->model);
  load("task", docs->task);
  load("segments", docs->segments);
  load("actuators", docs->actuators);
  study.build = [docs](const design::ParameterValues& values) {
    design::CandidateSetup s;
    s.model = load_dh_json_string(docs->model.text(values), docs->model.source());
    if (!docs->segments.empty()) {
      s.segments = parse_segments(docs->segments.text(values), docs->segments.source(), s.model);
      s.model = segments::with_section_masses(s.model, s.segments);
    }
    if (!docs->actuators.empty()) s.drives = parse_actuators(docs->actuators.text(values), docs->actuators.source(), s.model);
    s.task = parse_task(docs->task.text(values), docs->task.source(), s.model.dof);
    return s;
  };
  // The first candidate, built once: a base design that cannot be read is refused now.
  design::ParameterValues first;
  for (const design::Parameter& p : study.parameters) first[p.name] = p.values.front();
  study.build(first);
  return study;
}

design::Study read_study(const std::string& path) {
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  return parse_study(read_text(path, InputFormat::kJson), path, dir.string());
}

}  // namespace armdyn
