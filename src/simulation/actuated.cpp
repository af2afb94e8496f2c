#include "armdyn/simulation/actuated.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/simulation/state_integrator.hpp"
#include "armdyn/simulation/time_grid.hpp"

namespace armdyn::sim {

namespace {

// x' of the complete model with u = u(t) from the input.
class ActuatedField final : public StateField {
 public:
  ActuatedField(const drives::CompleteModel& cm, TorqueSource& input)
      : cm_(cm), input_(input), ws_(cm), q_(VecX<double>::Zero(cm.dof())), v_(VecX<double>::Zero(cm.dof())),
        u_(VecX<double>::Zero(cm.dof())) {}

  const VecX<double>& derivative(double t, VecIn<double> x) override {
    ++evaluations_;
    cm_.joint_state(x, q_, v_);
    input_.torque(t, q_, v_, u_);
    return drives::state_derivative(cm_, ws_, x, u_);
  }
  drives::CompleteWorkspace& workspace() { return ws_; }
  long evaluations() const { return evaluations_; }

 private:
  const drives::CompleteModel& cm_;
  TorqueSource& input_;
  drives::CompleteWorkspace ws_;
  VecX<double> q_, v_, u_;
  long evaluations_ = 0;
};

class ActuatedRun {
 public:
  ActuatedRun(const drives::CompleteModel& cm, TorqueSource& input, const SimulationOptions& o,
              const std::function<void(const ActuatedSample&)>& observer)
      : cm_(cm), model_(cm.model()), o_(o), observer_(observer), field_(cm, input),
        rk45_(cm.state_size(), o.atol, o.rtol), energy_(model_, terms::Storage::kQuadratic),
        warned_(static_cast<std::size_t>(cm.dof()), false), step_dt_(o.dt) {
    if (!is_adaptive(o.integrator)) {
      std::vector<int> positions;
      for (int j = 0; j < cm.dof(); ++j) positions.push_back(cm.offset(j) + drives::ActuatorModel::kPosition);
      stepper_ = std::make_unique<StateStepper>(o.integrator, cm.state_size(), positions);
    }
  }

  SimulationStats run(VecX<double> x0) {
    x_ = std::move(x0);
    const double T = o_.duration, P = o_.output_period > 0 ? o_.output_period : o_.dt;
    const TimeGrid output_time(P);
    const int outside = check_limits(0.0);
    if (!emit()) throw InputError("simulate: the initial state gives a non-finite derivative or energy");
    stats_.initial_energy = sample_.energy();
    if (outside >= 0 && o_.stop_at_limits) stats_.limit_joint = outside;
    for (long k = 1; t_ < T && stats_.limit_joint < 0 && !stats_.diverged; ++k) {
      double te = output_time(k);
      if (te >= T - 1e-9 * P) te = T;
      if (!(is_adaptive(o_.integrator) ? advance_adaptive(te) : advance_fixed(te))) {
        if (!stats_.diverged) emit();  // stopped at a limit: the state there is the last row
        break;
      }
      t_ = te;
      if (!emit()) break;
    }
    stats_.evaluations = field_.evaluations();
    return stats_;
  }

 private:
  bool advance_fixed(double te) {
    const double span = te - t_;
    const long n = std::max(1L, static_cast<long>(std::ceil(span / o_.dt - 1e-9)));
    const double h = span / static_cast<double>(n), t0 = t_;
    for (long i = 0; i < n; ++i) {
      stepper_->step(field_, t0 + static_cast<double>(i) * h, h, x_);
      if (!after_step(i + 1 == n ? te : t0 + static_cast<double>(i + 1) * h)) return false;
    }
    return true;
  }

  bool advance_adaptive(double te) {
    while (t_ < te) {
      const double saved = step_dt_;
      const bool clamped = step_dt_ >= te - t_;
      double dt = clamped ? te - t_ : step_dt_;
      if (rk45_.try_step(field_, t_, dt, x_)) {
        if (clamped) t_ = te;
        step_dt_ = clamped ? std::max(dt, saved) : dt;
        if (!after_step(t_)) return false;
      } else {
        ++stats_.rejected_steps;
        step_dt_ = dt;
        if (step_dt_ < 1e-14 * std::max(1.0, std::abs(t_))) {
          diverge(t_, "rk45's step fell below " + number_text(1e-14 * std::max(1.0, std::abs(t_)), 6) + " s");
          return false;
        }
      }
    }
    return true;
  }

  bool after_step(double t) {
    ++stats_.steps;
    if (!x_.allFinite()) {
      diverge(t, "the state is no longer finite");
      return false;
    }
    if (o_.on_step) o_.on_step(t);
    const int joint = check_limits(t);
    if (joint >= 0 && o_.stop_at_limits) {
      t_ = t;
      stats_.limit_joint = joint;
      return false;
    }
    return true;
  }

  // Warns once per joint that leaves its limits; the first joint out of range, or -1.
  int check_limits(double t) {
    int first = -1;
    for (int j = 0; j < model_.dof; ++j) {
      const std::size_t k = static_cast<std::size_t>(j);
      const double q = x_[cm_.offset(j) + drives::ActuatorModel::kPosition];
      const JointLimits& lim = model_.limits[k];
      if (q >= lim.lower && q <= lim.upper) continue;
      if (first < 0) first = j;
      if (warned_[k]) continue;
      warned_[k] = true;
      const char* unit = model_.joint_type[k] == JointType::kRevolute ? " rad" : " m";
      warn("joint '" + model_.joint_names[k] + "' (joint " + std::to_string(j + 1) + ") left its limits [" +
           number_text(lim.lower, 6) + ", " + number_text(lim.upper, 6) + "]" + unit + " at t = " + shortest_text(t) + " s (q = " +
           number_text(q, 6) + ")");
    }
    return first;
  }

  void warn(const std::string& message) {
    if (o_.warn) o_.warn(message);
    else std::cerr << "armdyn: warning: " << message << "\n";
  }

  void diverge(double t, const std::string& what) {
    stats_.diverged = true;
    stats_.diverged_at = t;
    stats_.divergence = what;
  }

  // Delivers the sample at t_ if it is finite; false (the run diverged there) if not.
  bool emit() {
    const VecX<double>& xdot = field_.derivative(t_, x_);
    const drives::CompleteWorkspace& ws = field_.workspace();
    ActuatedSample& s = sample_;
    s.t = t_;
    s.x = x_;
    s.q = ws.q;
    s.v = ws.v;
    s.a = ws.qdd;
    s.tau = ws.P;
    s.u = ws.u;
    s.output.resize(cm_.dof());
    for (int j = 0; j < cm_.dof(); ++j)
      s.output[j] = cm_.actuator(j).current_or_pressure(x_.segment(cm_.offset(j), cm_.actuator(j).size()), s.u[j]);
    s.kinetic = terms::kinetic_energy(model_, energy_, s.q, s.v) + drives::actuator_kinetic_energy(cm_, s.v);
    s.potential = terms::potential_energy(model_, energy_, s.q);
    if (!xdot.allFinite() || !s.output.allFinite() || !std::isfinite(s.energy())) {
      diverge(t_, "the state's derivative or energy is no longer finite");
      return false;
    }
    stats_.final_time = stats_.last_finite_time = t_;
    stats_.last_finite_energy = s.energy();
    ++stats_.samples;
    if (observer_) observer_(s);
    return true;
  }

  const drives::CompleteModel& cm_;
  const Model& model_;
  const SimulationOptions& o_;
  const std::function<void(const ActuatedSample&)>& observer_;
  ActuatedField field_;
  std::unique_ptr<StateStepper> stepper_;
  StateRk45 rk45_;
  terms::Workspace<double> energy_;
  std::vector<bool> warned_;
  double step_dt_, t_ = 0;
  VecX<double> x_;
  ActuatedSample sample_;
  SimulationStats stats_;
};

}  // namespace

SimulationStats simulate_actuated(const drives::CompleteModel& cm, VecIn<double> q0, VecIn<double> v0,
                                  TorqueSource& input, const SimulationOptions& options,
                                  const std::function<void(const ActuatedSample&)>& observer) {
  check_size(q0, cm.dof(), "q0");
  check_size(v0, cm.dof(), "v0");
  if (!q0.allFinite() || !v0.allFinite()) throw InputError("simulate: q0 and v0 must be finite");
  check_options(options);
  if (input.period() != 0)
    throw InputError("simulate: the actuators' input must be a function of time (no sampled controller)");
  ActuatedRun run(cm, input, options, observer);
  return run.run(cm.state(q0, v0));
}

std::string actuated_csv_header(const drives::CompleteModel& cm) {
  std::string h = csv_header(cm.dof());
  h.pop_back();  // '\n'
  for (int j = 0; j < cm.dof(); ++j) h += (cm.actuator(j).is_dc() ? ",i" : ",p") + std::to_string(j + 1);
  return h + "\n";
}

std::string actuated_csv_row(const ActuatedSample& s) {
  std::string row = csv_row(s);
  row.pop_back();
  char buf[32];
  for (Eigen::Index j = 0; j < s.output.size(); ++j) {
    std::snprintf(buf, sizeof buf, ",%.17g", s.output[j]);
    row += buf;
  }
  return row + "\n";
}

}  // namespace armdyn::sim
