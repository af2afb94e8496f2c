// Damped least-squares inverse kinematics: reachable poses (the pose of a known q) are reached
// from a start nearby, in every orientation mode; unreachable ones are reported, not thrown.
#include <gtest/gtest.h>

#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/tasks/blocks.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "tasks/task_cases.hpp"

namespace armdyn::test {
namespace inverse_kinematics_test {

using tasks::IkTarget;
using tasks::OrientationMode;

Transform<double> pose_at(const Model& model, int frame, const VecX<double>& q) {
  Data data(model);
  forward_kinematics(model, data, q);
  return data.oMf[static_cast<std::size_t>(frame)];
}

TEST(InverseKinematics, ReachesPosesOfKnownConfigurations) {
  std::mt19937_64 rng(31);
  int converged = 0, tried = 0;
  for (const TaskArm& arm : task_arms()) {
    const int n = arm.model.dof, frame = arm.model.frame_index(arm.frame);
    for (OrientationMode mode : {OrientationMode::kFree, OrientationMode::kApproach, OrientationMode::kFull}) {
      if (tasks::block_rows(mode, false) > n) continue;
      for (int trial = 0; trial < 3; ++trial) {
        const VecX<double> q_true = random_vector(rng, n, -2, 2);
        const Transform<double> X = pose_at(arm.model, frame, q_true);
        IkTarget target;
        target.p = X.p;
        target.orientation = mode;
        target.R = X.R;
        target.approach_axis = 2;
        target.approach = X.R.col(2);
        const VecX<double> start = q_true + random_vector(rng, n, -0.3, 0.3);
        const tasks::IkResult r = tasks::inverse_kinematics(arm.model, frame, target, start);
        ++tried;
        if (!r.converged) continue;  // a local minimum from this start: counted below
        ++converged;
        const Transform<double> Y = pose_at(arm.model, frame, r.q);
        EXPECT_LE((Y.p - X.p).norm(), 1e-10) << arm.label;
        EXPECT_TRUE(r.message.empty());
        if (mode == OrientationMode::kFull) {
          EXPECT_LE(tasks::rotation_error(X.R, Y.R).norm(), 1e-9) << arm.label;
        } else if (mode == OrientationMode::kApproach) {
          EXPECT_LE((Y.R.col(2) - X.R.col(2)).norm(), 1e-9) << arm.label;
        }
      }
    }
  }
  EXPECT_GE(converged, tried * 9 / 10) << converged << " of " << tried;
}

TEST(InverseKinematics, Ur5FromItsZeroPose) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  const int frame = ur5.frame_index("tool0");
  const VecX<double> q_true = vec({0.4, -1.1, 1.3, -1.6, -1.5, 0.2});
  const Transform<double> X = pose_at(ur5, frame, q_true);
  IkTarget target;
  target.p = X.p;
  target.R = X.R;
  const tasks::IkResult r = tasks::inverse_kinematics(ur5, frame, target, vec({0, -1, 1, -1, -1, 0}));
  ASSERT_TRUE(r.converged) << r.message;
  EXPECT_LE(r.position_error, 1e-10);
  EXPECT_LE(r.orientation_error, 1e-10);
  EXPECT_GT(r.iterations, 0);
}

TEST(InverseKinematics, ReportsUnreachablePoses) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  const int frame = ur5.frame_index("tool0");
  IkTarget target;
  target.p = Vec3<double>(3.0, 0.0, 0.5);  // ur5 reaches about 0.9 m
  target.orientation = OrientationMode::kFree;
  const tasks::IkResult r = tasks::inverse_kinematics(ur5, frame, target, vec({0, -1, 1, -1, -1, 0}));
  EXPECT_FALSE(r.converged);
  EXPECT_GT(r.position_error, 1.5);
  EXPECT_NE(r.message.find("did not reach"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("tool0"), std::string::npos) << r.message;
  EXPECT_TRUE(r.q.allFinite());
}

TEST(InverseKinematics, RefusesBadArguments) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  IkTarget target;
  EXPECT_THROW(tasks::inverse_kinematics(ur5, 999, target, VecX<double>::Zero(6)), InputError);
  EXPECT_THROW(tasks::inverse_kinematics(ur5, 0, target, VecX<double>::Zero(5)), InputError);
  target.p[0] = std::nan("");
  EXPECT_THROW(tasks::inverse_kinematics(ur5, 0, target, VecX<double>::Zero(6)), InputError);
}

}  // namespace inverse_kinematics_test
}  // namespace armdyn::test
