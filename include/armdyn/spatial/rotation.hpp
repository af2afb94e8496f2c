#pragma once
// Elementary rotations. Angles are in radians; R maps coordinates in the rotated frame to the
// original one (Craig's ^A_B R for frame B rotated from A).
#include <cmath>

#include "armdyn/core/types.hpp"

namespace armdyn {

template <class S> Mat3<S> rot_x(const S& angle) {
  using std::cos;
  using std::sin;
  const S c = cos(angle), s = sin(angle);
  Mat3<S> R;
  R << S(1), S(0), S(0), S(0), c, -s, S(0), s, c;
  return R;
}

template <class S> Mat3<S> rot_y(const S& angle) {
  using std::cos;
  using std::sin;
  const S c = cos(angle), s = sin(angle);
  Mat3<S> R;
  R << c, S(0), s, S(0), S(1), S(0), -s, S(0), c;
  return R;
}

template <class S> Mat3<S> rot_z(const S& angle) {
  using std::cos;
  using std::sin;
  const S c = cos(angle), s = sin(angle);
  Mat3<S> R;
  R << c, -s, S(0), s, c, S(0), S(0), S(0), S(1);
  return R;
}

/// URDF's fixed-axis roll-pitch-yaw: R = Rz(yaw) Ry(pitch) Rx(roll), built directly from the
/// file's numbers (never round-tripped through another angle representation).
inline Mat3<double> rotation_from_rpy(double roll, double pitch, double yaw) {
  return rot_z(yaw) * rot_y(pitch) * rot_x(roll);
}

/// A proper rotation taking the local z axis onto the unit vector `axis` (R * e_z = axis).
/// Exact for the coordinate axes and their negatives (entries are 0 and +-1 only).
Mat3<double> rotation_z_to(const Vec3<double>& axis);

/// k when the rotation R carries the local z axis onto +-e_k and nothing else onto e_k (column 2
/// and row k of R are +-e, to 4 ulp: the joint axis of a body at such a placement is parallel to
/// a coordinate axis of its parent, as with DH twists of 0 or +-90 degrees and URDF
/// placements in quarter turns); -1 otherwise. The algorithms then skip R's zero entries
/// (spatial/inertia.hpp transform_to_parent_aligned, dynamics/crba_impl.hpp).
int aligned_axis_of(const Mat3<double>& R);

/// Skew-symmetric cross-product matrix: skew(a) * b == a.cross(b).
template <class S> Mat3<S> skew(const Vec3<S>& a) {
  Mat3<S> m;
  m << S(0), -a.z(), a.y(), a.z(), S(0), -a.x(), -a.y(), a.x(), S(0);
  return m;
}

}  // namespace armdyn
