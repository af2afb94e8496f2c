#pragma once
// A simulation run collected into memory, for the simulation tests.
#include <vector>

#include "armdyn/simulation/simulate.hpp"

namespace armdyn::sim::test_support {

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
