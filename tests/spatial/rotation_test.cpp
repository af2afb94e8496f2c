// Elementary rotations (spatial/rotation.hpp) against independent constructions:
//   rot_x, rot_y, rot_z: Eigen's AngleAxis about the coordinate axes;
//   rotation_from_rpy: URDF's fixed-axis convention Rz(yaw) Ry(pitch) Rx(roll) by AngleAxis;
//   rotation_z_to: R e_z = axis, R proper and orthonormal, at random axes (also near -e_z), and
//   exact (entries 0 and +-1 only, bit for bit) on the six coordinate axes;
//   aligned_axis_of: the axis a quarter-turn placement carries e_z onto, -1 for any other rotation;
//   skew: skew(a) b = a x b.
// Each comparison notices a perturbed input.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <numbers>
#include <random>

#include "armdyn/spatial/rotation.hpp"
#include "support/random_model.hpp"

namespace armdyn {
namespace rotation_test {

constexpr int kTrials = 500;
constexpr double kTol = 1e-12;
constexpr double kPi = std::numbers::pi;

Mat3<double> about(const Vec3<double>& axis, double angle) { return Eigen::AngleAxisd(angle, axis).toRotationMatrix(); }

double max_abs(const Mat3<double>& A) { return A.cwiseAbs().maxCoeff(); }

TEST(Rotation, ElementaryRotationsAreAngleAxis) {
  std::mt19937_64 rng(101);
  for (int k = 0; k < kTrials; ++k) {
    const double a = test::uniform(rng, -kPi, kPi);
    EXPECT_LT(max_abs(rot_x(a) - about(Vec3<double>::UnitX(), a)), kTol);
    EXPECT_LT(max_abs(rot_y(a) - about(Vec3<double>::UnitY(), a)), kTol);
    EXPECT_LT(max_abs(rot_z(a) - about(Vec3<double>::UnitZ(), a)), kTol);
    EXPECT_GT(max_abs(rot_y(a + 1e-6) - about(Vec3<double>::UnitY(), a)), 1e-7);
    EXPECT_GT(max_abs(rot_z(-a) - about(Vec3<double>::UnitZ(), a)), std::abs(std::sin(a)));
  }
}

TEST(Rotation, RollPitchYawIsFixedAxisXYZ) {
  std::mt19937_64 rng(102);
  for (int k = 0; k < kTrials; ++k) {
    const double r = test::uniform(rng, -kPi, kPi), p = test::uniform(rng, -kPi / 2, kPi / 2),
                 y = test::uniform(rng, -kPi, kPi);
    const Mat3<double> expected =
        about(Vec3<double>::UnitZ(), y) * about(Vec3<double>::UnitY(), p) * about(Vec3<double>::UnitX(), r);
    EXPECT_LT(max_abs(rotation_from_rpy(r, p, y) - expected), kTol);
    // Noticed: the angles in the other (moving-axis x-y-z) order, and a roll 1e-6 off.
    const Mat3<double> moving =
        about(Vec3<double>::UnitX(), r) * about(Vec3<double>::UnitY(), p) * about(Vec3<double>::UnitZ(), y);
    EXPECT_GT(max_abs(rotation_from_rpy(r, p, y) - moving), 1e-3);
    EXPECT_GT(max_abs(rotation_from_rpy(r + 1e-6, p, y) - expected), 1e-7);
  }
}

void expect_proper_rotation_to(const Mat3<double>& R, const Vec3<double>& axis) {
  EXPECT_LT((R * Vec3<double>::UnitZ() - axis).cwiseAbs().maxCoeff(), kTol);
  EXPECT_LT(max_abs(R.transpose() * R - Mat3<double>::Identity()), kTol);
  EXPECT_NEAR(R.determinant(), 1.0, kTol);
}

TEST(Rotation, RotationZToTakesZOntoRandomAxes) {
  std::mt19937_64 rng(103);
  for (int k = 0; k < kTrials; ++k) {
    const Vec3<double> axis = test::random_unit_vector(rng);
    const Mat3<double> R = rotation_z_to(axis);
    expect_proper_rotation_to(R, axis);
    // Noticed: a neighbouring axis, 1e-6 rad away.
    const Vec3<double> other = (axis + 1e-6 * axis.cross(test::random_unit_vector(rng)).normalized()).normalized();
    EXPECT_GT((R * Vec3<double>::UnitZ() - other).cwiseAbs().maxCoeff(), 1e-7);
    // Near -e_z, where the half-turn branch is taken, and across the branch point z = -0.5.
    const Vec3<double> near_down = (Vec3<double>(0, 0, -1) + 1e-3 * test::random_vec3(rng, -1, 1)).normalized();
    expect_proper_rotation_to(rotation_z_to(near_down), near_down);
    const double t = test::uniform(rng, -kPi, kPi);
    for (double z : {-0.5 - 1e-12, -0.5, -0.5 + 1e-12}) {
      const Vec3<double> a(std::sqrt(1 - z * z) * std::cos(t), std::sqrt(1 - z * z) * std::sin(t), z);
      expect_proper_rotation_to(rotation_z_to(a), a);
    }
  }
}

TEST(Rotation, RotationZToIsExactOnCoordinateAxes) {
  for (int i = 0; i < 3; ++i)
    for (double sign : {1.0, -1.0}) {
      const Vec3<double> axis = sign * Vec3<double>::Unit(i);
      const Mat3<double> R = rotation_z_to(axis);
      EXPECT_EQ(R * Vec3<double>::UnitZ(), axis) << "axis " << i << " sign " << sign;
      EXPECT_EQ(R.transpose() * R, Mat3<double>::Identity()) << "axis " << i << " sign " << sign;
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
          const double e = R(r, c);
          EXPECT_TRUE(e == 0.0 || e == 1.0 || e == -1.0) << "axis " << i << " sign " << sign << " R(" << r << ", " << c
                                                         << ") = " << e;
        }
      EXPECT_EQ(R.determinant(), 1.0);
    }
  EXPECT_EQ(rotation_z_to(Vec3<double>::UnitZ()), Mat3<double>::Identity());
  // A direction off a coordinate axis is not exact: the check can tell.
  const Mat3<double> R = rotation_z_to(Vec3<double>(1e-3, 0, 1).normalized());
  EXPECT_FALSE(R(0, 2) == 0.0 || R(0, 2) == 1.0 || R(0, 2) == -1.0);
}

// aligned_axis_of: k for every quarter turn P (P e_z = +-e_k) and for P Rz(q) at any q (the
// placement of a body whose joint axis is parallel to one of its parent's), also with 1-ulp
// noise in the zero entries; -1 for random rotations, for P turned by 1e-9 about x or y, and for
// an entry that is not a number.
TEST(Rotation, AlignedAxisOfFindsQuarterTurnPlacements) {
  std::mt19937_64 rng(31);
  const std::vector<Mat3<double>> turns = test::quarter_turns();
  ASSERT_EQ(turns.size(), 24u);
  for (const Mat3<double>& P : turns) {
    int k = 0;
    while (P(k, 2) == 0.0) ++k;
    EXPECT_EQ(aligned_axis_of(P), k);
    const Mat3<double> R = P * rot_z(test::uniform(rng, -kPi, kPi));
    EXPECT_EQ(aligned_axis_of(R), k);
    Mat3<double> noisy = R;
    for (int o = 0; o < 3; ++o)
      if (o != k) noisy(o, 2) = 2.2e-16;
    noisy(k, 0) = -2.2e-16;
    EXPECT_EQ(aligned_axis_of(noisy), k);
    EXPECT_EQ(aligned_axis_of(Mat3<double>(R * rot_x(1e-9))), -1);
    EXPECT_EQ(aligned_axis_of(Mat3<double>(R * rot_y(1e-9))), -1);
    Mat3<double> nan = R;
    nan(k, 2) = std::nan("");
    EXPECT_EQ(aligned_axis_of(nan), -1);
  }
  EXPECT_EQ(aligned_axis_of(Mat3<double>::Identity()), 2);
  for (int t = 0; t < kTrials; ++t) EXPECT_EQ(aligned_axis_of(test::random_rotation(rng)), -1);
}

TEST(Rotation, SkewIsTheCrossProduct) {
  std::mt19937_64 rng(104);
  for (int k = 0; k < kTrials; ++k) {
    const Vec3<double> a = test::random_vec3(rng, -2, 2), b = test::random_vec3(rng, -2, 2);
    const Mat3<double> S = skew(a);
    EXPECT_LT((S * b - a.cross(b)).cwiseAbs().maxCoeff(), kTol);
    EXPECT_EQ(S, -S.transpose());
    EXPECT_LT((S * a).cwiseAbs().maxCoeff(), kTol);
    EXPECT_GT((skew(Vec3<double>(a + Vec3<double>(0, 0, 1e-6))) * b - a.cross(b)).cwiseAbs().maxCoeff(),
              1e-7 * std::hypot(b.x(), b.y()) * 0.5);
  }
}

}  // namespace rotation_test
}  // namespace armdyn
