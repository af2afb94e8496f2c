// Spatial motion and force vectors (spatial/motion.hpp) against their 6x6 matrix forms, written
// out here from [Featherstone] (2.31)-(2.32):
//   crm(a) = [[w x, 0], [v x, w x]],  crf(a) = -crm(a)^T = [[w x, v x], [0, w x]],
// and the duality identity (a x b) . f = -b . (a x* f), at random vectors. Each comparison is
// repeated with one input perturbed by 1e-6, which it must notice.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/spatial/motion.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "support/spatial_util.hpp"

namespace armdyn {
namespace motion_test {

using test::six;

Mat6<double> crm(const Motion<double>& a) {
  Mat6<double> X = Mat6<double>::Zero();
  X.topLeftCorner<3, 3>() = skew(a.w);
  X.bottomLeftCorner<3, 3>() = skew(a.v);
  X.bottomRightCorner<3, 3>() = skew(a.w);
  return X;
}

Mat6<double> crf(const Motion<double>& a) { return -crm(a).transpose(); }

constexpr int kTrials = 200;
constexpr double kTol = 1e-12;

TEST(Motion, CrossProductIsTheMatrixCrm) {
  std::mt19937_64 rng(61);
  for (int k = 0; k < kTrials; ++k) {
    const Motion<double> a = test::random_motion(rng), b = test::random_motion(rng);
    const Vec6<double> expected = crm(a) * six(b);
    EXPECT_LT((six(cross_motion(a, b)) - expected).cwiseAbs().maxCoeff(), kTol);
    // a x a = 0 for motions
    EXPECT_LT(six(cross_motion(a, a)).cwiseAbs().maxCoeff(), kTol);
    Motion<double> b_off = b;
    b_off.v.x() += 1e-6;
    EXPECT_GT((six(cross_motion(a, b_off)) - expected).cwiseAbs().maxCoeff(), 1e-8);
  }
}

TEST(Motion, ForceCrossProductIsTheMatrixCrf) {
  std::mt19937_64 rng(62);
  for (int k = 0; k < kTrials; ++k) {
    const Motion<double> a = test::random_motion(rng);
    const Force<double> f = test::random_force(rng);
    const Vec6<double> expected = crf(a) * six(f);
    EXPECT_LT((six(cross_force(a, f)) - expected).cwiseAbs().maxCoeff(), kTol);
    Force<double> f_off = f;
    f_off.n.z() += 1e-6;
    EXPECT_GT((six(cross_force(a, f_off)) - expected).cwiseAbs().maxCoeff(), 1e-8);
    // The matrix written here is itself the transpose of crm's negative: [[w x, v x], [0, w x]].
    Mat6<double> written = Mat6<double>::Zero();
    written.topLeftCorner<3, 3>() = skew(a.w);
    written.topRightCorner<3, 3>() = skew(a.v);
    written.bottomRightCorner<3, 3>() = skew(a.w);
    EXPECT_LT((crf(a) - written).cwiseAbs().maxCoeff(), kTol);
  }
}

TEST(Motion, DotIsTheSixVectorProductAndCrossProductsAreDual) {
  std::mt19937_64 rng(63);
  for (int k = 0; k < kTrials; ++k) {
    const Motion<double> a = test::random_motion(rng), b = test::random_motion(rng);
    const Force<double> f = test::random_force(rng);
    EXPECT_NEAR(dot(b, f), six(b).dot(six(f)), kTol);
    // (a x b) . f = -b . (a x* f) [Featherstone] (2.34)
    const double lhs = dot(cross_motion(a, b), f), rhs = -dot(b, cross_force(a, f));
    EXPECT_NEAR(lhs, rhs, kTol);
    // a x* has the wrong sign (or a x b the wrong order) would be noticed.
    EXPECT_GT(std::abs(lhs - dot(b, cross_force(a, f))), 1e-6);
    EXPECT_GT(std::abs(dot(cross_motion(b, a), f) - rhs), 1e-6);
  }
}

}  // namespace motion_test
}  // namespace armdyn
