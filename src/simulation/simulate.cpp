#include "armdyn/simulation/simulate.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <iostream>
#include <limits>
#include <stdexcept>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/simulation/time_grid.hpp"

namespace armdyn::sim {

namespace {

// x in the shortest form that reads back exactly (0.003, not 0.0030000000000000001).
// Warns once per joint when q leaves [lower, upper]; reports the first joint out of range.
class LimitMonitor {
 public:
  LimitMonitor(const Model& model, std::function<void(const std::string&)> warn)
      : model_(model), warn_(std::move(warn)), warned_(static_cast<std::size_t>(model.dof), false) {}

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
            ") left its limits [" + number_text(lim.lower, 6) + ", " + number_text(lim.upper, 6) + "]" + unit + " at t = " +
            shortest_text(t) + " s (q = " + number_text(qj, 6) + ")");
    }
    return first;
  }

 private:
  const Model& model_;
  std::function<void(const std::string&)> warn_;
  std::vector<bool> warned_;
};

void warn_on_stderr(const std::string& message) { std::cerr << "armdyn: warning: " << message << "\n"; }

std::string with_name(const std::string& name, double x) { return name + " " + shortest_text(x); }

void positive(double x, const std::string& name) {
  if (!(x > 0) || !std::isfinite(x))
    throw InputError(name + " must be positive and finite (got " + shortest_text(x) + ")");
}

// "<quantity>/<unit> implies more than `most` <what> over the duration": the product that
// would overflow a counter (or take days) is refused before any work.
void at_most(double count, double most, const std::string& what, const std::string& who, const std::string& over) {
  if (count > most)
    throw InputError(who + " gives " + number_text(count, 3) + " " + what + " over " + over + " (at most " +
                     number_text(most, 3) + ")");
}

void validate(const Model& model, VecIn<double> q0, VecIn<double> v0, const TorqueSource& source,
              const SimulationOptions& o) {
  check_size(q0, model.nq(), "q0");
  check_size(v0, model.dof, "v0");
  if (!q0.allFinite() || !v0.allFinite()) throw InputError("simulate: q0 and v0 must be finite");
  check_configuration(model, q0, "q0");  // no zero quaternion
  check_options(o);
  const double Tc = source.period();
  if (!(Tc >= 0) || !std::isfinite(Tc)) throw InputError("simulate: the controller's period must be >= 0 and finite");
  if (Tc > 0) at_most(o.duration / Tc, kMaxSteps, "controller samples", "a controller period of " + number_text(Tc, 6) + " s",
                      "duration " + number_text(o.duration, 6) + " s");
}

// One simulation run: the state, the integrators and the event clock.
class Run {
 public:
  Run(const Model& model, TorqueSource& source, const SimulationOptions& options,
      const std::function<void(const Sample&)>& observer)
      : model_(model), o_(options), observer_(observer),
        plant_(model, source, options.fd_method, options.drives, options.stiction),
        warn_(options.warn ? options.warn : std::function<void(const std::string&)>(warn_on_stderr)),
        limits_(model, warn_),
        rk45_(model, options.atol, options.rtol), energy_(model, terms::Storage::kQuadratic), step_dt_(options.dt) {
    if (!is_adaptive(o_.integrator)) stepper_ = make_fixed_stepper(o_.integrator, model);
    plant_.hold_on(options.constraint);
    if (options.loads) plant_.set_loads(*options.loads);
    plant_.move_base(options.base_motion);
    sample_.q.setZero(model.nq());
    sample_.v.setZero(model.dof);
    sample_.a.setZero(model.dof);
    sample_.tau.setZero(model.dof);
  }

  SimulationStats run(VecIn<double> q0, VecIn<double> v0);

 private:
  bool advance(double te);
  bool advance_fixed(double te);
  bool advance_adaptive(double te);
  bool after_step(double t);
  bool watch_energy(double t, double kinetic, double potential);
  /// watch_energy runs after every kWatchEvery-th step (and at every sample): an eighth of the
  /// cost, and an error growing past the bound is still seen long before it overflows.
  static constexpr long kWatchEvery = 8;
  /// The closure a projected constraint is brought back to after each step (m): near round-off,
  /// since the velocity projection (G v = 0) leaves Baumgarte nothing to close a gap with.
  static constexpr double kProjectionTolerance = 1e-14;
  bool emit();
  void diverge(double t, const std::string& what);
  double kinetic_energy_of(const VecX<double>& q, const VecX<double>& v) {  // links, and rotors with drives
    const double links = terms::kinetic_energy(model_, energy_, q, v);
    return o_.drives ? links + plant_.rotor_kinetic_energy(v) : links;
  }

  const Model& model_;
  const SimulationOptions& o_;
  const std::function<void(const Sample&)>& observer_;
  Plant plant_;
  std::function<void(const std::string&)> warn_;
  LimitMonitor limits_;
  std::unique_ptr<FixedStepper> stepper_;
  Rk45 rk45_;
  terms::Workspace<double> energy_;  ///< for the kinetic and potential energy of each sample
  double step_dt_;  ///< rk45's next step
  double t_ = 0;
  double kmax_ = 0, round_off_ = 0;  ///< watch_energy: the largest kinetic energy, the round-off floor
  VecX<double> q_, v_;
  double t_before_ = 0;             ///< the end of the last finite step, and its state: the energy
  VecX<double> q_before_, v_before_;  ///< just before a divergence
  Sample sample_;
  SimulationStats stats_;
};

SimulationStats Run::run(VecIn<double> q0, VecIn<double> v0) {
  q_ = q0;
  normalize_configuration(model_, q_);  // a quaternion of any length is read as its unit one
  v_ = v0;
  q_before_ = q_;
  v_before_ = v0;
  TorqueSource& source = plant_.source();
  const double T = o_.duration, P = o_.output_period > 0 ? o_.output_period : o_.dt, Tc = source.period();
  long k_out = 1, k_ctl = 1;
  const TimeGrid output_time(P);
  if (Tc > 0) source.sample(0.0, q_, v_);
  const int outside = limits_.check(0.0, q_);
  if (!emit())
    throw InputError("simulate: the initial state gives a non-finite acceleration or energy (q0, v0 or the torque at "
                     "t = 0 too large)");
  stats_.initial_energy = sample_.energy();
  kmax_ = sample_.kinetic;
  round_off_ = 1e-9 * (std::abs(sample_.kinetic) + std::abs(sample_.potential));
  if (outside >= 0 && o_.stop_at_limits) stats_.limit_joint = outside;
  while (t_ < T && stats_.limit_joint < 0 && !stats_.diverged) {
    // The next output time (the last one exactly T) and the next controller sample.
    double t_out = output_time(k_out);
    if (t_out >= T - 1e-9 * P) t_out = T;
    const double t_ctl = Tc > 0 ? static_cast<double>(k_ctl) * Tc : std::numeric_limits<double>::infinity();
    const bool ctl_first = t_ctl < t_out - 1e-9 * std::min(P, Tc);
    const bool ctl_now = Tc > 0 && t_ctl <= t_out + 1e-9 * std::min(P, Tc);
    const double te = ctl_first ? t_ctl : t_out;
    if (!advance(te)) {  // stopped at a joint limit (the state there is the last sample), or diverged
      if (!stats_.diverged) emit();
      break;
    }
    t_ = te;
    if (ctl_now) {
      source.sample(t_, q_, v_);
      rk45_.reset();
      ++k_ctl;
    }
    if (!ctl_first) {
      if (!emit()) break;
      ++k_out;
    }
  }
  stats_.evaluations = plant_.evaluations();
  return stats_;
}

bool Run::advance(double te) { return is_adaptive(o_.integrator) ? advance_adaptive(te) : advance_fixed(te); }

// Steps of equal size h <= dt from t_ to te.
bool Run::advance_fixed(double te) {
  const double span = te - t_;
  const long n = std::max(1L, static_cast<long>(std::ceil(span / o_.dt - 1e-9)));
  const double h = span / static_cast<double>(n), t0 = t_;
  for (long i = 0; i < n; ++i) {
    stepper_->step(plant_, t0 + static_cast<double>(i) * h, h, q_, v_);
    if (!after_step(i + 1 == n ? te : t0 + static_cast<double>(i + 1) * h)) return false;
  }
  return true;
}

// Error-controlled steps from t_, the last one shortened to land on te.
bool Run::advance_adaptive(double te) {
  while (t_ < te) {
    const double saved = step_dt_;
    const bool clamped = step_dt_ >= te - t_;
    double dt = clamped ? te - t_ : step_dt_;
    if (rk45_.try_step(plant_, t_, dt, q_, v_)) {
      if (clamped) t_ = te;
      step_dt_ = clamped ? std::max(dt, saved) : dt;
      if (!after_step(t_)) return false;
    } else {
      ++stats_.rejected_steps;
      step_dt_ = dt;
      if (step_dt_ < 1e-14 * std::max(1.0, std::abs(t_))) {
        diverge(t_, "rk45's step fell below " + number_text(1e-14 * std::max(1.0, std::abs(t_)), 3) + " s");
        return false;
      }
    }
  }
  return true;
}

// After an accepted step ending at t: counts it, checks the state (and its energy when watched),
// watches the limits. False when the run ends here.
bool Run::after_step(double t) {
  ++stats_.steps;
  if (!q_.allFinite() || !v_.allFinite()) {
    diverge(t, "the state is no longer finite");
    const double e = kinetic_energy_of(q_before_, v_before_) +  // the energy just before
                     terms::potential_energy(model_, energy_, q_before_);
    if (std::isfinite(e) && t_before_ >= stats_.last_finite_time) {
      stats_.last_finite_time = t_before_;
      stats_.last_finite_energy = e;
    }
    return false;
  }
  if (o_.constraint && o_.constraint->project) {  // back onto the constraint manifold (constrained.hpp)
    plant_.project(q_, v_, kProjectionTolerance);
    rk45_.reset();  // the kept derivative was at the unprojected state
  }
  if (o_.energy_warning > 0 && stats_.steps % kWatchEvery == 0) {
    const double k = kinetic_energy_of(q_, v_);  // [Craig] (6.69)-(6.71)
    if (!watch_energy(t, k, terms::potential_energy(model_, energy_, q_))) return false;
  }
  t_before_ = t;
  q_before_ = q_;
  v_before_ = v_;
  if (o_.on_step) o_.on_step(t);
  const int joint = limits_.check(t, q_);
  if (joint >= 0 && o_.stop_at_limits) {
    t_ = t;
    stats_.limit_joint = joint;
    return false;
  }
  return true;
}

// A passive run: the total energy at t against E(0); warns once when the error passes the bound
// of SimulationOptions::energy_warning. False when the energy is not finite.
bool Run::watch_energy(double t, double kinetic, double potential) {
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

void Run::diverge(double t, const std::string& what) {
  stats_.diverged = true;
  stats_.diverged_at = t;
  stats_.divergence = what;
}

// Delivers the sample at t_ if it is finite; false (the run diverged there) if not.
bool Run::emit() {
  sample_.t = t_;
  sample_.q = q_;
  sample_.v = v_;
  sample_.a = plant_.acceleration(t_, q_, v_);
  sample_.tau = plant_.tau();
  sample_.kinetic = kinetic_energy_of(q_, v_);                                // [Craig] (6.69)-(6.71)
  sample_.potential = terms::potential_energy(model_, energy_, q_);      // [Craig] (6.73)
  if (o_.constraint) {  // the evaluation above was at (q_, v_)
    sample_.contact_force = plant_.contact_force().head(o_.constraint->count);
    sample_.constraint_error = plant_.constraint_error();
    stats_.max_constraint_error = std::max(stats_.max_constraint_error, sample_.constraint_error);
  }
  if (!sample_.a.allFinite() || !sample_.tau.allFinite() || !std::isfinite(sample_.energy())) {
    diverge(t_, "the acceleration, torque or energy is no longer finite");
    return false;
  }
  if (o_.energy_warning > 0 && stats_.samples > 0) watch_energy(t_, sample_.kinetic, sample_.potential);
  stats_.final_time = stats_.last_finite_time = t_;
  stats_.last_finite_energy = sample_.energy();
  ++stats_.samples;
  if (observer_) observer_(sample_);
  return true;
}

}  // namespace

void check_options(const SimulationOptions& o, const OptionNames& names) {
  positive(o.duration, names.duration);
  positive(o.dt, names.dt);
  if (o.output_period != 0) positive(o.output_period, names.output_period);
  const std::string over = with_name(names.duration, o.duration) + " s";
  at_most(o.duration / o.dt, kMaxSteps, "steps",
          with_name(names.dt, o.dt) + " s" + (is_adaptive(o.integrator) ? " (rk45's first step)" : ""), over);
  const double period = o.output_period > 0 ? o.output_period : o.dt;
  at_most(o.duration / period, kMaxSamples, "output samples",
          with_name(o.output_period > 0 ? names.output_period : names.dt, period) + " s", over);
  if (is_adaptive(o.integrator)) {
    // Below ~100 ulp the error estimate is round-off: the step would shrink until it underflows.
    if (!(o.rtol >= 1e-14 && o.rtol <= 1))
      throw InputError(names.rtol + " must be in [1e-14, 1] (got " + shortest_text(o.rtol) + ")");
    if (!(o.atol >= 1e-20 && o.atol <= 1))
      throw InputError(names.atol + " must be in [1e-20, 1] (got " + shortest_text(o.atol) + ")");
  }
  if (!(o.energy_warning >= 0) || !std::isfinite(o.energy_warning))
    throw InputError("energy_warning must be >= 0 and finite (got " + shortest_text(o.energy_warning) + ")");
}

SimulationStats simulate(const Model& model, VecIn<double> q0, VecIn<double> v0, TorqueSource& source,
                         const SimulationOptions& options, const std::function<void(const Sample&)>& observer) {
  validate(model, q0, v0, source, options);
  if (options.constraint) {
    if (!(options.constraint_tolerance > 0) || !std::isfinite(options.constraint_tolerance))
      throw InputError("constraint_tolerance must be positive and finite");
    Data data(model);
    ConstraintWorkspace<double> ws(model);
    check_constraint(model, data, ws, *options.constraint, q0, v0, options.constraint_tolerance,
                     options.constraint_tolerance, "at t = 0 (q0, v0)");
  }
  Run run(model, source, options, observer);
  return run.run(q0, v0);
}

std::string csv_header(int dof, int contact_forces) { return csv_header(dof, dof, contact_forces); }

std::string csv_header(int nq, int nv, int contact_forces) {
  std::string h = "t";
  for (const char* name : {"q", "v", "a", "tau"})
    for (int j = 1; j <= (name[0] == 'q' ? nq : nv); ++j) {
      h += ',';
      h += name;
      h += std::to_string(j);
    }
  h += ",kinetic,potential,energy";
  for (int k = 1; k <= contact_forces; ++k) h += ",contact_force" + std::to_string(k);
  if (contact_forces > 0) h += ",constraint_error";
  return h + '\n';
}

std::string csv_row(const Sample& s) {
  std::string row;
  row.reserve(static_cast<std::size_t>(25 * (4 * s.q.size() + 4)));
  char buf[32];
  auto put = [&](double x) {
    std::snprintf(buf, sizeof buf, "%.17g", x);
    if (!row.empty()) row += ',';
    row += buf;
  };
  const std::to_chars_result t = std::to_chars(buf, buf + sizeof buf, s.t);  // shortest round trip
  row.append(buf, t.ptr);
  for (const VecX<double>* x : {&s.q, &s.v, &s.a, &s.tau})
    for (Eigen::Index j = 0; j < x->size(); ++j) put((*x)[j]);
  put(s.kinetic);
  put(s.potential);
  put(s.energy());
  if (s.contact_force.size() > 0) {
    for (Eigen::Index k = 0; k < s.contact_force.size(); ++k) put(s.contact_force[k]);
    put(s.constraint_error);
  }
  row += '\n';
  return row;
}

}  // namespace armdyn::sim
