// Plane rotations in Gauss's form (spatial/plane_rotation.hpp) against dense matrices written here:
//   turn / turn_back: the 2x2 rotation by +angle / -angle;
//   dh_to_parent / dh_to_child: R v and R^T v for R = Rx(alpha) Rz(phi) ([Craig] (3.6)), twisted
//   and untwisted;
//   dh_rotation_of: recovers theta and alpha from Rx(alpha) Rz(theta), and refuses a general
//   rotation.
// At random angles and vectors; each comparison notices a perturbed angle.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "armdyn/spatial/plane_rotation.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "support/random_model.hpp"

namespace armdyn {
namespace plane_rotation_test {

constexpr int kTrials = 500;
constexpr double kTol = 1e-12;
constexpr double kPi = std::numbers::pi;

Mat3<double> Rx(double a) {
  Mat3<double> R;
  R << 1, 0, 0, 0, std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a);
  return R;
}
Mat3<double> Rz(double a) {
  Mat3<double> R;
  R << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1;
  return R;
}

PlaneAngle<double> angle(double phi) {
  PlaneAngle<double> z;
  z.set(std::cos(phi), std::sin(phi));
  return z;
}

/// The factored form of Rx(alpha) Rz(theta), built from the angles (not by dh_rotation_of).
DhRotation<double> factored(double alpha, double theta) {
  DhRotation<double> x;
  x.valid = true;
  x.twisted = alpha != 0.0;
  x.theta = theta;
  x.cos_alpha = std::cos(alpha);
  x.sin_alpha = std::sin(alpha);
  x.cos_plus_sin = x.cos_alpha + x.sin_alpha;
  x.cos_minus_sin = x.cos_alpha - x.sin_alpha;
  return x;
}

TEST(PlaneRotation, TurnAndTurnBackAreTwoByTwoRotations) {
  std::mt19937_64 rng(91);
  for (int k = 0; k < kTrials; ++k) {
    const double phi = test::uniform(rng, -kPi, kPi), u = test::uniform(rng, -2, 2), w = test::uniform(rng, -2, 2);
    const PlaneAngle<double> z = angle(phi);
    double u1, w1, u2, w2;
    turn(z.c, z.c_plus_s, z.c_minus_s, u, w, u1, w1);
    EXPECT_NEAR(u1, std::cos(phi) * u - std::sin(phi) * w, kTol);
    EXPECT_NEAR(w1, std::sin(phi) * u + std::cos(phi) * w, kTol);
    turn_back(z.c, z.c_plus_s, z.c_minus_s, u1, w1, u2, w2);
    EXPECT_NEAR(u2, u, kTol);
    EXPECT_NEAR(w2, w, kTol);
    // Noticed: the angle 1e-6 off.
    const PlaneAngle<double> off = angle(phi + 1e-6);
    turn(off.c, off.c_plus_s, off.c_minus_s, u, w, u2, w2);
    EXPECT_GT(std::hypot(u2 - u1, w2 - w1), 1e-8 * std::hypot(u, w));
  }
}

TEST(PlaneRotation, DhToParentAndChildAreDenseRxRz) {
  std::mt19937_64 rng(92);
  for (int k = 0; k < kTrials; ++k) {
    const bool twisted = k % 4 != 0;  // a quarter of the joints have parallel axes (alpha = 0)
    const double alpha = twisted ? test::uniform(rng, -kPi, kPi) : 0.0;
    const double phi = test::uniform(rng, -kPi, kPi);
    const Vec3<double> v = test::random_vec3(rng, -2, 2);
    const DhRotation<double> x = factored(alpha, 0.0);
    const PlaneAngle<double> z = angle(phi);
    const Mat3<double> R = Rx(alpha) * Rz(phi);
    EXPECT_LT((dh_to_parent(x, z, v) - R * v).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((dh_to_child(x, z, v) - R.transpose() * v).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((dh_to_child(x, z, dh_to_parent(x, z, v)) - v).cwiseAbs().maxCoeff(), kTol);
    // Noticed: the twist (or, untwisted, the angle) 1e-6 off moves the result as the dense
    // matrices say it must.
    const double alpha_off = twisted ? alpha + 1e-6 : 0.0, phi_off = twisted ? phi : phi + 1e-6;
    const double dense_change = (Rx(alpha_off) * Rz(phi_off) * v - R * v).cwiseAbs().maxCoeff();
    const double change = (dh_to_parent(factored(alpha_off, 0.0), angle(phi_off), v) - R * v).cwiseAbs().maxCoeff();
    EXPECT_GT(change, 0.5 * dense_change);
    EXPECT_LT(change, 2.0 * dense_change + kTol);
  }
}

TEST(PlaneRotation, DhRotationOfRecoversTheAngles) {
  std::mt19937_64 rng(93);
  for (int k = 0; k < kTrials; ++k) {
    const double alpha = k % 5 == 0 ? 0.0 : test::uniform(rng, -kPi, kPi);
    const double theta = test::uniform(rng, -kPi, kPi);
    const DhRotation<double> x = dh_rotation_of(Rx(alpha) * Rz(theta));
    ASSERT_TRUE(x.valid);
    EXPECT_EQ(x.twisted, alpha != 0.0);
    EXPECT_NEAR(x.theta, theta, kTol);
    EXPECT_NEAR(x.cos_alpha, std::cos(alpha), kTol);
    EXPECT_NEAR(x.sin_alpha, std::sin(alpha), kTol);
    EXPECT_NEAR(x.cos_plus_sin, std::cos(alpha) + std::sin(alpha), kTol);
    EXPECT_NEAR(x.cos_minus_sin, std::cos(alpha) - std::sin(alpha), kTol);
    // A rotation with R(0, 2) != 0 is not of that form: refused.
    const Mat3<double> general = Rx(alpha) * Rz(theta) * test::random_rotation(rng);
    if (std::abs(general(0, 2)) > 1e-9) {
      EXPECT_FALSE(dh_rotation_of(general).valid);
    }
    EXPECT_FALSE(dh_rotation_of(Rx(alpha) * Rz(theta) * rot_y(1e-6)).valid);
  }
}

TEST(PlaneRotation, CastKeepsTheFactors) {
  const DhRotation<double> x = factored(0.3, -1.2);
  const DhRotation<float> f = x.cast<float>();
  EXPECT_EQ(f.valid, x.valid);
  EXPECT_EQ(f.twisted, x.twisted);
  EXPECT_EQ(f.theta, static_cast<float>(x.theta));
  EXPECT_EQ(f.cos_alpha, static_cast<float>(x.cos_alpha));
  EXPECT_EQ(f.sin_alpha, static_cast<float>(x.sin_alpha));
  EXPECT_EQ(f.cos_plus_sin, static_cast<float>(x.cos_plus_sin));
  EXPECT_EQ(f.cos_minus_sin, static_cast<float>(x.cos_minus_sin));
}

}  // namespace plane_rotation_test
}  // namespace armdyn
