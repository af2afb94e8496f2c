#pragma once
// Elementary rotations. Angles are in radians; R maps coordinates in the rotated frame to the
// original one (Craig's ^A_B R for frame B rotated from A).
#include <cmath>

#include "armdyn/core/types.hpp"

namespace armdyn {

/// The rotation by `angle` about coordinate axis k (0: x, 1: y, 2: z): the identity on axis k, the
/// plane rotation [c -s; s c] on the next two axes in cyclic order (y, z for x; z, x for y; x, y for z).
template <class S> Mat3<S> rot_axis(int k, const S& angle) {
  using std::cos;
  using std::sin;
  const S c = cos(angle), s = sin(angle);
  const int i = (k + 1) % 3, j = (k + 2) % 3;
  Mat3<S> R;
  R(k, k) = S(1);
  R(k, i) = R(k, j) = R(i, k) = R(j, k) = S(0);
  R(i, i) = c;
  R(i, j) = -s;
  R(j, i) = s;
  R(j, j) = c;
  return R;
}

template <class S> Mat3<S> rot_x(const S& angle) { return rot_axis(0, angle); }
template <class S> Mat3<S> rot_y(const S& angle) { return rot_axis(1, angle); }
template <class S> Mat3<S> rot_z(const S& angle) { return rot_axis(2, angle); }

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
