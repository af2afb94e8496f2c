#pragma once
// Orientation laws of a task ([VP] §3.4): Euler angles of any of the 12 sequences (block C1 uses
// x-y-x), the direction angles θ, φ of a unit vector (blocks B1, C3) and the direction frame with
// a rotation ψ about the direction (block C2), each with the angular velocity and acceleration
// that the angle rates and accelerations give. Every vector in base axes.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "armdyn/core/types.hpp"

namespace armdyn::tasks {

/// An Euler sequence of three rotations about the axes of the moving frame (intrinsic):
/// R = R_a(α) R_b(β) R_c(γ) for axes (a, b, c), 0 = x, 1 = y, 2 = z, consecutive axes
/// different. The six proper sequences (xyx, xzx, yxy, yzy, zxz, zyz) repeat the first axis; the
/// six Tait-Bryan ones (xyz, xzy, yxz, yzx, zxy, zyx) use all three. [VP] (3.4.11)'s x-y-x
/// (θ about x, ψ about the new y, φ about the new x) is "xyx".
struct EulerSequence {
  std::array<int, 3> axes{0, 1, 0};
};

/// "xyx", "zyz", "xyz", ... (lower case); nothing for any other text.
std::optional<EulerSequence> parse_euler_sequence(std::string_view name);
std::string euler_sequence_name(const EulerSequence& sequence);

/// A rotation and its angular velocity and acceleration (base axes): Ṙ = [w]× R.
struct RotationMotion {
  Mat3<double> R = Mat3<double>::Identity();
  Vec3<double> w = Vec3<double>::Zero(), dw = Vec3<double>::Zero();
};

/// The rotation R_axis(angle) about a coordinate axis (0, 1, 2).
Mat3<double> axis_rotation(int axis, double angle);

/// R = R_a(α) R_b(β) R_c(γ) for `angles` (α, β, γ) with w and dw from the angle rates and
/// accelerations: w = α̇ e_a + β̇ u_b + γ̇ u_c, u_b = R_a e_b, u_c = R_a R_b e_c, and
/// dw = α̈ e_a + β̈ u_b + γ̈ u_c + α̇ e_a × β̇ u_b + (α̇ e_a + β̇ u_b) × γ̇ u_c
/// (in the moving frame, Rᵀw is [VP] (3.4.10)'s Π times the rates for "xyx").
RotationMotion euler_motion(const EulerSequence& sequence, const Vec3<double>& angles, const Vec3<double>& rates,
                            const Vec3<double>& accelerations);

/// Angles (α, β, γ) with R_a(α) R_b(β) R_c(γ) = R: α, γ in (−π, π]; β in [0, π] (proper) or
/// [−π/2, π/2] (Tait-Bryan). At a singular β (where only α ± γ is defined) γ = 0.
Vec3<double> euler_angles(const EulerSequence& sequence, const Mat3<double>& R);

/// The unit vector of direction angles θ (azimuth about the base z axis) and φ (elevation above
/// the base xy plane), [VP] (3.4.40): h = (cos φ cos θ, cos φ sin θ, sin φ), with ḣ and ḧ
/// ([VP] (3.4.42) are the x and y rows of ḧ).
struct DirectionMotion {
  Vec3<double> h = Vec3<double>::UnitX(), dh = Vec3<double>::Zero(), ddh = Vec3<double>::Zero();
};
DirectionMotion direction_motion(double theta, double phi, double dtheta, double dphi, double ddtheta,
                                 double ddphi);

/// The direction angles (θ, φ) of a non-zero vector (θ = 0 on the z axis).
std::array<double, 2> direction_angles(const Vec3<double>& v);

/// The direction frame of [VP] (3.4.23)-(3.4.24): A = R_z(θ) R_y(−φ) R_x(ψ), whose x axis is
/// the direction h(θ, φ) and ψ the rotation about it, with w and dw from the rates
/// ([VP] (3.4.21)-(3.4.22): [w]× = Ȧ Aᵀ, [dw]× = Ä Aᵀ − [w]×²).
RotationMotion direction_frame_motion(const Vec3<double>& theta_phi_psi, const Vec3<double>& rates,
                                      const Vec3<double>& accelerations);

/// The fixed rotation P that takes the frame axis `axis` (0, 1, 2) onto x and the next axis in
/// cyclic order onto y (P = I for x): a frame whose `axis` points along the direction h has
/// the orientation A P, A the direction frame.
Mat3<double> axis_to_x(int axis);

}  // namespace armdyn::tasks
