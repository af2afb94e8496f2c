// The task table's column producers: the motion's columns exactly, the quaternion's sign, the
// row format, and the joint reactions and gripper force added as producers on a real run.
#include <gtest/gtest.h>

#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/segments_json.hpp"
#include "armdyn/segments/stress.hpp"
#include "armdyn/tasks/columns.hpp"
#include "tasks/task_cases.hpp"

namespace armdyn::test {
namespace columns_test {

using tasks::OrientationMode;
using tasks::RunState;
using tasks::TaskReference;

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, ',')) out.push_back(cell);
  return out;
}

TEST(TaskColumns, MotionColumnsInTheirOrder) {
  std::vector<std::unique_ptr<tasks::ColumnProducer>> producers;
  producers.push_back(tasks::motion_columns(2));
  tasks::TaskTable table(std::move(producers));
  EXPECT_EQ(table.header(),
            "t,q1,q2,v1,v2,a1,a2,tau1,tau2,pos_x,pos_y,pos_z,quat_w,quat_x,quat_y,quat_z,energy_consumed\n");
  EXPECT_EQ(table.columns(), 17);
  const VecX<double> q = vec({0.1, 0.2}), v = vec({1, 2}), a = vec({3, 4}), tau = vec({5, 6});
  RunState s;
  s.t = 0.3;
  s.q = &q;
  s.v = &v;
  s.a = &a;
  s.tau = &tau;
  s.pose.p = Vec3<double>(7, 8, 9);
  s.pose.R = Eigen::AngleAxisd(-3.0, Vec3<double>::UnitZ()).toRotationMatrix();  // a quaternion with w < 0 ...
  s.energy_consumed = 1.5;
  const std::vector<std::string> cells = split(table.row(s));
  ASSERT_EQ(cells.size(), 17u);
  EXPECT_EQ(cells[0], "0.3");
  EXPECT_EQ(cells[1], "0.10000000000000001");
  EXPECT_EQ(std::stod(cells[9]), 7.0);
  const double w = std::stod(cells[12]), z = std::stod(cells[15]);
  EXPECT_GE(w, 0.0);  // ... written with w >= 0
  EXPECT_NEAR(w, std::cos(1.5), 1e-15);
  EXPECT_NEAR(z, -std::sin(1.5), 1e-15);  // Rz(-3) = (cos 1.5, 0, 0, -sin 1.5)
  EXPECT_EQ(std::stod(cells[16]), 1.5);
}

// On a run of ur5: each reaction's component along its joint axis is the drive, and a payload
// at rest is held by the gripper against gravity alone.
TEST(TaskColumns, ReactionsAndGripperForceOnARun) {
  const Model bare = load_urdf(data_path("models/ur5.urdf"));
  const int frame = bare.frame_index("tool0");
  Payload payload;
  payload.mass = 2.0;
  payload.com = Vec3<double>(0, 0, 0.05);
  payload.inertia = Vec3<double>(0.01, 0.01, 0.004).asDiagonal();
  const Model model = with_payload(bare, frame, payload);
  const VecX<double> q0 = vec({0.3, -1.2, 1.4, -1.8, -1.5, 0.2});
  QuinticMotion motion{q0, q0 + vec({0.2, 0.1, -0.1, 0.2, 0.1, 0.3}), 1.0};
  tasks::ReferencePath path;
  path.duration = 1.0;
  path.sample = [&](double t, TaskReference& r) {
    VecX<double> q, v, a;
    motion.at(t, q, v, a);
    r = reference_from_joints(model, frame, q, v, a, OrientationMode::kFull);
  };
  std::vector<std::unique_ptr<tasks::ColumnProducer>> producers;
  producers.push_back(tasks::motion_columns(6));
  producers.push_back(tasks::reaction_columns(model));
  producers.push_back(tasks::gripper_columns(model, payload));
  tasks::TaskTable table(std::move(producers));
  const std::vector<std::string> names = split(table.header().substr(0, table.header().size() - 1));
  ASSERT_EQ(names.size(), 33u + 36u + 6u);
  EXPECT_EQ(names[33], "reaction1_fx");
  EXPECT_EQ(names[38], "reaction1_nz");
  EXPECT_EQ(names[68], "reaction6_nz");
  EXPECT_EQ(names[69], "gripper_fx");
  EXPECT_EQ(names[74], "gripper_nz");
  ReactionWorkspace<double> rws(model);
  tasks::RunOptions o;
  o.output_period = 0.25;
  int rows = 0;
  tasks::run_task(model, frame, path, q0, VecX<double>::Zero(6), o, [&](const RunState& s) {
    std::vector<std::string> cells = split(table.row(s));
    ASSERT_EQ(cells.size(), names.size());
    for (int k = 0; k < 6; ++k) {
      Vec3<double> moment;
      for (int i = 0; i < 3; ++i) moment[i] = std::stod(cells[static_cast<std::size_t>(33 + 6 * k + 3 + i)]);
      EXPECT_NEAR(moment.dot(joint_axis_in_link(model, rws, k)), (*s.tau)[k], 1e-9) << "joint " << k + 1 << " t " << s.t;
    }
    if (s.t == 0.0 || s.t == 1.0) {  // at rest: the gripper holds the payload's weight, m g up
      EXPECT_NEAR(std::stod(cells[69]), 0.0, 1e-6);
      EXPECT_NEAR(std::stod(cells[70]), 0.0, 1e-6);
      EXPECT_NEAR(std::stod(cells[71]), 2.0 * 9.81, 1e-6);
    }
    ++rows;
  });
  EXPECT_EQ(rows, 5);
}

// The stress columns of links 2 and 3 of ur5 carrying a payload: after the reaction columns, and
// at every row equal to segment_stresses on that row's joint reactions.
TEST(TaskColumns, StressesFromTheRowsReactions) {
  const Model bare = load_urdf(data_path("models/ur5.urdf"));
  const int frame = bare.frame_index("tool0");
  Payload payload;
  payload.mass = 3.0;
  const Model model = with_payload(bare, frame, payload);
  const segments::SegmentSet segs = parse_segments(R"({"links": {
    "upper_arm_link": {"section": {"type": "tube", "outer_radius": 0.04, "inner_radius": 0.03}, "material": "AlMg3"},
    "forearm_link": {"section": {"type": "rect_tube", "outer": [0.06, 0.05], "inner": [0.05, 0.04]},
                     "material": "steel"}}})",
                                                   "segs.json", bare);
  const VecX<double> q0 = vec({0.3, -1.2, 1.4, -1.8, -1.5, 0.2});
  QuinticMotion motion{q0, q0 + vec({0.2, 0.1, -0.1, 0.2, 0.1, 0.3}), 1.0};
  tasks::ReferencePath path;
  path.duration = 1.0;
  path.sample = [&](double t, TaskReference& r) {
    VecX<double> q, v, a;
    motion.at(t, q, v, a);
    r = reference_from_joints(model, frame, q, v, a, OrientationMode::kFull);
  };
  std::vector<std::unique_ptr<tasks::ColumnProducer>> producers;
  producers.push_back(tasks::motion_columns(6));
  producers.push_back(tasks::stress_columns(model, segs, true));
  producers.push_back(tasks::gripper_columns(model, payload));
  tasks::TaskTable table(std::move(producers));
  const std::vector<std::string> names = split(table.header().substr(0, table.header().size() - 1));
  ASSERT_EQ(names.size(), 33u + 36u + 4u + 6u);
  EXPECT_EQ(names[33], "reaction1_fx");
  EXPECT_EQ(names[68], "reaction6_nz");
  EXPECT_EQ(names[69], "sigma_max2");
  EXPECT_EQ(names[70], "tau_max2");
  EXPECT_EQ(names[71], "sigma_max3");
  EXPECT_EQ(names[72], "tau_max3");
  EXPECT_EQ(names[73], "gripper_fx");
  Data data(model);
  ReactionWorkspace<double> rws(model);
  tasks::RunOptions o;
  o.output_period = 0.25;
  int rows = 0;
  tasks::run_task(model, frame, path, q0, VecX<double>::Zero(6), o, [&](const RunState& s) {
    const std::vector<std::string> cells = split(table.row(s));
    ASSERT_EQ(cells.size(), names.size());
    const MatX<double> w = joint_reactions(model, data, rws, *s.q, *s.v, *s.a);
    const auto stresses = segments::segment_stresses(model, segs, *s.q, w);
    for (int k = 0; k < 6; ++k) EXPECT_EQ(stresses[static_cast<std::size_t>(k)].has_value(), k == 1 || k == 2);
    for (int i = 0; i < 2; ++i) {
      const segments::SegmentStress& st = *stresses[static_cast<std::size_t>(1 + i)];
      EXPECT_GT(st.sigma_max, 0.0);
      EXPECT_GT(st.tau_max, 0.0);
      EXPECT_DOUBLE_EQ(std::stod(cells[static_cast<std::size_t>(69 + 2 * i)]), st.sigma_max) << "t " << s.t;
      EXPECT_DOUBLE_EQ(std::stod(cells[static_cast<std::size_t>(70 + 2 * i)]), st.tau_max) << "t " << s.t;
    }
    EXPECT_DOUBLE_EQ(std::stod(cells[33]), w(0, 0));
    ++rows;
  });
  EXPECT_EQ(rows, 5);
  // Without the reaction columns, the stresses alone.
  std::vector<std::unique_ptr<tasks::ColumnProducer>> alone;
  alone.push_back(tasks::stress_columns(model, segs, false));
  EXPECT_EQ(tasks::TaskTable(std::move(alone)).header(), "sigma_max2,tau_max2,sigma_max3,tau_max3\n");
}

}  // namespace columns_test
}  // namespace armdyn::test
