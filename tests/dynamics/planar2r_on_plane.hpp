#pragma once
// Craig's planar 2R (point masses; built-in planar2r, [Craig] §6.7) with its tip held on the
// horizontal plane z = 0 through the base: states on the plane and the constrained equations in
// closed form, for the closed-chain tests (dynamics/constrained.hpp).
#include <cmath>

#include "armdyn/dynamics/constrained.hpp"

namespace armdyn::test {

constexpr double kL1 = 1.0, kL2 = 0.5, kM1 = 2.0, kM2 = 1.0;  // planar2r: [Craig] §6.7 numbers

inline PointConstraint<double> plane_z(const Model& model, double normal_sign = 1) {
  PointConstraint<double> c;
  c.frame = model.frame_index("tool");
  c.surfaces[0] = Surface<double>{SurfaceType::kPlane, Vec3<double>::Zero(), Vec3<double>(0, 0, normal_sign), 0.0};
  return c;
}

// A state of planar2r with its tip at height 0 and moving along the plane: q1 = s, q1 + q2 =
// -asin(2 sin s) (|s| < 0.5), and v with J_z v = 0.
inline void on_plane(double s, double v1, VecX<double>& q, VecX<double>& v) {
  q.resize(2);
  v.resize(2);
  q << s, -std::asin(kL1 / kL2 * std::sin(s)) - s;
  const double c1 = std::cos(q[0]), c12 = std::cos(q[0] + q[1]);
  v << v1, -(kL1 * c1 + kL2 * c12) * v1 / (kL2 * c12);
}

// Craig (6.60) for the 2R with point masses, and the tip height z = l1 s1 + l2 s12: the KKT
// system M a = tau - V - G + J_z^T N, J_z a = -J̇_z v, solved directly.
inline void closed_form(const VecX<double>& q, const VecX<double>& v, const VecX<double>& tau, double g, VecX<double>& a,
                 double& N) {
  const double s1 = std::sin(q[0]), c1 = std::cos(q[0]), s2 = std::sin(q[1]), c2 = std::cos(q[1]);
  const double s12 = std::sin(q[0] + q[1]), c12 = std::cos(q[0] + q[1]);
  Eigen::Matrix3d K = Eigen::Matrix3d::Zero();
  K(0, 0) = kL2 * kL2 * kM2 + 2 * kL1 * kL2 * kM2 * c2 + kL1 * kL1 * (kM1 + kM2);
  K(0, 1) = K(1, 0) = kL2 * kL2 * kM2 + kL1 * kL2 * kM2 * c2;
  K(1, 1) = kL2 * kL2 * kM2;
  const Eigen::Vector2d Jz(kL1 * c1 + kL2 * c12, kL2 * c12);
  K.block<2, 1>(0, 2) = -Jz;
  K.block<1, 2>(2, 0) = Jz.transpose();
  const double w12 = v[0] + v[1];
  const Eigen::Vector2d V(-kM2 * kL1 * kL2 * s2 * v[1] * v[1] - 2 * kM2 * kL1 * kL2 * s2 * v[0] * v[1],
                          kM2 * kL1 * kL2 * s2 * v[0] * v[0]);
  const Eigen::Vector2d G(kM2 * kL2 * g * c12 + (kM1 + kM2) * kL1 * g * c1, kM2 * kL2 * g * c12);
  Eigen::Vector3d rhs;
  rhs.head<2>() = tau - V - G;
  rhs[2] = kL1 * s1 * v[0] * v[0] + kL2 * s12 * w12 * w12;  // -J̇_z v
  const Eigen::Vector3d x = K.partialPivLu().solve(rhs);
  a = x.head<2>();
  N = x[2];
}

}  // namespace armdyn::test
