#pragma once
// Design studies ([VP] §5.4): candidate manipulators made from one base design whose numbers
// (segment sections, gear ratios, motor constants, ...) depend on named parameters, each run on
// a test task with the task's profile durations multiplied by a time scale, checked against the
// limitations of §5.3 (limits.hpp) and scored by T, E and the combined criterion of §5.2
// (criterion.hpp).
//
// A candidate is a pure function of the study and its parameter values: evaluate_candidate
// builds the arm from the values (Study::build), runs the task and reads every number off that
// run alone, so candidates can be evaluated in any order, on any thread or machine, and a sweep
// on many threads gives the serial loop's results bit for bit.
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/design/limits.hpp"
#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"
#include "armdyn/segments/segment.hpp"
#include "armdyn/tasks/task.hpp"

namespace armdyn::design {

/// Parameter name -> value.
using ParameterValues = std::map<std::string, double>;

/// One candidate's arm and task, built from its parameter values: the model (section masses
/// applied, no payload yet), its segments (may be empty: no stress or deflection check), its
/// drives (may be empty: no drive check) and the task at its base durations.
struct CandidateSetup {
  Model model;
  segments::SegmentSet segments;
  drives::DriveSet drives;
  tasks::Task task;
};

/// A study parameter: the values a sweep visits, and the bounds a search keeps to.
struct Parameter {
  std::string name;
  std::vector<double> values;  ///< in the order given (a range: from, ..., to)
  double lower = 0, upper = 0; ///< the smallest and largest value
};

/// How the task's durations are scaled: by `value`, or by the parameter `parameter` when it is
/// not empty; with `is_duration` the number is the task's total duration T (s) and the scale is
/// T over the task's own total.
struct TimeScale {
  double value = 1;
  std::string parameter;
  bool is_duration = false;
};

/// The combined criterion's constants ([VP] (5.2.1)-(5.2.3)).
struct CriterionSpec {
  double T0 = 0, T1 = 0, E0 = 0, E1 = 0, w_t = 0.5, r = 1;
};

/// How each candidate's task is integrated (tasks::RunOptions): rk4 with step dt, or rk45;
/// the limits are checked at every `check_period` seconds (0: every step) and at the end.
struct RunSettings {
  std::string integrator = "rk4";
  double dt = 1e-3;
  double check_period = 0;
};

enum class StudyKind { kSweep, kTmin, kOptimize };

/// tmin: the shortest time scale in [scale_from, scale_to] that satisfies every limit, found
/// by bisection to a relative `rel_tol`, for every grid point of the parameters.
struct TminSpec {
  double scale_from = 0.1, scale_to = 10, rel_tol = 1e-3;
};

/// optimize: minimise `objective` ("E", "T" or "G", the last maximised) over `variables`
/// (parameters given as ranges: their bounds), from `start` with probing steps `step`, by
/// `method` ("feasible_directions", "cobyla" or "both").
struct OptimizeSpec {
  std::vector<std::string> variables;
  std::vector<double> start, step;
  std::string objective = "E", method = "feasible_directions";
  int max_evaluations = 500;
  double min_step_ratio = 1e-3;
};

struct Study {
  std::string source;                   ///< the study file; names it in errors
  std::vector<Parameter> parameters;    ///< the grid's axes, the first varying slowest
  /// Builds a candidate from values for every parameter; must be pure (no shared mutable
  /// state: it is called from several threads at once). InputError for values it cannot use.
  std::function<CandidateSetup(const ParameterValues&)> build;
  TimeScale time_scale;
  LimitOptions limits;
  std::optional<CriterionSpec> criterion;
  RunSettings run;
  StudyKind kind = StudyKind::kSweep;
  TminSpec tmin;
  OptimizeSpec optimize;
};

/// What one candidate's run showed.
struct CandidateResult {
  ParameterValues values;
  double time_scale = 1;
  double T = 0;             ///< the task's duration (s)
  double E = 0;             ///< the energy consumed ([VP] (3.5.2)-(3.5.4)), J
  double sigma_max = 0;     ///< the largest normal stress in any segment over the run (Pa)
  double stress_ratio = 0;  ///< the largest σ_max / σ_d or τ_max / τ_d (> 1: violated)
  double deflection = 0;    ///< the largest quasi-static tip deflection |u^qs| (m); 0 without segments
  double drive_margin = 0;  ///< the largest demand / envelope ratio of the DC motors (> 1: violated)
  bool reach_ok = true, stress_ok = true, drive_ok = true, deflection_ok = true;
  bool feasible() const { return reach_ok && stress_ok && drive_ok && deflection_ok; }
  std::string fault;  ///< the first violation's message (reach, stress, drive, deflection); "" if none
  double G = 0;       ///< the combined criterion (NaN without one)
};

/// The candidate of `values` (one per parameter; others are an InputError) at the study's time
/// scale, or at `scale` when given (tmin's bisection). Builds the arm (Study::build), adds the
/// task's payload, starts at the task's initial q or its inverse-kinematics pose (a start pose
/// not reached is a reach fault: the run is skipped, E and the peaks NaN), runs the task and
/// checks the limits at the check times. Thread-safe. InputError "<source>: candidate
/// R = 0.02, ...: <what>" when the candidate cannot be built or run.
CandidateResult evaluate_candidate(const Study& study, const ParameterValues& values,
                                   std::optional<double> scale = std::nullopt);

/// A candidate's run with its DC motors' operating points: [VP] Fig. 5.18's P–n diagrams.
struct MotorTraces {
  CandidateResult result;             ///< as evaluate_candidate gives it
  drives::DriveSet drives;            ///< the candidate's drives (their motors' envelopes)
  std::vector<std::string> joint_names;
  std::vector<MotorSample> samples;   ///< every DC motor at every checked state, in time order
};

/// evaluate_candidate(study, values, scale) recording the motors' operating points as well.
MotorTraces motor_traces(const Study& study, const ParameterValues& values, std::optional<double> scale = std::nullopt);

/// The grid of the study's parameters, the first varying slowest (one point for no parameters).
std::vector<ParameterValues> parameter_grid(const Study& study);

/// Called as each grid point finishes, one call at a time (from the calling thread or a
/// worker): the number finished so far, the point's index in the grid and what it gave; for
/// streaming the results out in the order they finish.
template <class Result>
using FinishedCallback = std::function<void(int done, std::size_t index, const Result& result)>;

/// Every grid point evaluated, on up to `threads` threads (0: every core); the results in grid
/// order, equal bit for bit to a serial loop of evaluate_candidate. `finished` (optional) is
/// called as each candidate finishes.
std::vector<CandidateResult> sweep(const Study& study, int threads = 0,
                                   const FinishedCallback<CandidateResult>& finished = {});

/// "R = 0.02, T = 3": the values in the study's parameter order.
std::string describe_values(const Study& study, const ParameterValues& values);

}  // namespace armdyn::design
