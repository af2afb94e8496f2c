#include "armdyn/simulation/simulate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <stdexcept>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/terms.hpp"

namespace armdyn::sim {

namespace {

std::string number(double x, int digits = 6) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

// Warns once per joint when q leaves [lower, upper]; reports the first joint out of range.
class LimitMonitor {
 public:
  LimitMonitor(const Model& model, std::function<void(const std::string&)> warn)
      : model_(model), warn_(std::move(warn)), warned_(static_cast<std::size_t>(model.dof), false) {}

  int check(double t, const VecX<double>& q) {
    int first = -1;
    for (int j = 0; j < model_.dof; ++j) {
      const JointLimits& lim = model_.limits[static_cast<std::size_t>(j)];
      if (q[j] >= lim.lower && q[j] <= lim.upper) continue;
      if (first < 0) first = j;
      if (warned_[static_cast<std::size_t>(j)]) continue;
      warned_[static_cast<std::size_t>(j)] = true;
      const char* unit = model_.joint_type[static_cast<std::size_t>(j)] == JointType::kRevolute ? " rad" : " m";
      warn_("joint '" + model_.joint_names[static_cast<std::size_t>(j)] + "' (joint " + std::to_string(j + 1) +
            ") left its limits [" + number(lim.lower) + ", " + number(lim.upper) + "]" + unit + " at t = " +
            number(t) + " s (q = " + number(q[j]) + ")");
    }
    return first;
  }

 private:
  const Model& model_;
  std::function<void(const std::string&)> warn_;
  std::vector<bool> warned_;
};

void warn_on_stderr(const std::string& message) { std::cerr << "armdyn: warning: " << message << "\n"; }

void validate(const Model& model, VecIn<double> q0, VecIn<double> v0, const SimulationOptions& o) {
  check_size(q0, model.dof, "q0");
  check_size(v0, model.dof, "v0");
  if (!q0.allFinite() || !v0.allFinite()) throw InputError("simulate: q0 and v0 must be finite");
  auto positive = [](double x, const char* name) {
    if (!(x > 0) || !std::isfinite(x)) throw InputError(std::string("simulate: ") + name + " must be positive and finite");
  };
  positive(o.duration, "duration");
  positive(o.dt, "dt");
  if (o.output_period != 0) positive(o.output_period, "output period");
  if (is_adaptive(o.integrator)) {
    positive(o.rtol, "rtol");
    positive(o.atol, "atol");
  }
  const double period = o.output_period > 0 ? o.output_period : o.dt;
  if (o.duration / period > 1e9) throw InputError("simulate: more than 1e9 output samples (duration / output period)");
}

// One simulation run: the state, the integrators and the event clock.
class Run {
 public:
  Run(const Model& model, TorqueSource& source, const SimulationOptions& options,
      const std::function<void(const Sample&)>& observer)
      : model_(model), o_(options), observer_(observer), plant_(model, source, options.fd_method),
        limits_(model, options.warn ? options.warn : std::function<void(const std::string&)>(warn_on_stderr)),
        rk45_(model.dof, options.atol, options.rtol), energy_(model), step_dt_(options.dt) {
    if (!is_adaptive(o_.integrator)) stepper_ = make_fixed_stepper(o_.integrator, model.dof);
    sample_.q.setZero(model.dof);
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
  void emit();

  const Model& model_;
  const SimulationOptions& o_;
  const std::function<void(const Sample&)>& observer_;
  Plant plant_;
  LimitMonitor limits_;
  std::unique_ptr<FixedStepper> stepper_;
  Rk45 rk45_;
  terms::Workspace<double> energy_;  ///< for the kinetic and potential energy of each sample
  double step_dt_;  ///< rk45's next step
  double t_ = 0;
  VecX<double> q_, v_;
  Sample sample_;
  SimulationStats stats_;
};

SimulationStats Run::run(VecIn<double> q0, VecIn<double> v0) {
  q_ = q0;
  v_ = v0;
  TorqueSource& source = plant_.source();
  const double T = o_.duration, P = o_.output_period > 0 ? o_.output_period : o_.dt, Tc = source.period();
  long k_out = 1, k_ctl = 1;
  if (Tc > 0) source.sample(0.0, q_, v_);
  const int outside = limits_.check(0.0, q_);
  emit();
  if (outside >= 0 && o_.stop_at_limits) stats_.limit_joint = outside;
  while (t_ < T && stats_.limit_joint < 0) {
    // The next output time (the last one exactly T) and the next controller sample.
    double t_out = static_cast<double>(k_out) * P;
    if (t_out >= T - 1e-9 * P) t_out = T;
    const double t_ctl = Tc > 0 ? static_cast<double>(k_ctl) * Tc : std::numeric_limits<double>::infinity();
    const bool ctl_first = t_ctl < t_out - 1e-9 * std::min(P, Tc);
    const bool ctl_now = Tc > 0 && t_ctl <= t_out + 1e-9 * std::min(P, Tc);
    const double te = ctl_first ? t_ctl : t_out;
    if (!advance(te)) {  // stopped at a joint limit
      emit();
      break;
    }
    t_ = te;
    if (ctl_now) {
      source.sample(t_, q_, v_);
      rk45_.reset();
      ++k_ctl;
    }
    if (!ctl_first) {
      emit();
      ++k_out;
    }
  }
  stats_.final_time = t_;
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
      if (step_dt_ < 1e-14 * std::max(1.0, std::abs(t_)))
        throw std::runtime_error("simulate: rk45 step size underflow at t = " + number(t_, 17));
    }
  }
  return true;
}

// After an accepted step ending at t: counts it, checks the state, watches the limits.
bool Run::after_step(double t) {
  ++stats_.steps;
  if (!q_.allFinite() || !v_.allFinite())
    throw std::runtime_error("simulate: the state is no longer finite at t = " + number(t, 17));
  const int joint = limits_.check(t, q_);
  if (joint >= 0 && o_.stop_at_limits) {
    t_ = t;
    stats_.limit_joint = joint;
    return false;
  }
  return true;
}

void Run::emit() {
  sample_.t = t_;
  sample_.q = q_;
  sample_.v = v_;
  sample_.a = plant_.acceleration(t_, q_, v_);
  sample_.tau = plant_.tau();
  sample_.kinetic = terms::kinetic_energy(model_, energy_, q_, v_);      // [Craig] (6.69)-(6.71)
  sample_.potential = terms::potential_energy(model_, energy_, q_);      // [Craig] (6.73)
  ++stats_.samples;
  if (observer_) observer_(sample_);
}

}  // namespace

SimulationStats simulate(const Model& model, VecIn<double> q0, VecIn<double> v0, TorqueSource& source,
                         const SimulationOptions& options, const std::function<void(const Sample&)>& observer) {
  validate(model, q0, v0, options);
  Run run(model, source, options, observer);
  return run.run(q0, v0);
}

std::string csv_header(int dof) {
  std::string h = "t";
  for (const char* name : {"q", "v", "a", "tau"})
    for (int j = 1; j <= dof; ++j) h.append(",").append(name).append(std::to_string(j));
  return h + ",kinetic,potential,energy\n";
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
  put(s.t);
  for (const VecX<double>* x : {&s.q, &s.v, &s.a, &s.tau})
    for (Eigen::Index j = 0; j < x->size(); ++j) put((*x)[j]);
  put(s.kinetic);
  put(s.potential);
  put(s.energy());
  row += '\n';
  return row;
}

}  // namespace armdyn::sim
