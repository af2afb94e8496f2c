// The efficiencies and the combined criterion of [VP] §5.2: the Fig. 5.38 example (§5.4,
// Example 4), every limit case of (5.2.4), accuracy near r = 0 and for large |r|, zeros, and
// monotonicity in r and in each efficiency.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/design/criterion.hpp"

namespace armdyn::design {
namespace criterion_test {

constexpr double kInf = std::numeric_limits<double>::infinity();

// [VP] Fig. 5.38: T0 = 10 s, T1 = 5 s, E0 = 100 J, E1 = 50 J; per manipulator T, E, G_t, G_e.
struct Fig538Row {
  double T, E, G_t, G_e;
};
const std::vector<Fig538Row> kFig538 = {{5.5, 95, 0.9, 0.1}, {6, 90, 0.8, 0.2}, {7, 80, 0.6, 0.4},
                                        {7.5, 75, 0.5, 0.5}, {8.5, 65, 0.3, 0.7}, {9.9, 51, 0.02, 0.98}};

TEST(Efficiency, Fig538TimeAndEnergyColumns) {
  for (const Fig538Row& row : kFig538) {
    EXPECT_NEAR(time_efficiency(row.T, 10, 5), row.G_t, 1e-14) << row.T;
    EXPECT_NEAR(energy_efficiency(row.E, 100, 50), row.G_e, 1e-14) << row.E;
  }
}

TEST(Efficiency, IsClippedToTheUnitInterval) {
  EXPECT_EQ(time_efficiency(10, 10, 5), 0);
  EXPECT_EQ(time_efficiency(12, 10, 5), 0);
  EXPECT_EQ(time_efficiency(5, 10, 5), 1);
  EXPECT_EQ(time_efficiency(1, 10, 5), 1);
  EXPECT_EQ(energy_efficiency(0, 100, 50), 1);
  EXPECT_EQ(energy_efficiency(1e9, 100, 50), 0);
}

TEST(Efficiency, BadRangesNameTheirOptions) {
  EXPECT_THROW(check_efficiency_range(5, 10, "--T0", "--T1"), InputError);
  EXPECT_THROW(check_efficiency_range(5, 5, "--T0", "--T1"), InputError);
  EXPECT_THROW(check_efficiency_range(kInf, 5, "--T0", "--T1"), InputError);
  EXPECT_THROW(check_efficiency_range(10, -1, "--T0", "--T1"), InputError);
  try {
    check_efficiency_range(50, 100, "--E0", "--E1");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--E0"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--E1"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(check_efficiency_range(10, 0, "--T0", "--T1"));
  EXPECT_THROW(check_weight(1.5, "--wt"), InputError);
  EXPECT_THROW(check_weight(std::nan(""), "--wt"), InputError);
  EXPECT_THROW(check_exponent(std::nan(""), "--r"), InputError);
  EXPECT_NO_THROW(check_exponent(-kInf, "--r"));
}

// G per manipulator of Fig. 5.38 at the exponents of Fig. 5.4 (computed from (5.2.2), (5.2.4)
// to 4 decimals): the curves of Figs. 5.39 (w_t = 0.5) and 5.40 (manipulator 1, w_t = 0.9, 0.1).
const std::vector<double> kExponents = {-kInf, -9.06, -3.51, -1.6548, -0.7203, -0.1478, 0,
                                        0.2612, 0.6194, 1, 1.449, 2.0185, 3.9293, kInf};
struct Curve {
  double G_t, G_e, w_t;
  std::vector<double> G;
};
const std::vector<Curve> kCurves = {
    {0.9, 0.1, 0.5, {0.1, 0.108, 0.1218, 0.1497, 0.202, 0.2745, 0.3, 0.3505, 0.4249, 0.5, 0.5737, 0.6422, 0.7545, 0.9}},
    {0.8, 0.2, 0.5, {0.2, 0.2159, 0.2431, 0.2869, 0.3387, 0.3861, 0.4, 0.4258, 0.4622, 0.5, 0.5408, 0.5844, 0.6714, 0.8}},
    {0.6, 0.4, 0.5, {0.4, 0.4306, 0.4583, 0.4738, 0.4827, 0.4884, 0.4899, 0.4925, 0.4962, 0.5, 0.5045, 0.5101, 0.5272, 0.6}},
    {0.5, 0.5, 0.5, std::vector<double>(14, 0.5)},
    {0.3, 0.7, 0.5, {0.3, 0.3238, 0.3603, 0.3993, 0.43, 0.4522, 0.4583, 0.4691, 0.4841, 0.5, 0.518, 0.5392, 0.5921, 0.7}},
    {0.02, 0.98, 0.5, {0.02, 0.0216, 0.0244, 0.0304, 0.0482, 0.1062, 0.14, 0.225, 0.3677, 0.5, 0.6089, 0.6953, 0.8215, 0.98}},
    {0.9, 0.1, 0.9, {0.1, 0.1289, 0.1925, 0.3535, 0.5716, 0.6976, 0.7225, 0.7586, 0.7944, 0.82, 0.8395, 0.8548, 0.8762, 0.9}},
    {0.9, 0.1, 0.1, {0.1, 0.1012, 0.103, 0.1064, 0.1122, 0.121, 0.1246, 0.1331, 0.1508, 0.18, 0.2286, 0.3024, 0.5011, 0.9}}};

TEST(CombinedEfficiency, Fig539And540Values) {
  for (const Curve& curve : kCurves)
    for (std::size_t k = 0; k < kExponents.size(); ++k)
      EXPECT_NEAR(combined_efficiency(curve.G_t, curve.G_e, kExponents[k], curve.w_t), curve.G[k], 5e-5)
          << curve.G_t << " " << curve.G_e << " w_t " << curve.w_t << " r " << kExponents[k];
}

TEST(CombinedEfficiency, ClosedFormsOfTheNamedMeans) {
  const double a = 0.3, b = 0.8, w = 0.25;
  EXPECT_NEAR(power_mean(a, b, 1, w, 1 - w), w * a + (1 - w) * b, 1e-15);
  EXPECT_NEAR(power_mean(a, b, -1, w, 1 - w), 1 / (w / a + (1 - w) / b), 1e-15);
  EXPECT_NEAR(power_mean(a, b, 2, w, 1 - w), std::sqrt(w * a * a + (1 - w) * b * b), 1e-15);
  EXPECT_NEAR(power_mean(a, b, 0, w, 1 - w), std::pow(a, w) * std::pow(b, 1 - w), 1e-15);
  EXPECT_EQ(power_mean(a, b, -kInf, w, 1 - w), a);
  EXPECT_EQ(power_mean(a, b, kInf, w, 1 - w), b);
}

// r → 0 from both sides: the weighted geometric mean, and the first-order term
// G ≈ g (1 + r σ²/2), σ² the weighted variance of ln a: a naive pow() loses it (its sum
// w1 a1^r + w2 a2^r rounds near 1, an error of ε/r in ln G).
TEST(CombinedEfficiency, NearZeroExponentIsTheGeometricMeanFromBothSides) {
  for (const double w : {0.5, 0.1, 0.9}) {
    for (const auto& [a, b] : std::vector<std::pair<double, double>>{{0.9, 0.1}, {0.3, 0.7}, {0.02, 0.98}, {1e-5, 0.5}}) {
      const double la = std::log(a), lb = std::log(b);
      const double geometric = std::exp(w * la + (1 - w) * lb);
      const double mean = w * la + (1 - w) * lb;
      const double variance = w * (la - mean) * (la - mean) + (1 - w) * (lb - mean) * (lb - mean);
      for (const double r : {1e-14, -1e-14, 1e-300, -1e-300, 1e-320, -1e-320})
        EXPECT_NEAR(power_mean(a, b, r, w, 1 - w), geometric, 1e-12 * geometric) << a << " " << b << " " << r;
      for (const double r : {1e-7, -1e-7}) {
        const double slope = (power_mean(a, b, r, w, 1 - w) - geometric) / (r * geometric);
        EXPECT_NEAR(slope, variance / 2, 1e-5 * std::max(1.0, variance)) << a << " " << b << " " << r;
      }
    }
  }
}

TEST(CombinedEfficiency, LargeExponentsTendToMinAndMax) {
  for (const double w : {0.5, 0.1, 0.9}) {
    const double a = 0.35, b = 0.6;
    const double up = power_mean(a, b, 1e6, w, 1 - w), down = power_mean(a, b, -1e6, w, 1 - w);
    EXPECT_LE(up, b);
    EXPECT_NEAR(up, b, 3e-6);
    EXPECT_GE(down, a);
    EXPECT_NEAR(down, a, 3e-6);
    // max · w^(1/r) is the leading term: relative 1e-12 against it.
    EXPECT_NEAR(up, b * std::pow(1 - w, 1e-6), 1e-12);
    EXPECT_NEAR(down, a * std::pow(w, -1e-6), 1e-12);
    EXPECT_EQ(power_mean(a, b, 1e300, w, 1 - w), b);
    EXPECT_EQ(power_mean(a, b, -1e300, w, 1 - w), a);
    EXPECT_EQ(power_mean(1e-300, 1e-200, 1e308, w, 1 - w), 1e-200);
    EXPECT_EQ(power_mean(1e-300, 1e-200, -1e308, w, 1 - w), 1e-300);
  }
}

TEST(CombinedEfficiency, ZerosAndZeroWeights) {
  for (const double r : {-kInf, -20.0, -1.0, -1e-9, 0.0}) {
    EXPECT_EQ(power_mean(0, 0.7, r, 0.5, 0.5), 0) << r;
    EXPECT_EQ(power_mean(0.7, 0, r, 0.5, 0.5), 0) << r;
  }
  // r > 0: (w a^r)^(1/r) = w^(1/r) a.
  EXPECT_NEAR(power_mean(0, 0.7, 1, 0.5, 0.5), 0.35, 1e-15);
  EXPECT_NEAR(power_mean(0, 0.7, 2, 0.75, 0.25), 0.7 * 0.5, 1e-15);
  EXPECT_NEAR(power_mean(0.7, 0, 0.5, 0.5, 0.5), 0.7 * 0.25, 1e-15);
  EXPECT_EQ(power_mean(0, 0.7, kInf, 0.5, 0.5), 0.7);
  EXPECT_EQ(power_mean(0, 0, 3, 0.5, 0.5), 0);
  EXPECT_EQ(power_mean(0.7, 0.7, 3, 0.5, 0.5), 0.7);
  // A zero weight drops its component, also at r = ±∞ and when that component is 0.
  for (const double r : {-kInf, -2.0, 0.0, 2.0, kInf}) {
    EXPECT_EQ(power_mean(0, 0.7, r, 0, 1), 0.7) << r;
    EXPECT_EQ(power_mean(0.2, 0.7, r, 1, 0), 0.2) << r;
  }
}

TEST(CombinedEfficiency, MonotoneInTheExponentAndInEachEfficiency) {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<double> exponents = {-kInf, -1e6, -1e3, -50, -9.06, -1, -0.1, -1e-4, -1e-10, 0, 1e-10, 1e-4, 0.1, 1, 3,
                                   20, 1e3, 1e6, kInf};
  for (int k = 0; k < 200; ++k) {
    const double a = unit(rng), b = unit(rng), w = unit(rng), step = 1e-3;
    for (std::size_t i = 1; i < exponents.size(); ++i)
      EXPECT_LE(power_mean(a, b, exponents[i - 1], w, 1 - w), power_mean(a, b, exponents[i], w, 1 - w) * (1 + 4e-15))
          << a << " " << b << " " << w << " r " << exponents[i];
    for (const double r : exponents) {
      const double g = power_mean(a, b, r, w, 1 - w);
      EXPECT_GE(g, std::min(a, b) * (1 - 4e-15));
      EXPECT_LE(g, std::max(a, b) * (1 + 4e-15));
      if (a + step <= 1) {
        EXPECT_LE(g, power_mean(a + step, b, r, w, 1 - w) * (1 + 4e-15)) << r;
      }
      if (b + step <= 1) {
        EXPECT_LE(g, power_mean(a, b + step, r, w, 1 - w) * (1 + 4e-15)) << r;
      }
    }
  }
}

}  // namespace criterion_test
}  // namespace armdyn::design
