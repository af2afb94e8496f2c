#pragma once
// The result files of `armdyn design`: one CSV row and one JSON object per candidate (sweep), per
// grid point (tmin) or per evaluation of the search (optimize).
#include <string>
#include <vector>

#include "armdyn/design/study.hpp"
#include "armdyn/design/study_search.hpp"

namespace armdyn::cli {

/// sweep: the header "<parameters>,T,E,sigma_max,deflection,drive_margin,reach_ok,stress_ok,
/// drive_ok,deflection_ok,feasible,G,time_scale,stress_ratio,fault" and one row per result: the
/// parameters in the shortest form that reads back exactly, the other numbers with 17 significant
/// digits ("nan" for none), flags 1 or 0, the fault quoted.
std::string results_csv(const design::Study& study, const std::vector<design::CandidateResult>& results);
/// results_csv's header line and one result's row (each ending in a newline).
std::string results_header(const design::Study& study);
std::string results_row(const design::Study& study, const design::CandidateResult& result);

/// {"study", "kind", "parameters": [{"name", "values"}], "candidates": [{"parameters": {...},
/// "T", "E", ..., "fault"}]}; a number that does not exist (E when the start pose was not
/// reached, G without a criterion) is null.
std::string results_json(const design::Study& study, const std::vector<design::CandidateResult>& results);

/// tmin: "<parameters>,T_min,found,evaluations,T_min_stress,T_min_drive,T_min_deflection," (the
/// shortest time each limitation alone allows; "nan" for none) then the candidate's columns at
/// T_min (as for a sweep), one row per grid point.
std::string tmin_csv(const design::Study& study, const std::vector<design::TminPoint>& points);
/// tmin_csv's header line and one point's row.
std::string tmin_header(const design::Study& study);
std::string tmin_row(const design::Study& study, const design::TminPoint& point);

/// {"study", "kind", "parameters", "points": [{"parameters", "T_min", "found", "evaluations",
/// "T_min_stress", "T_min_drive", "T_min_deflection", "trials": [{"time_scale", "T", "feasible"}], "candidate": {...}}]}.
std::string tmin_json(const design::Study& study, const std::vector<design::TminPoint>& points);

/// G against the degree of conjunction c ([VP] Figs. 5.39-5.40) for every result of a sweep with
/// a criterion: "candidate,c,r,G", candidate the result's index (0: results.csv's first row),
/// c = 0, 1/40, ..., 1 and r = r(c), with the study's T0, T1, E0, E1 and w_t. "" without one.
std::string criterion_curves_csv(const design::Study& study, const std::vector<design::CandidateResult>& results);

/// One candidate of a P–n diagram and its legend text.
struct TracedCandidate {
  std::string label;
  design::MotorTraces traces;
};

/// The DC motors' operating points of `candidates` ([VP] Fig. 5.18): "curve,label,joint,speed,
/// torque,torque_constant,resistance,back_emf_constant,max_voltage,max_current", speed in rad/s
/// at the motor, torque in N m, the motor's constants (its envelope) on every row.
std::string motor_traces_csv(const std::vector<TracedCandidate>& candidates);

/// optimize: "method,evaluation,<variables>,objective,violation,feasible", one row per
/// evaluation of each search, in order (the search path, [VP] Fig. 5.37).
std::string optimize_csv(const design::Study& study, const std::vector<design::StudyOptimum>& runs);

/// {"study", "kind", "objective", "variables", "runs": [{"method", "x": {...}, "objective",
/// "feasible", "evaluations", "path": [{"x": [...], "objective", "violation"}], "candidate"}]}.
std::string optimize_json(const design::Study& study, const std::vector<design::StudyOptimum>& runs);

}  // namespace armdyn::cli
