// The task runner: fed the reference of a known joint motion, it gives the motion back; the
// frame follows the reference; the consumed energy of a constant-drive motion is the closed
// form, and is summed over every step; the last row is at exactly the end; on a translating base
// the drives are those of the fixed arm under gravity g - a_O ([VP] (2.3.48)).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/tasks/run.hpp"
#include "tasks/task_cases.hpp"

namespace armdyn::test {
namespace run_test {

using tasks::OrientationMode;
using tasks::ReferencePath;
using tasks::RunOptions;
using tasks::RunState;
using tasks::TaskReference;

// The reference of `motion` for frame `frame` (with joint `joint` prescribed when >= 0).
ReferencePath path_of(const Model& model, int frame, const QuinticMotion& motion, OrientationMode mode, int joint) {
  ReferencePath path;
  path.duration = motion.T;
  path.sample = [&model, frame, motion, mode, joint](double t, TaskReference& r) {
    VecX<double> q, v, a;
    motion.at(t, q, v, a);
    r = reference_from_joints(model, frame, q, v, a, mode);
    r.t = t;
    r.joint = joint;
    if (joint >= 0) {
      r.joint_q = q[joint];
      r.joint_v = v[joint];
      r.joint_a = a[joint];
    }
  };
  return path;
}

struct Followed {
  double q_error = 0, position = 0, orientation = 0;
  long rows = 0;
};

Followed run_known_motion(const TaskArm& arm, const RunOptions& options, std::mt19937_64& rng) {
  const Model& model = arm.model;
  const int n = model.dof, frame = model.frame_index(arm.frame);
  OrientationMode mode;
  bool joint;
  square_block(n, mode, joint);
  // A motion that keeps away from singular configurations (near one the block is damped and the
  // motion is not followed exactly, by design): σ_min(B) >= 1e-3 along it.
  QuinticMotion motion;
  ReferencePath path;
  for (bool regular = false; !regular;) {
    motion = {random_vector(rng, n, -1.2, 1.2), VecX<double>(), 1.0};
    motion.q1 = motion.q0 + random_vector(rng, n, -0.5, 0.5);
    path = path_of(model, frame, motion, mode, joint ? n - 1 : -1);
    tasks::AdjustmentBlock block(model, frame);
    regular = true;
    for (int k = 0; k <= 200 && regular; ++k) {
      VecX<double> q, v, a;
      motion.at(k / 200.0, q, v, a);
      TaskReference r;
      path.sample(k / 200.0, r);
      block.solve(r, q, v);
      regular = block.sigma_min() >= 1e-3;
    }
  }
  Followed f;
  tasks::run_task(model, frame, path, motion.q0, VecX<double>::Zero(n), options, [&](const RunState& s) {
    VecX<double> q, v, a;
    motion.at(s.t, q, v, a);
    f.q_error = std::max(f.q_error, (*s.q - q).lpNorm<Eigen::Infinity>());
    f.position = std::max(f.position, s.position_deviation);
    f.orientation = std::max(f.orientation, s.orientation_deviation);
    ++f.rows;
  });
  return f;
}

// Square blocks (3 to 7 joints: position, A1, B1, C1, C1 + joint) on random chains, ur5, panda.
TEST(TaskRunner, ReproducesAKnownJointMotionFromItsReference) {
  std::mt19937_64 rng(21);
  int checked = 0;
  for (const TaskArm& arm : task_arms()) {
    if (arm.model.dof > 7) continue;
    RunOptions o;  // rk4, dt 1e-3, default drift correction
    const Followed f = run_known_motion(arm, o, rng);
    EXPECT_LE(f.q_error, 1e-6) << arm.label;
    EXPECT_LE(f.position, 1e-6) << arm.label;
    EXPECT_LE(f.orientation, 1e-6) << arm.label;
    EXPECT_EQ(f.rows, 1001) << arm.label;
    ++checked;
  }
  EXPECT_GE(checked, 12);
}

TEST(TaskRunner, Rk45AlsoFollows) {
  std::mt19937_64 rng(22);
  const TaskArm ur5{"ur5", load_urdf(data_path("models/ur5.urdf")), "tool0"};
  RunOptions o;
  o.integrator = sim::Integrator::kRk45;
  o.output_period = 0.05;
  const Followed f = run_known_motion(ur5, o, rng);
  EXPECT_LE(f.q_error, 1e-6);
  EXPECT_LE(f.position, 1e-6);
  EXPECT_EQ(f.rows, 21);
}

// A triangular profile ([VP] §3.6) on ur5: the acceleration jumps at mid-leg. With the jump a
// breakpoint every step ends there and the frame follows to round-off, on the step grid or off it;
// without, a step off the grid straddles it (the reason for breakpoints).
TEST(TaskRunner, FollowsATriangularProfileAcrossItsJump) {
  const Model ur5 = load_urdf(data_path("models/ur5.urdf"));
  const int frame = ur5.frame_index("tool0");
  const VecX<double> q0 = vec({0.3, -1.2, 1.4, -1.8, -1.5, 0.2});
  Data data(ur5);
  FrameWorkspace<double> ws(ur5);
  frame_velocity(ur5, data, ws, frame, q0, VecX<double>::Zero(6));
  const Transform<double> X0 = data.oMf[static_cast<std::size_t>(frame)];
  const Vec3<double> L(0.1, -0.05, 0.02);
  auto deviation = [&](double T, bool with_break, sim::Integrator integrator) {
    ReferencePath path;
    path.duration = T;
    path.sample = [&, T](double t, TaskReference& r) {
      const double u = t / T, a = 4 / (T * T);
      const bool first = t < T / 2;
      const double s = first ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u), ds = first ? a * t : a * (T - t);
      r.orientation = OrientationMode::kFull;
      r.R = X0.R;
      r.p = X0.p + s * L;
      r.dp = ds * L;
      r.ddp = (first ? a : -a) * L;
    };
    if (with_break) path.breakpoints = {T / 2};
    RunOptions o;
    o.integrator = integrator;
    const tasks::RunSummary s = tasks::run_task(ur5, frame, path, q0, VecX<double>::Zero(6), o, nullptr);
    return std::max(s.position_deviation.value, s.orientation_deviation.value);
  };
  for (double T : {0.6, 0.6003}) {
    EXPECT_LE(deviation(T, true, sim::Integrator::kRk4), 1e-9) << T;
    EXPECT_LE(deviation(T, true, sim::Integrator::kRk45), 1e-8) << T;
  }
  // Without the breakpoint: on the step grid the one-sided sampling still sees it; off the grid a
  // step straddles it.
  EXPECT_LE(deviation(0.6, false, sim::Integrator::kRk4), 1e-9);
  EXPECT_GT(deviation(0.6003, false, sim::Integrator::kRk4), 1e-8);
}

// A Cartesian gantry (three orthogonal prismatic joints) under a constant frame acceleration
// from rest: constant drives P_j = m_j a_j + gravity, monotonic q_j, so the consumed energy is
// Σ_j |P_j| |a_j| t² / 2 at every t ([VP] (3.5.2)-(3.5.4)).
Model gantry() {
  ModelBuilder b("gantry", "gantry");
  LinkInertial in;
  in.mass = 2.0;
  in.inertia = Mat3<double>::Identity() * 0.01;
  JointSpec x{"x", JointType::kPrismatic, {}, Vec3<double>::UnitX(), {}, {}};
  JointSpec y{"y", JointType::kPrismatic, {}, Vec3<double>::UnitY(), {}, {}};
  JointSpec z{"z", JointType::kPrismatic, {}, Vec3<double>::UnitZ(), {}, {}};
  b.add_link("base", x, "carriage_x", in);
  in.mass = 1.5;
  b.add_link("carriage_x", y, "carriage_y", in);
  in.mass = 1.0;
  b.add_link("carriage_y", z, "tool", in);
  return b.build();
}

TEST(TaskRunner, ConsumedEnergyOfAConstantDriveMotionIsTheClosedForm) {
  const Model model = gantry();
  const int frame = model.frame_index("tool");
  const Vec3<double> acc(0.4, -0.3, 0.2);
  ReferencePath path;
  path.duration = 1.5;
  path.sample = [acc](double t, TaskReference& r) {
    r.orientation = OrientationMode::kFree;
    r.p = 0.5 * acc * t * t;
    r.dp = acc * t;
    r.ddp = acc;
  };
  // P = (m_x + m_y + m_z) a_x, (m_y + m_z) a_y, m_z (a_z + 9.81).
  const Vec3<double> P(4.5 * 0.4, 2.5 * -0.3, 1.0 * (0.2 + 9.81));
  // [VP] (3.1.6) as it is (exact here: rk4 integrates the quadratic motion exactly), and with the
  // default drift correction (whose PD term leaves a relative acceleration error near 1e-8).
  for (const double tol : {1e-12, 1e-7}) {
    RunOptions o;
    o.output_period = 0.25;
    if (tol < 1e-10) o.block.gains = {0, 0};
    int rows = 0;
    tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>::Zero(3), o, [&](const RunState& s) {
      ++rows;
      EXPECT_LE((*s.tau - P).norm(), tol * 10) << s.t << " " << (*s.tau - P).transpose();
      const double closed = (P.cwiseAbs().array() * acc.cwiseAbs().array()).sum() * s.t * s.t / 2;
      EXPECT_NEAR(s.energy_consumed, closed, tol * std::max(1.0, closed)) << s.t;
    });
    EXPECT_EQ(rows, 7);
  }
}

// A back-and-forth motion within one output period: the energy of the steps is not the energy
// between the rows. The sum must not depend on how often rows are recorded.
TEST(TaskRunner, ConsumedEnergyIsSummedOverEveryStep) {
  const Model model = gantry();
  const int frame = model.frame_index("tool");
  ReferencePath path;
  path.duration = 1.0;
  path.sample = [](double t, TaskReference& r) {
    const double w = 2 * std::numbers::pi;
    r.orientation = OrientationMode::kFree;
    r.p = Vec3<double>(0.1 * std::sin(w * t), 0, 0);
    r.dp = Vec3<double>(0.1 * w * std::cos(w * t), 0, 0);
    r.ddp = Vec3<double>(-0.1 * w * w * std::sin(w * t), 0, 0);
  };
  auto final_energy = [&](double period) {
    RunOptions o;
    o.output_period = period;
    double e = -1;
    tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>(Vec3<double>(0.1 * 2 * std::numbers::pi, 0, 0)),
                    o, [&](const RunState& s) { e = s.energy_consumed; });
    return e;
  };
  const double every_step = final_energy(0), one_row = final_energy(1.0);
  EXPECT_NEAR(every_step, one_row, 1e-12);
  // Σ|Δq||P| over the sine: 4 quarter swings of 0.1 m against |P| = 4.5 |ẍ|, ∫|P||ẋ| dt = 4 · 4.5 · w² · 0.1² / 2.
  const double w = 2 * std::numbers::pi;
  EXPECT_NEAR(every_step, 4 * 4.5 * w * w * 0.01 / 2, 1e-4);
}

TEST(TaskRunner, LastRowIsAtExactlyTheEnd) {
  const Model model = gantry();
  const int frame = model.frame_index("tool");
  ReferencePath path;
  path.duration = 1.0;
  path.sample = [](double, TaskReference& r) { r.orientation = OrientationMode::kFree; };
  for (const auto& [integrator, dt, period] : {std::tuple{sim::Integrator::kRk4, 3e-3, 0.0},
                                               std::tuple{sim::Integrator::kRk4, 1e-3, 0.3},
                                               std::tuple{sim::Integrator::kRk4, 7e-3, 0.3},
                                               std::tuple{sim::Integrator::kRk45, 1e-3, 0.0},
                                               std::tuple{sim::Integrator::kRk45, 1e-3, 0.3}}) {
    RunOptions o;
    o.integrator = integrator;
    o.dt = dt;
    o.output_period = period;
    std::vector<double> times;
    const tasks::RunSummary s = tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>::Zero(3), o,
                                                [&](const RunState& st) { times.push_back(st.t); });
    ASSERT_FALSE(times.empty());
    EXPECT_EQ(times.back(), 1.0) << dt << " " << period;
    EXPECT_EQ(times.front(), 0.0);
    for (std::size_t i = 1; i < times.size(); ++i) EXPECT_GT(times[i], times[i - 1]);
    if (period > 0) {
      EXPECT_EQ(times, (std::vector<double>{0.0, 0.3, 0.6, 0.9, 1.0})) << dt;
    } else if (integrator == sim::Integrator::kRk4) {
      EXPECT_EQ(times.size(), 335u);  // 333 steps of 3e-3 and the last one of 1e-3
      EXPECT_DOUBLE_EQ(times[1], 3e-3);
    }
    EXPECT_EQ(s.rows, static_cast<long>(times.size()));
  }
}

TEST(TaskRunner, StepsEndAtBreakpointsAndThePathIsTold) {
  const Model model = gantry();
  const int frame = model.frame_index("tool");
  ReferencePath path;
  path.duration = 1.0;
  path.sample = [](double t, TaskReference& r) {
    r.orientation = OrientationMode::kFree;
    r.p = Vec3<double>(0.1 * t * t, 0, 0);
    r.dp = Vec3<double>(0.2 * t, 0, 0);
    r.ddp = Vec3<double>(0.2, 0, 0);
  };
  // Unsorted; those outside (0, T) ignored; one within round-off of a step (0.6 + 0.2 =
  // 0.7999999999999999) ends the step at the grid's 0.8.
  path.breakpoints = {0.75, -1.0, 0.25, 0.5005, 2.0, 1.0, 0.6 + 0.2};
  for (const sim::Integrator integrator : {sim::Integrator::kRk4, sim::Integrator::kRk45}) {
    std::vector<double> told, rows;
    path.on_breakpoint = [&](double t, const VecX<double>& q, const VecX<double>& v) {
      told.push_back(t);
      EXPECT_NEAR(q[0], 0.1 * t * t, 1e-9);
      EXPECT_NEAR(v[0], 0.2 * t, 1e-9);
    };
    RunOptions o;
    o.integrator = integrator;
    o.output_period = 0.1;
    tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>::Zero(3), o,
                    [&](const RunState& s) { rows.push_back(s.t); });
    EXPECT_EQ(told, (std::vector<double>{0.25, 0.5005, 0.75, 0.8})) << sim::to_string(integrator);
    EXPECT_EQ(rows.size(), 11u);  // breakpoints are not output times
    EXPECT_EQ(rows[8], 0.8);
  }
}

TEST(TaskRunner, SummaryHoldsPeaksAndTheirTimes) {
  const Model model = gantry();
  const int frame = model.frame_index("tool");
  ReferencePath path;
  path.duration = 2.0;
  path.sample = [](double t, TaskReference& r) {  // x = sin t: |ẋ| peaks at t = 0 and t = π/2 ... 2
    r.orientation = OrientationMode::kFree;
    r.p = Vec3<double>(std::sin(t), 0, 0);
    r.dp = Vec3<double>(std::cos(t), 0, 0);
    r.ddp = Vec3<double>(-std::sin(t), 0, 0);
  };
  RunOptions o;
  const tasks::RunSummary s =
      tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>(Vec3<double>(1, 0, 0)), o, nullptr);
  EXPECT_NEAR(s.peak_v[0].value, 1.0, 1e-9);
  EXPECT_EQ(s.peak_v[0].t, 0.0);
  EXPECT_NEAR(s.peak_tau[0].value, 4.5, 1e-6);  // |4.5 ẍ| at t = π/2
  EXPECT_NEAR(s.peak_tau[0].t, std::numbers::pi / 2, 1e-3);
  EXPECT_NEAR(s.peak_tau[2].value, 9.81, 1e-9);
  EXPECT_EQ(s.steps, 2000);
  EXPECT_EQ(s.rows, 2001);
  EXPECT_LE(s.position_deviation.value, 1e-6);
  EXPECT_EQ(s.damped_steps, 0);
}

TEST(TaskRunner, RefusesBadInput) {
  const Model model = gantry();
  const int frame = model.frame_index("tool");
  ReferencePath path;
  path.duration = 1.0;
  path.sample = [](double, TaskReference& r) { r.orientation = OrientationMode::kFull; };  // 6 rows on 3 joints
  RunOptions o;
  EXPECT_THROW(tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>::Zero(3), o, nullptr), InputError);
  path.sample = [](double, TaskReference& r) { r.orientation = OrientationMode::kFree; };
  EXPECT_THROW(tasks::run_task(model, frame, path, VecX<double>::Zero(2), VecX<double>::Zero(3), o, nullptr), InputError);
  o.dt = 0;
  EXPECT_THROW(tasks::run_task(model, frame, path, VecX<double>::Zero(3), VecX<double>::Zero(3), o, nullptr), InputError);
}

// The task is prescribed in the base's frame: a moving base leaves the joint motion as it is and
// changes the drives. A base translating with acceleration a_O is the fixed arm under gravity
// g - a_O (whatever its velocity); a turning one is not.
TEST(TaskRunner, OnATranslatingBaseTheDrivesAreThoseOfGravityMinusItsAcceleration) {
  const TaskArm arm = task_arms().back();  // panda: 7 joints, the position block
  const Model& model = arm.model;
  const int frame = model.frame_index(arm.frame), n = model.dof;
  std::mt19937_64 rng(7);
  QuinticMotion motion{random_vector(rng, n, -1.0, 1.0), VecX<double>(), 0.5};
  motion.q1 = motion.q0 + random_vector(rng, n, -0.3, 0.3);
  const ReferencePath path = path_of(model, frame, motion, OrientationMode::kFree, -1);
  const Vec3<double> a_O(1.0, 2.0, 3.0);
  VecX<double> translating(12), turning(12);
  translating << 0.5, -0.2, 0.1, 0, 0, 0, a_O, 0, 0, 0;
  turning << 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0.1, 0, 0;
  sim::TorqueTable translation({0.0}, {translating}), rotation({0.0}, {turning});

  struct Rows {
    std::vector<VecX<double>> q, tau;
    double energy = 0;
  };
  const auto run = [&](const Model& m, sim::TorqueSource* base) {
    RunOptions o;
    o.dt = 1e-3;
    o.output_period = 0.05;
    o.base_motion = base;
    Rows rows;
    rows.energy = tasks::run_task(m, frame, path, motion.q0, VecX<double>::Zero(n), o, [&](const RunState& s) {
                    rows.q.push_back(*s.q);
                    rows.tau.push_back(*s.tau);
                  }).energy_consumed;
    return rows;
  };
  const Rows moving = run(model, &translation), shifted = run(model.with_gravity(model.gravity - a_O), nullptr),
             fixed = run(model, nullptr), turned = run(model, &rotation);
  ASSERT_EQ(moving.tau.size(), 11u);
  ASSERT_EQ(shifted.tau.size(), moving.tau.size());
  ASSERT_EQ(turned.tau.size(), moving.tau.size());
  double moved_by_gravity = 0, moved_by_turning = 0;
  for (std::size_t k = 0; k < moving.tau.size(); ++k) {
    EXPECT_EQ(moving.q[k], fixed.q[k]) << "row " << k;  // the joint motion does not see the base
    EXPECT_LE((moving.tau[k] - shifted.tau[k]).lpNorm<Eigen::Infinity>(), 1e-10 * (1 + shifted.tau[k].norm()))
        << "row " << k;
    moved_by_gravity = std::max(moved_by_gravity, (moving.tau[k] - fixed.tau[k]).lpNorm<Eigen::Infinity>());
    moved_by_turning = std::max(moved_by_turning, (turned.tau[k] - fixed.tau[k]).lpNorm<Eigen::Infinity>());
  }
  EXPECT_NEAR(moving.energy, shifted.energy, 1e-10 * shifted.energy);
  EXPECT_GT(moved_by_gravity, 0.1);
  EXPECT_GT(moved_by_turning, 1e-3);
}

}  // namespace run_test
}  // namespace armdyn::test
