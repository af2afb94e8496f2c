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

namespace armdyn::sim {

namespace {

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

// One simulation run's samples: the controller's samples, the constraint's projection, the energies.
class Run final : public Observer {
 public:
  Run(const Model& model, TorqueSource& source, const SimulationOptions& options,
      const std::function<void(const Sample&)>& observer)
      : model_(model), o_(options), observer_(observer),
        plant_(model, source, options.fd_method, options.drives, options.stiction),
        energy_(model, terms::Storage::kQuadratic) {
    plant_.hold_on(options.constraint);
    if (options.loads) plant_.set_loads(*options.loads);
    plant_.move_base(options.base_motion);
    sample_.q.setZero(model.nq());
    sample_.v.setZero(model.dof);
    sample_.a.setZero(model.dof);
    sample_.tau.setZero(model.dof);
  }

  SimulationStats run(VecIn<double> q0, VecIn<double> v0);

  void discontinuity(double t, State& x) override { plant_.source().sample(t, x.q, x.v); }
  bool project(State& x) override {
    if (!o_.constraint || !o_.constraint->project) return false;
    plant_.project(x.q, x.v, kProjectionTolerance);  // back onto the constraint manifold (constrained.hpp)
    return true;
  }
  Energies energies(const State& x) override {
    return {true, kinetic_energy_of(x.q, x.v), terms::potential_energy(model_, energy_, x.q)};  // [Craig] (6.69)-(6.73)
  }
  const char* output(double t, const State& x, Energies& e) override;

 private:
  /// The closure a projected constraint is brought back to after each step (m): near round-off,
  /// since the velocity projection (G v = 0) leaves Baumgarte nothing to close a gap with.
  static constexpr double kProjectionTolerance = 1e-14;
  double kinetic_energy_of(const VecX<double>& q, const VecX<double>& v) {  // links, and rotors with drives
    const double links = terms::kinetic_energy(model_, energy_, q, v);
    return o_.drives ? links + plant_.rotor_kinetic_energy(v) : links;
  }

  const Model& model_;
  const SimulationOptions& o_;
  const std::function<void(const Sample&)>& observer_;
  Plant plant_;
  terms::Workspace<double> energy_;  ///< for the kinetic and potential energy of each sample
  Sample sample_;
  double max_constraint_error_ = 0;
};

SimulationStats Run::run(VecIn<double> q0, VecIn<double> v0) {
  Stepper stepper(o_.integrator, model_, 0, o_.rtol, o_.atol);
  State x = stepper.state();
  x.q = q0;
  normalize_configuration(model_, x.q);  // a quaternion of any length is read as its unit one
  x.v = v0;
  LoopOptions lo;
  lo.duration = o_.duration;
  lo.dt = o_.dt;
  lo.output_period = o_.output_period > 0 ? o_.output_period : o_.dt;
  lo.sample_period = plant_.source().period();
  lo.stop_at_limits = o_.stop_at_limits;
  lo.energy_warning = o_.energy_warning;
  lo.warn = o_.warn;
  lo.on_step = o_.on_step;
  PlantField field(plant_);
  SimulationStats stats = integrate(stepper, model_, field, *this, x, lo);
  if (stats.samples == 0)
    throw InputError("simulate: the initial state gives a non-finite acceleration or energy (q0, v0 or the torque at "
                     "t = 0 too large)");
  stats.evaluations = plant_.evaluations();
  stats.max_constraint_error = max_constraint_error_;
  return stats;
}

// The sample at t if it is finite; else what is not.
const char* Run::output(double t, const State& x, Energies& e) {
  sample_.t = t;
  sample_.q = x.q;
  sample_.v = x.v;
  sample_.a = plant_.acceleration(t, x.q, x.v);
  sample_.tau = plant_.tau();
  sample_.kinetic = kinetic_energy_of(x.q, x.v);                          // [Craig] (6.69)-(6.71)
  sample_.potential = terms::potential_energy(model_, energy_, x.q);      // [Craig] (6.73)
  if (o_.constraint) {  // the evaluation above was at (q, v)
    sample_.contact_force = plant_.contact_force().head(o_.constraint->count);
    sample_.constraint_error = plant_.constraint_error();
    max_constraint_error_ = std::max(max_constraint_error_, sample_.constraint_error);
  }
  if (!sample_.a.allFinite() || !sample_.tau.allFinite() || !std::isfinite(sample_.energy()))
    return "the acceleration, torque or energy is no longer finite";
  e = {true, sample_.kinetic, sample_.potential};
  if (observer_) observer_(sample_);
  return nullptr;
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
