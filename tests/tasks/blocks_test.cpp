// The adjustment blocks ([VP] §3.4): for every block class the q̈ they give makes the frame's
// classical acceleration (computed independently by frame_acceleration) equal the prescribed
// rows; redundant arms get the minimum-norm solution, and the posture term moves q̈ only in the
// null space; blocks with more rows than joints are refused by name; near-singular ones damped.
#include <gtest/gtest.h>

#include <Eigen/SVD>

#include "armdyn/core/error.hpp"
#include "armdyn/tasks/blocks.hpp"
#include "tasks/task_cases.hpp"

namespace armdyn::test {
namespace blocks_test {

using tasks::AdjustmentBlock;
using tasks::OrientationMode;
using tasks::TaskReference;

// A random reference: the state of a random q, v, a (so that it is consistent) with random task
// accelerations on top (the blocks must meet any prescribed acceleration).
TaskReference random_reference(std::mt19937_64& rng, const Model& model, int frame, const VecX<double>& q,
                               const VecX<double>& v, OrientationMode mode, int joint) {
  const VecX<double> a = random_vector(rng, model.dof, -2, 2);
  TaskReference r = reference_from_joints(model, frame, q, v, a, mode, joint >= 0 ? 1 : 2);
  r.ddp = random_vec3(rng, -3, 3);
  r.dw = random_vec3(rng, -3, 3);
  r.dd_approach = random_vec3(rng, -3, 3);
  r.joint = joint;
  r.joint_a = uniform(rng, -2, 2);
  return r;
}

// The block's rows checked against the frame's acceleration at (q, v, q̈).
void expect_rows_met(const Model& model, int frame, const VecX<double>& q, const VecX<double>& v,
                     const VecX<double>& qdd, const TaskReference& r, const std::string& label) {
  Data data(model);
  FrameWorkspace<double> ws(model);
  const Vec6<double> acc = frame_acceleration(model, data, ws, frame, q, v, qdd);
  const double tol = 1e-10 * std::max(1.0, qdd.lpNorm<Eigen::Infinity>());
  EXPECT_LE((acc.head<3>() - r.ddp).norm(), tol) << label << ": position rows";
  if (r.orientation == OrientationMode::kFull) {
    EXPECT_LE((acc.tail<3>() - r.dw).norm(), tol) << label << ": full";
  }
  if (r.orientation == OrientationMode::kApproach) {
    const Mat3<double> R = data.oMf[static_cast<std::size_t>(frame)].R;
    const Vec3<double> h = R.col(r.approach_axis), w = ws.velocity.tail<3>();
    const Vec3<double> ddh = acc.tail<3>().cross(h) + w.cross(w.cross(h));  // [VP] (3.4.31)
    const Vec3<double> miss = ddh - r.dd_approach;
    EXPECT_LE((miss - miss.dot(h) * h).norm(), tol) << label << ": approach rows (⟂ h)";
  }
  if (r.joint >= 0) {
    EXPECT_NEAR(qdd[r.joint], r.joint_a, tol) << label << ": prescribed joint";
  }
}

struct BlockCase {
  OrientationMode mode;
  bool joint;
};

TEST(AdjustmentBlocks, EveryClassMeetsItsRowsOnRandomArms) {
  std::mt19937_64 rng(7);
  const BlockCase cases[] = {{OrientationMode::kFree, false},     {OrientationMode::kFree, true},
                             {OrientationMode::kApproach, false}, {OrientationMode::kApproach, true},
                             {OrientationMode::kFull, false},     {OrientationMode::kFull, true}};
  int checked = 0, tried = 0;
  for (const TaskArm& arm : task_arms()) {
    const int frame = arm.model.frame_index(arm.frame);
    ASSERT_GE(frame, 0);
    for (const BlockCase& c : cases) {
      if (tasks::block_rows(c.mode, c.joint) > arm.model.dof) continue;
      AdjustmentBlock block(arm.model, frame);
      for (int trial = 0; trial < 5; ++trial) {
        const VecX<double> q = random_vector(rng, arm.model.dof, -2, 2), v = random_vector(rng, arm.model.dof, -1, 1);
        const int joint = c.joint ? static_cast<int>(rng() % static_cast<unsigned>(arm.model.dof)) : -1;
        const TaskReference r = random_reference(rng, arm.model, frame, q, v, c.mode, joint);
        const VecX<double> qdd = block.solve(r, q, v);
        ++tried;
        if (block.damped()) continue;  // a configuration near a singularity: no exact rows
        expect_rows_met(arm.model, frame, q, v, qdd, r, arm.label + " " + tasks::block_name(c.mode, c.joint));
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, tried * 9 / 10) << checked << " of " << tried;  // few random states are near-singular
  EXPECT_GT(checked, 250);
}

// m < n: q̈ is the least-norm solution, i.e. it lies in the row space of B.
TEST(AdjustmentBlocks, RedundantArmsGetTheMinimumNormSolution) {
  std::mt19937_64 rng(8);
  for (const TaskArm& arm : task_arms()) {
    const int frame = arm.model.frame_index(arm.frame);
    AdjustmentBlock block(arm.model, frame);
    const VecX<double> q = random_vector(rng, arm.model.dof, -2, 2), v = random_vector(rng, arm.model.dof, -1, 1);
    const TaskReference r = random_reference(rng, arm.model, frame, q, v, OrientationMode::kFree, -1);
    const VecX<double> qdd = block.solve(r, q, v);
    if (arm.model.dof == 3 || block.damped()) continue;
    const MatX<double> B = block.B().topRows(block.rows());
    const Eigen::JacobiSVD<MatX<double>> svd(B, Eigen::ComputeFullV);
    const MatX<double> null = svd.matrixV().rightCols(arm.model.dof - block.rows());
    EXPECT_LE((null.transpose() * qdd).norm(), 1e-10 * std::max(1.0, qdd.norm())) << arm.label;
  }
}

// Panda (7 joints) with 6 rows: the posture term changes q̈ only in the null space of B, the
// task rows stay exact, and the change is not zero.
TEST(AdjustmentBlocks, PostureTermActsOnlyInTheNullSpace) {
  const Model panda = load_urdf(data_path("models/panda.urdf"));
  const int frame = panda.frame_index("panda_hand_tcp");
  std::mt19937_64 rng(9);
  tasks::BlockOptions with_posture;
  with_posture.posture.q = VecX<double>::Zero(7);
  with_posture.posture.kp = 25;
  with_posture.posture.kd = 10;
  AdjustmentBlock plain(panda, frame), pulled(panda, frame, with_posture);
  for (int trial = 0; trial < 20; ++trial) {
    const VecX<double> q = random_vector(rng, 7, -1.5, 1.5), v = random_vector(rng, 7, -1, 1);
    const TaskReference r = random_reference(rng, panda, frame, q, v, OrientationMode::kFull, -1);
    const VecX<double> a0 = plain.solve(r, q, v), a1 = pulled.solve(r, q, v);
    ASSERT_FALSE(plain.damped());
    expect_rows_met(panda, frame, q, v, a1, r, "panda with posture");
    const MatX<double> B = plain.B().topRows(6);
    EXPECT_LE((B * (a1 - a0)).norm(), 1e-10 * std::max(1.0, a1.norm()));
    EXPECT_GT((a1 - a0).norm(), 1e-6);
    // The term is the projection of z onto the null space: B⁺-orthogonal to a0.
    const VecX<double> z = 25 * (VecX<double>::Zero(7) - q) - 10 * v;
    const Eigen::JacobiSVD<MatX<double>> svd(B, Eigen::ComputeFullV);
    const VecX<double> n = svd.matrixV().rightCols(1);
    EXPECT_LE(((a1 - a0) - n * n.dot(z)).norm(), 1e-9 * std::max(1.0, z.norm()));
  }
}

TEST(AdjustmentBlocks, MoreRowsThanJointsAreRefusedNamingTheBlock) {
  std::mt19937_64 rng(10);
  const Model arm = random_dh_chain(rng, 5, DhConvention::kStandard, false);
  AdjustmentBlock block(arm, arm.frame_index("tool"));
  TaskReference r;
  r.orientation = OrientationMode::kFull;
  try {
    block.solve(r, VecX<double>::Zero(5), VecX<double>::Zero(5));
    FAIL() << "a 6-row block on a 5-joint arm was accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("position + full orientation"), std::string::npos) << what;
    EXPECT_NE(what.find("6 task rows"), std::string::npos) << what;
    EXPECT_NE(what.find("5 joints"), std::string::npos) << what;
  }
  r.orientation = OrientationMode::kApproach;  // 5 rows: accepted
  EXPECT_NO_THROW(block.solve(r, VecX<double>::Zero(5), VecX<double>::Zero(5)));
  r.joint = 2;  // 6 rows again
  EXPECT_THROW(block.solve(r, VecX<double>::Zero(5), VecX<double>::Zero(5)), InputError);
}

// ur5 with q5 = 0: joints 4 and 6 are parallel, the full-orientation block is singular; damped
// least squares gives a finite q̈ and says so.
TEST(AdjustmentBlocks, NearSingularBlocksAreDampedAndFlagged) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  const int frame = ur5.frame_index("tool0");
  AdjustmentBlock block(ur5, frame);
  VecX<double> q = vec({0.3, -1.0, 1.2, -0.4, 0.0, 0.7});
  const VecX<double> v = VecX<double>::Zero(6);
  TaskReference r = reference_from_joints(ur5, frame, q, v, v, OrientationMode::kFull);
  r.dw = Vec3<double>(0.1, 0.2, 0.3);
  const VecX<double> qdd = block.solve(r, q, v);
  EXPECT_TRUE(block.damped());
  EXPECT_LT(block.sigma_min(), 1e-4);
  EXPECT_TRUE(qdd.allFinite());
  q[4] = 0.5;  // away from it: exact again
  block.solve(r, q, v);
  EXPECT_FALSE(block.damped());
}

// The drift correction adds kd (ẋ_ref − ẋ) + kp e to the rows' target.
TEST(AdjustmentBlocks, DriftCorrectionPullsTowardTheReference) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  const int frame = ur5.frame_index("tool0");
  tasks::BlockOptions o;
  o.gains = {100, 20};
  AdjustmentBlock block(ur5, frame, o);
  const VecX<double> q = vec({0.3, -1.0, 1.2, -0.4, 0.8, 0.7}), v = VecX<double>::Zero(6);
  TaskReference r = reference_from_joints(ur5, frame, q, v, v, OrientationMode::kFull);
  r.p += Vec3<double>(1e-3, 0, 0);   // the reference 1 mm ahead in x
  r.dp = Vec3<double>(0, 2e-3, 0);   // and moving in y
  block.solve(r, q, v);
  EXPECT_NEAR(block.target()(0), 100 * 1e-3, 1e-12);
  EXPECT_NEAR(block.target()(1), 20 * 2e-3, 1e-12);
  EXPECT_NEAR(block.target()(2), 0, 1e-12);
  EXPECT_LE(block.target().segment<3>(3).norm(), 1e-12);
}

}  // namespace blocks_test
}  // namespace armdyn::test
