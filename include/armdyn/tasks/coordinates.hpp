#pragma once
// The coordinate systems a task position may be written in ([VP] §3.3-3.4, blocks A2 and A3), and
// their conversion to base-frame Cartesian position, velocity and acceleration by the chain rule.
//
//   cylindrical (ρ, θ, z):  p = (ρ cos θ, ρ sin θ, z)                  θ about the base z axis
//   spherical   (r, θ, φ):  p = r (cos φ cos θ, cos φ sin θ, sin φ)    θ azimuth, φ elevation
//                                                                       above the base xy plane
// The accelerations are [VP] (3.4.2)-(3.4.4) and (3.4.5)-(3.4.7) written in base axes.
#include "armdyn/core/types.hpp"

namespace armdyn::tasks {

enum class Coordinates { kCartesian, kCylindrical, kSpherical };

/// The name used in task files: "cartesian", "cylindrical", "spherical".
const char* coordinates_name(Coordinates c);

/// A point and its first two time derivatives.
struct PointMotion {
  Vec3<double> p = Vec3<double>::Zero(), dp = Vec3<double>::Zero(), ddp = Vec3<double>::Zero();
};

/// The coordinates (c, ċ, c̈) of system `system` as a Cartesian point motion (Cartesian: unchanged).
PointMotion to_cartesian(Coordinates system, const Vec3<double>& c, const Vec3<double>& dc, const Vec3<double>& ddc);

/// The coordinates of the point `p` in `system`: ρ, r >= 0; θ = atan2(y, x) in (−π, π] (0 on the
/// z axis); φ = atan2(z, √(x² + y²)) in [−π/2, π/2] (0 at the origin).
Vec3<double> from_cartesian(Coordinates system, const Vec3<double>& p);

/// Coordinates and their first two time derivatives.
struct CoordinateMotion {
  Vec3<double> c = Vec3<double>::Zero(), dc = Vec3<double>::Zero(), ddc = Vec3<double>::Zero();
};

/// The inverse of to_cartesian: the coordinates of a point motion with their rates and
/// accelerations (c as from_cartesian gives it). The rates are undefined where the angles are:
/// on the z axis (cylindrical ρ = 0; spherical cos φ = 0) and at the origin (spherical r = 0),
/// where they come out infinite or NaN.
CoordinateMotion from_cartesian(Coordinates system, const PointMotion& m);

}  // namespace armdyn::tasks
