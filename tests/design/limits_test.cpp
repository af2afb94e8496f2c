// The limit checks of [VP] §5.3 on a small task: a three-joint arm whose tip follows a joint-space
// quintic; the first stress violation is found at the right time and in the right segment (the
// stresses against the task table's own sigma columns), and the drive envelope, deflection and
// reachability checks report their first fault.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/design/limits.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/tasks/columns.hpp"
#include "tasks/task_cases.hpp"

namespace armdyn::design {
namespace limits_test {

// j1 about z at the base, a 0.3 m column to j2 (about y), a 0.8 m arm to j3 (about y), a 0.5 m
// forearm to the frame "tool".
Model arm(double lower3 = -10, double upper3 = 10) {
  ModelBuilder b("arm3", "arm3");
  LinkInertial in;
  in.mass = 1;
  in.inertia = Vec3<double>(0.01, 0.01, 0.01).asDiagonal();
  JointSpec j1;
  j1.name = "j1";
  b.add_link("base", j1, "link1", in);
  JointSpec j2;
  j2.name = "j2";
  j2.axis = Vec3<double>::UnitY();
  j2.origin = Transform<double>::translation(Vec3<double>(0, 0, 0.3));
  b.add_link("link1", j2, "link2", in);
  JointSpec j3;
  j3.name = "j3";
  j3.axis = Vec3<double>::UnitY();
  j3.origin = Transform<double>::translation(Vec3<double>(0.8, 0, 0));
  j3.limits.lower = lower3;
  j3.limits.upper = upper3;
  b.add_link("link2", j3, "link3", in);
  b.add_fixed_link("link3", "tool_joint", Transform<double>::translation(Vec3<double>(0.5, 0, 0)), "tool", LinkInertial{});
  return b.build();
}

segments::SegmentSet segments_of(const Model& model, double allowed2, double allowed3) {
  segments::Segment s2, s3;
  s2.section = segments::Section::tube(0.03, 0.025);
  s2.material = segments::builtin_material("steel");
  s2.material.allowed_normal_stress = allowed2;
  s2.material.allowed_shear_stress = 1e13;
  s3.section = segments::Section::rod(0.008);
  s3.material = segments::builtin_material("steel");
  s3.material.allowed_normal_stress = allowed3;
  s3.material.allowed_shear_stress = 1e13;
  return segments::SegmentSet(model, {std::nullopt, s2, s3}, "arm3.json");
}

test::QuinticMotion motion() {
  test::QuinticMotion m;
  m.q0 = Vec3<double>(0, 0.3, 0.8);
  m.q1 = Vec3<double>(0.8, -0.4, 1.2);
  m.T = 1.0;
  return m;
}

tasks::ReferencePath path_of(const Model& model, int frame, const test::QuinticMotion& m) {
  tasks::ReferencePath path;
  path.duration = m.T;
  path.sample = [&model, frame, m](double t, tasks::TaskReference& r) {
    VecX<double> q, v, a;
    m.at(t, q, v, a);
    r = test::reference_from_joints(model, frame, q, v, a, tasks::OrientationMode::kFree);
    r.t = t;
  };
  return path;
}

tasks::RunOptions options() {
  tasks::RunOptions o;
  o.output_period = 0.01;
  return o;
}

TEST(LimitMonitor, FirstStressViolationAtTheRightTimeAndSegment) {
  const Model model = arm();
  const int frame = model.frame_index("tool");
  const test::QuinticMotion m = motion();
  const tasks::ReferencePath path = path_of(model, frame, m);
  // The forearm's sigma_max over the run, from the task table's stress columns.
  const segments::SegmentSet strong = segments_of(model, 1e13, 1e13);
  auto columns = tasks::stress_columns(model, strong, false);
  std::vector<double> times, sigma3;
  tasks::run_task(model, frame, path, m.q0, VecX<double>::Zero(3), options(), [&](const tasks::RunState& s) {
    std::vector<double> row;
    columns->values(s, row);  // sigma_max2, tau_max2, sigma_max3, tau_max3
    times.push_back(s.t);
    sigma3.push_back(row[2]);
  });
  double mean = 0;
  for (const double x : sigma3) mean += x / static_cast<double>(sigma3.size());
  std::size_t first = 0;
  while (first < sigma3.size() && sigma3[first] <= mean) ++first;
  ASSERT_GT(first, 0u);  // the run starts under the limit
  ASSERT_LT(first, sigma3.size());

  const segments::SegmentSet weak = segments_of(model, 1e13, mean);
  LimitMonitor monitor(model, weak, drives::DriveSet{});
  tasks::run_task(model, frame, path, m.q0, VecX<double>::Zero(3), options(),
                  [&](const tasks::RunState& s) { monitor.observe(s); });
  const LimitReport& r = monitor.report();
  ASSERT_TRUE(r.stress.violated);
  EXPECT_EQ(r.stress.t, times[first]);
  EXPECT_EQ(r.stress.index, 2);
  EXPECT_EQ(r.stress.where, "segment 'link3'");
  EXPECT_NEAR(r.stress.value, sigma3[first], 1e-9 * sigma3[first]);
  EXPECT_EQ(r.stress.allowed, mean);
  EXPECT_NEAR(r.stress.worst_ratio, *std::max_element(sigma3.begin(), sigma3.end()) / mean, 1e-9);
  EXPECT_NE(r.stress.message.find("segment 'link3'"), std::string::npos) << r.stress.message;
  EXPECT_FALSE(r.reach.violated) << r.reach.message;  // the tip follows the reference
  EXPECT_FALSE(r.feasible());

  LimitMonitor fine(model, strong, drives::DriveSet{});
  tasks::run_task(model, frame, path, m.q0, VecX<double>::Zero(3), options(),
                  [&](const tasks::RunState& s) { fine.observe(s); });
  EXPECT_TRUE(fine.report().feasible()) << fine.report().stress.message;
}

TEST(LimitMonitor, JointLimitIsAReachFault) {
  const Model model = arm(-10, 1.0);  // j3 passes 1.0 rad on its way from 0.8 to 1.2
  const int frame = model.frame_index("tool");
  const test::QuinticMotion m = motion();
  LimitMonitor monitor(model, segments::SegmentSet{}, drives::DriveSet{});
  double expected = -1;
  tasks::run_task(model, frame, path_of(model, frame, m), m.q0, VecX<double>::Zero(3), options(),
                  [&](const tasks::RunState& s) {
                    if (expected < 0 && (*s.q)[2] > 1.0) expected = s.t;
                    monitor.observe(s);
                  });
  const LimitCheck& reach = monitor.report().reach;
  ASSERT_TRUE(reach.violated);
  EXPECT_EQ(reach.t, expected);
  EXPECT_NEAR(reach.t, 0.5, 0.011);  // the quintic is half-way at T/2
  EXPECT_EQ(reach.index, 2);
  EXPECT_EQ(reach.where, "joint 'j3'");
  EXPECT_EQ(reach.allowed, 1.0);
}

TEST(DriveEnvelope, VoltageAndCurrentLimits) {
  drives::DcMotor motor;
  motor.resistance = 1;
  motor.torque_constant = 0.1;
  motor.back_emf_constant = 0.1;
  motor.max_voltage = 10;
  motor.max_current = 5;
  // u = R τ / Kt + Ke ω, i = τ / Kt.
  EXPECT_NEAR(dc_envelope_ratio(motor, 0.5, 50), 1, 1e-15);      // u = 10, i = 5
  EXPECT_NEAR(dc_envelope_ratio(motor, 0.2, 90), 1.1, 1e-15);    // u = 11
  EXPECT_NEAR(dc_envelope_ratio(motor, -0.2, 90), 0.7, 1e-15);   // braking: u = 7, i = 2
  EXPECT_NEAR(dc_envelope_ratio(motor, 0.6, 0), 1.2, 1e-15);     // i = 6
  EXPECT_NEAR(dc_envelope_torque(motor, 50, true), 0.5, 1e-15);  // Kt (U − Ke ω) / R
  EXPECT_NEAR(dc_envelope_torque(motor, 0, true), 0.5, 1e-15);   // Kt I_max
  EXPECT_NEAR(dc_envelope_torque(motor, 80, true), 0.2, 1e-15);
  EXPECT_NEAR(dc_envelope_torque(motor, 80, false), 0.5, 1e-15);
  EXPECT_EQ(dc_envelope_torque(motor, 200, true), 0);
}

// The voltage limit set half-way between the demand at rest and the run's peak demand: the first
// fault is the first sample whose needed voltage u = R τ_m / Kt + Ke G q̇ exceeds it.
TEST(LimitMonitor, DriveFaultIsTheFirstSampleOutsideTheEnvelope) {
  const Model model = arm();
  const int frame = model.frame_index("tool");
  const test::QuinticMotion m = motion();
  auto drive_set = [](double max_voltage) {
    std::vector<drives::Drive> d(3);
    for (drives::Drive& drive : d) {
      drive.gear_ratio = 50;
      drive.rotor_inertia = 1e-5;
      drive.efficiency = 0.8;
      drives::Motor motor;
      motor.dc.resistance = 1;
      motor.dc.torque_constant = 0.05;
      motor.dc.back_emf_constant = 0.05;
      motor.dc.max_voltage = max_voltage;
      drive.motor = motor;
    }
    return drives::DriveSet(d, {"j1", "j2", "j3"}, "drives.json");
  };
  const drives::DriveSet unlimited = drive_set(drives::kUnlimited);
  std::vector<double> times, voltage;  // the largest |u| over the joints per sample
  std::vector<int> joint;
  const tasks::ReferencePath path = path_of(model, frame, m);
  tasks::run_task(model, frame, path, m.q0, VecX<double>::Zero(3), options(), [&](const tasks::RunState& s) {
    double largest = -1;
    int at = -1;
    for (int j = 0; j < 3; ++j) {
      const double tm = drives::motor_torque(unlimited[j], (*s.tau)[j], (*s.v)[j], (*s.a)[j]);
      const double u = std::abs(tm / 0.05 + 0.05 * 50 * (*s.v)[j]);
      if (u > largest) largest = u, at = j;
    }
    times.push_back(s.t);
    voltage.push_back(largest);
    joint.push_back(at);
  });
  const double limit = 0.5 * (voltage.front() + *std::max_element(voltage.begin(), voltage.end()));
  std::size_t first = 0;
  while (first < voltage.size() && voltage[first] <= limit) ++first;
  ASSERT_GT(first, 0u);
  ASSERT_LT(first, voltage.size());

  LimitMonitor monitor(model, segments::SegmentSet{}, drive_set(limit));
  tasks::run_task(model, frame, path, m.q0, VecX<double>::Zero(3), options(),
                  [&](const tasks::RunState& s) { monitor.observe(s); });
  const LimitCheck& drive = monitor.report().drive;
  ASSERT_TRUE(drive.violated);
  EXPECT_EQ(drive.t, times[first]);
  EXPECT_EQ(drive.index, joint[first]);
  EXPECT_NEAR(drive.worst_ratio, *std::max_element(voltage.begin(), voltage.end()) / limit, 1e-12);
  EXPECT_NE(drive.message.find("drive: joint 'j"), std::string::npos) << drive.message;
}

TEST(LimitMonitor, DeflectionAndStartPose) {
  const Model model = arm();
  LimitOptions o;
  o.allowed_deflection = 1e-3;
  LimitMonitor monitor(model, segments::SegmentSet{}, drives::DriveSet{}, o);
  monitor.deflection({0, 0.1, 0.2, 0.3, 0.4}, {0, 5e-4, 1e-3, 1.5e-3, 2e-3});
  const LimitCheck& u = monitor.report().deflection;
  ASSERT_TRUE(u.violated);
  EXPECT_EQ(u.t, 0.3);
  EXPECT_EQ(u.where, "tip");
  EXPECT_NEAR(u.worst_ratio, 2, 1e-15);
  EXPECT_THROW(monitor.deflection({0, 1}, {0}), InputError);
  EXPECT_THROW(monitor.deflection({0}, {std::nan("")}), InputError);

  tasks::IkResult ik;
  ik.converged = false;
  ik.position_error = 0.2;
  ik.message = "inverse kinematics: frame 'tool' did not reach the pose";
  monitor.start_pose(ik);
  EXPECT_TRUE(monitor.report().reach.violated);
  EXPECT_EQ(monitor.report().reach.t, 0);
  EXPECT_NE(monitor.report().reach.message.find("did not reach"), std::string::npos);
}

}  // namespace limits_test
}  // namespace armdyn::design
