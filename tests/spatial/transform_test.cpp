// Rigid placements (spatial/transform.hpp) against homogeneous 4x4 matrices built here
// ([Craig] (2.19)): composition is the matrix product, inverse the matrix inverse, apply the
// product with (x, 1); apply and inverse().apply undo each other. At random placements; each
// comparison notices a perturbed input.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <random>

#include "armdyn/spatial/transform.hpp"
#include "support/random_model.hpp"

namespace armdyn {
namespace transform_test {

Mat4<double> homogeneous(const Mat3<double>& R, const Vec3<double>& p) {
  Mat4<double> H = Mat4<double>::Zero();
  H.block<3, 3>(0, 0) = R;
  H.block<3, 1>(0, 3) = p;
  H(3, 3) = 1.0;
  return H;
}
Mat4<double> homogeneous(const Transform<double>& X) { return homogeneous(X.R, X.p); }

double max_abs(const Mat4<double>& A) { return A.cwiseAbs().maxCoeff(); }

constexpr int kTrials = 200;
constexpr double kTol = 1e-12;

TEST(Transform, CompositionIsTheMatrixProduct) {
  std::mt19937_64 rng(71);
  for (int k = 0; k < kTrials; ++k) {
    const Transform<double> a = test::random_placement(rng, 2.0), b = test::random_placement(rng, 2.0),
                            c = test::random_placement(rng, 2.0);
    const Mat4<double> expected = homogeneous(a) * homogeneous(b);
    EXPECT_LT(max_abs(homogeneous(a * b) - expected), kTol);
    EXPECT_LT(max_abs((a * b).matrix() - expected), kTol);
    EXPECT_LT(max_abs(homogeneous((a * b) * c) - homogeneous(a * (b * c))), kTol);
    // Noticed: the other order, and b moved by 1e-6.
    EXPECT_GT(max_abs(homogeneous(b * a) - expected), 1e-3);
    Transform<double> b_off = b;
    b_off.p.y() += 1e-6;
    EXPECT_GT(max_abs(homogeneous(a * b_off) - expected), 1e-7);
  }
}

TEST(Transform, InverseIsTheMatrixInverse) {
  std::mt19937_64 rng(72);
  for (int k = 0; k < kTrials; ++k) {
    const Transform<double> a = test::random_placement(rng, 2.0);
    const Mat4<double> expected = homogeneous(a).inverse();
    EXPECT_LT(max_abs(homogeneous(a.inverse()) - expected), kTol);
    EXPECT_LT(max_abs(homogeneous(a * a.inverse()) - Mat4<double>::Identity()), kTol);
    EXPECT_LT(max_abs(homogeneous(a.inverse() * a) - Mat4<double>::Identity()), kTol);
    Transform<double> a_off = a;
    a_off.p.z() += 1e-6;
    EXPECT_GT(max_abs(homogeneous(a_off.inverse()) - expected), 1e-7);
  }
}

TEST(Transform, ApplyAndItsInverseRoundTrip) {
  std::mt19937_64 rng(73);
  for (int k = 0; k < kTrials; ++k) {
    const Transform<double> a = test::random_placement(rng, 2.0);
    const Vec3<double> x = test::random_vec3(rng, -3, 3);
    Eigen::Vector4d xh;
    xh << x, 1.0;
    const Vec3<double> expected = (homogeneous(a) * xh).head<3>();
    EXPECT_LT((a.apply(x) - expected).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((a.inverse().apply(a.apply(x)) - x).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((a.apply(a.inverse().apply(x)) - x).cwiseAbs().maxCoeff(), kTol);
    // A point is moved by the translation, a direction (R x) is not: the two must differ.
    EXPECT_GT((a.apply(x) - a.R * x).norm(), 0.0);
    EXPECT_GT((a.inverse().apply(a.apply(x + Vec3<double>(0, 1e-6, 0))) - x).cwiseAbs().maxCoeff(), 1e-7);
  }
}

TEST(Transform, FactoriesAndCast) {
  std::mt19937_64 rng(74);
  const Vec3<double> p = test::random_vec3(rng, -1, 1);
  const Mat3<double> R = test::random_rotation(rng);
  EXPECT_EQ(homogeneous(Transform<double>::identity()), Mat4<double>::Identity());
  EXPECT_EQ(homogeneous(Transform<double>::translation(p)), homogeneous(Mat3<double>::Identity(), p));
  EXPECT_EQ(homogeneous(Transform<double>::rotation(R)), homogeneous(R, Vec3<double>::Zero()));
  // translation then rotation: (p, R) placement is translation(p) * rotation(R)
  const Transform<double> X = Transform<double>::translation(p) * Transform<double>::rotation(R);
  EXPECT_EQ(homogeneous(X), homogeneous(R, p));
  const Transform<float> Xf = X.cast<float>();
  EXPECT_EQ(Xf.R, R.cast<float>());
  EXPECT_EQ(Xf.p, p.cast<float>());
}

}  // namespace transform_test
}  // namespace armdyn
