// Velocity profiles (armdyn/tasks/profile.hpp): rest at both ends, s from 0 to 1, ṡ and s̈ the
// derivatives of s, the triangular profile of [VP] §3.6 and the trapezoidal reachability rule.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/tasks/profile.hpp"
#include "support/finite_difference.hpp"

namespace armdyn::tasks {
namespace profile_test {

std::vector<Profile> all_profiles(double T) {
  return {Profile(ProfileKind::kTriangular, T), Profile::trapezoidal(T, 1.6 / T), Profile(ProfileKind::kCubic, T),
          Profile(ProfileKind::kQuintic, T)};
}

TEST(Profile, StartsAndEndsAtRest) {
  for (double T : {0.3, 1.0, 2.7}) {
    for (const Profile& p : all_profiles(T)) {
      SCOPED_TRACE(profile_name(p.kind()));
      EXPECT_EQ(p.at(0).s, 0.0);
      EXPECT_EQ(p.at(0).ds, 0.0);
      EXPECT_NEAR(p.at(T).s, 1.0, 1e-15);
      EXPECT_EQ(p.at(T).ds, 0.0);
      EXPECT_NEAR(p.at(T * (1 - 1e-12)).s, 1.0, 1e-10);
      EXPECT_NEAR(p.at(T * (1 - 1e-12)).ds, 0.0, 1e-9);
      EXPECT_NEAR(p.at(T * 1e-12).ds, 0.0, 1e-9);
      // Outside [0, T]: resting at the ends.
      EXPECT_EQ(p.at(-1).s, 0.0);
      EXPECT_EQ(p.at(T + 1).s, 1.0);
      EXPECT_EQ(p.at(T + 1).ds, 0.0);
      EXPECT_EQ(p.at(T + 1).dds, 0.0);
    }
  }
}

TEST(Profile, RateAndAccelerationAreTheDerivativesOfS) {
  const double T = 1.7;
  for (const Profile& p : all_profiles(T)) {
    SCOPED_TRACE(profile_name(p.kind()));
    for (int i = 1; i < 40; ++i) {
      const double t = T * (i + 0.37) / 41;  // away from the ramps' corners
      const double ds = test::central_derivative([&](double x) { return p.at(x).s; }, t);
      const double dds = test::central_derivative([&](double x) { return p.at(x).ds; }, t);
      EXPECT_NEAR(p.at(t).ds, ds, 1e-8) << t;
      EXPECT_NEAR(p.at(t).dds, dds, 1e-7) << t;
    }
  }
}

TEST(Profile, MonotoneAndPeakRateAsDocumented) {
  const double T = 2.0;
  for (const Profile& p : all_profiles(T)) {
    double top = 0, last = 0;
    for (int i = 0; i <= 2000; ++i) {
      const ProfileSample s = p.at(T * i / 2000);
      EXPECT_GE(s.s, last - 1e-15);
      last = s.s;
      top = std::max(top, s.ds);
    }
    EXPECT_NEAR(top, p.peak_rate(), 1e-12) << profile_name(p.kind());
  }
}

TEST(Profile, TriangularIsVukobratovicsConstantAccelerationThenDeceleration) {
  // [VP] §3.6: accelerate uniformly to mid-leg, decelerate uniformly to rest: s̈ = ±4/T²,
  // peak rate 2/T at T/2, s = 2 (t/T)² on the first half.
  const double T = 3.0;
  const Profile p(ProfileKind::kTriangular, T);
  EXPECT_DOUBLE_EQ(p.peak_rate(), 2 / T);
  EXPECT_DOUBLE_EQ(p.at(T / 2).ds, 2 / T);
  EXPECT_DOUBLE_EQ(p.at(T / 2).s, 0.5);
  EXPECT_DOUBLE_EQ(p.at(0.3 * T).s, 2 * 0.09);
  EXPECT_DOUBLE_EQ(p.at(0.1).dds, 4 / (T * T));
  EXPECT_DOUBLE_EQ(p.at(T / 2).dds, -4 / (T * T));
  EXPECT_DOUBLE_EQ(p.at(2.9).dds, -4 / (T * T));
}

TEST(Profile, TrapezoidalCruisesAtItsPeakRate) {
  const double T = 4.0, V = 0.3;  // ramps of T − 1/V = 2/3 s
  const Profile p = Profile::trapezoidal(T, V);
  EXPECT_DOUBLE_EQ(p.at(2.0).ds, V);
  EXPECT_DOUBLE_EQ(p.at(1.0).dds, 0.0);
  EXPECT_NEAR(p.at(0.5).dds, V / (T - 1 / V), 1e-15);
  EXPECT_DOUBLE_EQ(p.peak_rate(), V);
  // At the largest reachable rate it is the triangular profile.
  const Profile top = Profile::trapezoidal(T, 2 / T), tri(ProfileKind::kTriangular, T);
  for (double t : {0.3, 1.9, 2.0, 3.1}) EXPECT_NEAR(top.at(t).s, tri.at(t).s, 1e-15);
}

TEST(Profile, CornersAreWhereTheAccelerationJumps) {
  const double T = 2.0;
  EXPECT_EQ(Profile(ProfileKind::kTriangular, T).corners(), std::vector<double>{1.0});
  EXPECT_EQ(Profile::trapezoidal(T, 0.8).corners(), (std::vector<double>{0.75, 1.25}));
  EXPECT_EQ(Profile::trapezoidal(T, 1.0).corners(), std::vector<double>{1.0});
  EXPECT_TRUE(Profile(ProfileKind::kCubic, T).corners().empty());
  EXPECT_TRUE(Profile(ProfileKind::kQuintic, T).corners().empty());
  for (const Profile& p : all_profiles(T)) {
    SCOPED_TRACE(profile_name(p.kind()));
    const std::vector<double> corners = p.corners();
    for (int i = 1; i < 2000; ++i) {  // s̈ jumps between two close instants only around a corner
      const double a = T * i / 2000, b = a + 1e-9;
      bool corner = false;
      for (double c : corners) corner |= a < c && c <= b;  // s̈ at a corner is the value after it
      const bool jumps = std::abs(p.at(a).dds - p.at(b).dds) > 1e-3;
      EXPECT_EQ(jumps, corner) << a;
    }
    for (double c : corners) EXPECT_GT(std::abs(p.at(c - 1e-9).dds - p.at(c).dds), 0.1) << c;
  }
}

std::string error_of(double T, double V) {
  try {
    Profile::trapezoidal(T, V);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Profile, UnreachableTrapezoidalIsAnError) {
  EXPECT_EQ(error_of(2, 0.5), "trapezoidal: the peak rate 0.5 /s is unreachable in 2 s (it must lie in (0.5, 1]: above 1/T, at most 2/T)");
  EXPECT_NE(error_of(2, 1.01), "");
  EXPECT_NE(error_of(2, -1), "");
  EXPECT_EQ(error_of(2, 1.0), "");
  EXPECT_EQ(error_of(2, 0.51), "");
  EXPECT_THROW(Profile(ProfileKind::kTrapezoidal, 1.0), InputError);
  EXPECT_THROW(Profile(ProfileKind::kCubic, 0.0), InputError);
  EXPECT_THROW(Profile(ProfileKind::kCubic, -1.0), InputError);
}

}  // namespace profile_test
}  // namespace armdyn::tasks
