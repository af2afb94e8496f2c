#pragma once
// Recording one production algorithm for one model as an expression graph: the very templates
// armdyn compiles for double (rnea, crba, gravity_torque, forward_dynamics in
// include/armdyn/dynamics/*_impl.hpp) run on the tracing scalar, with the model's parameters as
// constants and the joint state as inputs.
#include <string>
#include <vector>

#include "armdyn/codegen/graph.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::codegen {

enum class Algorithm { kRnea, kMassMatrix, kGravity, kForwardDynamics };

/// rnea, mass_matrix, gravity, forward_dynamics (the order of the generated file).
const std::vector<Algorithm>& all_algorithms();
/// "rnea", "mass_matrix", "gravity", "forward_dynamics".
std::string to_string(Algorithm algorithm);
/// The algorithm of that name; InputError naming the valid ones otherwise.
Algorithm parse_algorithm(const std::string& name);

/// One algorithm recorded for one model. The function reads `inputs.size()` arrays of `dof`
/// numbers (graph input array k = inputs[k]; q has `nq`, more with quaternion joints) and writes
/// `output`, rows x cols row-major, whose entries are the nodes `outputs`.
struct TracedFunction {
  Algorithm algorithm = Algorithm::kRnea;
  int dof = 0;
  int nq = 0;  ///< the size of q (== dof without quaternion joints)
  std::vector<std::string> inputs;  ///< rnea: q v a; mass_matrix, gravity: q; forward_dynamics: q v tau
  std::string output;               ///< tau, M, g, qdd
  int rows = 0, cols = 0;
  Graph graph;
  std::vector<int> outputs;

  /// The operations the outputs need, after folding, CSE and dead-code removal.
  OpCounts counts() const { return graph.count(outputs); }
  /// Evaluates the recorded graph (for tests): the outputs, row-major.
  std::vector<double> evaluate(const std::vector<const double*>& input_arrays) const;
};

/// Records `algorithm` for `model` (gravity: the model's own gravity vector), parameters as given.
TracedFunction trace(const Model& model, Algorithm algorithm);

/// The model with the round-off of its construction removed, so that what is exactly zero or one
/// in the robot's description folds: entries of the joint placements' rotations (and the cosines
/// and sines of factored DH rotations) within 1e-14 of 0 or +-1 become 0 or +-1 (cos 90 deg =
/// 6e-17 becomes 0), and entries of the placements' translations, the spatial inertias (h, I),
/// the centres of mass and the gravity within 1e-14 of 0 relative to the largest entry of the same
/// quantity become 0. `snapped` counts the entries changed. Results move by ~1e-14 relative.
Model snap_round_off(const Model& model, int* snapped = nullptr);

}  // namespace armdyn::codegen
