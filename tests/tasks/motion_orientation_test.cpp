// TaskMotion's orientation rules and prescribed joint (armdyn/tasks/motion.hpp): Euler angles of
// every sequence "by" and "to", approach directions with and without the rotation ψ about them
// ([VP] blocks B1, C2, C3), what "hold" keeps after each, the errors when a rule needs more of
// the start orientation than is prescribed, and a joint moved directly.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "armdyn/tasks/motion.hpp"
#include "tasks/motion_checks.hpp"

namespace armdyn::tasks {
namespace motion_orientation_test {

using motion_checks::at;
using motion_checks::expect_consistent_derivatives;
using motion_checks::expect_continuous;

const Vec3<double> kP0(0.4, -0.2, 0.7);
const Mat3<double> kR0 = rot_z(2.9) * rot_y(0.6) * rot_x(-1.1);
constexpr double kPi = std::numbers::pi;

const std::vector<std::string> kSequences = {"xyx", "xzx", "yxy", "yzy", "zxz", "zyz",
                                             "xyz", "xzy", "yxz", "yzx", "zxy", "zyx"};

Segment moving(const Vec3<double>& by, double duration = 1.0) {
  Segment s;
  s.duration = duration;
  s.position.value = by;
  return s;
}

Segment euler(const std::string& sequence, Target target, const Vec3<double>& angles) {
  Segment s = moving(Vec3<double>(0.05, -0.1, 0.02));
  s.orientation.rule = OrientationRule::kEuler;
  s.orientation.euler = {*parse_euler_sequence(sequence), target, angles};
  return s;
}

Segment approach(int axis, Target target, double theta, double phi, std::optional<double> psi = std::nullopt) {
  Segment s = moving(Vec3<double>(-0.05, 0.1, 0.03));
  s.orientation.rule = OrientationRule::kApproach;
  s.orientation.approach = {axis, target, theta, phi, psi};
  return s;
}

Segment with_rule(OrientationRule rule) {
  Segment s = moving(Vec3<double>(0.0, 0.1, 0.0));
  s.orientation.rule = rule;
  return s;
}

Mat3<double> euler_R(const std::string& sequence, const Vec3<double>& a) {
  return euler_motion(*parse_euler_sequence(sequence), a, Vec3<double>::Zero(), Vec3<double>::Zero()).R;
}

std::string error_of(const Task& task, const VecX<double>& q0 = {}, const std::vector<std::string>& names = {}) {
  try {
    TaskMotion(task, kP0, kR0, q0, names);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TaskMotionEuler, EverySequenceByAndTo) {
  const Vec3<double> by(0.4, -0.3, 0.9), to(-2.8, 0.7, 3.0);
  for (const std::string& name : kSequences) {
    SCOPED_TRACE(name);
    Task task;
    task.segments.push_back(euler(name, Target::kBy, by));
    task.segments.push_back(euler(name, Target::kTo, to));
    task.segments.push_back(with_rule(OrientationRule::kHold));
    const TaskMotion m(task, kP0, kR0);
    EXPECT_LT((at(m, 1.0).R - kR0 * euler_R(name, by)).norm(), 1e-14);  // turned in the frame's own axes
    EXPECT_LT((at(m, 2.0).R - euler_R(name, to)).norm(), 1e-14);
    EXPECT_LT((at(m, 2.6).R - euler_R(name, to)).norm(), 1e-14);  // held
    EXPECT_EQ(at(m, 2.6).w, Vec3<double>::Zero());
    expect_continuous(m);
    expect_consistent_derivatives(m, 61);
  }
}

TEST(TaskMotionEuler, ToTakesTheShorterWayInTheOuterAngles) {
  // From the identity to (3 + 2π, 0.2, −3): the start angles (0, 0, 0) become (2π, 0, 0), within
  // π of the target, so the angles travel |Δα| + |Δβ| + |Δγ| = 6.2 rad at most (3 + 2π more
  // the long way), and |w| <= |α̇| + |β̇| + |γ̇| bounds the angle the frame turns through.
  Task task;
  task.segments.push_back(euler("zyx", Target::kTo, Vec3<double>(3.0 + 2 * kPi, 0.2, -3.0)));
  const TaskMotion m(task, kP0, Mat3<double>::Identity());
  double travelled = 0;
  for (int i = 0; i < 1000; ++i) travelled += at(m, (i + 0.5) / 1000).w.norm() / 1000;
  EXPECT_LT(travelled, 6.2 + 1e-6);
  EXPECT_LT((at(m, 1.0).R - euler_R("zyx", Vec3<double>(3.0, 0.2, -3.0))).norm(), 1e-14);
}

TEST(TaskMotionApproach, DirectionOnlyIsPartialOrientation) {
  for (int axis = 0; axis < 3; ++axis) {
    SCOPED_TRACE(axis);
    Task task;
    task.segments.push_back(approach(axis, Target::kTo, 0.3, -1.2));
    task.segments.push_back(with_rule(OrientationRule::kHold));
    task.segments.push_back(approach(axis, Target::kBy, 0.5, 0.4));
    const TaskMotion m(task, kP0, kR0);
    EXPECT_EQ(m.segment_orientation(0), OrientationMode::kApproach);
    EXPECT_EQ(m.segment_orientation(1), OrientationMode::kApproach);  // holds the direction only
    const TaskReference start = at(m, 0.0);
    EXPECT_EQ(start.approach_axis, axis);
    EXPECT_LT((start.approach - kR0.col(axis)).norm(), 1e-15);
    const Vec3<double> h1 = direction_motion(0.3, -1.2, 0, 0, 0, 0).h, h3 = direction_motion(0.8, -0.8, 0, 0, 0, 0).h;
    EXPECT_LT((at(m, 1.0).approach - h1).norm(), 1e-15);
    EXPECT_LT((at(m, 1.5).approach - h1).norm(), 1e-15);
    EXPECT_EQ(at(m, 1.5).d_approach, Vec3<double>::Zero());
    EXPECT_LT((at(m, 3.0).approach - h3).norm(), 1e-15);
    for (int i = 0; i <= 30; ++i) EXPECT_NEAR(at(m, 3.0 * i / 30).approach.norm(), 1.0, 1e-15);
    EXPECT_EQ(at(m, 0.5).R, Mat3<double>::Identity());  // unused in this mode
    expect_continuous(m);
    expect_consistent_derivatives(m, 61);
  }
}

TEST(TaskMotionApproach, WithPsiIsFullOrientation) {
  const int axis = 2;
  Task task;
  task.segments.push_back(approach(axis, Target::kTo, -0.4, -1.0, 0.7));
  task.segments.push_back(approach(axis, Target::kBy, 0.0, 0.0, 4 * kPi));  // a screw turn about the direction
  task.segments.push_back(with_rule(OrientationRule::kHold));
  const TaskMotion m(task, kP0, kR0);
  EXPECT_EQ(m.segment_orientation(0), OrientationMode::kFull);
  EXPECT_EQ(m.segment_orientation(2), OrientationMode::kFull);
  EXPECT_LT((at(m, 0.0).R - kR0).norm(), 1e-14);
  // [VP] (3.4.23): R = R_z(θ) R_y(−φ) R_x(ψ) P, the frame's z axis along h.
  const Mat3<double> R1 = rot_z(-0.4) * rot_y(1.0) * rot_x(0.7) * axis_to_x(axis);
  EXPECT_LT((at(m, 1.0).R - R1).norm(), 1e-14);
  for (int i = 0; i <= 20; ++i) {
    const TaskReference r = at(m, 1.0 + i / 20.0);
    EXPECT_LT((r.R.col(axis) - R1.col(axis)).norm(), 1e-14);  // the direction stays
    EXPECT_LT(r.w.cross(R1.col(axis)).norm(), 1e-12);          // turning only about it
  }
  EXPECT_LT((at(m, 2.0).R - R1).norm(), 1e-13);  // two whole turns
  // ψ has turned by π when s = 2 τ² = 1/4.
  EXPECT_LT((at(m, 1.0 + std::sqrt(0.125)).R - Eigen::AngleAxisd(kPi, R1.col(axis)).toRotationMatrix() * R1).norm(), 1e-13);
  EXPECT_NEAR(at(m, 1.5).w.norm(), 8 * kPi, 1e-12);  // [VP] §3.6: 4π in 1 s, triangular: peak 8π rad/s
  expect_continuous(m);
  expect_consistent_derivatives(m, 61);
}

TEST(TaskMotionOrientation, RulesThatNeedMoreThanIsPrescribedAreErrors) {
  Task task;
  task.source = "t.json";
  task.segments = {with_rule(OrientationRule::kFree), with_rule(OrientationRule::kHold), euler("xyz", Target::kBy, Vec3<double>::Zero())};
  EXPECT_EQ(error_of(task), "t.json: segments[2].orientation: an Euler-angle rule needs the whole orientation at the segment's start, but an earlier segment left it free");
  task.segments[2] = approach(2, Target::kTo, 0, 0);
  EXPECT_EQ(error_of(task), "t.json: segments[2].orientation: an approach rule needs the direction at the segment's start, but an earlier segment left the orientation free");
  task.segments = {approach(2, Target::kTo, 0, 0), euler("zyz", Target::kTo, Vec3<double>::Zero())};
  EXPECT_EQ(error_of(task), "t.json: segments[1].orientation: an Euler-angle rule needs the whole orientation at the segment's start, but an earlier segment left it prescribed only by a direction");
  task.segments[1] = approach(2, Target::kBy, 0, 0, 1.0);
  EXPECT_EQ(error_of(task), "t.json: segments[1].orientation.psi: a rotation ψ about the direction needs the whole orientation at the segment's start, but an earlier segment left it prescribed only by a direction");
  task.segments[1] = approach(0, Target::kBy, 0, 0);
  EXPECT_EQ(error_of(task), "t.json: segments[1].orientation.approach: the direction prescribed before is the frame's z axis, not x; the whole orientation is not known here");
  task.segments[1] = approach(2, Target::kBy, 0.1, 0);
  EXPECT_EQ(error_of(task), "");
  const TaskMotion m(task, kP0, kR0);
  EXPECT_EQ(m.segment_orientation(1), OrientationMode::kApproach);
  EXPECT_EQ(TaskMotion(Task{"", "", {}, {}, {with_rule(OrientationRule::kFree), with_rule(OrientationRule::kHold)}}, kP0, kR0)
                .segment_orientation(1),
            OrientationMode::kFree);
}

TEST(TaskMotionJoint, PrescribedJointFollowsTheProfile) {
  const std::vector<std::string> names = {"j1", "j2", "j3"};
  const VecX<double> q0 = Vec3<double>(0.1, 0.2, 0.3);
  Task task;
  task.source = "t.json";
  task.segments = {moving(Vec3<double>(0.1, 0, 0)), moving(Vec3<double>(0, 0.1, 0)), moving(Vec3<double>(0, 0, 0.1))};
  task.segments[0].joint = PrescribedJointSpec{"j3", Target::kBy, 4 * kPi};
  task.segments[1].joint = PrescribedJointSpec{"j2", Target::kTo, -1.0};
  task.segments[2].joint = PrescribedJointSpec{"j3", Target::kTo, 0.0};
  const TaskMotion m(task, kP0, kR0, q0, names);
  EXPECT_EQ(at(m, 0.0).joint, 2);
  EXPECT_DOUBLE_EQ(at(m, 0.0).joint_q, 0.3);
  EXPECT_DOUBLE_EQ(at(m, 0.5).joint_q, 0.3 + 2 * kPi);
  EXPECT_NEAR(at(m, 0.5).joint_v, 8 * kPi, 1e-12);
  EXPECT_EQ(at(m, 1.0).joint, 1);
  EXPECT_DOUBLE_EQ(at(m, 1.0).joint_q, 0.2);
  EXPECT_NEAR(at(m, 2.0 - 1e-9).joint_q, -1.0, 1e-12);
  EXPECT_NEAR(at(m, 2.0).joint_q, 0.3 + 4 * kPi, 1e-15);  // j3 starts where segment 0 left it
  EXPECT_NEAR(at(m, 3.0).joint_q, 0.0, 1e-15);
  expect_consistent_derivatives(m);
  // Restarted from where the arm has the joint: "by" keeps its travel, "to" its target.
  TaskMotion restarted(task, kP0, kR0, q0, names);
  restarted.restart_joint(0, -0.5);
  restarted.restart_joint(1, 0.7);
  restarted.restart_joint(2, 2.0);
  EXPECT_DOUBLE_EQ(at(restarted, 0.0).joint_q, -0.5);
  EXPECT_NEAR(at(restarted, 1.0 - 1e-12).joint_q, -0.5 + 4 * kPi, 1e-9);
  EXPECT_DOUBLE_EQ(at(restarted, 1.0).joint_q, 0.7);
  EXPECT_NEAR(at(restarted, 2.0 - 1e-12).joint_q, -1.0, 1e-9);
  EXPECT_DOUBLE_EQ(at(restarted, 2.0).joint_q, 2.0);
  EXPECT_NEAR(at(restarted, 3.0).joint_q, 0.0, 1e-15);
  task.segments[1].joint->name = "j9";
  EXPECT_EQ(error_of(task, q0, names), "t.json: segments[1].joint.name: no movable joint named 'j9'");
}

}  // namespace motion_orientation_test
}  // namespace armdyn::tasks
