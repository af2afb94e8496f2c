#include "armdyn/tasks/orientation.hpp"

#include <cmath>

namespace armdyn::tasks {

namespace {

// +1 when (i, j, k) is a cyclic permutation of (0, 1, 2), −1 otherwise.
double parity(int i, int j, int k) { return (j - i + 3) % 3 == 1 && (k - j + 3) % 3 == 1 ? 1.0 : -1.0; }

bool proper(const EulerSequence& s) { return s.axes[0] == s.axes[2]; }

}  // namespace

std::optional<EulerSequence> parse_euler_sequence(std::string_view name) {
  if (name.size() != 3) return std::nullopt;
  EulerSequence out;
  for (int k = 0; k < 3; ++k) {
    const char c = name[static_cast<std::size_t>(k)];
    if (c < 'x' || c > 'z') return std::nullopt;
    out.axes[static_cast<std::size_t>(k)] = c - 'x';
  }
  if (out.axes[0] == out.axes[1] || out.axes[1] == out.axes[2]) return std::nullopt;
  return out;
}

std::string euler_sequence_name(const EulerSequence& sequence) {
  std::string out;
  for (int a : sequence.axes) out += static_cast<char>('x' + a);
  return out;
}

Mat3<double> axis_rotation(int axis, double angle) {
  const Vec3<double> e = Vec3<double>::Unit(axis);
  return Eigen::AngleAxisd(angle, e).toRotationMatrix();
}

RotationMotion euler_motion(const EulerSequence& sequence, const Vec3<double>& angles, const Vec3<double>& rates,
                            const Vec3<double>& accelerations) {
  const auto& ax = sequence.axes;
  const Mat3<double> Ra = axis_rotation(ax[0], angles[0]), Rb = axis_rotation(ax[1], angles[1]);
  const Mat3<double> Rab = Ra * Rb;
  RotationMotion out;
  out.R = Rab * axis_rotation(ax[2], angles[2]);
  const Vec3<double> ua = Vec3<double>::Unit(ax[0]), ub = Ra.col(ax[1]), uc = Rab.col(ax[2]);
  const Vec3<double> wa = rates[0] * ua, wab = wa + rates[1] * ub;
  out.w = wab + rates[2] * uc;
  out.dw = accelerations[0] * ua + accelerations[1] * ub + accelerations[2] * uc + wa.cross(rates[1] * ub) +
           wab.cross(rates[2] * uc);
  return out;
}

Vec3<double> euler_angles(const EulerSequence& sequence, const Mat3<double>& R) {
  const int i = sequence.axes[0], j = sequence.axes[1];
  const int k = proper(sequence) ? 3 - i - j : sequence.axes[2];
  const double e = parity(i, j, k);
  double a, b, c;
  if (proper(sequence)) {  // R = R_i(a) R_j(b) R_i(c)
    const double sb = std::hypot(R(i, j), R(i, k));
    b = std::atan2(sb, R(i, i));
    if (sb > 1e-12) {
      a = std::atan2(R(j, i), -e * R(k, i));
      c = std::atan2(R(i, j), e * R(i, k));
      return Vec3<double>(a, b, c);
    }
  } else {  // R = R_i(a) R_j(b) R_k(c)
    const double cb = std::hypot(R(i, i), R(i, j));
    b = std::atan2(e * R(i, k), cb);
    if (cb > 1e-12) {
      a = std::atan2(-e * R(j, k), R(k, k));
      c = std::atan2(-e * R(i, j), R(i, i));
      return Vec3<double>(a, b, c);
    }
  }
  // Singular: c = 0, so R = R_i(a) R_j(b) and R e_j = R_i(a) e_j = cos a e_j + e sin a e_k.
  a = std::atan2(e * R(k, j), R(j, j));
  return Vec3<double>(a, b, 0.0);
}

DirectionMotion direction_motion(double theta, double phi, double dtheta, double dphi, double ddtheta,
                                 double ddphi) {
  // h = cos φ e(θ) + sin φ e_z with e(θ) = (cos θ, sin θ, 0) and e'(θ) = (−sin θ, cos θ, 0).
  const double ct = std::cos(theta), st = std::sin(theta), cp = std::cos(phi), sp = std::sin(phi);
  const Vec3<double> e(ct, st, 0), de(-st, ct, 0), ez = Vec3<double>::UnitZ();
  DirectionMotion out;
  out.h = cp * e + sp * ez;
  out.dh = -sp * dphi * e + cp * dtheta * de + cp * dphi * ez;
  out.ddh = (-cp * dphi * dphi - sp * ddphi - cp * dtheta * dtheta) * e +
            (-2 * sp * dphi * dtheta + cp * ddtheta) * de + (-sp * dphi * dphi + cp * ddphi) * ez;
  return out;
}

std::array<double, 2> direction_angles(const Vec3<double>& v) {
  const double rho = std::hypot(v.x(), v.y());
  const double theta = (v.x() == 0 && v.y() == 0) ? 0.0 : std::atan2(v.y(), v.x());
  return {theta, std::atan2(v.z(), rho)};
}

RotationMotion direction_frame_motion(const Vec3<double>& theta_phi_psi, const Vec3<double>& rates,
                                      const Vec3<double>& accelerations) {
  // R_z(θ) R_y(−φ) R_x(ψ) is the intrinsic z-y-x sequence at angles (θ, −φ, ψ).
  static const EulerSequence zyx{{2, 1, 0}};
  const Vec3<double> flip(1, -1, 1);
  return euler_motion(zyx, theta_phi_psi.cwiseProduct(flip), rates.cwiseProduct(flip),
                      accelerations.cwiseProduct(flip));
}

Mat3<double> axis_to_x(int axis) {
  // Rows: P e_axis = e_x, P e_next = e_y, P e_after = e_z (a cyclic permutation: det = +1).
  Mat3<double> P = Mat3<double>::Zero();
  for (int r = 0; r < 3; ++r) P(r, (axis + r) % 3) = 1;
  return P;
}

}  // namespace armdyn::tasks
