// The one event loop (integrate.hpp).
#include "armdyn/simulation/integrate.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "armdyn/core/text.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/simulation/time_grid.hpp"

namespace armdyn::sim {

namespace {

// Warns once per joint when q leaves [lower, upper]; reports the first joint out of range.
class LimitMonitor {
 public:
  LimitMonitor(const Model& model, const std::function<void(const std::string&)>& warn)
      : model_(model), warn_(warn), warned_(static_cast<std::size_t>(model.dof), false) {}

  int check(double t, const VecX<double>& q) {
    int first = -1;
    for (int j = 0; j < model_.dof; ++j) {
      const JointLimits& lim = model_.limits[static_cast<std::size_t>(j)];
      if (model_.has_quaternions() && model_.quaternion_axis[j] != 0) continue;  // no position limits
      const double qj = model_.has_quaternions() ? q[model_.q_index[j]] : q[j];
      if (qj >= lim.lower && qj <= lim.upper) continue;
      if (first < 0) first = j;
      if (warned_[static_cast<std::size_t>(j)]) continue;
      warned_[static_cast<std::size_t>(j)] = true;
      const char* unit = model_.joint_type[static_cast<std::size_t>(j)] == JointType::kRevolute ? " rad" : " m";
      warn_("joint '" + model_.joint_names[static_cast<std::size_t>(j)] + "' (joint " + std::to_string(j + 1) +
            ") left its limits [" + number_text(lim.lower, 6) + ", " + number_text(lim.upper, 6) + "]" + unit +
            " at t = " + shortest_text(t) + " s (q = " + number_text(qj, 6) + ")");
    }
    return first;
  }

 private:
  const Model& model_;
  const std::function<void(const std::string&)>& warn_;
  std::vector<bool> warned_;
};

void warn_on_stderr(const std::string& message) { std::cerr << "armdyn: warning: " << message << "\n"; }

bool finite(const State& x) { return x.q.allFinite() && x.v.allFinite() && x.z.allFinite(); }

class Loop {
 public:
  Loop(Stepper& stepper, const Model& model, Field& field, Observer& observer, State& x, const LoopOptions& o)
      : stepper_(stepper), field_(field), observer_(observer), x_(x), o_(o),
        warn_(o.warn ? o.warn : std::function<void(const std::string&)>(warn_on_stderr)), limits_(model, warn_),
        step_dt_(o.dt), step_time_(o.dt), x_before_(x) {
    for (double b : o.breakpoints)
      if (b > 0 && b < o.duration) breaks_.push_back(b);
    std::sort(breaks_.begin(), breaks_.end());
    breaks_.push_back(std::numeric_limits<double>::infinity());
  }

  SimulationStats run();

 private:
  bool advance(double te) {
    return stepper_.adaptive() ? advance_adaptive(te) : o_.steps_on_grid ? advance_on_grid(te) : advance_fixed(te);
  }
  bool advance_fixed(double te);
  bool advance_on_grid(double te);
  bool advance_adaptive(double te);
  bool after_step(double t);
  bool between_events(double t) { return observe(t) && (!every_ || emit(t)); }
  bool observe(double t);
  bool emit(double t);
  bool watch_energy(double t, double kinetic, double potential);
  void diverge(double t, const std::string& what) {
    stats_.diverged = true;
    stats_.diverged_at = t;
    stats_.divergence = what;
  }
  int check_limits(double t) { return o_.check_limits ? limits_.check(t, x_.q) : -1; }
  /// The energy is watched after every kWatchEvery-th step (and at every output): an eighth of
  /// the cost, and an error growing past the bound is still seen long before it overflows.
  static constexpr long kWatchEvery = 8;

  Stepper& stepper_;
  Field& field_;
  Observer& observer_;
  State& x_;
  const LoopOptions& o_;
  std::function<void(const std::string&)> warn_;
  LimitMonitor limits_;
  bool every_ = false;  ///< every accepted step is an output
  double step_dt_;      ///< rk45's next step
  TimeGrid step_time_;  ///< steps_on_grid: the times k dt
  long k_step_ = 1;     ///< the next of them
  double t_ = 0;
  double kmax_ = 0, round_off_ = 0;  ///< watch_energy: the largest kinetic energy, the round-off floor
  double t_before_ = 0;  ///< the end of the last finite step, and its state: the energy
  State x_before_;       ///< just before a divergence
  std::vector<double> breaks_;  ///< the breakpoints in (0, T), sorted, then +infinity
  SimulationStats stats_;
};

SimulationStats Loop::run() {
  const double T = o_.duration, Tc = o_.sample_period;
  every_ = !(o_.output_period > 0);
  // The output times: k P; with every step an output, a fixed-step integrator's steps end on k dt.
  const bool grid = !every_ || !stepper_.adaptive();
  const double P = every_ ? o_.dt : o_.output_period;
  const double snap = 1e-9 * (Tc > 0 ? std::min(P, Tc) : P);
  const TimeGrid output_time(P);
  if (Tc > 0) observer_.discontinuity(0.0, x_);  // the controller's first sample
  const int outside = check_limits(0.0);
  if (!observe(0.0) || !emit(0.0)) return stats_;
  if (outside >= 0 && o_.stop_at_limits) stats_.limit_joint = outside;
  long k_out = 1, k_ctl = 1;
  std::size_t k_brk = 0;
  while (t_ < T && stats_.limit_joint < 0 && !stats_.diverged) {
    // The next event: the next output time (the last one exactly T), controller sample or
    // breakpoint; one within snap of the earliest happens with it.
    double t_out = grid ? output_time(k_out) : T;
    if (t_out >= T - 1e-9 * P) t_out = T;
    const double t_ctl = Tc > 0 ? static_cast<double>(k_ctl) * Tc : std::numeric_limits<double>::infinity();
    double te = t_out;
    if (t_ctl < te - snap) te = t_ctl;
    if (breaks_[k_brk] < te - snap) te = breaks_[k_brk];
    if (!advance(te)) {  // stopped at a joint limit (the state there is the last output), or diverged
      if (!stats_.diverged && observe(t_)) emit(t_);
      break;
    }
    t_ = te;
    bool jump = false;  // the right-hand side changes here
    while (Tc > 0 && static_cast<double>(k_ctl) * Tc <= te + snap) {
      ++k_ctl;
      jump = true;
    }
    while (breaks_[k_brk] <= te + snap) {
      ++k_brk;
      jump = true;
    }
    if (jump) {
      observer_.discontinuity(t_, x_);
      stepper_.reset();
    }
    if (!observe(t_)) break;
    const bool output = t_out <= te + snap;
    while (grid && output && output_time(k_out) <= te + snap) ++k_out;
    if ((output || every_) && !emit(t_)) break;
  }
  return stats_;
}

// Equal steps of at most dt from t_ to te.
bool Loop::advance_fixed(double te) {
  const double span = te - t_;
  const long n = std::max(1L, static_cast<long>(std::ceil(span / o_.dt - 1e-9)));
  const double h = span / static_cast<double>(n), t0 = t_;
  for (long i = 0; i < n; ++i) {
    stepper_.step(field_, t0 + static_cast<double>(i) * h, h, x_);
    const bool last = i + 1 == n;
    const double t = last ? te : t0 + static_cast<double>(i + 1) * h;
    if (!after_step(t) || (!last && !between_events(t))) return false;
  }
  return true;
}

// Steps from t_ to the next time k dt (one within 1e-9 dt of te: te) until te.
bool Loop::advance_on_grid(double te) {
  const double snap = 1e-9 * o_.dt;
  while (t_ < te) {
    while (step_time_(k_step_) <= t_ + snap) ++k_step_;
    double tb = step_time_(k_step_);
    if (tb >= te - snap) tb = te;
    stepper_.step(field_, t_, tb - t_, x_);
    t_ = tb;
    if (!after_step(tb) || (tb < te && !between_events(tb))) return false;
  }
  return true;
}

// Error-controlled steps from t_, the last one shortened to land on te.
bool Loop::advance_adaptive(double te) {
  while (t_ < te) {
    const double saved = step_dt_;
    const bool clamped = step_dt_ >= te - t_;
    double dt = clamped ? te - t_ : step_dt_;
    if (stepper_.try_step(field_, t_, dt, x_)) {
      if (clamped) t_ = te;
      step_dt_ = clamped ? std::max(dt, saved) : dt;
      if (!after_step(t_) || (t_ < te && !between_events(t_))) return false;
    } else {
      ++stats_.rejected_steps;
      step_dt_ = dt;
      const double least = 1e-14 * std::max(1.0, std::abs(t_));
      if (step_dt_ < least) {
        diverge(t_, "rk45's step fell below " + number_text(least, 3) + " s");
        return false;
      }
    }
  }
  return true;
}

// After an accepted step ending at t: counts it, checks the state (and its energy when watched),
// projects it, watches the limits. False when the run ends here.
bool Loop::after_step(double t) {
  ++stats_.steps;
  if (!finite(x_)) {
    diverge(t, "the state is no longer finite");
    const Energies e = observer_.energies(x_before_);  // the energy just before
    const double energy = e.kinetic + e.potential;
    if (e.known && std::isfinite(energy) && t_before_ >= stats_.last_finite_time) {
      stats_.last_finite_time = t_before_;
      stats_.last_finite_energy = energy;
    }
    return false;
  }
  if (observer_.project(x_)) stepper_.reset();  // the kept derivative was at the unprojected state
  if (o_.energy_warning > 0 && stats_.steps % kWatchEvery == 0) {
    const Energies e = observer_.energies(x_);
    if (e.known && !watch_energy(t, e.kinetic, e.potential)) return false;
  }
  t_before_ = t;
  x_before_ = x_;
  if (o_.on_step) o_.on_step(t);
  const int joint = check_limits(t);
  if (joint >= 0 && o_.stop_at_limits) {
    t_ = t;
    stats_.limit_joint = joint;
    return false;
  }
  return true;
}

// The observer's per-step quantities at t; false (the run diverged there) when they are not finite.
bool Loop::observe(double t) {
  if (const char* what = observer_.after_step(t, x_)) {
    diverge(t, what);
    return false;
  }
  return true;
}

// A run without torque: the total energy at t against E(0); warns once when the error passes the
// bound of energy_warning. False when the energy is not finite.
bool Loop::watch_energy(double t, double kinetic, double potential) {
  const double energy = kinetic + potential;
  if (!std::isfinite(energy)) {
    diverge(t, "the energy is no longer finite");
    return false;
  }
  stats_.last_finite_time = t;
  stats_.last_finite_energy = energy;
  kmax_ = std::max(kmax_, kinetic);
  const double error = std::abs(energy - stats_.initial_energy);
  if (!stats_.energy_warned && error > o_.energy_warning * kmax_ + round_off_) {
    stats_.energy_warned = true;
    warn_("the energy error reached " + number_text(error, 3) + " J at t = " + shortest_text(t) + " s, over " +
          number_text(100 * o_.energy_warning, 3) + "% of the largest kinetic energy so far (" + number_text(kmax_, 3) +
          " J): the integration is inaccurate (a smaller step or rk45 would help)");
  }
  return true;
}

// Delivers the output at t if it is finite; false (the run diverged there) if not.
bool Loop::emit(double t) {
  Energies e;
  if (const char* what = observer_.output(t, x_, e)) {
    diverge(t, what);
    return false;
  }
  if (e.known) {
    if (stats_.samples == 0) {
      stats_.initial_energy = e.kinetic + e.potential;
      kmax_ = e.kinetic;
      round_off_ = 1e-9 * (std::abs(e.kinetic) + std::abs(e.potential));
    } else if (o_.energy_warning > 0) {
      watch_energy(t, e.kinetic, e.potential);
    }
    stats_.last_finite_energy = e.kinetic + e.potential;
  }
  stats_.final_time = stats_.last_finite_time = t;
  ++stats_.samples;
  return true;
}

}  // namespace

SimulationStats integrate(Stepper& stepper, const Model& model, Field& field, Observer& observer, State& x,
                          const LoopOptions& options) {
  Loop loop(stepper, model, field, observer, x, options);
  return loop.run();
}

}  // namespace armdyn::sim
