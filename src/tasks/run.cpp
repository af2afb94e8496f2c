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
#include "armdyn/simulation/time_grid.hpp"

namespace armdyn::tasks {

namespace {

std::string time_text(double t) {
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, t).ptr);
}

// The integrators' right-hand side: q̈ from the adjustment block at the reference's t.
class TaskField final : public sim::AccelerationField {
 public:
  TaskField(const Model& model, int frame, const ReferencePath& path, const BlockOptions& options)
      : block(model, frame, options), path_(path) {}
  const VecX<double>& acceleration(double t, VecIn<double> q, VecIn<double> v) override {
    ++evaluations;
    path_.sample(stepping_ ? std::clamp(t, from_, to_) : t, reference);
    return block.solve(reference, q, v);
  }
  /// The step [ta, tb] being taken: the reference is sampled inside it (one-sided limits).
  void step(double ta, double tb) {
    const double eps = 1e-9 * (tb - ta);
    from_ = ta + eps;
    to_ = tb - eps;
    stepping_ = true;
  }
  /// Between steps: the reference at t as it is.
  void between_steps() { stepping_ = false; }
  AdjustmentBlock block;
  TaskReference reference;
  long evaluations = 0;

 private:
  const ReferencePath& path_;
  bool stepping_ = false;
  double from_ = 0, to_ = 0;
};

// One run: the state, the integrator, the quantities kept at every step boundary.
class Runner {
 public:
  Runner(const Model& model, int frame, const ReferencePath& path, const RunOptions& options,
         const std::function<void(const RunState&)>& observer)
      : model_(model), frame_(frame), path_(path), o_(options), observer_(observer),
        field_(model, frame, path, options.block), data_(model), ws_(model), rk45_(model.dof, options.atol, options.rtol) {
    if (!sim::is_adaptive(o_.integrator)) stepper_ = sim::make_fixed_stepper(o_.integrator, model.dof);
    summary_.duration = path.duration;
    summary_.peak_tau.assign(static_cast<std::size_t>(model.dof), Peak{});
    summary_.peak_v.assign(static_cast<std::size_t>(model.dof), Peak{});
    for (double b : path.breakpoints)
      if (b > 0 && b < path.duration) breaks_.push_back(b);
    std::sort(breaks_.begin(), breaks_.end());
    breaks_.push_back(std::numeric_limits<double>::infinity());
  }

  RunSummary run(VecIn<double> q0, VecIn<double> v0) {
    q_ = q0;
    v_ = v0;
    boundary(0.0);
    emit();
    const double T = path_.duration;
    if (sim::is_adaptive(o_.integrator)) run_adaptive(T);
    else run_fixed(T);
    summary_.evaluations = field_.evaluations;
    return summary_;
  }

 private:
  // Steps of dt on the grid k dt, shortened to land on each output time, breakpoint and T.
  void run_fixed(double T) {
    const double P = o_.output_period, dt = o_.dt, snap = 1e-9 * dt;
    const sim::TimeGrid grid(dt), outputs(P > 0 ? P : dt);
    long k_step = 1, k_out = 1;
    std::size_t k_break = 0;
    while (t_ < T) {
      const double t_out = P > 0 ? outputs(k_out) : T;
      double te = std::min({grid(k_step), T, t_out});
      if (breaks_[k_break] < te - snap) te = breaks_[k_break];  // (one within snap: the grid's time)
      if (te >= T - snap) te = T;
      field_.step(t_, te);
      stepper_->step(field_, t_, te - t_, q_, v_);
      field_.between_steps();
      t_ = te;
      reached_breakpoints(k_break, snap);
      boundary(t_);
      while (grid(k_step) <= t_ + snap) ++k_step;
      const bool output = P == 0 || t_ == T || t_out <= t_ + snap;
      if (P > 0)
        while (outputs(k_out) <= t_ + snap) ++k_out;
      if (output) emit();
    }
  }

  // Error-controlled steps, each output time (when given), breakpoint and T landed on exactly;
  // rk45 restarts (forgets its last derivative) at a breakpoint, where the right-hand side jumps.
  void run_adaptive(double T) {
    const double P = o_.output_period, snap = 1e-9 * (P > 0 ? P : o_.dt);
    const sim::TimeGrid outputs(P > 0 ? P : 1.0);
    long k_out = 1;
    std::size_t k_break = 0;
    double step = o_.dt;
    while (t_ < T) {
      const double t_out = P > 0 ? std::min(outputs(k_out), T) : T;
      double te = t_out;
      if (breaks_[k_break] < te - snap) te = breaks_[k_break];
      if (te >= T - snap) te = T;
      while (t_ < te) {
        const double saved = step;
        const bool clamped = step >= te - t_;
        double h = clamped ? te - t_ : step;
        field_.step(t_, t_ + h);
        const bool accepted = rk45_.try_step(field_, t_, h, q_, v_);
        field_.between_steps();
        if (accepted) {
          if (clamped) t_ = te;
          step = clamped ? std::max(h, saved) : h;
          if (reached_breakpoints(k_break, snap)) rk45_.reset();
          boundary(t_);
          if (P == 0) emit();
        } else {
          ++summary_.rejected_steps;
          step = h;
          if (step < 1e-14 * std::max(1.0, std::abs(t_)))
            throw InputError("task: rk45's step fell below " + time_text(step) + " s at t = " + time_text(t_) +
                             " s (the motion is not smooth there: a singular configuration?)");
        }
      }
      if (P > 0 && t_out <= t_ + snap) {
        emit();
        while (outputs(k_out) <= t_ + snap) ++k_out;
      }
    }
  }

  // Passes the breakpoints the motion has reached (at most snap beyond t_), telling the path;
  // true when there was one.
  bool reached_breakpoints(std::size_t& k, double snap) {
    bool any = false;
    while (breaks_[k] <= t_ + snap) {
      ++k;
      any = true;
    }
    if (any && path_.on_breakpoint) path_.on_breakpoint(t_, q_, v_);
    return any;
  }

  // The quantities at a step boundary: q̈, the drives, the energy over the step just taken,
  // the peaks and the deviation from the reference.
  void boundary(double t) {
    if (!q_.allFinite() || !v_.allFinite())
      throw InputError("task: the motion stopped being finite at t = " + time_text(t) +
                       " s (a singular configuration? try a smaller --dt)");
    a_ = field_.acceleration(t, q_, v_);
    if (o_.base_motion) {
      o_.base_motion->torque(t, q_, v_, base_columns_);
      if (!loads_.base) loads_.base.emplace();
      loads_.base->v = base_columns_.head<6>();
      loads_.base->a = base_columns_.tail<6>();
      tau_ = rnea(model_, data_, q_, v_, a_, &loads_);
    } else {
      tau_ = rnea(model_, data_, q_, v_, a_);
    }
    if (!a_.allFinite() || !tau_.allFinite())
      throw InputError("task: the acceleration or the drives stopped being finite at t = " + time_text(t) + " s");
    if (have_previous_) {
      energy_ += step_energy(q_prev_, q_, tau_prev_, tau_);
      ++summary_.steps;
    }
    have_previous_ = true;
    q_prev_ = q_;
    tau_prev_ = tau_;
    summary_.energy_consumed = energy_;
    for (int j = 0; j < model_.dof; ++j) {
      Peak& pt = summary_.peak_tau[static_cast<std::size_t>(j)];
      if (std::abs(tau_[j]) > pt.value) pt = {std::abs(tau_[j]), t};
      Peak& pv = summary_.peak_v[static_cast<std::size_t>(j)];
      if (std::abs(v_[j]) > pv.value) pv = {std::abs(v_[j]), t};
    }
    deviation(field_.reference, field_.block.pose());
    if (summary_.position_deviation.value < dev_p_) summary_.position_deviation = {dev_p_, t};
    if (summary_.orientation_deviation.value < dev_r_) summary_.orientation_deviation = {dev_r_, t};
    damped_ = field_.block.damped();
    if (damped_ && summary_.damped_steps++ == 0) summary_.first_damped = t;
    t_boundary_ = t;
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
  void emit() {
    ++summary_.rows;
    if (!observer_) return;
    RunState s;
    s.model = &model_;
    s.frame = frame_;
    s.t = t_boundary_;
    s.q = &q_;
    s.v = &v_;
    s.a = &a_;
    s.tau = &tau_;
    s.acceleration = frame_acceleration(model_, data_, ws_, frame_, q_, v_, a_);
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
  std::unique_ptr<sim::FixedStepper> stepper_;
  sim::Rk45 rk45_;
  double t_ = 0, t_boundary_ = 0, energy_ = 0, dev_p_ = 0, dev_r_ = 0;
  bool have_previous_ = false, damped_ = false;
  VecX<double> q_, v_, a_, tau_, q_prev_, tau_prev_;
  VecX<double> base_columns_ = VecX<double>::Zero(12);  ///< o_.base_motion's numbers at t
  Loads<double> loads_;  ///< the base's motion at t
  std::vector<double> breaks_;  ///< the path's breakpoints in (0, T), sorted, then +infinity
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
