// The operational-space controller (tasks/cartesian_control.hpp): with the exact model a frame
// that starts on its path follows it to the integration error (a ur5 on a TASK.json built here:
// a straight line holding the orientation, then a turn by Euler angles; an approach-only task on
// five rows); a model 10% heavier tracks worse but stays close; on the redundant panda the
// posture term moves only the null space (the task acceleration J qdd + Jdot v is the same with
// and without it) and pulls the free joint toward the posture while the frame holds still; the
// zero-order hold; the errors.
#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "armdyn/armdyn.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/tasks/cartesian_control.hpp"
#include "support/random_model.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::tasks {
namespace cartesian_control_test {

using namespace sim::test_support;  // run, rk45

struct Arm {
  Model model;
  int frame;
  VecX<double> q0;
};

Arm ur5() {
  Model m = load_urdf(test::data_path("models/ur5.urdf"));
  const int f = frame_id(m, "tool0");
  return {std::move(m), f, test::vec({0.3, -1.2, 1.5, -1.6, -1.4, 0.4})};
}

Arm panda() {
  Model m = load_urdf(test::data_path("models/panda.urdf"));
  const int f = frame_id(m, "panda_hand_tcp");
  return {std::move(m), f, test::vec({0.1, -0.4, 0.2, -2.0, 0.1, 1.7, 0.6})};
}

// The task's motion from the frame's pose at the arm's start.
TaskMotion motion_of(const Arm& arm, const std::string& json) {
  const Task task = parse_task(json, "test.json", arm.model.dof);
  Data data(arm.model);
  forward_kinematics(arm.model, data, *task.initial.q);
  const Transform<double>& pose = data.oMf[static_cast<std::size_t>(arm.frame)];
  return TaskMotion(task, pose.p, pose.R, *task.initial.q);
}

std::string with_q(const VecX<double>& q, const std::string& segments) {
  std::string list;
  for (int i = 0; i < q.size(); ++i) {
    if (i > 0) list += ',';
    list += std::to_string(q[i]);
  }
  return R"({"frame": "f", "initial": {"q": [)" + list + R"(]}, "segments": [)" + segments + "]}";
}

// Largest position and orientation error of the frame against the motion over the rows
// (orientation: the angle of R_d R^T, or between the approach axis and its direction).
std::pair<double, double> worst_error(const Arm& arm, const TaskMotion& motion, const std::vector<sim::Sample>& rows) {
  Data data(arm.model);
  TaskReference r;
  double dp = 0, dr = 0;
  for (const sim::Sample& s : rows) {
    forward_kinematics(arm.model, data, s.q);
    const Transform<double>& pose = data.oMf[static_cast<std::size_t>(arm.frame)];
    motion.sample(s.t, r);
    dp = std::max(dp, (pose.p - r.p).norm());
    if (r.orientation == OrientationMode::kFull)
      dr = std::max(dr, Eigen::AngleAxisd(r.R * pose.R.transpose()).angle());
    else if (r.orientation == OrientationMode::kApproach)
      dr = std::max(dr, std::acos(std::min(1.0, pose.R.col(r.approach_axis).dot(r.approach))));
  }
  return {dp, dr};
}

OperationalSpaceSpec continuous() {
  OperationalSpaceSpec spec;
  spec.rate = 0;
  return spec;
}

const char* kLineThenTurn =
    R"({"duration": 1.0, "profile": "quintic", "position": {"coordinates": "cartesian", "by": [0.12, -0.08, 0.1]},
        "orientation": "hold"},
       {"duration": 1.0, "profile": "quintic", "position": {"by": [0.0, 0.05, 0.0]},
        "orientation": {"euler": "zyx", "by": [0.3, -0.2, 0.25]}})";

TEST(OperationalSpace, ExactModelTracksALineAndATurn) {
  const Arm arm = ur5();
  const TaskMotion motion = motion_of(arm, with_q(arm.q0, kLineThenTurn));
  OperationalSpaceController c(arm.model, arm.frame, continuous(), motion);
  const std::vector<sim::Sample> rows = run(arm.model, arm.q0, c, rk45(1e-10, 1e-12, 2.5, 0.01));
  ASSERT_EQ(rows.back().t, 2.5);
  const auto [dp, dr] = worst_error(arm, motion, rows);
  EXPECT_LT(dp, 1e-6);
  EXPECT_LT(dr, 1e-6);
  EXPECT_FALSE(c.singular());
  // The frame did move: 0.17 m along the line, then 0.05 m more.
  Data data(arm.model);
  forward_kinematics(arm.model, data, arm.q0);
  const Vec3<double> start = data.oMf[static_cast<std::size_t>(arm.frame)].p;
  forward_kinematics(arm.model, data, rows.back().q);
  EXPECT_GT((data.oMf[static_cast<std::size_t>(arm.frame)].p - start).norm(), 0.15);
}

// A model whose masses are all 10% too large: the law no longer cancels the dynamics exactly and
// the frame leaves the path by about the model's error over Kp (1 m/s^2 of misjudged gravity over
// Kp = 100 /s^2: a centimetre); stiffer gains hold it closer.
TEST(OperationalSpace, WrongModelTracksWorseButBounded) {
  const Arm arm = ur5();
  Model heavy = arm.model;
  for (int b = 0; b < heavy.dof; ++b) heavy = test::perturbed(heavy, b, 1.1, Vec3<double>::Zero());
  const TaskMotion motion = motion_of(arm, with_q(arm.q0, kLineThenTurn));
  OperationalSpaceController c(heavy, arm.frame, continuous(), motion);
  const auto [dp, dr] = worst_error(arm, motion, run(arm.model, arm.q0, c, rk45(1e-10, 1e-12, 2.5, 0.01)));
  EXPECT_GT(dp, 1e-3);
  EXPECT_LT(dp, 2e-2);
  EXPECT_LT(dr, 5e-2);
  OperationalSpaceSpec stiff = continuous();
  stiff.kp.setConstant(2500);
  stiff.kd.setConstant(100);
  OperationalSpaceController s(heavy, arm.frame, stiff, motion);
  const auto [sp, sr] = worst_error(arm, motion, run(arm.model, arm.q0, s, rk45(1e-10, 1e-12, 2.5, 0.01)));
  EXPECT_LT(sp, 0.1 * dp);
  EXPECT_LT(sr, 0.1 * dr);
}

// Only the approach direction of z is prescribed (five rows): the axis follows its direction; the
// rotation about it is left free.
TEST(OperationalSpace, ApproachOnlyTracksTheDirection) {
  const Arm arm = ur5();
  const TaskMotion motion = motion_of(
      arm, with_q(arm.q0, R"({"duration": 1.5, "profile": "quintic", "position": {"by": [0.05, 0.1, -0.05]},
                              "orientation": {"approach": "z", "by": {"theta": 0.3, "phi": -0.2}}})"));
  OperationalSpaceController c(arm.model, arm.frame, continuous(), motion);
  const std::vector<sim::Sample> rows = run(arm.model, arm.q0, c, rk45(1e-10, 1e-12, 2.0, 0.01));
  EXPECT_EQ(c.reference().orientation, OrientationMode::kApproach);
  const auto [dp, dr] = worst_error(arm, motion, rows);
  EXPECT_LT(dp, 1e-6);
  EXPECT_LT(dr, 1e-6);
}

// J qdd + Jdot v of the frame under the law's torque, for the exact model.
Vec6<double> task_acceleration(const Arm& arm, const VecX<double>& q, const VecX<double>& v, const VecX<double>& tau) {
  Data data(arm.model);
  FrameWorkspace<double> ws(arm.model);
  const VecX<double> a = forward_dynamics(arm.model, data, q, v, tau);
  return frame_acceleration(arm.model, data, ws, arm.frame, q, v, a);
}

TEST(OperationalSpace, PostureMovesOnlyTheNullSpace) {
  const Arm arm = panda();
  const int n = arm.model.dof;
  const TaskMotion motion = motion_of(arm, with_q(arm.q0, kLineThenTurn));
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 5; ++trial) {
    const VecX<double> q = arm.q0 + 0.2 * test::random_vector(rng, n), v = test::random_vector(rng, n);
    const double t = 0.3 * trial;
    OperationalSpaceController bare(arm.model, arm.frame, continuous(), motion);
    OperationalSpaceSpec spec = continuous();
    spec.posture = arm.q0 + test::random_vector(rng, n);
    default_posture_gains(arm.model, spec.posture, 10.0, spec);
    OperationalSpaceController postured(arm.model, arm.frame, spec, motion);
    spec.posture_kp *= 7;
    spec.posture_kd *= 0.1;
    OperationalSpaceController stiffer(arm.model, arm.frame, spec, motion);
    VecX<double> t0(n), t1(n), t2(n);
    bare.evaluate(t, q, v, t0);
    postured.evaluate(t, q, v, t1);
    stiffer.evaluate(t, q, v, t2);
    EXPECT_GT((t1 - t0).norm(), 1e-2);  // the posture term is there
    EXPECT_GT((t2 - t1).norm(), 1e-2);
    const Vec6<double> x0 = task_acceleration(arm, q, v, t0);
    const double scale = 1 + x0.norm();
    EXPECT_LT((task_acceleration(arm, q, v, t1) - x0).norm(), 1e-9 * scale) << trial;
    EXPECT_LT((task_acceleration(arm, q, v, t2) - x0).norm(), 1e-9 * scale) << trial;
  }
}

// The frame holds its pose (a task of one pause) while the posture term turns the arm in its
// null space: the posture torque left after the projection, N^T Kp (q_posture - q) at rest, dies
// out (the arm reaches the pose closest to the posture that keeps the frame), and without the
// posture term the arm does not move at all.
TEST(OperationalSpace, PostureReachesTheNullSpaceWhileTheFrameHolds) {
  const Arm arm = panda();
  const int n = arm.model.dof;
  const TaskMotion motion = motion_of(
      arm, with_q(arm.q0, R"({"duration": 3.0, "path": "rotation", "orientation": "hold"})"));
  OperationalSpaceSpec spec = continuous();
  spec.posture = arm.q0;
  spec.posture[2] += 0.4;
  default_posture_gains(arm.model, spec.posture, 5.0, spec);
  OperationalSpaceController c(arm.model, arm.frame, spec, motion);
  const std::vector<sim::Sample> rows = run(arm.model, arm.q0, c, rk45(1e-10, 1e-12, 3.0, 0.01));
  const auto [dp, dr] = worst_error(arm, motion, rows);
  EXPECT_LT(dp, 1e-6);
  EXPECT_LT(dr, 1e-6);
  EXPECT_GT((rows.back().q - arm.q0).norm(), 0.05);
  EXPECT_LT((rows.back().q - spec.posture).norm(), (arm.q0 - spec.posture).norm());
  OperationalSpaceController bare(arm.model, arm.frame, continuous(), motion);
  const VecX<double> zero = VecX<double>::Zero(n);
  auto null_torque = [&](const VecX<double>& q) {  // N^T Kp (q_posture - q) at rest
    VecX<double> with(n), without(n);
    c.evaluate(3.0, q, zero, with);
    bare.evaluate(3.0, q, zero, without);
    return (with - without).norm();
  };
  EXPECT_LT(null_torque(rows.back().q), 0.02 * null_torque(arm.q0));
  const std::vector<sim::Sample> still = run(arm.model, arm.q0, bare, rk45(1e-10, 1e-12, 3.0, 3.0));
  EXPECT_LT((still.back().q - arm.q0).norm(), 1e-8);
}

// Sampled at 200 Hz the torque is held between samples and the tracking is worse than the
// continuous law's, yet close.
TEST(OperationalSpace, ZeroOrderHold) {
  const Arm arm = ur5();
  const TaskMotion motion = motion_of(arm, with_q(arm.q0, kLineThenTurn));
  OperationalSpaceSpec spec;
  spec.rate = 200;
  OperationalSpaceController c(arm.model, arm.frame, spec, motion);
  EXPECT_EQ(c.period(), 1.0 / 200);
  const std::vector<sim::Sample> rows = run(arm.model, arm.q0, c, rk45(1e-9, 1e-11, 1.0, 0.001));
  for (std::size_t k = 1; k < 5; ++k) EXPECT_EQ(rows[k].tau, rows[0].tau) << k;  // one hold: 0 <= t < 5 ms
  EXPECT_NE(rows[5].tau, rows[0].tau);
  const auto [dp, dr] = worst_error(arm, motion, rows);
  EXPECT_GT(dp, 1e-7);
  EXPECT_LT(dp, 1e-3);
  EXPECT_LT(dr, 1e-2);
}

TEST(OperationalSpace, BadInputIsRefused) {
  const Arm arm = ur5();
  const TaskMotion motion = motion_of(arm, with_q(arm.q0, kLineThenTurn));
  EXPECT_THROW(OperationalSpaceController(arm.model, 99, continuous(), motion), InputError);
  OperationalSpaceSpec spec = continuous();
  spec.kp[3] = -1;
  EXPECT_THROW(OperationalSpaceController(arm.model, arm.frame, spec, motion), InputError);
  spec = continuous();
  spec.posture = VecX<double>::Zero(3);
  EXPECT_THROW(OperationalSpaceController(arm.model, arm.frame, spec, motion), InputError);
  spec = continuous();
  spec.rate = -1;
  EXPECT_THROW(OperationalSpaceController(arm.model, arm.frame, spec, motion), InputError);
  EXPECT_THROW(OperationalSpaceController(arm.model, arm.frame, continuous(), ReferenceFunction{}), InputError);
}

}  // namespace cartesian_control_test
}  // namespace armdyn::tasks
