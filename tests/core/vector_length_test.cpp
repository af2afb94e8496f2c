// Lengths and directions of vectors of any finite size (core/vector_length.hpp) against exact
// values: vectors whose squares overflow or underflow, subnormal and the largest doubles; and the
// magnitude rule of numbers read from files (core/magnitude.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "armdyn/core/magnitude.hpp"
#include "armdyn/core/vector_length.hpp"

namespace armdyn {
namespace vector_length_test {

using V3 = Eigen::Vector3d;
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(VectorLength, ScaledNormIsExactForEveryFiniteSize) {
  for (double scale : {std::ldexp(1.0, -1070), 1e-300, 1e-160, 1e-150, 1.0, 1e150, 1e160, 1e300}) {
    const V3 x = scale * V3(3, 0, 4);  // length 5 scale (exactly representable multiples for the subnormal one)
    EXPECT_NEAR(scaled_norm(x) / (5 * scale), 1.0, 1e-15) << scale;
    const auto u = unit_vector(x);
    ASSERT_TRUE(u.has_value()) << scale;
    EXPECT_LT((*u - V3(0.6, 0, 0.8)).norm(), 1e-15) << scale;
  }
  const double big = std::numeric_limits<double>::max();
  EXPECT_LT((*unit_vector(V3(big, big, 0)) - V3(1, 1, 0) / std::sqrt(2.0)).norm(), 1e-15);
  EXPECT_EQ(scaled_norm(V3(big, big, 0)), kInf);  // the length itself is beyond a double
  EXPECT_EQ(*unit_vector(V3(4.9e-324, 0, 0)), V3(1, 0, 0));
}

TEST(VectorLength, ZeroAndNonFiniteVectorsHaveNoDirection) {
  EXPECT_FALSE(unit_vector(V3::Zero()));
  EXPECT_FALSE(unit_vector(V3(kInf, 0, 0)));
  EXPECT_FALSE(unit_vector(V3(1, std::nan(""), 0)));
  EXPECT_STREQ(direction_problem(V3::Zero()), "is zero");
  EXPECT_STREQ(direction_problem(V3(1, -kInf, 0)), "is not finite");
  EXPECT_STREQ(direction_problem(V3(1e-320, 0, 0)), "");
  EXPECT_EQ(scaled_norm(V3::Zero()), 0);
  EXPECT_EQ(scaled_norm(V3(kInf, 1, 0)), kInf);
  EXPECT_TRUE(std::isnan(scaled_norm(V3(std::nan(""), 1, 0))));
  try {
    unit_vector_or_throw(V3::Zero(), "--direction");
    ADD_FAILURE() << "a zero vector was normalised";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--direction is zero");
  }
}

TEST(VectorLength, ThePlainRangeNeedsNoScaling) {
  // The hot paths' test: inside the range the plain squared norm is exact to round-off.
  EXPECT_TRUE(plain_squared_norm(1.0));
  EXPECT_TRUE(plain_squared_norm(kPlainSquaredNormMin));
  EXPECT_TRUE(plain_squared_norm(kPlainSquaredNormMax));
  for (double n2 : {0.0, 1e-300, 1e300, kInf, std::nan("")}) EXPECT_FALSE(plain_squared_norm(n2)) << n2;
}

TEST(MagnitudeRule, FiniteWithin1e50AndNotSubnormal) {
  for (double x : {0.0, -0.0, 1.0, -1e50, 1e50, 2.2250738585072014e-308, -1e-300}) EXPECT_EQ(magnitude_problem(x), "") << x;
  EXPECT_EQ(magnitude_problem(1e200), "must be at most 1e50 in magnitude, got 1e+200");
  EXPECT_EQ(magnitude_problem(-1.01e50), "must be at most 1e50 in magnitude, got -1.01e+50");
  EXPECT_EQ(magnitude_problem(1e-310),
            "must be 0 or at least 2.2250738585072014e-308 in magnitude (a subnormal number), got 1e-310");
  EXPECT_EQ(magnitude_problem(kInf), "must be finite, got inf");
  EXPECT_EQ(magnitude_problem(std::nan("")), "must be finite, got nan");
}

}  // namespace vector_length_test
}  // namespace armdyn
