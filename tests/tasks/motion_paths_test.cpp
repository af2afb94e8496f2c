// TaskMotion's path shapes (armdyn/tasks/motion.hpp): circular arcs stay on their circle and end
// turned by their angle; lines in cylindrical and spherical coordinates move each coordinate by
// the profile (helix-like curves) with velocities and accelerations matching finite differences;
// rotation segments hold the position.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "armdyn/tasks/motion.hpp"
#include "tasks/motion_checks.hpp"

namespace armdyn::tasks {
namespace motion_paths_test {

using motion_checks::at;
using motion_checks::expect_consistent_derivatives;
using motion_checks::expect_continuous;

const Vec3<double> kP0(0.4, -0.2, 0.7);
const Mat3<double> kR0 = rot_z(-0.4) * rot_x(0.8);
constexpr double kPi = std::numbers::pi;

Segment arc(double duration, Target centre_target, const Vec3<double>& centre, const Vec3<double>& axis, double angle) {
  Segment s;
  s.duration = duration;
  s.path = PathShape::kArc;
  s.arc.centre_target = centre_target;
  s.arc.centre = centre;
  s.arc.axis = axis;
  s.arc.angle = angle;
  return s;
}

Segment coordinate_line(Coordinates system, Target target, const Vec3<double>& value, double duration = 1.0) {
  Segment s;
  s.duration = duration;
  s.position.coordinates = system;
  s.position.target = target;
  s.position.value = value;
  return s;
}

std::string error_of(const Task& task) {
  try {
    TaskMotion(task, kP0, kR0);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TaskMotionArc, StaysOnItsCircleAndEndsTurnedByItsAngle) {
  // The centre lies off the start point's plane: the circle is the one about the axis through
  // the start point.
  const Vec3<double> centre(0.1, 0.1, 0.2), axis = Vec3<double>(0.2, -0.3, 1.0);
  const Vec3<double> n = axis.normalized();
  for (double angle : {2.5, -4.0, 7.0}) {
    SCOPED_TRACE(angle);
    Task task;
    task.segments.push_back(arc(1.5, Target::kTo, centre, axis, angle));
    task.segments.push_back(arc(1.0, Target::kBy, Vec3<double>(0, 0.1, 0), Vec3<double>::UnitX(), 1.0));
    const TaskMotion m(task, kP0, kR0);
    const Vec3<double> r0 = kP0 - centre;
    const Vec3<double> own_centre = centre + n * n.dot(r0);
    const double radius = (kP0 - own_centre).norm();
    for (int i = 0; i <= 100; ++i) {
      const TaskReference r = at(m, 1.5 * i / 100);
      EXPECT_NEAR((r.p - own_centre).norm(), radius, 1e-14);
      EXPECT_NEAR((r.p - own_centre).dot(n), 0.0, 1e-14);
      EXPECT_LT((r.R - kR0).norm(), 1e-15);  // orientation held
    }
    const Vec3<double> end = centre + Eigen::AngleAxisd(angle, n) * r0;
    EXPECT_LT((at(m, 1.5).p - end).norm(), 1e-14);
    // The second arc: about the x axis through a centre 0.1 m along y from its start.
    const Vec3<double> end2 = end + Vec3<double>(0, 0.1, 0) + Eigen::AngleAxisd(1.0, Vec3<double>::UnitX()) * Vec3<double>(0, -0.1, 0);
    EXPECT_LT((at(m, 2.5).p - end2).norm(), 1e-14);
    expect_continuous(m);
    expect_consistent_derivatives(m);
  }
}

TEST(TaskMotionArc, TrapezoidalPeakIsTheSpeedAlongTheArc) {
  Task task;
  task.segments.push_back(arc(2.0, Target::kBy, Vec3<double>(0.2, 0, 0), Vec3<double>::UnitZ(), kPi));  // 0.2 π m
  task.segments[0].profile = {ProfileKind::kTrapezoidal, 0.5};
  const TaskMotion m(task, kP0, kR0);
  EXPECT_NEAR(at(m, 1.0).dp.norm(), 0.5, 1e-14);
  EXPECT_NEAR(at(m, 1.2).dp.norm(), 0.5, 1e-14);
}

TEST(TaskMotionArc, StartOnTheAxisIsAnError) {
  Task task;
  task.source = "t.json";
  task.segments.push_back(arc(1.0, Target::kTo, Vec3<double>(0.4, -0.2, 0.0), Vec3<double>::UnitZ(), 1.0));
  EXPECT_EQ(error_of(task), "t.json: segments[0].position.centre: the start point lies on the arc's axis (radius 0)");
  task.segments[0].arc.centre_target = Target::kBy;
  task.segments[0].arc.centre = Vec3<double>(0, 0, 0.3);
  EXPECT_EQ(error_of(task), "t.json: segments[0].position.centre_by: the start point lies on the arc's axis (radius 0)");
  task.segments[0].arc.axis.setZero();
  EXPECT_EQ(error_of(task), "t.json: segments[0].position.axis: must be a non-zero vector");
}

TEST(TaskMotionCoordinates, CylindricalByMovesEachCoordinate) {
  const double rho0 = std::hypot(kP0.x(), kP0.y()), th0 = std::atan2(kP0.y(), kP0.x());
  Task task;
  task.segments.push_back(coordinate_line(Coordinates::kCylindrical, Target::kBy, Vec3<double>(0.2, 2.0, -0.3)));
  task.segments.push_back(coordinate_line(Coordinates::kCartesian, Target::kBy, Vec3<double>(0.1, 0.1, 0.1)));
  task.segments.push_back(coordinate_line(Coordinates::kSpherical, Target::kBy, Vec3<double>(-0.1, -1.0, 0.4)));
  const TaskMotion m(task, kP0, kR0);
  const Vec3<double> end1((rho0 + 0.2) * std::cos(th0 + 2.0), (rho0 + 0.2) * std::sin(th0 + 2.0), kP0.z() - 0.3);
  EXPECT_LT((at(m, 1.0).p - end1).norm(), 1e-15);
  // Half way in time every coordinate is half way (a helix-like curve, not the chord).
  const TaskReference mid = at(m, 0.5);
  EXPECT_NEAR(std::hypot(mid.p.x(), mid.p.y()), rho0 + 0.1, 1e-15);
  EXPECT_NEAR(std::atan2(mid.p.y(), mid.p.x()), th0 + 1.0, 1e-15);
  EXPECT_NEAR(mid.p.z(), kP0.z() - 0.15, 1e-15);
  const Vec3<double> start3 = end1 + Vec3<double>(0.1, 0.1, 0.1);
  const Vec3<double> c3 = from_cartesian(Coordinates::kSpherical, start3) + Vec3<double>(-0.1, -1.0, 0.4);
  EXPECT_LT((at(m, 3.0).p - to_cartesian(Coordinates::kSpherical, c3, Vec3<double>::Zero(), Vec3<double>::Zero()).p).norm(), 1e-15);
  expect_continuous(m);
  expect_consistent_derivatives(m, 91);
}

TEST(TaskMotionCoordinates, ToTargetsTakeTheShorterWayRound) {
  const double th0 = std::atan2(kP0.y(), kP0.x());
  for (Coordinates system : {Coordinates::kCylindrical, Coordinates::kSpherical}) {
    SCOPED_TRACE(coordinates_name(system));
    const Vec3<double> target = system == Coordinates::kCylindrical ? Vec3<double>(0.5, th0 + 2 * kPi - 0.2, 0.1)
                                                                    : Vec3<double>(0.9, th0 + 2 * kPi - 0.2, -0.3);
    Task task;
    task.segments.push_back(coordinate_line(system, Target::kTo, target));
    const TaskMotion m(task, kP0, kR0);
    const Vec3<double> end = to_cartesian(system, target, Vec3<double>::Zero(), Vec3<double>::Zero()).p;
    EXPECT_LT((at(m, 1.0).p - end).norm(), 1e-14);
    const Profile profile(ProfileKind::kTriangular, 1.0);
    for (int i = 0; i <= 20; ++i) {  // the azimuth only decreases, by 0.2 rad in all
      const TaskReference r = at(m, i / 20.0);
      EXPECT_NEAR(std::atan2(r.p.y(), r.p.x()), th0 - 0.2 * profile.at(i / 20.0).s, 1e-12);
    }
    expect_consistent_derivatives(m);
  }
}

TEST(TaskMotionCoordinates, TrapezoidalOnAHelixCruisesAtThePeakSpeed) {
  // Δρ = 0: the curve is a helix, its speed |dp/ds| constant, so the cruise speed is the peak velocity.
  const double rho0 = std::hypot(kP0.x(), kP0.y()), length = std::hypot(rho0 * 3.0, 0.4);
  Task task;
  task.segments.push_back(coordinate_line(Coordinates::kCylindrical, Target::kBy, Vec3<double>(0, 3.0, 0.4), 2.0));
  task.segments[0].profile = {ProfileKind::kTrapezoidal, 0.75 * length};
  const TaskMotion m(task, kP0, kR0);
  EXPECT_NEAR(at(m, 1.0).dp.norm(), 0.75 * length, 1e-10);
}

TEST(TaskMotionCoordinates, NegativeRadiusIsAnError) {
  Task task;
  task.source = "t.json";
  task.segments.push_back(coordinate_line(Coordinates::kCylindrical, Target::kBy, Vec3<double>(-1, 0, 0)));
  EXPECT_EQ(error_of(task), "t.json: segments[0].position.by[0]: the radius would end negative (0.447213595 + -1)");
  task.segments[0].position = {Coordinates::kSpherical, Target::kTo, Vec3<double>(-0.5, 0, 0)};
  EXPECT_EQ(error_of(task), "t.json: segments[0].position.to[0]: the radius must be >= 0, got -0.5");
}

TEST(TaskMotionRotation, HoldsThePosition) {
  Task task;
  Segment s;
  s.path = PathShape::kRotation;
  s.orientation.rule = OrientationRule::kEuler;
  s.orientation.euler = {*parse_euler_sequence("zyz"), Target::kBy, Vec3<double>(0.5, 0.3, -0.2)};
  task.segments.push_back(s);
  s.orientation.rule = OrientationRule::kHold;  // a dwell
  task.segments.push_back(s);
  const TaskMotion m(task, kP0, kR0);
  for (double t : {0.0, 0.3, 1.0, 1.5, 2.0}) {
    EXPECT_EQ(at(m, t).p, kP0);
    EXPECT_EQ(at(m, t).dp, Vec3<double>::Zero());
  }
  const Mat3<double> end = kR0 * rot_z(0.5) * rot_y(0.3) * rot_z(-0.2);
  EXPECT_LT((at(m, 1.0).R - end).norm(), 1e-15);
  EXPECT_LT((at(m, 1.7).R - end).norm(), 1e-15);
  expect_continuous(m);
  expect_consistent_derivatives(m);
}

}  // namespace motion_paths_test
}  // namespace armdyn::tasks
