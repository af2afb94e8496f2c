#pragma once
// The consistency checker behind `armdyn check`: every formulation the model supports against
// the production algorithms on random states, the forward-dynamics routes against inverse
// dynamics, and the identities that connect the formulations ([TML] §4-§6) and the terms of the
// equations of motion (Mdot - 2C skew, C v = c - g, dE/dt = v . tau).
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "armdyn/model/model.hpp"

namespace armdyn {

struct ConsistencyRow {
  std::string subject;   ///< a formulation's method name, an FD route or "identity"
  std::string quantity;  ///< "tau", "M", "g", "qdd", or the identity's name
  double worst = 0;      ///< largest relative disagreement over the states
  double tolerance = 0;
  bool ok() const { return worst <= tolerance; }
};

struct ConsistencyReport {
  std::vector<ConsistencyRow> rows;
  std::vector<std::string> skipped;  ///< "<method>: <why>" for formulations the model cannot use
  /// Smallest and largest condition number of the mass matrix over the states (2-norm).
  double condition_min = std::numeric_limits<double>::infinity(), condition_max = 0;
  bool ok() const {
    for (const ConsistencyRow& r : rows)
      if (!r.ok()) return false;
    return true;
  }
};

/// Runs the checks on `states` random states (q, v, a uniform in [-1, 1], from the random seed `seed`).
/// Relative disagreement: max |x - x_ref| / max(|x_ref|_inf, 1). Tolerance 1e-9; for qdd, 1e-14
/// times the condition number of the state's mass matrix when that is larger (forward dynamics
/// loses about log10(cond) digits). A row reports the state that came closest to its tolerance.
ConsistencyReport check_consistency(const Model& model, int states, std::uint64_t seed);

}  // namespace armdyn
