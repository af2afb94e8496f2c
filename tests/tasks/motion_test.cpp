// TaskMotion (armdyn/tasks/motion.hpp): straight lines in Cartesian coordinates with every
// profile, orientation held or free, continuity at segment boundaries, "by" and "to" end poses,
// velocities and accelerations against finite differences of the sampled pose.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "armdyn/tasks/motion.hpp"
#include "tasks/motion_checks.hpp"

namespace armdyn::tasks {
namespace motion_test {

using motion_checks::at;
using motion_checks::expect_consistent_derivatives;
using motion_checks::expect_continuous;

Segment line(double duration, ProfileKind profile, Target target, const Vec3<double>& value,
             OrientationRule orientation = OrientationRule::kHold) {
  Segment s;
  s.duration = duration;
  s.profile.kind = profile;
  s.position.target = target;
  s.position.value = value;
  s.orientation.rule = orientation;
  return s;
}

const Vec3<double> kP0(0.4, -0.2, 0.7);
const Mat3<double> kR0 = rot_z(0.3) * rot_y(-0.6) * rot_x(1.1);

TEST(TaskMotion, CartesianLinesWithEveryProfileEndWhereTheyShould) {
  for (ProfileKind kind : {ProfileKind::kTriangular, ProfileKind::kTrapezoidal, ProfileKind::kCubic, ProfileKind::kQuintic}) {
    SCOPED_TRACE(profile_name(kind));
    Task task;
    task.segments.push_back(line(1.0, kind, Target::kBy, Vec3<double>(0.1, 0.2, -0.2)));   // 0.3 m
    task.segments.push_back(line(0.5, kind, Target::kTo, Vec3<double>(0.0, 0.0, 1.0)));
    task.segments.push_back(line(2.0, kind, Target::kBy, Vec3<double>(0.0, -0.6, 0.0), OrientationRule::kFree));
    for (Segment& s : task.segments) s.profile.peak_velocity = 0.45;  // 0.3 m in 1 s; 0.71 m in 0.5 s; 0.6 m in 2 s
    task.segments[1].profile.peak_velocity = 2.0;
    task.segments[2].profile.peak_velocity = 0.5;
    const TaskMotion m(task, kP0, kR0);
    EXPECT_DOUBLE_EQ(m.duration(), 3.5);
    ASSERT_EQ(m.segment_count(), 3u);
    EXPECT_EQ(m.segment_start(1), 1.0);
    const Vec3<double> a = kP0 + Vec3<double>(0.1, 0.2, -0.2), b(0, 0, 1), c = b + Vec3<double>(0, -0.6, 0);
    EXPECT_LT((at(m, 0).p - kP0).norm(), 1e-15);
    EXPECT_LT((at(m, 1.0).p - a).norm(), 1e-15);
    EXPECT_LT((at(m, 1.5).p - b).norm(), 1e-15);
    EXPECT_LT((at(m, 3.5).p - c).norm(), 1e-15);
    EXPECT_LT((at(m, 99).p - c).norm(), 1e-15);  // resting at the end
    EXPECT_EQ(at(m, 99).dp, Vec3<double>::Zero());
    // Half way along a line, by symmetry of every profile.
    EXPECT_LT((at(m, 0.5).p - (kP0 + a) / 2).norm(), 1e-14);
    // Orientation held, then free.
    EXPECT_EQ(at(m, 0.7).orientation, OrientationMode::kFull);
    EXPECT_LT((at(m, 0.7).R - kR0).norm(), 1e-15);
    EXPECT_EQ(at(m, 0.7).w, Vec3<double>::Zero());
    EXPECT_EQ(at(m, 2.0).orientation, OrientationMode::kFree);
    EXPECT_EQ(m.segment_orientation(2), OrientationMode::kFree);
    EXPECT_EQ(at(m, 1.2).joint, -1);
    expect_continuous(m);
    expect_consistent_derivatives(m);
  }
}

TEST(TaskMotion, TrapezoidalCruisesAtThePeakSpeedAlongTheLine) {
  Task task;
  task.segments.push_back(line(2.0, ProfileKind::kTrapezoidal, Target::kBy, Vec3<double>(0.3, 0.0, 0.4)));  // 0.5 m
  task.segments[0].profile.peak_velocity = 0.4;
  const TaskMotion m(task, kP0, kR0);
  EXPECT_NEAR(at(m, 1.0).dp.norm(), 0.4, 1e-14);
  EXPECT_LT((at(m, 1.0).dp.normalized() - Vec3<double>(0.6, 0, 0.8)).norm(), 1e-14);
}

std::string error_of(const Task& task) {
  try {
    TaskMotion(task, kP0, kR0);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TaskMotion, UnplannableSegmentsNameTheirField) {
  Task task;
  task.source = "t.json";
  task.segments.push_back(line(1.0, ProfileKind::kCubic, Target::kBy, Vec3<double>(0.1, 0, 0)));
  task.segments.push_back(line(2.0, ProfileKind::kTrapezoidal, Target::kBy, Vec3<double>(0.5, 0, 0)));
  task.segments[1].profile.peak_velocity = 0.2;  // 0.5 m in 2 s needs (0.25, 0.5]
  EXPECT_EQ(error_of(task), "t.json: segments[1].profile.peak_velocity: 0.2 is unreachable: a path of 0.5 in 2 s needs a peak velocity above 0.25 and at most 0.5");
  task.segments[1].profile.peak_velocity = 0.51;
  EXPECT_NE(error_of(task).find("segments[1].profile.peak_velocity: 0.51 is unreachable"), std::string::npos);
  task.segments[1].profile.peak_velocity = 0.5;
  EXPECT_EQ(error_of(task), "");
  task.segments[1].position.value.setZero();
  EXPECT_EQ(error_of(task), "t.json: segments[1].profile.peak_velocity: the segment does not move, so a peak velocity has no meaning (use another profile)");
  task.segments[1].profile.kind = ProfileKind::kTriangular;
  task.segments[1].duration = 0;
  EXPECT_EQ(error_of(task), "t.json: segments[1].duration: must be a finite number > 0, got 0");
  task.segments[1].duration = std::nan("");
  EXPECT_EQ(error_of(task), "t.json: segments[1].duration: must be a finite number > 0, got nan");
}

TEST(TaskMotion, BreakpointsAreSegmentStartsAndProfileCorners) {
  Task task;
  task.segments.push_back(line(1.0, ProfileKind::kTriangular, Target::kBy, Vec3<double>(0.1, 0, 0)));
  task.segments.push_back(line(2.0, ProfileKind::kTrapezoidal, Target::kBy, Vec3<double>(0.5, 0, 0)));
  task.segments[1].profile.peak_velocity = 0.4;  // cruise at ṡ = 0.8 /s: ramps of 2 − 1.25 = 0.75 s
  task.segments.push_back(line(1.5, ProfileKind::kQuintic, Target::kBy, Vec3<double>(0, 0.1, 0)));
  const TaskMotion m(task, kP0, kR0);
  const std::vector<double> b = m.breakpoints();
  ASSERT_EQ(b.size(), 5u);
  EXPECT_EQ(b[0], 0.5);
  EXPECT_EQ(b[1], 1.0);
  EXPECT_NEAR(b[2], 1.75, 1e-12);
  EXPECT_NEAR(b[3], 2.25, 1e-12);
  EXPECT_EQ(b[4], 3.0);
  EXPECT_EQ(m.segment_profile(1).kind(), ProfileKind::kTrapezoidal);
  EXPECT_NEAR(m.segment_profile(1).peak_rate(), 0.8, 1e-12);
  // The frame's acceleration jumps at each and at no other instant of a fine grid.
  for (int i = 1; i < 4500; ++i) {
    const double t0 = i / 1000.0, t1 = t0 + 1e-9;
    bool listed = false;
    for (double x : b) listed |= t0 < x && x <= t1;  // the value at a breakpoint is the one after it
    EXPECT_EQ((at(m, t1).ddp - at(m, t0).ddp).norm() > 1e-3, listed) << t0;
  }
}

TEST(TaskMotion, NoSegmentsRestsAtTheStart) {
  const TaskMotion m(Task{}, kP0, kR0);
  EXPECT_EQ(m.duration(), 0.0);
  EXPECT_EQ(at(m, 1.0).p, kP0);
  EXPECT_EQ(at(m, 1.0).R, kR0);
}

}  // namespace motion_test
}  // namespace armdyn::tasks
