#pragma once
// `armdyn eval --with derivatives`: the analytical derivatives of inverse and forward dynamics
// (armdyn/dynamics/rnea_derivatives.hpp, forward_dynamics_derivatives.hpp) for one state, as
// members of that state's JSON object, each n x n, row-major (rows: the outputs).
#include <cstddef>
#include <string>

#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/io/states.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {

class EvalDerivatives {
 public:
  explicit EvalDerivatives(const Model& model) : rnea_(model), fd_(model) {}

  /// How many numbers --with derivatives adds to a state of an n-joint model, at most (for the
  /// --max-memory estimate).
  static double output_numbers(int n) { return 5.0 * n * n; }
  /// The bytes of its workspaces: nine n x n matrices and about 1 KiB per joint.
  static double workspace_bytes(int n) { return 9.0 * 8.0 * n * n + 1024.0 * n; }

  /// InputError unless the run's dynamics are the rigid body's, which the derivatives are of:
  /// refuses drives (--actuators without --rigid).
  static void check_run(bool drives);

  /// "dtau_dq", "dtau_dv" (when the state has a) and "dqdd_dq", "dqdd_dv", "dqdd_dtau" (when it
  /// has tau). InputError for a state with f_ext (wrenches fixed in the base axes, whose
  /// derivatives are not computed); InternalError naming `source` and the state when a result is
  /// not finite.
  void write(JsonWriter& w, const Model& model, Data& data, const JointState& s, const std::string& source,
             std::size_t state);

 private:
  RneaDerivativesWorkspace<double> rnea_;
  ForwardDynamicsDerivativesWorkspace<double> fd_;
};

}  // namespace armdyn::cli
