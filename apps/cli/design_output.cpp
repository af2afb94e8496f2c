// The result files of `armdyn design`; see design_output.hpp.
#include "design_output.hpp"

#include <cmath>

#include "armdyn/design/criterion.hpp"
#include "cli.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {
namespace {

std::string csv_number(double x) {
  return std::isfinite(x) ? format_number(x) : (std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
}

std::string csv_quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c == '\n' ? ' ' : c);
  return out + "\"";
}

const char* kCandidateHeader =
    "T,E,sigma_max,deflection,drive_margin,reach_ok,stress_ok,drive_ok,deflection_ok,feasible,G,time_scale,"
    "stress_ratio,fault\n";

// The numbers and flags of a result, in the CSV's and the JSON's order.
struct Field {
  const char* name;
  double value;
};
std::vector<Field> numbers_of(const design::CandidateResult& r) {
  return {{"T", r.T}, {"E", r.E}, {"sigma_max", r.sigma_max}, {"deflection", r.deflection}, {"drive_margin", r.drive_margin}};
}
struct Flag {
  const char* name;
  bool value;
};
std::vector<Flag> flags_of(const design::CandidateResult& r) {
  return {{"reach_ok", r.reach_ok}, {"stress_ok", r.stress_ok}, {"drive_ok", r.drive_ok},
          {"deflection_ok", r.deflection_ok}, {"feasible", r.feasible()}};
}

std::string candidate_row(const design::CandidateResult& r) {
  std::string out;
  for (const Field& f : numbers_of(r)) out += csv_number(f.value) + ",";
  for (const Flag& f : flags_of(r)) out += std::string(f.value ? "1" : "0") + ",";
  return out + csv_number(r.G) + "," + csv_number(r.time_scale) + "," + csv_number(r.stress_ratio) + "," +
         csv_quoted(r.fault) + "\n";
}

std::string parameter_cells(const design::Study& study, const design::ParameterValues& values) {
  std::string out;
  for (const design::Parameter& p : study.parameters) out += shortest(values.at(p.name)) + ",";
  return out;
}

std::string parameter_header(const design::Study& study) {
  std::string out;
  for (const design::Parameter& p : study.parameters) out += p.name + ",";
  return out;
}

void json_number(JsonWriter& w, const char* key, double x) {
  w.key(key);
  if (std::isfinite(x)) w.value(x);
  else w.null();
}

void json_values(JsonWriter& w, const design::Study& study, const design::ParameterValues& values) {
  w.key("parameters").begin_object();
  for (const design::Parameter& p : study.parameters) w.key(p.name).value(values.at(p.name));
  w.end_object();
}

// The members of a candidate's object (the caller opens and closes it).
void json_candidate(JsonWriter& w, const design::Study& study, const design::CandidateResult& r) {
  json_values(w, study, r.values);
  for (const Field& f : numbers_of(r)) json_number(w, f.name, f.value);
  for (const Flag& f : flags_of(r)) w.key(f.name).value(f.value);
  json_number(w, "G", r.G);
  json_number(w, "time_scale", r.time_scale);
  json_number(w, "stress_ratio", r.stress_ratio);
  w.key("fault").value(r.fault);
}

// {"study", "kind", "parameters": [...], then the caller's members.
JsonWriter& json_head(JsonWriter& w, const design::Study& study, const char* kind) {
  w.begin_object(true);
  w.key("study").value(study.source);
  w.key("kind").value(kind);
  w.key("parameters").begin_array(true);
  for (const design::Parameter& p : study.parameters)
    w.begin_object().key("name").value(p.name).key("values").numbers(p.values).end_object();
  return w.end_array();
}

}  // namespace

std::string results_header(const design::Study& study) { return parameter_header(study) + kCandidateHeader; }

std::string results_row(const design::Study& study, const design::CandidateResult& result) {
  return parameter_cells(study, result.values) + candidate_row(result);
}

std::string results_csv(const design::Study& study, const std::vector<design::CandidateResult>& results) {
  std::string out = results_header(study);
  for (const design::CandidateResult& r : results) out += results_row(study, r);
  return out;
}

std::string results_json(const design::Study& study, const std::vector<design::CandidateResult>& results) {
  JsonWriter w;
  json_head(w, study, "sweep").key("candidates").begin_array(true);
  for (const design::CandidateResult& r : results) {
    w.begin_object();
    json_candidate(w, study, r);
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string criterion_curves_csv(const design::Study& study, const std::vector<design::CandidateResult>& results) {
  if (!study.criterion) return "";
  const design::CriterionSpec& k = *study.criterion;
  constexpr int kSteps = 40;
  std::vector<double> c(kSteps + 1), r(kSteps + 1);
  for (int j = 0; j <= kSteps; ++j) {
    c[j] = static_cast<double>(j) / kSteps;
    r[j] = design::exponent_of_conjunction(c[j]);
  }
  std::string out = "candidate,c,r,G\n";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const double G_t = design::time_efficiency(results[i].T, k.T0, k.T1);
    const double G_e = design::energy_efficiency(results[i].E, k.E0, k.E1);
    for (int j = 0; j <= kSteps; ++j)
      out += std::to_string(i) + "," + csv_number(c[j]) + "," + csv_number(r[j]) + "," +
             csv_number(design::combined_efficiency(G_t, G_e, r[j], k.w_t)) + "\n";
  }
  return out;
}

std::string motor_traces_csv(const std::vector<TracedCandidate>& candidates) {
  std::string out = "curve,label,joint,speed,torque,torque_constant,resistance,back_emf_constant,max_voltage,max_current\n";
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const design::MotorTraces& t = candidates[c].traces;
    for (const design::MotorSample& s : t.samples) {
      const drives::DcMotor& m = t.drives[static_cast<std::size_t>(s.joint)].motor->dc;
      out += std::to_string(c) + "," + csv_quoted(candidates[c].label) + "," +
             csv_quoted(t.joint_names[static_cast<std::size_t>(s.joint)]) + "," + csv_number(s.speed) + "," +
             csv_number(s.torque) + "," + csv_number(m.torque_constant) + "," + csv_number(m.resistance) + "," +
             csv_number(m.back_emf_constant) + "," + csv_number(m.max_voltage) + "," + csv_number(m.max_current) + "\n";
    }
  }
  return out;
}

std::string tmin_header(const design::Study& study) {
  return parameter_header(study) + "T_min,found,evaluations,T_min_stress,T_min_drive,T_min_deflection," +
         kCandidateHeader;
}

std::string tmin_row(const design::Study& study, const design::TminPoint& p) {
  return parameter_cells(study, p.values) + csv_number(p.search.found ? p.at_tmin.T : NAN) + "," +
         (p.search.found ? "1," : "0,") + std::to_string(p.search.evaluations) + "," + csv_number(p.T_stress) + "," +
         csv_number(p.T_drive) + "," + csv_number(p.T_deflection) + "," + candidate_row(p.at_tmin);
}

std::string tmin_csv(const design::Study& study, const std::vector<design::TminPoint>& points) {
  std::string out = tmin_header(study);
  for (const design::TminPoint& p : points) out += tmin_row(study, p);
  return out;
}

std::string tmin_json(const design::Study& study, const std::vector<design::TminPoint>& points) {
  JsonWriter w;
  json_head(w, study, "tmin").key("points").begin_array(true);
  for (const design::TminPoint& p : points) {
    w.begin_object();
    json_values(w, study, p.values);
    json_number(w, "T_min", p.search.found ? p.at_tmin.T : NAN);
    w.key("found").value(p.search.found);
    w.key("evaluations").value(p.search.evaluations);
    json_number(w, "T_min_stress", p.T_stress);
    json_number(w, "T_min_drive", p.T_drive);
    json_number(w, "T_min_deflection", p.T_deflection);
    w.key("trials").begin_array();
    const double base = p.at_tmin.T / p.at_tmin.time_scale;  // the task's own duration
    for (const auto& [scale, feasible] : p.search.trials)
      w.begin_object().key("time_scale").value(scale).key("T").value(scale * base).key("feasible").value(feasible).end_object();
    w.end_array();
    w.key("candidate").begin_object();
    json_candidate(w, study, p.at_tmin);
    w.end_object().end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string optimize_csv(const design::Study& study, const std::vector<design::StudyOptimum>& runs) {
  std::string out = "method,evaluation,";
  for (const std::string& v : study.optimize.variables) out += v + ",";
  out += "objective,violation,feasible\n";
  for (const design::StudyOptimum& run : runs)
    for (std::size_t k = 0; k < run.result.path.size(); ++k) {
      const design::Trial& t = run.result.path[k];
      out += run.method + "," + std::to_string(k + 1) + ",";
      for (double x : t.x) out += shortest(x) + ",";
      out += csv_number(t.objective) + "," + csv_number(t.violation) + "," + (t.violation <= 0 ? "1" : "0") + "\n";
    }
  return out;
}

std::string optimize_json(const design::Study& study, const std::vector<design::StudyOptimum>& runs) {
  JsonWriter w;
  json_head(w, study, "optimize");
  w.key("objective").value(study.optimize.objective);
  w.key("runs").begin_array(true);
  for (const design::StudyOptimum& run : runs) {
    w.begin_object(true);
    w.key("method").value(run.method);
    w.key("x").begin_object();
    for (std::size_t k = 0; k < run.result.x.size(); ++k) w.key(study.optimize.variables[k]).value(run.result.x[k]);
    w.end_object();
    json_number(w, "objective", run.result.objective);
    w.key("feasible").value(run.result.feasible);
    w.key("evaluations").value(run.result.evaluations);
    w.key("path").begin_array(true);
    for (const design::Trial& t : run.result.path) {
      w.begin_object().key("x").numbers(t.x);
      json_number(w, "objective", t.objective);
      json_number(w, "violation", t.violation);
      w.end_object();
    }
    w.end_array();
    w.key("candidate").begin_object();
    json_candidate(w, study, run.best);
    w.end_object().end_object();
  }
  w.end_array().end_object();
  return w.str();
}

}  // namespace armdyn::cli
