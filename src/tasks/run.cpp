// The task runner; see tasks/run.hpp.
#include "armdyn/tasks/run.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/simulation/simulate.hpp"

namespace armdyn::tasks {

namespace {

std::string time_text(double t) {
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, t).ptr);
}

// The stepper's field: q̈ from the adjustment block at the reference's t (no z).
class TaskField final : public sim::Field {
 public:
  TaskField(const Model& model, int frame, const ReferencePath& path, const BlockOptions& options)
      : block(model, frame, options), path_(path) {}
  void derivative(double t, VecIn<double> q, VecIn<double> v, VecIn<double>, Eigen::Ref<VecX<double>> a,
                  Eigen::Ref<VecX<double>>) override {
    a = acceleration(t, q, v);
  }
  const VecX<double>& acceleration(double t, VecIn<double> q, VecIn<double> v) {
    ++evaluations;
    path_.sample(stepping_ ? std::clamp(t, from_, to_) : t, reference);
    return block.solve(reference, q, v);
  }
  /// The step [ta, tb] being taken: the reference is sampled inside it (one-sided limits).
  void begin_step(double ta, double tb) override {
    const double eps = 1e-9 * (tb - ta);
    from_ = ta + eps;
    to_ = tb - eps;
    stepping_ = true;
  }
  /// Between steps: the reference at t as it is.
  void end_step() override { stepping_ = false; }
  AdjustmentBlock block;
  TaskReference reference;
  long evaluations = 0;

 private:
  const ReferencePath& path_;
  bool stepping_ = false;
  double from_ = 0, to_ = 0;
};

// One run: the quantities kept at every step boundary, the rows.
class Runner final : public sim::Observer {
 public:
  Runner(const Model& model, int frame, const ReferencePath& path, const RunOptions& options,
         const std::function<void(const RunState&)>& observer)
      : model_(model), frame_(frame), path_(path), o_(options), observer_(observer),
        field_(model, frame, path, options.block), data_(model), ws_(model) {
    summary_.duration = path.duration;
    summary_.peak_tau.assign(static_cast<std::size_t>(model.dof), Peak{});
    summary_.peak_v.assign(static_cast<std::size_t>(model.dof), Peak{});
  }

  RunSummary run(VecIn<double> q0, VecIn<double> v0) {
    sim::Stepper stepper(o_.integrator, model_, 0, o_.rtol, o_.atol);
    sim::State x = stepper.state();
    x.q = q0;
    x.v = v0;
    sim::LoopOptions lo;
    lo.duration = path_.duration;
    lo.dt = o_.dt;
    lo.output_period = o_.output_period;  // 0: every step
    lo.breakpoints = path_.breakpoints;
    lo.steps_on_grid = true;  // the consumed energy does not depend on how often rows are written
    lo.check_limits = false;
    const sim::SimulationStats stats = sim::integrate(stepper, model_, field_, *this, x, lo);
    if (stats.diverged) {
      const bool underflow = stats.divergence.rfind("rk45", 0) == 0, state = stats.divergence.find("state") != std::string::npos;
      throw InputError("task: " + stats.divergence + " at t = " + time_text(stats.diverged_at) + " s" +
                       (underflow ? " (the motion is not smooth there: a singular configuration?)"
                        : state   ? " (a singular configuration? try a smaller --dt)"
                                  : ""));
    }
    summary_.steps = stats.steps;
    summary_.rejected_steps = stats.rejected_steps;
    summary_.rows = stats.samples;
    summary_.evaluations = field_.evaluations;
    return summary_;
  }

  // At a breakpoint: the path is told, with the state there, before the reference is sampled again.
  void discontinuity(double t, sim::State& x) override {
    if (path_.on_breakpoint) path_.on_breakpoint(t, x.q, x.v);
  }
  const char* after_step(double t, const sim::State& x) override { return boundary(t, x.q, x.v); }
  const char* output(double, const sim::State& x, sim::Energies&) override {
    emit(x);
    return nullptr;
  }

 private:
  // The quantities at a step boundary: q̈, the drives, the energy over the step just taken,
  // the peaks and the deviation from the reference.
  const char* boundary(double t, const VecX<double>& q, const VecX<double>& v) {
    a_ = field_.acceleration(t, q, v);
    if (o_.base_motion) {
      o_.base_motion->torque(t, q, v, base_columns_);
      if (!loads_.base) loads_.base.emplace();
      loads_.base->v = base_columns_.head<6>();
      loads_.base->a = base_columns_.tail<6>();
      tau_ = rnea(model_, data_, q, v, a_, &loads_);
    } else {
      tau_ = rnea(model_, data_, q, v, a_);
    }
    if (!a_.allFinite() || !tau_.allFinite()) return "the acceleration or the drives stopped being finite";
    if (have_previous_) energy_ += step_energy(q_prev_, q, tau_prev_, tau_);
    have_previous_ = true;
    q_prev_ = q;
    tau_prev_ = tau_;
    summary_.energy_consumed = energy_;
    for (int j = 0; j < model_.dof; ++j) {
      Peak& pt = summary_.peak_tau[static_cast<std::size_t>(j)];
      if (std::abs(tau_[j]) > pt.value) pt = {std::abs(tau_[j]), t};
      Peak& pv = summary_.peak_v[static_cast<std::size_t>(j)];
      if (std::abs(v[j]) > pv.value) pv = {std::abs(v[j]), t};
    }
    deviation(field_.reference, field_.block.pose());
    if (summary_.position_deviation.value < dev_p_) summary_.position_deviation = {dev_p_, t};
    if (summary_.orientation_deviation.value < dev_r_) summary_.orientation_deviation = {dev_r_, t};
    damped_ = field_.block.damped();
    if (damped_ && summary_.damped_steps++ == 0) summary_.first_damped = t;
    t_boundary_ = t;
    return nullptr;
  }

  void deviation(const TaskReference& ref, const Transform<double>& X) {
    dev_p_ = (ref.p - X.p).norm();
    dev_r_ = 0;
    if (ref.orientation == OrientationMode::kFull) {
      dev_r_ = rotation_error(ref.R, X.R).norm();
    } else if (ref.orientation == OrientationMode::kApproach) {
      const Vec3<double> h = X.R.col(ref.approach_axis);
      dev_r_ = std::atan2(h.cross(ref.approach).norm(), h.dot(ref.approach));
    }
  }

  // Delivers the state at the last boundary.
  void emit(const sim::State& x) {
    if (!observer_) return;
    RunState s;
    s.model = &model_;
    s.frame = frame_;
    s.t = t_boundary_;
    s.q = &x.q;
    s.v = &x.v;
    s.a = &a_;
    s.tau = &tau_;
    s.acceleration = frame_acceleration(model_, data_, ws_, frame_, x.q, x.v, a_);
    s.velocity = ws_.velocity;
    s.pose = data_.oMf[static_cast<std::size_t>(frame_)];
    s.reference = &field_.reference;
    s.energy_consumed = energy_;
    s.position_deviation = dev_p_;
    s.orientation_deviation = dev_r_;
    s.damped = damped_;
    observer_(s);
  }

  const Model& model_;
  int frame_;
  const ReferencePath& path_;
  const RunOptions& o_;
  const std::function<void(const RunState&)>& observer_;
  TaskField field_;
  Data data_;
  FrameWorkspace<double> ws_;
  double t_boundary_ = 0, energy_ = 0, dev_p_ = 0, dev_r_ = 0;
  bool have_previous_ = false, damped_ = false;
  VecX<double> a_, tau_, q_prev_, tau_prev_;
  VecX<double> base_columns_ = VecX<double>::Zero(12);  ///< o_.base_motion's numbers at t
  Loads<double> loads_;  ///< the base's motion at t
  RunSummary summary_;
};

}  // namespace

double step_energy(VecIn<double> q0, VecIn<double> q1, VecIn<double> tau0, VecIn<double> tau1) {
  return ((q1 - q0).cwiseAbs().array() * (0.5 * (tau0 + tau1)).cwiseAbs().array()).sum();
}

void check_run_options(const RunOptions& options, double duration, const std::string& dt_name,
                       const std::string& period_name) {
  if (!(duration > 0) || !std::isfinite(duration))
    throw InputError("task: the duration must be positive and finite (got " + time_text(duration) + " s)");
  sim::SimulationOptions s;
  s.duration = duration;
  s.dt = options.dt;
  s.output_period = options.output_period;
  s.integrator = options.integrator;
  s.rtol = options.rtol;
  s.atol = options.atol;
  sim::OptionNames names;
  names.duration = "the task's duration";
  names.dt = dt_name;
  names.output_period = period_name;
  sim::check_options(s, names);
}

RunSummary run_task(const Model& model, int frame, const ReferencePath& path, VecIn<double> q0, VecIn<double> v0,
                    const RunOptions& options, const std::function<void(const RunState&)>& observer) {
  require_angle_coordinates(model, "a task");
  check_run_options(options, path.duration);
  if (!path.sample) throw InputError("task: the reference path has no sampler");
  if (q0.size() != model.dof || !q0.allFinite())
    throw InputError("task: the initial q must hold " + std::to_string(model.dof) + " finite values");
  if (v0.size() != model.dof || !v0.allFinite())
    throw InputError("task: the initial v must hold " + std::to_string(model.dof) + " finite values");
  Runner runner(model, frame, path, options, observer);
  return runner.run(q0, v0);
}

}  // namespace armdyn::tasks
