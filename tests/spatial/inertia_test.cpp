// Rigid-body inertias (spatial/inertia.hpp) against the 6x6 forms written out here:
//   from_com: the parallel-axis theorem [Craig] (6.25) entry by entry;
//   inertia_matrix: [[I, h x], [-(h x), m E]] ([Featherstone] (2.63) with h = m c);
//   I * v: the 6x6 matrix times the 6-vector;
//   transform_to_parent: X^T I_B X with X the Pluecker motion transform from A to B ([Featherstone]
//   (2.66)), and the kinetic energy 1/2 v.Iv the same in either frame;
//   transform_to_parent_aligned: transform_to_parent on quarter-turn placements;
//   rotate_symmetric: R I R^T.
// At random values; every comparison notices a perturbed input.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/spatial/inertia.hpp"
#include "support/spatial_util.hpp"

namespace armdyn {
namespace inertia_test {

using test::six;

constexpr int kTrials = 200;
constexpr double kTol = 1e-12;

/// The 6x6 inertia about the origin from m, c and Ic, written from the definition
/// [[Ic - m [c]x^2, m [c]x], [m [c]x^T, m E]].
Mat6<double> spatial_from_com(double m, const Vec3<double>& c, const Mat3<double>& Ic) {
  const Mat3<double> C = skew(c);
  Mat6<double> out;
  out << Ic - m * C * C, m * C, m * C.transpose(), m * Mat3<double>::Identity();
  return out;
}

double max_abs(const Mat6<double>& A) { return A.cwiseAbs().maxCoeff(); }

TEST(Inertia, FromComIsTheParallelAxisTheorem) {
  std::mt19937_64 rng(81);
  for (int k = 0; k < kTrials; ++k) {
    const LinkInertial in = test::random_inertial(rng);
    const Inertia<double> I = Inertia<double>::from_com(in.mass, in.com, in.inertia);
    const Vec3<double>& c = in.com;
    const double m = in.mass;
    // [Craig] (6.25): Ixx = Ic_xx + m (y^2 + z^2), Ixy = Ic_xy - m x y, ...
    Mat3<double> expected;
    expected << in.inertia(0, 0) + m * (c.y() * c.y() + c.z() * c.z()), in.inertia(0, 1) - m * c.x() * c.y(),
        in.inertia(0, 2) - m * c.x() * c.z(), in.inertia(1, 0) - m * c.y() * c.x(),
        in.inertia(1, 1) + m * (c.x() * c.x() + c.z() * c.z()), in.inertia(1, 2) - m * c.y() * c.z(),
        in.inertia(2, 0) - m * c.z() * c.x(), in.inertia(2, 1) - m * c.z() * c.y(),
        in.inertia(2, 2) + m * (c.x() * c.x() + c.y() * c.y());
    EXPECT_LT((I.I - expected).cwiseAbs().maxCoeff(), kTol);
    EXPECT_LT((I.h - m * c).cwiseAbs().maxCoeff(), kTol);
    EXPECT_EQ(I.m, m);
    EXPECT_LT(max_abs(inertia_matrix(I) - spatial_from_com(m, c, in.inertia)), kTol);
    // Noticed: the centre of mass 1 mm off.
    const Inertia<double> off = Inertia<double>::from_com(m, c + Vec3<double>(1e-3, 0, 0), in.inertia);
    EXPECT_GT((off.I - expected).cwiseAbs().maxCoeff(), 1e-5);
  }
}

TEST(Inertia, ProductWithAMotionIsTheMatrixProduct) {
  std::mt19937_64 rng(82);
  for (int k = 0; k < kTrials; ++k) {
    const Inertia<double> I = test::random_spatial_inertia(rng);
    const Motion<double> v = test::random_motion(rng);
    const Vec6<double> expected = inertia_matrix(I) * six(v);
    EXPECT_LT((six(I * v) - expected).cwiseAbs().maxCoeff(), kTol);
    Motion<double> v_off = v;
    v_off.w.y() += 1e-6;
    EXPECT_GT((six(I * v_off) - expected).cwiseAbs().maxCoeff(), 1e-8);
    // inertia_matrix is symmetric, and positive definite for a physical body
    EXPECT_LT(max_abs(inertia_matrix(I) - inertia_matrix(I).transpose()), 0.0 + kTol);
    EXPECT_GT(0.5 * six(v).dot(expected), 0.0);
  }
}

TEST(Inertia, TransformToParentIsXTransposeIX) {
  std::mt19937_64 rng(83);
  for (int k = 0; k < kTrials; ++k) {
    const Inertia<double> IB = test::random_spatial_inertia(rng);
    const Transform<double> X = test::random_placement(rng, 1.0);  // B in A
    const Mat6<double> XA_to_B = test::motion_to_child(X);
    const Mat6<double> expected = XA_to_B.transpose() * inertia_matrix(IB) * XA_to_B;
    const Inertia<double> IA = transform_to_parent(X, IB);
    EXPECT_LT(max_abs(inertia_matrix(IA) - expected), kTol);
    EXPECT_EQ(IA.m, IB.m);
    // The same kinetic energy of a motion given in A and seen in B.
    const Motion<double> vA = test::random_motion(rng);
    const Vec6<double> vB = XA_to_B * six(vA);
    EXPECT_NEAR(six(vA).dot(inertia_matrix(IA) * six(vA)), vB.dot(inertia_matrix(IB) * vB), kTol);
    // Noticed: the placement 1e-6 off, or its inverse used instead.
    Transform<double> X_off = X;
    X_off.p.x() += 1e-6;
    EXPECT_GT(max_abs(inertia_matrix(transform_to_parent(X_off, IB)) - expected), 1e-8);
    EXPECT_GT(max_abs(inertia_matrix(transform_to_parent(X.inverse(), IB)) - expected), 1e-3);
  }
}

// transform_to_parent_aligned<K> equals transform_to_parent for every placement whose rotation
// is a quarter turn P times Rz(q) (K = aligned_axis_of), and the wrong K is noticed.
TEST(Inertia, AlignedTransformToParentEqualsTheGeneralOne) {
  std::mt19937_64 rng(85);
  const auto aligned = [](int K, const Transform<double>& X, const Inertia<double>& I) {
    if (K == 0) return transform_to_parent_aligned<0>(X, I);
    if (K == 1) return transform_to_parent_aligned<1>(X, I);
    return transform_to_parent_aligned<2>(X, I);
  };
  for (const Mat3<double>& P : test::quarter_turns())
    for (int k = 0; k < 8; ++k) {
      const Inertia<double> IB = test::random_spatial_inertia(rng);
      const Transform<double> X{P * rot_z(test::uniform(rng, -3.0, 3.0)), test::random_vec3(rng, -1.0, 1.0)};
      const int K = aligned_axis_of(X.R);
      ASSERT_GE(K, 0);
      const Mat6<double> expected = inertia_matrix(transform_to_parent(X, IB));
      const Inertia<double> IA = aligned(K, X, IB);
      EXPECT_LT(max_abs(inertia_matrix(IA) - expected), kTol);
      EXPECT_EQ(IA.m, IB.m);
      EXPECT_GT(max_abs(inertia_matrix(aligned((K + 1) % 3, X, IB)) - expected), 1e-3);
    }
}

TEST(Inertia, RotateSymmetricAndSums) {
  std::mt19937_64 rng(84);
  for (int k = 0; k < kTrials; ++k) {
    const Mat3<double> I = test::random_inertia_tensor(rng), R = test::random_rotation(rng);
    const Mat3<double> expected = R * I * R.transpose();
    EXPECT_LT((rotate_symmetric(R, I) - expected).cwiseAbs().maxCoeff(), kTol);
    EXPECT_GT((rotate_symmetric(Mat3<double>(R.transpose()), I) - expected).cwiseAbs().maxCoeff(), 1e-6);
    // += adds the 6x6 matrices
    const Inertia<double> a = test::random_spatial_inertia(rng), b = test::random_spatial_inertia(rng);
    Inertia<double> sum = a;
    sum += b;
    EXPECT_LT(max_abs(inertia_matrix(sum) - (inertia_matrix(a) + inertia_matrix(b))), kTol);
    const Inertia<float> f = a.cast<float>();
    EXPECT_EQ(f.m, static_cast<float>(a.m));
    EXPECT_EQ(f.h, a.h.cast<float>());
    EXPECT_EQ(f.I, a.I.cast<float>());
  }
}

}  // namespace inertia_test
}  // namespace armdyn
