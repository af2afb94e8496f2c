// TimeGrid: the multiples of a decimal period are the doubles nearest the decimals (0.3, not
// 3 x 0.1), those of any other period are k P, and a k too large for the exact form falls back.
#include <gtest/gtest.h>

#include "armdyn/simulation/time_grid.hpp"

namespace armdyn::sim {
namespace time_grid_test {

TEST(TimeGrid, DecimalPeriodsGiveTheNearestDoubleToEachDecimal) {
  EXPECT_NE(3 * 0.1, 0.3);  // why the grid exists
  EXPECT_EQ(TimeGrid(0.1)(3), 0.3);
  EXPECT_EQ(TimeGrid(0.1)(0), 0.0);
  EXPECT_EQ(TimeGrid(2.5e-4)(4), 0.001);
  EXPECT_EQ(TimeGrid(0.003)(7), 0.021);
  EXPECT_EQ(TimeGrid(1e-3)(1234567), 1234.567);
  EXPECT_EQ(TimeGrid(2.0)(5), 10.0);
}

TEST(TimeGrid, OtherPeriodsAreMultipliedOut) {
  const double third = 1.0 / 3.0;  // 17 significant digits: no short decimal form
  EXPECT_EQ(TimeGrid(third)(7), 7 * third);
  EXPECT_EQ(TimeGrid(1e-30)(3), 3 * 1e-30);  // exponent beyond 10^22
  const long huge = 1L << 55;  // k m would leave the exact integers
  EXPECT_EQ(TimeGrid(0.1)(huge), static_cast<double>(huge) * 0.1);
}

}  // namespace time_grid_test
}  // namespace armdyn::sim
