// The TASK reader (armdyn/io/task_json.hpp) beyond the minimum form: a start pose, the payload,
// arcs, rotations, coordinates, Euler and approach rules, a prescribed joint; each error naming
// its field.
#include <gtest/gtest.h>

#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "armdyn/tasks/motion.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace task_json_full_test {

using namespace armdyn::tasks;

std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_task(text, "t.json", 2); });
}

std::string document(const std::string& initial, const std::string& segment, const std::string& extra = "") {
  return R"({"frame": "tool", "initial": )" + initial + extra + R"(, "segments": [)" + segment + "]}";
}
std::string with_segment(const std::string& segment) { return document(R"({"q": [0, 0]})", segment); }
std::string with_initial(const std::string& initial) {
  return document(initial, R"({"duration": 1, "position": {"by": [0, 0, 0]}})");
}

TEST(TaskJsonFull, EveryPartOfTheFormat) {
  const Task task = parse_task(R"({
    "frame": "gripper",
    "initial": {"position": [0.5, 0.1, 0.4], "orientation": {"euler": "zyx", "angles": [0.1, 0.2, 0.3]}, "q_guess": [0.3, -0.3]},
    "payload": {"mass": 5, "com": [0, 0, 0.05], "inertia": [0.01, 0.001, 0.002, 0.02, 0.003, 0.03]},
    "segments": [
      {"duration": 1, "profile": "quintic", "path": "arc",
       "position": {"centre": [0.4, 0.1, 0.4], "axis": [0, 0, 1], "angle": 1.5}},
      {"duration": 1, "path": "arc", "position": {"centre_by": [0, 0.1, 0], "axis": [1, 0, 0], "angle": -2}},
      {"duration": 1, "path": "rotation", "orientation": {"euler": "xyx", "by": [0.1, 0.2, 0.3]}},
      {"duration": 1, "position": {"coordinates": "cylindrical", "to": [0.5, 1.0, 0.2]},
       "orientation": {"approach": "z", "to": {"theta": 0.5, "phi": -1.5707963267948966}}},
      {"duration": 1, "position": {"coordinates": "spherical", "by": [0.1, 0.2, 0.0]},
       "orientation": {"approach": "x", "by": {"psi": 3.14}}},
      {"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "y", "to": {"vector": [0, 0, -2], "psi": 1}},
       "joint": {"name": "wrist_3", "by": 12.566370614359172}},
      {"duration": 1, "position": {"by": [0, 0, 0]}, "joint": {"name": "wrist_3", "to": -1}}]})",
                               "full.json", 2);
  EXPECT_EQ(task.frame, "gripper");
  EXPECT_FALSE(task.initial.q);
  EXPECT_EQ(*task.initial.position, Vec3<double>(0.5, 0.1, 0.4));
  EXPECT_LT((*task.initial.orientation - rot_z(0.1) * rot_y(0.2) * rot_x(0.3)).norm(), 1e-15);
  EXPECT_EQ(*task.initial.q_guess, Eigen::Vector2d(0.3, -0.3));
  ASSERT_TRUE(task.payload);
  EXPECT_EQ(task.payload->mass, 5);
  EXPECT_EQ(task.payload->com, Vec3<double>(0, 0, 0.05));
  Mat3<double> inertia;
  inertia << 0.01, 0.001, 0.002, 0.001, 0.02, 0.003, 0.002, 0.003, 0.03;
  EXPECT_EQ(task.payload->inertia, inertia);
  ASSERT_EQ(task.segments.size(), 7u);
  const Segment* s = task.segments.data();
  EXPECT_EQ(s[0].profile.kind, ProfileKind::kQuintic);
  EXPECT_EQ(s[0].path, PathShape::kArc);
  EXPECT_EQ(s[0].arc.centre_target, Target::kTo);
  EXPECT_EQ(s[0].arc.centre, Vec3<double>(0.4, 0.1, 0.4));
  EXPECT_EQ(s[0].arc.axis, Vec3<double>(0, 0, 1));
  EXPECT_EQ(s[0].arc.angle, 1.5);
  EXPECT_EQ(s[1].arc.centre_target, Target::kBy);
  EXPECT_EQ(s[1].arc.angle, -2);
  EXPECT_EQ(s[2].path, PathShape::kRotation);
  EXPECT_EQ(s[2].orientation.rule, OrientationRule::kEuler);
  EXPECT_EQ(euler_sequence_name(s[2].orientation.euler.sequence), "xyx");
  EXPECT_EQ(s[2].orientation.euler.target, Target::kBy);
  EXPECT_EQ(s[2].orientation.euler.angles, Vec3<double>(0.1, 0.2, 0.3));
  EXPECT_EQ(s[3].position.coordinates, Coordinates::kCylindrical);
  EXPECT_EQ(s[3].position.target, Target::kTo);
  EXPECT_EQ(s[3].orientation.rule, OrientationRule::kApproach);
  EXPECT_EQ(s[3].orientation.approach.axis, 2);
  EXPECT_EQ(s[3].orientation.approach.theta, 0.5);
  EXPECT_EQ(s[3].orientation.approach.phi, -1.5707963267948966);
  EXPECT_FALSE(s[3].orientation.approach.psi);
  EXPECT_EQ(s[4].position.coordinates, Coordinates::kSpherical);
  EXPECT_EQ(s[4].orientation.approach.axis, 0);
  EXPECT_EQ(s[4].orientation.approach.target, Target::kBy);
  EXPECT_EQ(s[4].orientation.approach.theta, 0);
  EXPECT_EQ(*s[4].orientation.approach.psi, 3.14);
  EXPECT_EQ(s[5].orientation.approach.axis, 1);
  EXPECT_EQ(s[5].orientation.approach.theta, 0);
  EXPECT_NEAR(s[5].orientation.approach.phi, -1.5707963267948966, 1e-16);
  EXPECT_EQ(*s[5].orientation.approach.psi, 1);
  ASSERT_TRUE(s[5].joint);
  EXPECT_EQ(s[5].joint->name, "wrist_3");
  EXPECT_EQ(s[5].joint->target, Target::kBy);
  EXPECT_EQ(s[5].joint->value, 12.566370614359172);
  EXPECT_EQ(s[6].joint->target, Target::kTo);
  EXPECT_EQ(s[6].joint->value, -1);
  // A quaternion start orientation.
  const Task q = parse_task(with_initial(R"({"position": [0, 0, 1], "orientation": {"quaternion": [0, 0, 0, 2]}})"), "t.json");
  EXPECT_LT((*q.initial.orientation - rot_z(std::numbers::pi)).norm(), 1e-15);
}

TEST(TaskJsonFull, InitialAndPayloadErrorsNameTheField) {
  test::expect_refusals(error_of, {
      {with_initial(R"({"q": [0, 0], "position": [0, 0, 0]})"), "t.json: initial: give either \"q\" or \"position\", not both"},
      {with_initial(R"({"q": [0, 0], "q_guess": [0, 0]})"), "t.json: initial.q_guess: only with \"position\" (a start given by a pose)"},
      {with_initial(R"({"position": [0, 0]})"), "t.json: initial.position: expected 3 values, got 2"},
      {with_initial(R"({"position": [0, 0, 0], "q_guess": [0]})"), "t.json: initial.q_guess: expected 2 values, got 1"},
      {with_initial(R"({"position": [0, 0, 0], "orientation": {"euler": "xxy", "angles": [0, 0, 0]}})"), "t.json: initial.orientation.euler: unknown Euler sequence 'xxy' (one of xyx, xzx, yxy, yzy, zxz, zyz, xyz, xzy, yxz, yzx, zxy, zyx)"},
      {with_initial(R"({"position": [0, 0, 0], "orientation": {"euler": "xyz"}})"), "t.json: initial.orientation.angles: missing (three angles in radians)"},
      {with_initial(R"({"position": [0, 0, 0], "orientation": {"quaternion": [0, 0, 0, 0]}})"), "t.json: initial.orientation.quaternion: must not be zero"},
      {with_initial(R"({"position": [0, 0, 0], "orientation": {"rpy": [0, 0, 0]}})"), "t.json: initial.orientation.rpy: unknown key"},
      {with_initial(R"({"position": [0, 0, 0], "orientation": {"quaternion": [1, 0, 0, 0], "euler": "xyz"}})"), "t.json: initial.orientation: give either \"quaternion\" or \"euler\" with \"angles\", not both"},
      {with_initial(R"({"q": [0, 0], "orientation": {"quaternion": [1, 0, 0, 0]}})"), "t.json: initial.orientation: only with \"position\" (a start given by a pose)"},
      {with_initial(R"({"position": [0, 0, 0], "orientation": [1, 0, 0, 0]})"), "t.json: initial.orientation: must be a JSON object"},
      {document(R"({"q": [0, 0]})", R"({"duration": 1, "position": {"by": [0, 0, 0]}})", R"(, "payload": {"com": [0, 0, 0]})"), "t.json: payload.mass: missing (kg)"},
      {document(R"({"q": [0, 0]})", R"({"duration": 1, "position": {"by": [0, 0, 0]}})", R"(, "payload": {"mass": -1})"), "t.json: payload.mass: must be >= 0"},
      {document(R"({"q": [0, 0]})", R"({"duration": 1, "position": {"by": [0, 0, 0]}})", R"(, "payload": {"mass": 1, "inertia": [1, 2, 3]})"), "t.json: payload.inertia: expected 6 values, got 3"},
      {document(R"({"q": [0, 0]})", R"({"duration": 1, "position": {"by": [0, 0, 0]}})", R"(, "payload": {"mass": 1, "cog": [0, 0, 0]})"), "t.json: payload.cog: unknown key"}});
}

TEST(TaskJsonFull, PathOrientationAndJointErrorsNameTheField) {
  test::expect_refusals(error_of, {
      {with_segment(R"({"duration": 1, "path": "rotation", "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].position: a rotation segment holds the position (leave \"position\" out)"},
      {with_segment(R"({"duration": 1, "path": "arc", "position": {"axis": [0, 0, 1], "angle": 1}})"), "t.json: segments[0].position: missing \"centre\" (absolute) or \"centre_by\" (from the segment's start)"},
      {with_segment(R"({"duration": 1, "path": "arc", "position": {"centre": [0, 0, 0], "centre_by": [0, 0, 0], "axis": [0, 0, 1], "angle": 1}})"), "t.json: segments[0].position: give either \"centre\" or \"centre_by\", not both"},
      {with_segment(R"({"duration": 1, "path": "arc"})"), "t.json: segments[0].position: missing (the arc's centre, axis and angle)"},
      {with_segment(R"({"duration": 1, "path": "arc", "position": {"centre": [0, 0, 0], "angle": 1}})"), "t.json: segments[0].position.axis: missing (the arc's axis, base axes)"},
      {with_segment(R"({"duration": 1, "path": "arc", "position": {"centre": [0, 0, 0], "axis": [0, 0, 0], "angle": 1}})"), "t.json: segments[0].position.axis: must be a non-zero vector"},
      {with_segment(R"({"duration": 1, "path": "arc", "position": {"centre": [0, 0, 0], "axis": [0, 0, 1]}})"), "t.json: segments[0].position.angle: missing (the angle turned about the axis, radians)"},
      {with_segment(R"({"duration": 1, "path": "arc", "position": {"centre": [0, 0, 0], "axis": [0, 0, 1], "angle": 1, "by": [0, 0, 0]}})"), "t.json: segments[0].position.by: unknown key"},
      {with_segment(R"({"duration": 1, "position": {"coordinates": "cylindrical", "to": [-1, 0, 0]}})"), "t.json: segments[0].position.to[0]: the radius must be >= 0"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"euler": "xyz", "to": [0, 0]}})"), "t.json: segments[0].orientation.to: expected 3 values, got 2"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"euler": "xyz"}})"), "t.json: segments[0].orientation: missing \"by\" or \"to\""},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"euler": "xyz", "approach": "z", "by": [0, 0, 0]}})"), "t.json: segments[0].orientation: give either \"euler\" or \"approach\", not both"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"euler": "xyz", "by": [0, 0, 0], "to": [0, 0, 0]}})"), "t.json: segments[0].orientation: give either \"by\" or \"to\", not both"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"euler": 3, "by": [0, 0, 0]}})"), "t.json: segments[0].orientation.euler: must be a string"},
      {with_segment(R"({"duration": 1, "profile": {"peak_velocity": 1}, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile.type: missing (triangular, trapezoidal, cubic or quintic)"},
      {with_segment(R"({"duration": 1, "profile": {"type": "sine"}, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile.type: unknown profile 'sine' (triangular, trapezoidal, cubic or quintic)"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"by": [0, 0, 0]}})"), "t.json: segments[0].orientation: missing \"euler\" or \"approach\""},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"euler": "xyz", "by": [0, 0, 0], "order": 1}})"), "t.json: segments[0].orientation.order: unknown key"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "w", "to": {"theta": 0, "phi": 0}}})"), "t.json: segments[0].orientation.approach: must be the frame axis \"x\", \"y\" or \"z\" that points along the direction"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "z", "to": {"theta": 0}}})"), "t.json: segments[0].orientation.to.phi: missing (the direction's elevation, radians)"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "z", "by": {"vector": [0, 0, 1]}}})"), "t.json: segments[0].orientation.by.vector: unknown key"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "z", "to": {"vector": [0, 0, 1], "theta": 1}}})"), "t.json: segments[0].orientation.to.theta: give either \"vector\" or \"theta\" and \"phi\", not both"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "z", "to": {"vector": [0, 0, 0]}}})"), "t.json: segments[0].orientation.to.vector: must be a non-zero vector"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "z", "by": {"psi": "x"}}})"), "t.json: segments[0].orientation.by.psi: must be a number"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": 7})"), "t.json: segments[0].orientation: must be \"hold\", \"free\" or an object with \"euler\" or \"approach\""},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "joint": {"by": 1}})"), "t.json: segments[0].joint.name: missing (the joint's name in the model)"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "joint": {"name": "j", "to": 1, "by": 1}})"), "t.json: segments[0].joint: give either \"by\" or \"to\", not both"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "joint": {"name": "j", "to": null}})"), "t.json: segments[0].joint.to: must be a number"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "joint": {"name": "j", "to": 1, "profile": "cubic"}})"), "t.json: segments[0].joint.profile: unknown key"}});
}

// The JSON blocks of docs/tasks.md that are tasks (they have "segments").
std::vector<std::string> documented_tasks() {
  std::ifstream in(std::string(ARMDYN_DOCS_DIR) + "/tasks.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  std::vector<std::string> out;
  for (std::size_t at = doc.find("```json\n"); at != std::string::npos; at = doc.find("```json\n", at + 1)) {
    const std::size_t begin = at + 8, end = doc.find("```", begin);
    const std::string block = doc.substr(begin, end - begin);
    if (block.find("\"segments\"") != std::string::npos) out.push_back(block);
  }
  return out;
}

TEST(TaskJsonFull, TheDocumentedTasksReadAndPlan) {
  const std::vector<std::string> tasks = documented_tasks();
  ASSERT_EQ(tasks.size(), 2u);  // the minimum form and the complete example
  const std::vector<std::string> names = {"joint1", "joint2", "joint3", "joint4", "joint5", "joint6"};
  for (const std::string& text : tasks) {
    const Task task = parse_task(text, "docs/tasks.md", 6);
    const Vec3<double> p0 = task.initial.position.value_or(Vec3<double>(0.5, 0.1, 0.4));
    const Mat3<double> R0 = task.initial.orientation.value_or(Mat3<double>::Identity());
    const VecX<double> q0 = task.initial.q ? *task.initial.q : *task.initial.q_guess;
    const TaskMotion motion(task, p0, R0, q0, names);
    EXPECT_GT(motion.duration(), 0.0);
  }
  const Task complete = parse_task(tasks[1], "docs/tasks.md", 6);
  EXPECT_EQ(complete.segments.size(), 7u);
  EXPECT_EQ(complete.segments[1].path, PathShape::kArc);
  EXPECT_EQ(complete.segments[5].joint->name, "joint6");
}

// A start orientation's quaternion is read as its unit one whatever its finite, non-zero size: its
// four numbers are exempt from the magnitude rule (only their ratios count); zero is refused.
TEST(TaskJsonFull, AQuaternionOfAnySizeIsReadAsItsUnitOne) {
  const auto orientation = [](const std::string& quaternion) {
    const Task t = parse_task(with_initial(R"({"position": [0, 0, 1], "orientation": {"quaternion": [)" + quaternion + "]}}"),
                              "t.json");
    return *t.initial.orientation;
  };
  const Mat3<double> half_turn = rot_z(std::numbers::pi);
  for (const char* q : {"0, 0, 0, 1e-200", "0, 0, 0, 1e-320", "0, 0, 0, -1e300", "0, 0, 0, 1.7976931348623157e308"})
    EXPECT_LT((orientation(q) - half_turn).norm(), 1e-15) << q;
  const Mat3<double> turn = Eigen::Quaterniond(0.6, 0, 0.8, 0).toRotationMatrix();
  for (const char* q : {"6e-200, 0, 8e-200, 0", "6e250, 0, 8e250, 0"}) EXPECT_LT((orientation(q) - turn).norm(), 1e-15) << q;
  EXPECT_EQ(error_of(with_initial(R"({"position": [0, 0, 0], "orientation": {"quaternion": [0, 0, 0]}})")),
            "t.json: initial.orientation.quaternion: must be an array of four numbers (w, x, y, z)");
}

// Every other number of a task keeps the magnitude rule of URDF numbers (finite, within 1e50, not
// subnormal), named by file and field.
TEST(TaskJsonFull, NumbersKeepTheMagnitudeRule) {
  EXPECT_EQ(error_of(with_initial(R"({"position": [0, 1e200, 0]})")),
            "t.json: initial.position[1]: must be at most 1e50 in magnitude, got 1e+200");
  EXPECT_EQ(error_of(with_initial(R"({"position": [0, 0, 1e-320]})")),
            "t.json: initial.position[2]: must be 0 or at least 2.2250738585072014e-308 in magnitude (a subnormal "
            "number), got 1e-320");
}

}  // namespace task_json_full_test
}  // namespace armdyn
