// TaskMotion::sample allocates nothing (the task runner calls it at every step): this binary
// counts every operator new (support/allocation_counter.hpp).
#include <gtest/gtest.h>

#include "armdyn/tasks/motion.hpp"
#include "support/allocation_counter.hpp"

namespace armdyn::tasks {
namespace {

using armdyn::test::allocations_during;

TEST(TaskMotionNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(TaskMotionNoAllocation, SampleAllocatesNothing) {
  Task task;
  Segment s;
  s.position = {Coordinates::kCylindrical, Target::kBy, Vec3<double>(0.1, 1.0, 0.2)};
  s.orientation.rule = OrientationRule::kEuler;
  s.orientation.euler = {*parse_euler_sequence("zyz"), Target::kTo, Vec3<double>(0.3, 0.2, 0.1)};
  s.joint = PrescribedJointSpec{"b", Target::kBy, 1.0};
  task.segments.push_back(s);
  s = Segment{};
  s.path = PathShape::kArc;
  s.arc = {Target::kBy, Vec3<double>(0.1, 0, 0), Vec3<double>::UnitZ(), 2.0};
  s.orientation.rule = OrientationRule::kApproach;
  s.orientation.approach = {2, Target::kBy, 0.2, 0.1, 0.5};
  task.segments.push_back(s);
  s = Segment{};
  s.position = {Coordinates::kSpherical, Target::kTo, Vec3<double>(0.5, 0.2, 0.3)};
  s.orientation.rule = OrientationRule::kApproach;
  s.orientation.approach = {2, Target::kTo, 0.2, -0.1, std::nullopt};
  task.segments.push_back(s);
  const TaskMotion m(task, Vec3<double>(0.3, 0.1, 0.2), Mat3<double>::Identity(), Vec3<double>(0, 0, 0),
                     {"a", "b", "c"});
  TaskReference out;
  double sink = 0;
  const long n = allocations_during([&] {
    for (int i = 0; i <= 300; ++i) {
      m.sample(m.duration() * i / 300, out);
      sink += out.p.x() + out.R(0, 0) + out.approach.z() + out.joint_q;
    }
  });
  EXPECT_EQ(n, 0);
  EXPECT_TRUE(std::isfinite(sink));
}

}  // namespace
}  // namespace armdyn::tasks
