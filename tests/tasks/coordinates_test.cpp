// Cylindrical and spherical task coordinates (armdyn/tasks/coordinates.hpp): the point's velocity
// and acceleration from the coordinates' rates ([VP] (3.4.2)-(3.4.7)) against central differences
// of the point along coordinate paths, and the inverse map.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "armdyn/tasks/coordinates.hpp"
#include "support/finite_difference.hpp"

namespace armdyn::tasks {
namespace coordinates_test {

// A smooth coordinate path c(t) with non-zero rates and accelerations in every coordinate.
Vec3<double> path(double t) { return Vec3<double>(0.8 + 0.3 * std::sin(1.3 * t), 0.4 + 2.1 * t - 0.7 * t * t, -0.3 + std::cos(0.9 * t)); }
Vec3<double> rate(double t) { return Vec3<double>(0.39 * std::cos(1.3 * t), 2.1 - 1.4 * t, -0.9 * std::sin(0.9 * t)); }
Vec3<double> accel(double t) { return Vec3<double>(-0.507 * std::sin(1.3 * t), -1.4, -0.81 * std::cos(0.9 * t)); }

TEST(Coordinates, TheTestPathsRatesAreItsDerivatives) {
  for (double t : {0.0, 0.7, 1.9}) {
    EXPECT_LT((test::central_derivative(path, t) - rate(t)).norm(), 1e-9);
    EXPECT_LT((test::central_derivative(rate, t) - accel(t)).norm(), 1e-9);
  }
}

TEST(Coordinates, VelocityAndAccelerationAgainstFiniteDifferences) {
  for (Coordinates system : {Coordinates::kCylindrical, Coordinates::kSpherical, Coordinates::kCartesian}) {
    SCOPED_TRACE(coordinates_name(system));
    auto point = [&](double t) { return to_cartesian(system, path(t), rate(t), accel(t)); };
    for (double t : {0.0, 0.45, 1.2, 2.6}) {
      const PointMotion m = point(t);
      const Vec3<double> dp = test::central_derivative([&](double x) { return point(x).p; }, t);
      const Vec3<double> ddp = test::central_derivative([&](double x) { return point(x).dp; }, t);
      EXPECT_LT((m.dp - dp).norm(), 1e-9) << t;
      EXPECT_LT((m.ddp - ddp).norm(), 1e-8) << t;
      // Fourth order and a second difference of p itself: the acceleration is the second
      // derivative of the position (not only of the formula's own velocity).
      const double h = 1e-3;
      const Vec3<double> dd = (-point(t + 2 * h).p + 16 * point(t + h).p - 30 * m.p + 16 * point(t - h).p - point(t - 2 * h).p) /
                              (12 * h * h);
      EXPECT_LT((m.ddp - dd).norm(), 1e-6) << t;
    }
  }
}

TEST(Coordinates, RatesAndAccelerationsBackFromThePointMotion) {
  for (Coordinates system : {Coordinates::kCylindrical, Coordinates::kSpherical, Coordinates::kCartesian}) {
    SCOPED_TRACE(coordinates_name(system));
    for (double t : {0.0, 0.45, 1.2, 2.6}) {
      Vec3<double> c = path(t);
      if (system != Coordinates::kCartesian) c[1] = std::remainder(c[1], 2 * std::numbers::pi);  // the azimuth given back
      const CoordinateMotion back = from_cartesian(system, to_cartesian(system, c, rate(t), accel(t)));
      EXPECT_LT((back.c - c).norm(), 1e-14) << t;
      EXPECT_LT((back.dc - rate(t)).norm(), 1e-13) << t;
      EXPECT_LT((back.ddc - accel(t)).norm(), 1e-12) << t;
    }
  }
}

TEST(Coordinates, PositionsAndTheInverseMap) {
  const double pi = std::numbers::pi;
  const PointMotion cyl = to_cartesian(Coordinates::kCylindrical, Vec3<double>(2, pi / 2, 3), Vec3<double>::Zero(), Vec3<double>::Zero());
  EXPECT_LT((cyl.p - Vec3<double>(0, 2, 3)).norm(), 1e-15);
  const PointMotion sph = to_cartesian(Coordinates::kSpherical, Vec3<double>(2, pi / 2, pi / 6), Vec3<double>::Zero(), Vec3<double>::Zero());
  EXPECT_LT((sph.p - Vec3<double>(0, std::sqrt(3.0), 1)).norm(), 1e-15);
  for (const Vec3<double>& p : {Vec3<double>(0.3, -0.4, 0.5), Vec3<double>(-1, -1e-3, -2), Vec3<double>(0, 0, 1)}) {
    for (Coordinates system : {Coordinates::kCylindrical, Coordinates::kSpherical, Coordinates::kCartesian}) {
      const Vec3<double> c = from_cartesian(system, p);
      EXPECT_LT((to_cartesian(system, c, Vec3<double>::Zero(), Vec3<double>::Zero()).p - p).norm(), 1e-15);
      if (system != Coordinates::kCartesian) {
        EXPECT_GE(c[0], 0);
        EXPECT_GT(c[1], -pi);
        EXPECT_LE(c[1], pi);
      }
    }
  }
  EXPECT_EQ(from_cartesian(Coordinates::kSpherical, Vec3<double>::Zero()), Vec3<double>::Zero());
}

}  // namespace coordinates_test
}  // namespace armdyn::tasks
