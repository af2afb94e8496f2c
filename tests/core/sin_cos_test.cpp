// sin_cos (core/sin_cos.hpp) against the C library, and joint_placements against joint_placement.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <utility>
#include <vector>

#include "armdyn/kinematics/joint.hpp"
#include "armdyn/armdyn.hpp"
#include "armdyn/core/sin_cos.hpp"

namespace armdyn {
namespace sin_cos_test {

// |a - b| in units in the last place of b.
double ulps(double a, double b) {
  const double step = std::abs(std::nextafter(b, std::numeric_limits<double>::infinity()) - b);
  return std::abs(a - b) / step;
}

// The largest differences from the C library: absolute, and in ulp away from the zeros (where
// a difference of round-off size is an absolute, not a relative, error).
struct Worst {
  double abs = 0, ulp = 0;
  void add(double a, double b) {
    abs = std::max(abs, std::abs(a - b));
    if (std::abs(b) > 1e-3) ulp = std::max(ulp, ulps(a, b));
  }
};

/// sin_cos of every x, compared with std::sin and std::cos: {sine, cosine}.
std::pair<Worst, Worst> compare_with_libm(const std::vector<double>& x) {
  std::vector<double> s(x.size()), c(x.size());
  sin_cos(x.data(), s.data(), c.data(), static_cast<int>(x.size()));
  std::pair<Worst, Worst> w;
  for (std::size_t i = 0; i < x.size(); ++i) {
    w.first.add(s[i], std::sin(x[i]));
    w.second.add(c[i], std::cos(x[i]));
  }
  return w;
}

TEST(SinCos, AgreesWithTheCLibraryOnJointAngles) {
  std::mt19937_64 rng(11);
  for (double range : {0.5, 1.0, std::numbers::pi, 10.0, 1000.0, kSinCosRange}) {
    SCOPED_TRACE(range);
    std::uniform_real_distribution<double> u(-range, range);
    std::vector<double> x(200000);
    for (double& xi : x) xi = u(rng);
    const auto [ws, wc] = compare_with_libm(x);
    EXPECT_LE(ws.abs, 1.2e-16);
    EXPECT_LE(wc.abs, 1.2e-16);
    EXPECT_LE(ws.ulp, 2.0);  // the C library is within 1 ulp of the true value
    EXPECT_LE(wc.ulp, 2.0);
  }
}

TEST(SinCos, QuarterTurnsSignsAndSpecialArguments) {
  std::vector<double> x;
  for (int k = -12; k <= 12; ++k) {
    const double a = k * std::numbers::pi / 4;
    for (double d : {0.0, 1e-12, -1e-12, 1e-6, -1e-6}) x.push_back(a + d);
    x.push_back(std::nextafter(a, 1e9));
    x.push_back(std::nextafter(a, -1e9));
  }
  for (double v : {0.0, -0.0, 1e-300, -1e-300, 5e-324, 1.0, -1.0})
    x.push_back(v);
  const auto [ws, wc] = compare_with_libm(x);
  EXPECT_LE(ws.abs, 1.2e-16);
  EXPECT_LE(wc.abs, 1.2e-16);

  // exact values: sin(0) = 0, cos(0) = 1 (the sign of a zero sine is not kept)
  for (const double zero : {0.0, -0.0}) {
    double s = 1, c = 0;
    sin_cos(&zero, &s, &c, 1);
    EXPECT_EQ(s, 0.0);
    EXPECT_EQ(c, 1.0);
  }
}

TEST(SinCos, LargeAndNonFiniteArgumentsGoToTheCLibrary) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const std::vector<double> x = {2e5, -3.5e7, 1e300, -1e300, nan, inf, -inf, kSinCosRange, -kSinCosRange};
  std::vector<double> s(x.size()), c(x.size());
  sin_cos(x.data(), s.data(), c.data(), static_cast<int>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) {
    SCOPED_TRACE(x[i]);
    if (std::isnan(std::sin(x[i]))) {
      EXPECT_TRUE(std::isnan(s[i]));
      EXPECT_TRUE(std::isnan(c[i]));
    } else {
      EXPECT_NEAR(s[i], std::sin(x[i]), 1.2e-16);
      EXPECT_NEAR(c[i], std::cos(x[i]), 1.2e-16);
    }
  }
}

TEST(SinCos, JointPlacementsAreTheJointPlacements) {
  for (const char* name : {"puma560", "stanford", "rp"}) {
    const Model model = builtin_model(name).model;
    Data data(model);
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-4, 4);
    VecX<double> q(model.dof);
    for (int k = 0; k < 20; ++k) {
      for (int i = 0; i < model.dof; ++i) q[i] = u(rng);
      joint_placements(model, data, q.data());
      for (int i = 0; i < model.dof; ++i) {
        Transform<double> X;
        joint_placement(model, i, q[i], X);
        EXPECT_LE((data.X_up[i].R - X.R).cwiseAbs().maxCoeff(), 4e-16) << name << " joint " << i;
        EXPECT_LE((data.X_up[i].p - X.p).cwiseAbs().maxCoeff(), 4e-16) << name << " joint " << i;
      }
    }
  }
}

}  // namespace sin_cos_test
}  // namespace armdyn
