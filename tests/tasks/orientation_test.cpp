// Orientation laws (armdyn/tasks/orientation.hpp): all 12 Euler sequences against products of
// elementary rotations, angular velocity and acceleration against finite differences of R(t),
// the inverse map, [VP] (3.4.10)'s Π for x-y-x, direction angles ([VP] (3.4.40), (3.4.42)) and
// the direction frame of block C2 ([VP] (3.4.23)).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "armdyn/spatial/rotation.hpp"
#include "armdyn/tasks/orientation.hpp"
#include "support/finite_difference.hpp"

namespace armdyn::tasks {
namespace orientation_test {

const std::vector<std::string> kSequences = {"xyx", "xzx", "yxy", "yzy", "zxz", "zyz",
                                             "xyz", "xzy", "yxz", "yzx", "zxy", "zyx"};

Mat3<double> elementary(char axis, double angle) {
  return axis == 'x' ? rot_x(angle) : axis == 'y' ? rot_y(angle) : rot_z(angle);
}

// The rotation vector of R (the log map).
Vec3<double> log_map(const Mat3<double>& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.angle() * aa.axis();
}

// Angles along a smooth path, with their rates and accelerations.
Vec3<double> angles(double t) { return Vec3<double>(0.4 + 1.1 * t + 0.3 * t * t, -0.7 + std::sin(1.7 * t), 2.0 - 0.8 * t); }
Vec3<double> rates(double t) { return Vec3<double>(1.1 + 0.6 * t, 1.7 * std::cos(1.7 * t), -0.8); }
Vec3<double> accels(double t) { return Vec3<double>(0.6, -2.89 * std::sin(1.7 * t), 0.0); }

TEST(Euler, TwelveSequencesAreParsedAndNoOthers) {
  for (const std::string& name : kSequences) {
    const auto s = parse_euler_sequence(name);
    ASSERT_TRUE(s) << name;
    EXPECT_EQ(euler_sequence_name(*s), name);
  }
  for (const char* bad : {"xxy", "xyy", "xy", "xyzx", "XYZ", "abc", "", "zzz"}) EXPECT_FALSE(parse_euler_sequence(bad)) << bad;
}

TEST(Euler, RotationIsTheProductOfTheThreeAxisRotations) {
  const Vec3<double> a(0.3, -1.2, 2.5);
  for (const std::string& name : kSequences) {
    const Mat3<double> expected = elementary(name[0], a[0]) * elementary(name[1], a[1]) * elementary(name[2], a[2]);
    const RotationMotion m = euler_motion(*parse_euler_sequence(name), a, Vec3<double>::Zero(), Vec3<double>::Zero());
    EXPECT_LT((m.R - expected).norm(), 1e-15) << name;
    EXPECT_EQ(m.w, Vec3<double>::Zero());
  }
}

TEST(Euler, AngularVelocityAndAccelerationAgainstFiniteDifferencesOfR) {
  for (const std::string& name : kSequences) {
    SCOPED_TRACE(name);
    const EulerSequence s = *parse_euler_sequence(name);
    auto motion = [&](double t) { return euler_motion(s, angles(t), rates(t), accels(t)); };
    for (double t : {0.0, 0.6, 1.4}) {
      const RotationMotion m = motion(t);
      const double h = 1e-5;
      const Vec3<double> w = log_map(motion(t + h).R * motion(t - h).R.transpose()) / (2 * h);
      EXPECT_LT((m.w - w).norm(), 1e-9) << t;
      const Vec3<double> dw = test::central_derivative([&](double x) { return motion(x).w; }, t);
      EXPECT_LT((m.dw - dw).norm(), 1e-8) << t;
    }
  }
}

TEST(Euler, BodyRatesOfXyxAreVukobratovicsPi) {
  // [VP] (3.4.10): ω* = Π (θ̇, ψ̇, φ̇) in the body frame, for the x-y-x angles θ, ψ, φ, and
  // (3.4.9): ε* = Π (θ̈, ψ̈, φ̈) + ¹Π (ψ̇ φ̇, φ̇ θ̇, θ̇ ψ̇) (¹Π's row 2, column 3 is cos ψ sin φ, the derivative of Π's
  // sin ψ sin φ; the printed cos ψ sin ψ is a misprint).
  const Vec3<double> a(0.5, -0.9, 1.3), d(0.7, -1.1, 0.4), dd(0.2, 0.9, -1.6);
  const double psi = a[1], phi = a[2];
  Mat3<double> Pi, Pi1;
  Pi << std::cos(psi), 0, 1, std::sin(psi) * std::sin(phi), std::cos(phi), 0, std::sin(psi) * std::cos(phi), -std::sin(phi), 0;
  Pi1 << 0, 0, -std::sin(psi), -std::sin(phi), std::sin(psi) * std::cos(phi), std::cos(psi) * std::sin(phi), -std::cos(phi),
      -std::sin(psi) * std::sin(phi), std::cos(psi) * std::cos(phi);
  const RotationMotion m = euler_motion(*parse_euler_sequence("xyx"), a, d, dd);
  EXPECT_LT((m.R.transpose() * m.w - Pi * d).norm(), 1e-14);
  const Vec3<double> products(d[1] * d[2], d[2] * d[0], d[0] * d[1]);
  EXPECT_LT((m.R.transpose() * m.dw - (Pi * dd + Pi1 * products)).norm(), 1e-14);
}

TEST(Euler, AnglesOfARotationReproduceIt) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-3.1, 3.1);
  const double pi = std::numbers::pi;
  for (const std::string& name : kSequences) {
    SCOPED_TRACE(name);
    const EulerSequence s = *parse_euler_sequence(name);
    const bool proper = name[0] == name[2];
    for (int i = 0; i < 50; ++i) {
      Vec3<double> a(u(rng), u(rng), u(rng));
      const Mat3<double> R = euler_motion(s, a, Vec3<double>::Zero(), Vec3<double>::Zero()).R;
      const Vec3<double> b = euler_angles(s, R);
      EXPECT_LT((euler_motion(s, b, Vec3<double>::Zero(), Vec3<double>::Zero()).R - R).norm(), 1e-13);
      if (proper) {
        EXPECT_GE(b[1], 0);
        EXPECT_LE(b[1], pi);
      } else {
        EXPECT_GE(b[1], -pi / 2);
        EXPECT_LE(b[1], pi / 2);
      }
      // In the canonical range the angles themselves come back.
      a[1] = proper ? std::abs(a[1]) : a[1] / 2;
      const Vec3<double> c = euler_angles(s, euler_motion(s, a, Vec3<double>::Zero(), Vec3<double>::Zero()).R);
      EXPECT_LT((c - a).norm(), 1e-12);
    }
    // Singular middle angles: the rotation still comes back (γ = 0).
    for (double mid : proper ? std::vector<double>{0.0, pi} : std::vector<double>{pi / 2, -pi / 2}) {
      const Mat3<double> R = euler_motion(s, Vec3<double>(0.7, mid, -0.4), Vec3<double>::Zero(), Vec3<double>::Zero()).R;
      const Vec3<double> b = euler_angles(s, R);
      EXPECT_EQ(b[2], 0.0);
      EXPECT_LT((euler_motion(s, b, Vec3<double>::Zero(), Vec3<double>::Zero()).R - R).norm(), 1e-12);
    }
  }
}

TEST(Direction, UnitVectorAndDerivativesAgainstFiniteDifferences) {
  auto motion = [](double t) {
    return direction_motion(0.3 + 1.2 * t, -0.5 + 0.8 * t * t, 1.2, 1.6 * t, 0.0, 1.6);
  };
  for (double t : {0.0, 0.5, 1.3}) {
    const DirectionMotion d = motion(t);
    EXPECT_NEAR(d.h.norm(), 1.0, 1e-15);
    EXPECT_LT((d.dh - test::central_derivative([&](double x) { return motion(x).h; }, t)).norm(), 1e-9);
    EXPECT_LT((d.ddh - test::central_derivative([&](double x) { return motion(x).dh; }, t)).norm(), 1e-8);
    // [VP] (3.4.42), the x and y rows.
    const double th = 0.3 + 1.2 * t, ph = -0.5 + 0.8 * t * t, dth = 1.2, dph = 1.6 * t, ddth = 0, ddph = 1.6;
    const double h1 = -std::cos(ph) * dph * dph * std::cos(th) - std::sin(ph) * ddph * std::cos(th) +
                      2 * std::sin(ph) * dph * std::sin(th) * dth - std::cos(ph) * std::cos(th) * dth * dth -
                      std::cos(ph) * std::sin(th) * ddth;
    const double h2 = -std::cos(ph) * dph * dph * std::sin(th) - std::sin(ph) * ddph * std::sin(th) -
                      2 * std::sin(ph) * dph * std::cos(th) * dth - std::cos(ph) * std::sin(th) * dth * dth +
                      std::cos(ph) * std::cos(th) * ddth;
    EXPECT_NEAR(d.ddh.x(), h1, 1e-14);
    EXPECT_NEAR(d.ddh.y(), h2, 1e-14);
  }
  const auto [theta, phi] = direction_angles(Vec3<double>(1, 1, std::sqrt(2.0)));
  EXPECT_NEAR(theta, std::numbers::pi / 4, 1e-15);
  EXPECT_NEAR(phi, std::numbers::pi / 4, 1e-15);
  EXPECT_EQ(direction_angles(Vec3<double>(0, 0, -2))[0], 0.0);
  EXPECT_NEAR(direction_angles(Vec3<double>(0, 0, -2))[1], -std::numbers::pi / 2, 1e-15);
}

TEST(Direction, FrameOfBlockC2PointsItsXAxisAlongTheDirection) {
  auto motion = [](double t) {
    return direction_frame_motion(Vec3<double>(0.2 + t, 0.4 - 0.5 * t * t, 1.5 * t), Vec3<double>(1, -t, 1.5),
                                  Vec3<double>(0, -1, 0));
  };
  for (double t : {0.0, 0.7}) {
    const RotationMotion m = motion(t);
    const DirectionMotion d = direction_motion(0.2 + t, 0.4 - 0.5 * t * t, 1, -t, 0, -1);
    EXPECT_LT((m.R.col(0) - d.h).norm(), 1e-15);
    // [VP] (3.4.23)-(3.4.24): A = R_z(θ) R_y(−φ) R_x(ψ).
    EXPECT_LT((m.R - rot_z(0.2 + t) * rot_y(-(0.4 - 0.5 * t * t)) * rot_x(1.5 * t)).norm(), 1e-15);
    const double h = 1e-5;
    EXPECT_LT((m.w - log_map(motion(t + h).R * motion(t - h).R.transpose()) / (2 * h)).norm(), 1e-9);
    EXPECT_LT((m.dw - test::central_derivative([&](double x) { return motion(x).w; }, t)).norm(), 1e-8);
    // ḣ = w × h ([VP] (3.4.29)).
    EXPECT_LT((m.w.cross(d.h) - d.dh).norm(), 1e-14);
  }
}

TEST(Direction, AxisToXIsAProperRotation) {
  for (int axis = 0; axis < 3; ++axis) {
    const Mat3<double> P = axis_to_x(axis);
    EXPECT_EQ(P * Vec3<double>::Unit(axis), Vec3<double>::UnitX());
    EXPECT_EQ(P * Vec3<double>::Unit((axis + 1) % 3), Vec3<double>::UnitY());
    EXPECT_NEAR(P.determinant(), 1.0, 1e-15);
  }
}

}  // namespace orientation_test
}  // namespace armdyn::tasks
