// The general chain (model/general_chain.hpp) has the properties its header promises, checked
// from the model alone: n revolute joints of a standard-DH table; a, d in [0.1, 0.5]; twists and
// offsets of 15..75 degrees in magnitude; masses in [1, 5]; a centre of mass with three non-zero
// coordinates and a full inertia tensor (turned principal axes, positive definite) in each link
// frame; gravity (0, 0, -9.81); the same seed gives the same chain, another seed another. The
// property check notices a chain with one special parameter (a zero twist, an axis-aligned
// inertia).
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <numbers>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/model/general_chain.hpp"
#include "support/random_model.hpp"

namespace armdyn {
namespace general_chain_test {

constexpr double kDeg = std::numbers::pi / 180.0;

/// The first property `model` lacks, or "" when it has them all.
std::string first_violation(const Model& m, int n) {
  if (m.dof != n) return "dof";
  if (!m.dh || m.dh->convention != DhConvention::kStandard || static_cast<int>(m.dh->rows.size()) != n) return "dh";
  if (m.gravity != Vec3<double>(0, 0, -9.81)) return "gravity";
  for (int i = 0; i < n; ++i) {
    const std::string at = " of link " + std::to_string(i + 1);
    const DhRow& r = m.dh->rows[static_cast<std::size_t>(i)];
    if (m.joint_type[i] != JointType::kRevolute || r.type != JointType::kRevolute) return "joint type" + at;
    if (!(r.a >= 0.1 && r.a <= 0.5 && r.d >= 0.1 && r.d <= 0.5)) return "a, d" + at;
    for (double angle : {r.alpha, r.theta})
      if (!(std::abs(angle) >= 15 * kDeg && std::abs(angle) <= 75 * kDeg)) return "alpha, theta" + at;
    if (!(m.mass[i] >= 1 && m.mass[i] <= 5)) return "mass" + at;
    // In the link's own (DH) frame, which the model keeps as a named frame.
    const Transform<double>& L = test::frame_in_body(m, "link" + std::to_string(i + 1));
    const Vec3<double> c = L.inverse().apply(m.com[i]);
    if (c.cwiseAbs().minCoeff() < 0.01) return "centre of mass" + at;
    const Mat3<double> I = L.R.transpose() * m.inertia_com[i] * L.R;
    if (std::min({std::abs(I(0, 1)), std::abs(I(0, 2)), std::abs(I(1, 2))}) < 1e-6) return "inertia axes" + at;
    if (Eigen::SelfAdjointEigenSolver<Mat3<double>>(I).eigenvalues().minCoeff() <= 0) return "inertia" + at;
  }
  return "";
}

TEST(GeneralChain, HasThePromisedProperties) {
  for (int n : {1, 2, 6, 12, 30}) {
    const Model m = general_chain(n);
    EXPECT_EQ(first_violation(m, n), "") << n;
    EXPECT_EQ(m.name, "general_chain_" + std::to_string(n));
  }
  for (std::uint64_t seed : {1u, 2u, 77u}) EXPECT_EQ(first_violation(general_chain(8, seed), 8), "") << seed;
}

TEST(GeneralChain, PropertyCheckNoticesASpecialParameter) {
  Model m = general_chain(6);
  m.dh->rows[3].alpha = 0.0;
  EXPECT_EQ(first_violation(m, 6), "alpha, theta of link 4");
  m = general_chain(6);
  m.inertia_com[2] = Vec3<double>(0.1, 0.2, 0.25).asDiagonal();
  const Transform<double>& L = test::frame_in_body(m, "link3");
  m.inertia_com[2] = L.R * m.inertia_com[2] * L.R.transpose();
  EXPECT_EQ(first_violation(m, 6), "inertia axes of link 3");
}

TEST(GeneralChain, DeterministicPerSeed) {
  const Model a = general_chain(7, 5), b = general_chain(7, 5), c = general_chain(7, 6);
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(a.dh->rows[static_cast<std::size_t>(i)].alpha, b.dh->rows[static_cast<std::size_t>(i)].alpha);
    EXPECT_EQ(a.mass[i], b.mass[i]);
    EXPECT_EQ(a.inertia_com[i], b.inertia_com[i]);
    EXPECT_EQ(a.tree[i].R, b.tree[i].R);
  }
  EXPECT_NE(a.dh->rows[0].a, c.dh->rows[0].a);
  EXPECT_NE(a.mass[6], c.mass[6]);
  // The default seed is one fixed chain too.
  EXPECT_EQ(general_chain(3).mass[2], general_chain(3, 1981).mass[2]);
}

TEST(GeneralChain, RejectsAnEmptyChain) {
  EXPECT_THROW(general_chain(0), InputError);
  EXPECT_THROW(general_chain(-3), InputError);
}

}  // namespace general_chain_test
}  // namespace armdyn
