#pragma once
// The prescribed motion of a task frame at one instant ([VP] §3.1-3.4): what the gripper must do
// at time t, already converted to the base frame's Cartesian axes whatever coordinates the task
// was written in. The path sampler (tasks/motion.hpp) produces it; the adjustment blocks and the
// task runner (tasks/run.hpp) turn it into joint accelerations, q̈ = J⁺(ẍ − J̇ q̇) ([VP] (3.1.6)).
#include "armdyn/core/types.hpp"

namespace armdyn::tasks {

/// Which orientation rows a task imposes ([VP] §3.3-3.4).
enum class OrientationMode {
  kFull,      ///< the whole orientation (R, w, dw): 3 angular rows
  kApproach,  ///< only the approach direction (a unit axis of the frame): 2 angular rows (5-DoF arms)
  kFree,      ///< none: position rows only
};

/// The prescribed motion of the task frame at one instant; every vector in base axes.
struct TaskReference {
  double t = 0;
  // Position of the frame origin and its first two time derivatives (always imposed).
  Vec3<double> p = Vec3<double>::Zero(), dp = Vec3<double>::Zero(), ddp = Vec3<double>::Zero();

  OrientationMode orientation = OrientationMode::kFull;
  // kFull: orientation, angular velocity and angular acceleration of the frame.
  Mat3<double> R = Mat3<double>::Identity();
  Vec3<double> w = Vec3<double>::Zero(), dw = Vec3<double>::Zero();
  // kApproach: the frame axis that must point along `approach` (0, 1, 2 = the frame's x, y, z)
  // and the prescribed unit direction with its first two time derivatives.
  int approach_axis = 2;
  Vec3<double> approach = Vec3<double>::UnitZ(), d_approach = Vec3<double>::Zero(),
               dd_approach = Vec3<double>::Zero();

  // A prescribed joint ([VP] blocks A1/C3): joint index (-1: none) and its q, q̇, q̈.
  int joint = -1;
  double joint_q = 0, joint_v = 0, joint_a = 0;
};

}  // namespace armdyn::tasks
