#pragma once
// Damped least-squares inverse kinematics for the initial joint positions of a task that starts
// from a Cartesian pose (the loop itself never inverts the kinematics: blocks.hpp). From a start
// q, each iteration takes
//   Δq = Jᵣᵀ (Jᵣ Jᵣᵀ + λ² I)⁻¹ e,
// e the pose error in the rows the orientation mode imposes (as in blocks.hpp: position;
// rotation vector log(R_target Rᵀ) for kFull; for kApproach the rotation that turns the frame
// axis onto the target direction, on the two directions ⟂ to the axis; none for kFree), Jᵣ
// the same rows of the frame Jacobian. λ adapts (Levenberg-Marquardt): a step that lowers |e|
// is taken and λ shrinks tenfold (to at least min_damping), one that does not is retried with
// λ ten times larger. The iteration stops when the position error is <= position_tolerance and
// the orientation error <= orientation_tolerance (converged), or after max_iterations, or when λ
// exceeds 1e6 (the error cannot be lowered: an unreachable pose, or a local minimum).
#include <string>

#include "armdyn/tasks/reference.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::tasks {

struct IkTarget {
  Vec3<double> p = Vec3<double>::Zero();  ///< frame origin, base axes
  OrientationMode orientation = OrientationMode::kFull;
  Mat3<double> R = Mat3<double>::Identity();  ///< kFull: the frame's orientation
  int approach_axis = 2;                      ///< kApproach: the frame axis (0, 1, 2 = x, y, z) ...
  Vec3<double> approach = Vec3<double>::UnitZ();  ///< ... and the unit direction it must point along
};

struct IkOptions {
  int max_iterations = 500;
  double position_tolerance = 1e-10;     ///< m
  double orientation_tolerance = 1e-10;  ///< rad
  double initial_damping = 1e-2, min_damping = 1e-9;
};

struct IkResult {
  VecX<double> q;  ///< the last iterate (the solution when converged)
  bool converged = false;
  int iterations = 0;
  double position_error = 0, orientation_error = 0;  ///< at q (m, rad)
  /// "inverse kinematics: frame 'tool' did not reach the pose after 500 iterations (position
  /// error 0.3 m, orientation error 0 rad): unreachable from the start q?", or "" when converged.
  std::string message;
};

/// Solves for frame `frame` (an index into model.frames) from q_start. InputError for a
/// wrong-sized or non-finite q_start, a frame out of range or a non-finite target; failure to
/// converge is reported in the result (converged = false, message), not thrown.
IkResult inverse_kinematics(const Model& model, int frame, const IkTarget& target, VecIn<double> q_start,
                            const IkOptions& options = {});

}  // namespace armdyn::tasks
