// Design studies: one candidate's evaluation and the parallel sweep (include/armdyn/design/study.hpp).
#include "armdyn/design/study.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/design/criterion.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/payload.hpp"
#include "armdyn/segments/micro_dynamics.hpp"
#include "armdyn/tasks/blocks.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/run.hpp"
#include "armdyn/tasks/task_path.hpp"
#include "grid_map.hpp"

namespace armdyn::design {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string number_text(double x) {
  std::ostringstream s;
  s.precision(10);
  s << x;
  return s.str();
}

// The task with every profile duration multiplied by `scale`; a trapezoid's peak speed is
// divided by it, so that the scaled task follows the same path with the same profile shapes.
tasks::Task scaled_task(tasks::Task task, double scale) {
  for (tasks::Segment& s : task.segments) {
    s.duration *= scale;
    s.profile.peak_velocity /= scale;
  }
  return task;
}

double total_duration(const tasks::Task& task) {
  double T = 0;
  for (const tasks::Segment& s : task.segments) T += s.duration;
  return T;
}

// The task's start: its "q", or the inverse-kinematics pose of its "position" (and
// "orientation") from "q_guess" (zeros when absent).
tasks::IkResult start_pose(const Model& model, int frame, const tasks::Task& task) {
  const tasks::InitialState& init = task.initial;
  tasks::IkResult r;
  if (init.q) {
    r.q = *init.q;
    r.converged = true;
    return r;
  }
  if (!init.position) throw InputError(task.source + ": initial: neither \"q\" nor \"position\" given");
  tasks::IkTarget target;
  target.p = *init.position;
  target.orientation = init.orientation ? tasks::OrientationMode::kFull : tasks::OrientationMode::kFree;
  if (init.orientation) target.R = *init.orientation;
  return tasks::inverse_kinematics(model, frame, target, init.q_guess ? *init.q_guess : VecX<double>::Zero(model.dof));
}

// The quasi-static tip deflection |u_n^qs| ([VP] (4.6.3)) of each checked state.
class TipDeflection {
 public:
  TipDeflection(const Model& model, const segments::SegmentSet& segments) : chain_(model, segments), data_(model) {}
  void observe(const tasks::RunState& s) {
    chain_.state(data_, *s.q, *s.v, *s.a, nullptr, state_);
    segments::quasi_static(state_, response_);
    t.push_back(s.t);
    u.push_back(response_.u.segment<3>(3 * (chain_.size() - 1)).norm());
  }
  std::vector<double> t, u;

 private:
  segments::ElasticChain chain_;
  Data data_;
  segments::ElasticChainState state_;
  segments::MicroResponse response_;
};

void check_values(const Study& study, const ParameterValues& values) {
  for (const Parameter& p : study.parameters)
    if (!values.count(p.name)) throw InputError("no value for parameter '" + p.name + "'");
  for (const auto& [name, value] : values) {
    bool known = false;
    for (const Parameter& p : study.parameters) known = known || p.name == name;
    if (!known) throw InputError("no parameter named '" + name + "'");
    if (!std::isfinite(value)) throw InputError("parameter '" + name + "' is not finite");
  }
}

double study_scale(const Study& study, const ParameterValues& values, const tasks::Task& task) {
  const TimeScale& ts = study.time_scale;
  const double x = ts.parameter.empty() ? ts.value : values.at(ts.parameter);
  const double scale = ts.is_duration ? x / total_duration(task) : x;
  if (!(scale > 0) || !std::isfinite(scale))
    throw InputError(std::string(ts.is_duration ? "duration " : "time scale ") + number_text(x) + " is not positive");
  return scale;
}

// The run and its checks (see evaluate_candidate).
void run_candidate(const Study& study, const CandidateSetup& setup, double scale, CandidateResult& out,
                   std::vector<MotorSample>* motor_samples) {
  const tasks::Task task = scaled_task(setup.task, scale);
  Model model = setup.model;
  const int frame = model.frame_index(task.frame);
  if (frame < 0) throw InputError(task.source + ": frame: no frame named '" + task.frame + "' in model '" + model.name + "'");
  if (task.payload) model = with_payload(model, frame, *task.payload);
  LimitMonitor monitor(model, setup.segments, setup.drives, study.limits);
  monitor.record_motors(motor_samples);
  const tasks::IkResult ik = start_pose(model, frame, task);
  monitor.start_pose(ik);
  out.T = total_duration(task);
  out.E = kNaN;
  if (ik.converged) {
    Data data(model);
    forward_kinematics(model, data, ik.q);
    const Transform<double> X0 = data.oMf[static_cast<std::size_t>(frame)];
    tasks::TaskMotion motion(task, X0.p, X0.R, ik.q, model.joint_names);
    const tasks::ReferencePath path = tasks::reference_path(model, task, motion);
    tasks::RunOptions ro;
    ro.integrator = sim::integrator_from_name(study.run.integrator);
    ro.dt = study.run.dt;
    ro.output_period = study.run.check_period;
    tasks::check_run_options(ro, path.duration, "run.dt", "run.check_period");
    std::optional<TipDeflection> tip;
    if (!setup.segments.empty()) tip.emplace(model, setup.segments);
    const tasks::RunSummary summary =
        tasks::run_task(model, frame, path, ik.q, VecX<double>::Zero(model.dof), ro, [&](const tasks::RunState& s) {
          monitor.observe(s);
          if (tip) tip->observe(s);
        });
    out.E = summary.energy_consumed;
    if (tip) monitor.deflection(tip->t, tip->u);
    if (tip) for (double u : tip->u) out.deflection = std::max(out.deflection, u);
  }
  const LimitReport& r = monitor.report();
  out.sigma_max = r.sigma_max;
  out.stress_ratio = r.stress.worst_ratio;
  out.drive_margin = r.drive.worst_ratio;
  out.reach_ok = !r.reach.violated;
  out.stress_ok = !r.stress.violated;
  out.drive_ok = !r.drive.violated;
  out.deflection_ok = !r.deflection.violated;
  // The first fault in time; ties in the order of §5.3.
  const LimitCheck* first = nullptr;
  for (const LimitCheck* c : {&r.reach, &r.stress, &r.drive, &r.deflection})
    if (c->violated && (!first || c->t < first->t)) first = c;
  out.fault = first ? first->message : "";
}

}  // namespace

std::string describe_values(const Study& study, const ParameterValues& values) {
  std::string out;
  for (const Parameter& p : study.parameters) {
    const auto it = values.find(p.name);
    if (it == values.end()) continue;
    out += (out.empty() ? "" : ", ") + p.name + " = " + number_text(it->second);
  }
  return out.empty() ? "(no parameters)" : out;
}

namespace {

// evaluate_candidate, and the motors' traces when `traces` is given.
CandidateResult evaluate(const Study& study, const ParameterValues& values, std::optional<double> scale,
                         MotorTraces* traces) {
  CandidateResult out;
  out.values = values;
  try {
    check_values(study, values);
    if (!study.build) throw InputError("the study builds no candidates");
    const CandidateSetup setup = study.build(values);
    out.time_scale = scale ? *scale : study_scale(study, values, setup.task);
    if (!(out.time_scale > 0) || !std::isfinite(out.time_scale))
      throw InputError("time scale " + number_text(out.time_scale) + " is not positive");
    if (traces) {
      traces->drives = setup.drives;
      traces->joint_names = setup.model.joint_names;
    }
    run_candidate(study, setup, out.time_scale, out, traces ? &traces->samples : nullptr);
  } catch (const InputError& e) {
    throw InputError(study.source + ": candidate " + describe_values(study, values) + ": " + e.what());
  }
  if (study.criterion) {
    const CriterionSpec& c = *study.criterion;
    out.G = combined_efficiency(time_efficiency(out.T, c.T0, c.T1), energy_efficiency(out.E, c.E0, c.E1), c.r, c.w_t);
  } else {
    out.G = kNaN;
  }
  return out;
}

}  // namespace

CandidateResult evaluate_candidate(const Study& study, const ParameterValues& values, std::optional<double> scale) {
  return evaluate(study, values, scale, nullptr);
}

MotorTraces motor_traces(const Study& study, const ParameterValues& values, std::optional<double> scale) {
  MotorTraces traces;
  traces.result = evaluate(study, values, scale, &traces);
  return traces;
}

std::vector<ParameterValues> parameter_grid(const Study& study) {
  std::vector<ParameterValues> grid(1);
  for (const Parameter& p : study.parameters) {
    std::vector<ParameterValues> next;
    next.reserve(grid.size() * p.values.size());
    for (const ParameterValues& g : grid)
      for (double v : p.values) {
        next.push_back(g);
        next.back()[p.name] = v;
      }
    grid = std::move(next);
  }
  return grid;
}

std::vector<CandidateResult> sweep(const Study& study, int threads, const FinishedCallback<CandidateResult>& finished) {
  return detail::map_grid<CandidateResult>(
      study, threads, finished, [](const Study& s, const ParameterValues& v) { return evaluate_candidate(s, v); });
}

}  // namespace armdyn::design
