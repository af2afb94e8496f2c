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

namespace armdyn::sim {

namespace {

// The complete model's stacked state x (joint by joint: q_j, q_j', then the actuator's further
// entries) as the stepper's (q, v, z), z holding the further entries in x's order, and back.
class Layout {
 public:
  explicit Layout(const drives::CompleteModel& cm) : cm_(cm) {}
  int nz() const { return cm_.state_size() - 2 * cm_.dof(); }
  void gather(VecIn<double> q, VecIn<double> v, VecIn<double> z, VecX<double>& x) const {
    for (int j = 0, k = 0; j < cm_.dof(); ++j) {
      const int o = cm_.offset(j), m = cm_.actuator(j).size();
      x[o + drives::ActuatorModel::kPosition] = q[j];
      x[o + drives::ActuatorModel::kVelocity] = v[j];
      for (int r = 2; r < m; ++r) x[o + r] = z[k++];
    }
  }
  /// x' into q'' and z' (q' = v is the stepper's own).
  void scatter(VecIn<double> xdot, Eigen::Ref<VecX<double>> a, Eigen::Ref<VecX<double>> zdot) const {
    for (int j = 0, k = 0; j < cm_.dof(); ++j) {
      const int o = cm_.offset(j), m = cm_.actuator(j).size();
      a[j] = xdot[o + drives::ActuatorModel::kVelocity];
      for (int r = 2; r < m; ++r) zdot[k++] = xdot[o + r];
    }
  }

 private:
  const drives::CompleteModel& cm_;
};

// x' of the complete model with u = u(t) from the input, as q'' and z'.
class ActuatedField final : public Field {
 public:
  ActuatedField(const drives::CompleteModel& cm, TorqueSource& input)
      : cm_(cm), layout_(cm), input_(input), ws_(cm), x_(VecX<double>::Zero(cm.state_size())),
        u_(VecX<double>::Zero(cm.dof())) {}

  void derivative(double t, VecIn<double> q, VecIn<double> v, VecIn<double> z, Eigen::Ref<VecX<double>> a,
                  Eigen::Ref<VecX<double>> zdot) override {
    layout_.scatter(evaluate(t, q, v, z), a, zdot);
  }
  /// x' at (t, q, v, z); the stacked x in x().
  const VecX<double>& evaluate(double t, VecIn<double> q, VecIn<double> v, VecIn<double> z) {
    ++evaluations_;
    layout_.gather(q, v, z, x_);
    input_.torque(t, q, v, u_);
    return drives::state_derivative(cm_, ws_, x_, u_);
  }
  const VecX<double>& x() const { return x_; }
  const drives::CompleteWorkspace& workspace() const { return ws_; }
  long evaluations() const { return evaluations_; }

 private:
  const drives::CompleteModel& cm_;
  Layout layout_;
  TorqueSource& input_;
  drives::CompleteWorkspace ws_;
  VecX<double> x_, u_;
  long evaluations_ = 0;
};

// An actuated run's samples.
class ActuatedRun final : public Observer {
 public:
  ActuatedRun(const drives::CompleteModel& cm, TorqueSource& input, const SimulationOptions& o,
              const std::function<void(const ActuatedSample&)>& observer)
      : cm_(cm), model_(cm.model()), o_(o), observer_(observer), field_(cm, input),
        energy_(model_, terms::Storage::kQuadratic) {}

  SimulationStats run(VecIn<double> q0, VecIn<double> v0) {
    Stepper stepper(o_.integrator, model_, Layout(cm_).nz(), o_.rtol, o_.atol);
    State x = stepper.state();
    x.q = q0;  // every current, pressure and valve flow starts at 0
    x.v = v0;
    LoopOptions lo;
    lo.duration = o_.duration;
    lo.dt = o_.dt;
    lo.output_period = o_.output_period > 0 ? o_.output_period : o_.dt;
    lo.stop_at_limits = o_.stop_at_limits;
    lo.warn = o_.warn;
    lo.on_step = o_.on_step;
    SimulationStats stats = integrate(stepper, model_, field_, *this, x, lo);
    if (stats.samples == 0) throw InputError("simulate: the initial state gives a non-finite derivative or energy");
    stats.evaluations = field_.evaluations();
    return stats;
  }

  // The sample at t if it is finite; else what is not.
  const char* output(double t, const State& state, Energies& e) override {
    const VecX<double>& xdot = field_.evaluate(t, state.q, state.v, state.z);
    const drives::CompleteWorkspace& ws = field_.workspace();
    ActuatedSample& s = sample_;
    s.t = t;
    s.x = field_.x();
    s.q = ws.q;
    s.v = ws.v;
    s.a = ws.qdd;
    s.tau = ws.P;
    s.u = ws.u;
    s.output.resize(cm_.dof());
    for (int j = 0; j < cm_.dof(); ++j)
      s.output[j] = cm_.actuator(j).current_or_pressure(s.x.segment(cm_.offset(j), cm_.actuator(j).size()), s.u[j]);
    s.kinetic = terms::kinetic_energy(model_, energy_, s.q, s.v) + drives::actuator_kinetic_energy(cm_, s.v);
    s.potential = terms::potential_energy(model_, energy_, s.q);
    if (!xdot.allFinite() || !s.output.allFinite() || !std::isfinite(s.energy()))
      return "the state's derivative or energy is no longer finite";
    e = {true, s.kinetic, s.potential};
    if (observer_) observer_(s);
    return nullptr;
  }

 private:
  const drives::CompleteModel& cm_;
  const Model& model_;
  const SimulationOptions& o_;
  const std::function<void(const ActuatedSample&)>& observer_;
  ActuatedField field_;
  terms::Workspace<double> energy_;
  ActuatedSample sample_;
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
  return run.run(q0, v0);
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
