// Rotations built from directions and the DH factorisation of a rotation (declared in
// spatial/rotation.hpp and spatial/plane_rotation.hpp).
#include <cmath>
#include <limits>

#include "armdyn/spatial/plane_rotation.hpp"
#include "armdyn/spatial/rotation.hpp"

namespace armdyn {

namespace {

Mat3<double> rodrigues_from_z(const Vec3<double>& a) {
  // Smallest rotation taking e_z onto a (|a| = 1, a_z > -1): R = E + [k]x + [k]x^2 / (1 + a_z),
  // k = e_z x a. Exact (entries 0, +-1) for the coordinate axes other than -e_z.
  const Vec3<double> k(-a.y(), a.x(), 0.0);
  const Mat3<double> K = skew(k);
  return Mat3<double>::Identity() + K + K * K / (1.0 + a.z());
}

}  // namespace

DhRotation<double> dh_rotation_of(const Mat3<double>& R) {
  // Rx(alpha) Rz(theta) = [[ct, -st, 0], [ca st, ca ct, -sa], [sa st, sa ct, ca]].
  DhRotation<double> out;
  if (std::abs(R(0, 2)) > 4 * std::numeric_limits<double>::epsilon()) return out;
  out.valid = true;
  out.theta = std::atan2(-R(0, 1), R(0, 0));
  out.cos_alpha = R(2, 2);
  out.sin_alpha = -R(1, 2);
  out.twisted = out.sin_alpha != 0.0 || out.cos_alpha != 1.0;
  out.cos_plus_sin = out.cos_alpha + out.sin_alpha;
  out.cos_minus_sin = out.cos_alpha - out.sin_alpha;
  return out;
}

int aligned_axis_of(const Mat3<double>& R) {
  const double tol = 4 * std::numeric_limits<double>::epsilon();
  for (int k = 0; k < 3; ++k) {
    if (!(std::abs(std::abs(R(k, 2)) - 1.0) <= tol)) continue;
    bool zeros = true;
    for (int o = 0; o < 3; ++o)
      if (o != k && !(std::abs(R(o, 2)) <= tol)) zeros = false;  // column 2
    for (int c = 0; c < 2; ++c)
      if (!(std::abs(R(k, c)) <= tol)) zeros = false;  // row k
    if (zeros) return k;
  }
  return -1;
}

Mat3<double> rotation_z_to(const Vec3<double>& axis) {
  if (axis.z() > -0.5) return rodrigues_from_z(axis);
  // Near -e_z: turn half a revolution about x first, then the small remaining rotation.
  const Mat3<double> flip = Vec3<double>(1, -1, -1).asDiagonal();
  return flip * rodrigues_from_z(flip * axis);
}

}  // namespace armdyn
