// The example tasks of examples/tasks/ ([VP] §3.6: the transfer of a 5 kg object along A-B-C-A
// and the screw task) read, plan and stay inside the PUMA 560's workspace: at every 10 ms the
// prescribed pose is reached by Newton steps from the previous joint positions, away from
// singular configurations, and the frame ends where the book's task says.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "armdyn/io/task_json.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/tasks/motion.hpp"
#include "tasks/motion_checks.hpp"

namespace armdyn::tasks {
namespace examples_test {

using motion_checks::at;

struct Tracked {
  double worst_error = 0;         ///< the largest residual after the Newton steps
  double smallest_singular = 1e9;  ///< of the 6 x 6 frame Jacobian along the path
  VecX<double> q_phase3, q_end;  ///< at the start of the third segment, at the end
};

// Follows the task's prescribed pose with Newton steps on the rows it prescribes (position;
// orientation, or the approach direction; a prescribed joint set directly).
Tracked track(const Model& model, const Task& task) {
  Data data(model);
  FrameWorkspace<double> ws(model);
  const int frame = frame_id(model, task.frame);
  VecX<double> q = *task.initial.q;
  forward_kinematics(model, data, q);
  const Transform<double> start = frame_placement(data, frame);
  TaskMotion motion(task, start.p, start.R, q, model.joint_names);
  Tracked out;
  TaskReference ref;
  std::size_t entered = 0;  // segments whose prescribed joint has been restarted
  for (int i = 0; i <= 100 * static_cast<int>(std::round(motion.duration())); ++i) {
    const double t = 0.01 * i;
    for (; entered < motion.segment_count() && motion.segment_start(entered) <= t; ++entered) {
      motion.sample(motion.segment_start(entered), ref);
      if (ref.joint >= 0) motion.restart_joint(entered, q[ref.joint]);
    }
    motion.sample(t, ref);
    if (ref.joint >= 0) q[ref.joint] = ref.joint_q;
    Vec6<double> e;
    for (int iteration = 0; iteration < 30; ++iteration) {
      const MatX<double>& J = frame_jacobian(model, data, ws, frame, q);
      const Transform<double>& T = frame_placement(data, frame);
      e.head<3>() = ref.p - T.p;
      if (ref.orientation == OrientationMode::kFull) {
        const Eigen::AngleAxisd aa(ref.R * T.R.transpose());
        e.tail<3>() = aa.angle() * aa.axis();
      } else {
        e.tail<3>() = T.R.col(ref.approach_axis).cross(ref.approach);
      }
      if (e.norm() < 1e-12) break;
      MatX<double> Jr = J;
      if (ref.joint >= 0) Jr.col(ref.joint).setZero();
      const VecX<double> dq = Jr.completeOrthogonalDecomposition().solve(e);
      q += dq;
    }
    out.worst_error = std::max(out.worst_error, e.norm());
    if (i == 200) out.q_phase3 = q;
    out.smallest_singular = std::min(out.smallest_singular, Eigen::JacobiSVD<MatX<double>>(ws.J).singularValues().minCoeff());
  }
  out.q_end = q;
  return out;
}

std::string example(const std::string& name) { return std::string(ARMDYN_EXAMPLES_DIR) + "/tasks/" + name; }

TEST(TaskExamples, TransferAlongABCAReturnsToA) {
  const Task task = read_task(example("vp_transfer_abca.json"), 6);
  ASSERT_TRUE(task.payload);
  EXPECT_EQ(task.payload->mass, 5);
  ASSERT_EQ(task.segments.size(), 3u);
  const Model model = builtin_model("puma560").model;
  Data data(model);
  forward_kinematics(model, data, *task.initial.q);
  const Transform<double> A = frame_placement(data, frame_id(model, task.frame));
  const TaskMotion motion(task, A.p, A.R);
  EXPECT_EQ(motion.duration(), 3.0);  // [VP] §3.6: T = 3 s, each leg 1 s
  EXPECT_LT((at(motion, 3.0).p - A.p).norm(), 1e-15);
  EXPECT_LT((at(motion, 1.7).R - A.R).norm(), 1e-15);  // orientation held throughout
  // The gripper points down, tilted by 1 − (π − 2.7) = 0.558 rad: held straight down, leg BC
  // would cross the PUMA's wrist singularity (q5 = 0).
  EXPECT_NEAR(A.R(2, 2), -std::cos(1.0 - (std::numbers::pi - 2.7)), 1e-15);
  const Tracked tracked = track(model, task);
  EXPECT_LT(tracked.worst_error, 1e-10);
  EXPECT_GT(tracked.smallest_singular, 0.02);
}

TEST(TaskExamples, ScrewTaskTurnsTheScrewAboutItsVerticalAxis) {
  const Task task = read_task(example("vp_screw.json"), 6);
  const Model model = builtin_model("puma560").model;
  Data data(model);
  forward_kinematics(model, data, *task.initial.q);
  const Transform<double> A = frame_placement(data, frame_id(model, task.frame));
  const TaskMotion motion(task, A.p, A.R, *task.initial.q, model.joint_names);
  EXPECT_EQ(motion.segment_orientation(0), OrientationMode::kFull);      // block C2
  EXPECT_EQ(motion.segment_orientation(2), OrientationMode::kApproach);  // block C3 with joint 6
  // Phase 1: a quarter turn about the screw's axis, the direction the gripper's z axis points
  // along (down), while moving A to B.
  const Mat3<double> quarter = Eigen::AngleAxisd(std::numbers::pi / 2, -Vec3<double>::UnitZ()).toRotationMatrix();
  EXPECT_LT((at(motion, 1.0).R - quarter * A.R).norm(), 1e-14);
  for (double t : {0.3, 1.5, 2.4}) EXPECT_NEAR(at(motion, t).orientation == OrientationMode::kFull ? at(motion, t).R(2, 2) : at(motion, t).approach.z(), -1.0, 1e-14);
  // Phase 3: joint 6 turns by 4π (two turns, peak rate 8π rad/s).
  EXPECT_EQ(at(motion, 2.5).joint, 5);
  EXPECT_NEAR(at(motion, 2.5).joint_v, 8 * std::numbers::pi, 1e-12);
  const Tracked tracked = track(model, task);
  EXPECT_LT(tracked.worst_error, 1e-10);
  EXPECT_GT(tracked.smallest_singular, 0.02);
  EXPECT_NEAR(tracked.q_end[5] - tracked.q_phase3[5], 4 * std::numbers::pi, 1e-12);
}

}  // namespace examples_test
}  // namespace armdyn::tasks
