#pragma once
// Simulation options and a run collected into memory, for the simulation tests.
#include <vector>

#include "armdyn/simulation/simulate.hpp"

namespace armdyn::sim::test_support {

/// Options of a fixed-step run: `integrator` at step dt for `duration` s, a sample every `period` s.
inline SimulationOptions fixed_step(Integrator integrator, double dt, double duration, double period) {
  SimulationOptions o;
  o.integrator = integrator;
  o.dt = dt;
  o.duration = duration;
  o.output_period = period;
  return o;
}

/// Options of an adaptive rk45 run to the tolerances rtol, atol, for `duration` s, a sample every
/// `period` s.
inline SimulationOptions rk45(double rtol, double atol, double duration, double period) {
  SimulationOptions o;
  o.integrator = Integrator::kRk45;
  o.rtol = rtol;
  o.atol = atol;
  o.duration = duration;
  o.output_period = period;
  return o;
}

/// The samples simulate() gives from (q0, v0); its statistics in `stats` when given.
inline std::vector<Sample> run(const Model& model, const VecX<double>& q0, const VecX<double>& v0, TorqueSource& source,
                               const SimulationOptions& o, SimulationStats* stats = nullptr) {
  std::vector<Sample> out;
  const SimulationStats s = simulate(model, q0, v0, source, o, [&](const Sample& x) { out.push_back(x); });
  if (stats) *stats = s;
  return out;
}

/// The same from rest.
inline std::vector<Sample> run(const Model& model, const VecX<double>& q0, TorqueSource& source,
                               const SimulationOptions& o, SimulationStats* stats = nullptr) {
  return run(model, q0, VecX<double>::Zero(model.dof), source, o, stats);
}

}  // namespace armdyn::sim::test_support
