// The adjustment blocks and the task runner allocate nothing per evaluation or per step: a block
// solves again with the same rows without touching the heap, and a run of twice the steps makes
// no more allocations (this binary counts every operator new: support/allocation_counter.hpp).
#include <gtest/gtest.h>

#include "armdyn/tasks/blocks.hpp"
#include "armdyn/tasks/run.hpp"
#include "support/allocation_counter.hpp"
#include "tasks/task_cases.hpp"

namespace armdyn::test {
namespace {

using tasks::OrientationMode;
using tasks::TaskReference;

TEST(TasksNoAllocation, BlockSolvesAllocateNothing) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf")), panda = load_urdf(data_path("models/panda.urdf"));
  const tasks::BlockOptions plain;
  tasks::BlockOptions posture;
  posture.posture.q = VecX<double>::Zero(7);
  posture.posture.kp = 10;
  posture.posture.kd = 5;
  struct Case {
    const Model* model;
    std::string frame;
    tasks::BlockOptions options;
    VecX<double> q;
  };
  const Case cases[] = {
      {&ur5, "tool0", plain, vec({0.3, -1.0, 1.2, -0.4, 0.8, 0.7})},
      {&ur5, "tool0", plain, vec({0.3, -1.0, 1.2, -0.4, 0.0, 0.7})},  // singular: damped
      {&panda, "panda_hand_tcp", posture, vec({0.1, -0.3, 0.2, -2.0, 0.1, 1.8, 0.5})},
      {&panda, "panda_hand_tcp", posture, vec({0.1, 0.0, 0.0, -2.0, 0.0, 1.8, 0.5})}};
  for (const Case& c : cases) {
    const int frame = c.model->frame_index(c.frame);
    tasks::AdjustmentBlock block(*c.model, frame, c.options);
    const VecX<double> v = VecX<double>::Constant(c.model->dof, 0.1);
    TaskReference r = reference_from_joints(*c.model, frame, c.q, v, v, OrientationMode::kFull);
    for (const OrientationMode mode : {OrientationMode::kFull, OrientationMode::kApproach, OrientationMode::kFree}) {
      r.orientation = mode;
      block.solve(r, c.q, v);  // the first solve with these rows may size the factorisation
      EXPECT_EQ(allocations_during([&] { block.solve(r, c.q, v); }), 0) << c.frame << " " << static_cast<int>(mode);
    }
  }
}

TEST(TasksNoAllocation, RunAllocationsDoNotGrowWithTheSteps) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  const int frame = ur5.frame_index("tool0");
  const VecX<double> q0 = vec({0.3, -1.2, 1.4, -1.8, -1.5, 0.2});
  const TaskReference start = reference_from_joints(ur5, frame, q0, VecX<double>::Zero(6), VecX<double>::Zero(6),
                                                    OrientationMode::kFull);
  auto count = [&](double duration, sim::Integrator integrator) {
    tasks::ReferencePath path;
    path.duration = duration;
    path.sample = [&start](double t, TaskReference& r) {
      r = start;
      r.p += Vec3<double>(0.05 * t * t, 0, 0);
      r.dp = Vec3<double>(0.1 * t, 0, 0);
      r.ddp = Vec3<double>(0.1, 0, 0);
    };
    path.breakpoints = {duration / 2};
    tasks::RunOptions o;
    o.integrator = integrator;
    return allocations_during([&] { tasks::run_task(ur5, frame, path, q0, VecX<double>::Zero(6), o, nullptr); });
  };
  for (const sim::Integrator integrator : {sim::Integrator::kRk4, sim::Integrator::kRk45})
    EXPECT_EQ(count(0.5, integrator), count(1.0, integrator)) << sim::to_string(integrator);
}

}  // namespace
}  // namespace armdyn::test
