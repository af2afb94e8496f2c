#pragma once
// Euler angles in the tests: the rotation R = R1(a1) R2(a2) R3(a3) of a sequence such as "XYZ",
// its rate map P (column k: the body-axis angular velocity per unit rate of a_k) and the bias of
// the angular acceleration, w' = P a'' + b, b = sum_{k<j} (P_k a'_k) x (P_j a'_j).
#include <Eigen/Geometry>
#include <string>

#include "armdyn/core/types.hpp"

namespace armdyn::test {

inline Mat3<double> axis_rotation(char axis, double angle) {
  const Vec3<double> e = axis == 'X' ? Vec3<double>::UnitX() : axis == 'Y' ? Vec3<double>::UnitY() : Vec3<double>::UnitZ();
  return Eigen::AngleAxisd(angle, e).toRotationMatrix();
}

inline Mat3<double> euler_rate_map(const std::string& seq, const double* a) {
  Mat3<double> P;
  Mat3<double> after = Mat3<double>::Identity();  // R_{k+1} ... R_3
  for (int k = 2; k >= 0; --k) {
    const Vec3<double> e = seq[k] == 'X' ? Vec3<double>::UnitX() : seq[k] == 'Y' ? Vec3<double>::UnitY() : Vec3<double>::UnitZ();
    P.col(k) = after.transpose() * e;
    after = axis_rotation(seq[k], a[k]) * after;
  }
  return P;
}

inline Vec3<double> euler_rate_bias(const Mat3<double>& P, const double* rate) {
  Vec3<double> b = Vec3<double>::Zero();
  for (int k = 0; k < 3; ++k)
    for (int j = k + 1; j < 3; ++j) b += (P.col(k) * rate[k]).cross(P.col(j) * rate[j]);
  return b;
}

inline Eigen::Quaterniond euler_quaternion(const std::string& seq, const double* a) {
  return Eigen::Quaterniond(axis_rotation(seq[0], a[0]) * axis_rotation(seq[1], a[1]) * axis_rotation(seq[2], a[2]));
}

}  // namespace armdyn::test
