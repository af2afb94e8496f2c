#pragma once
// Which way gravity points relative to the joints. A model's gravity is given in its base frame
// (the DH table's base frame, the URDF root link's frame); a gravity vector written in another
// frame, e.g. along -Y0 of a planar arm whose DH frame {0} is turned, can end up parallel to
// every revolute joint axis, and then the gravity torques are identically zero.
#include <optional>
#include <string>
#include <vector>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// The joints' axes and gravity, in the base frame.
struct GravityAxes {
  /// Each joint's unit axis in the base frame at q = 0.
  std::vector<Vec3<double>> joint_axes;
  /// Gravity is non-zero, the model has a revolute joint, and gravity is parallel to every
  /// revolute joint's axis: the gravity torques of the revolute joints are zero for every q.
  /// (Rotations about axes parallel to g keep the other axes parallel to g, so q = 0 decides.)
  bool revolute_torques_vanish = false;
  /// Furthermore every prismatic axis is perpendicular to gravity: g(q) = 0 for every q.
  bool all_vanish = false;
};

/// The axes at q = 0 composed down the tree; `tolerance` bounds |g x axis| / |g| for "parallel"
/// and |g . axis| / |g| for "perpendicular".
GravityAxes gravity_axes(const Model& model, double tolerance = 1e-9);

/// One line when gravity is parallel to every revolute joint axis ("gravity [0, -9.8, 0] m/s^2 (base
/// frame) is parallel to every revolute joint axis: ..."), else an empty string.
std::string gravity_warning(const Model& model);

/// The placement of DH frame {0} in the base frame when the model came from a DH table (tree[0]
/// less the first row's own placement), else nothing.
std::optional<Transform<double>> dh_base_placement(const Model& model);

/// "+x", "-z", ... when `v` lies along a coordinate axis (to 1e-9 of its length), else "".
std::string axis_name(const Vec3<double>& v);

}  // namespace armdyn
