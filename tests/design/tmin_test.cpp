// The shortest feasible time by bisection (design/tmin.hpp) on thresholds known exactly: T_min
// is feasible and T_min (1 − 1e-3) is not, the bracket's ends, the tolerance and the record.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/design/tmin.hpp"

namespace armdyn::design {
namespace tmin_test {

// feasible(T) ⇔ T >= threshold: the monotone problem of a task that fails its drive limit below
// the threshold.
auto at_least(double threshold) {
  return [threshold](double t) { return t >= threshold; };
}

TEST(ShortestFeasible, FindsTheThresholdWithinTheTolerance) {
  for (const double threshold : {0.37, 1.0, 2.2, 6.4, 17.0}) {
    const auto feasible = at_least(threshold);
    const TminResult r = shortest_feasible(feasible, 0.1, 20.0, 1e-4);
    ASSERT_TRUE(r.found) << threshold;
    // The statement of the issue: T_min is feasible and T_min (1 − 1e-3) is not.
    EXPECT_TRUE(feasible(r.t_min)) << threshold;
    EXPECT_FALSE(feasible(r.t_min * (1 - 1e-3))) << threshold;
    // Tighter: T_min is within rel_tol of the threshold, from above.
    EXPECT_GE(r.t_min, threshold);
    EXPECT_LE(r.t_min, threshold / (1 - 1e-4)) << threshold;
  }
}

TEST(ShortestFeasible, TheToleranceSetsTheAccuracyAndTheCost) {
  const double threshold = 3.3;
  int previous_evaluations = 0;
  for (const double rel_tol : {1e-2, 1e-3, 1e-6, 1e-10}) {
    const TminResult r = shortest_feasible(at_least(threshold), 1.0, 10.0, rel_tol);
    ASSERT_TRUE(r.found);
    EXPECT_GE(r.t_min, threshold);
    EXPECT_LE(r.t_min - threshold, rel_tol * r.t_min) << rel_tol;
    // Bisection on ln T: about log2(ln(hi / lo) / rel_tol) midpoints after the two ends.
    const double midpoints = std::log2(std::log(10.0) / rel_tol);
    EXPECT_LE(r.evaluations, 2 + std::ceil(midpoints) + 1) << rel_tol;
    EXPECT_GT(r.evaluations, previous_evaluations);
    previous_evaluations = r.evaluations;
  }
}

TEST(ShortestFeasible, HiInfeasibleIsNotFound) {
  const TminResult r = shortest_feasible(at_least(25.0), 1.0, 20.0);
  EXPECT_FALSE(r.found);
  EXPECT_TRUE(std::isnan(r.t_min));
  ASSERT_EQ(r.evaluations, 1);  // only hi is tried
  EXPECT_EQ(r.trials[0], std::make_pair(20.0, false));
}

TEST(ShortestFeasible, LoFeasibleIsTheAnswer) {
  const TminResult r = shortest_feasible(at_least(0.5), 1.0, 20.0);
  EXPECT_TRUE(r.found);
  EXPECT_EQ(r.t_min, 1.0);
  ASSERT_EQ(r.evaluations, 2);  // hi, then lo
  EXPECT_EQ(r.trials[0], std::make_pair(20.0, true));
  EXPECT_EQ(r.trials[1], std::make_pair(1.0, true));
}

TEST(ShortestFeasible, TheThresholdAtAnEnd) {
  EXPECT_EQ(shortest_feasible(at_least(20.0), 1.0, 20.0).t_min, 20.0);  // only hi feasible
  EXPECT_EQ(shortest_feasible(at_least(1.0), 1.0, 20.0).t_min, 1.0);
  const TminResult point = shortest_feasible(at_least(2.0), 3.0, 3.0);  // lo == hi: one call
  EXPECT_EQ(point.t_min, 3.0);
  EXPECT_EQ(point.evaluations, 1);
}

TEST(ShortestFeasible, RecordsEveryCallInOrder) {
  std::vector<double> called;
  const auto feasible = [&](double t) {
    called.push_back(t);
    return t >= 4.0;
  };
  const TminResult r = shortest_feasible(feasible, 1.0, 16.0, 1e-3);
  ASSERT_EQ(r.trials.size(), called.size());
  EXPECT_EQ(r.evaluations, static_cast<int>(called.size()));
  for (std::size_t k = 0; k < called.size(); ++k) {
    EXPECT_EQ(r.trials[k].first, called[k]);
    EXPECT_EQ(r.trials[k].second, called[k] >= 4.0);
  }
  EXPECT_EQ(r.trials[2].first, 4.0);  // the first midpoint is the geometric mean of 1 and 16
}

TEST(ShortestFeasible, AThresholdOnANonTrivialScale) {
  // Feasible when the peak torque of a triangular profile, 4 Δq J / T², is within the limit:
  // T_min = 2 sqrt(Δq J / τ_max) exactly.
  const double dq = 1.3, inertia = 2.7, tau_max = 5.0;
  const auto feasible = [&](double T) { return 4 * dq * inertia / (T * T) <= tau_max; };
  const TminResult r = shortest_feasible(feasible, 0.01, 100.0, 1e-6);
  const double exact = 2 * std::sqrt(dq * inertia / tau_max);
  EXPECT_GE(r.t_min, exact * (1 - 1e-15));
  EXPECT_NEAR(r.t_min, exact, 1e-6 * exact);
  EXPECT_FALSE(feasible(r.t_min * (1 - 1e-3)));
}

TEST(ShortestFeasible, BadBracketOrToleranceIsAnInputError) {
  const auto f = at_least(1.0);
  EXPECT_THROW(shortest_feasible(f, 0.0, 2.0), InputError);   // times are positive
  EXPECT_THROW(shortest_feasible(f, -1.0, 2.0), InputError);
  EXPECT_THROW(shortest_feasible(f, 3.0, 2.0), InputError);   // lo > hi
  EXPECT_THROW(shortest_feasible(f, 1.0, INFINITY), InputError);
  EXPECT_THROW(shortest_feasible(f, NAN, 2.0), InputError);
  EXPECT_THROW(shortest_feasible(f, 0.5, 2.0, 0.0), InputError);
  EXPECT_THROW(shortest_feasible(f, 0.5, 2.0, 1.0), InputError);
  try {
    shortest_feasible(f, 3.0, 2.0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("[lo, hi]"), std::string::npos) << e.what();
  }
}

}  // namespace tmin_test
}  // namespace armdyn::design
