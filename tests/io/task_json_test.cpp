// The TASK reader (armdyn/io/task_json.hpp): the minimum form of the issue exactly as written,
// the full form, and every bad input an InputError naming the file and the field.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/task_json.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace task_json_test {

using namespace armdyn::tasks;

std::string error_of(const std::string& text, int dof = 3) {
  return test::refusal([&] { parse_task(text, "t.json", dof); });
}

// A valid document with `segment` as its one segment.
std::string with_segment(const std::string& segment) {
  return R"({"frame": "tool", "initial": {"q": [0, 0, 0]}, "segments": [)" + segment + "]}";
}

TEST(TaskJson, MinimumFormParsesAsWritten) {
  const Task task = parse_task(
      R"({"frame": "tool", "initial": {"q": [0.1, -0.2, 0.3]}, "segments": [{"duration": 1.0, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [0.1, 0.0, -0.05]}, "orientation": "hold"}, {"duration": 0.5, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [0, 0.2, 0]}, "orientation": "hold"}]})",
      "min.json", 3);
  EXPECT_EQ(task.source, "min.json");
  EXPECT_EQ(task.frame, "tool");
  ASSERT_TRUE(task.initial.q);
  EXPECT_EQ(*task.initial.q, Vec3<double>(0.1, -0.2, 0.3));
  EXPECT_FALSE(task.initial.position);
  EXPECT_FALSE(task.payload);
  ASSERT_EQ(task.segments.size(), 2u);
  const Segment& s = task.segments[0];
  EXPECT_EQ(s.duration, 1.0);
  EXPECT_EQ(s.profile.kind, ProfileKind::kTriangular);
  EXPECT_EQ(s.path, PathShape::kLine);
  EXPECT_EQ(s.position.coordinates, Coordinates::kCartesian);
  EXPECT_EQ(s.position.target, Target::kBy);
  EXPECT_EQ(s.position.value, Vec3<double>(0.1, 0.0, -0.05));  // the numbers as written, bit for bit
  EXPECT_EQ(s.orientation.rule, OrientationRule::kHold);
  EXPECT_FALSE(s.joint);
  EXPECT_EQ(task.segments[1].duration, 0.5);
}

TEST(TaskJson, ProfilesAndTargets) {
  const Task task = parse_task(with_segment(
      R"({"duration": 2, "profile": {"type": "trapezoidal", "peak_velocity": 0.3}, "position": {"to": [1, 2, 3]}, "orientation": "free"},
         {"duration": 1, "profile": "cubic", "position": {"by": [0, 0, 0]}},
         {"duration": 1, "profile": {"type": "quintic"}, "position": {"by": [0, 0, 0]}},
         {"duration": 1, "position": {"by": [0, 0, 0]}})"),
                               "t.json");
  ASSERT_EQ(task.segments.size(), 4u);
  EXPECT_EQ(task.segments[0].profile.kind, ProfileKind::kTrapezoidal);
  EXPECT_EQ(task.segments[0].profile.peak_velocity, 0.3);
  EXPECT_EQ(task.segments[0].position.target, Target::kTo);
  EXPECT_EQ(task.segments[0].position.value, Vec3<double>(1, 2, 3));
  EXPECT_EQ(task.segments[0].orientation.rule, OrientationRule::kFree);
  EXPECT_EQ(task.segments[1].profile.kind, ProfileKind::kCubic);
  EXPECT_EQ(task.segments[2].profile.kind, ProfileKind::kQuintic);
  EXPECT_EQ(task.segments[3].profile.kind, ProfileKind::kTriangular);  // the default
  EXPECT_EQ(task.segments[3].orientation.rule, OrientationRule::kHold);  // the default
}

TEST(TaskJson, DocumentErrorsNameTheField) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {"[]", "t.json: document: must be a JSON object"},
      {"{", "t.json: line 1, column 2: not valid JSON"},
      {R"({"initial": {"q": [0, 0, 0]}, "segments": []})", "t.json: frame: missing (the name of the frame that performs the task)"},
      {R"({"frame": 3, "initial": {"q": [0, 0, 0]}, "segments": []})", "t.json: frame: must be a string"},
      {R"({"frame": "", "initial": {"q": [0, 0, 0]}, "segments": []})", "t.json: frame: must not be empty"},
      {R"({"frame": "tool", "segments": []})", "t.json: initial: missing (the joint positions or pose the task starts from)"},
      {R"({"frame": "tool", "initial": {"q": [0, 0, 0]}})", "t.json: segments: missing (an array of segments)"},
      {R"({"frame": "tool", "initial": {"q": [0, 0, 0]}, "segments": []})", "t.json: segments: must be a non-empty array of segments"},
      {R"({"frame": "tool", "initial": {"q": [0, 0, 0]}, "segments": {}})", "t.json: segments: must be a non-empty array of segments"},
      {R"({"frame": "tool", "frames": "x", "initial": {"q": [0, 0, 0]}, "segments": []})", "t.json: frames: unknown key"},
      {R"({"frame": "tool", "initial": {"q": [0, 0]}, "segments": []})", "t.json: initial.q: expected 3 values, got 2"},
      {R"({"frame": "tool", "initial": {"q": [0, "a", 0]}, "segments": []})", "t.json: initial.q[1]: must be a number"},
      {R"({"frame": "tool", "initial": {"q": [0, 1e999, 0]}, "segments": []})", "t.json: line 1, column 40: initial.q[1]: the number 1e999 is too large for a double (numbers must be finite)"},
      {R"({"frame": "tool", "initial": {"v": [0, 0, 0]}, "segments": []})", "t.json: initial.v: unknown key"},
      {R"({"frame": "tool", "initial": {}, "segments": []})", "t.json: initial: missing \"q\" (joint positions) or \"position\" (a pose of the frame)"}});
}

TEST(TaskJson, SegmentErrorsNameTheField) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {with_segment("3"), "t.json: segments[0]: must be a JSON object"},
      {with_segment(R"({"position": {"by": [0, 0, 0]}})"), "t.json: segments[0].duration: missing (seconds)"},
      {with_segment(R"({"duration": -1, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].duration: must be > 0"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "speed": 2})"), "t.json: segments[0].speed: unknown key"},
      {with_segment(R"({"duration": 1})"), "t.json: segments[0].position: missing (the coordinates and a \"by\" or \"to\" target)"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}}, {"duration": 1, "position": {"by": [0, "x", 0]}})"), "t.json: segments[1].position.by[1]: must be a number"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0]}})"), "t.json: segments[0].position.by: expected 3 values, got 2"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0], "to": [0, 0, 0]}})"), "t.json: segments[0].position: give either \"by\" or \"to\", not both"},
      {with_segment(R"({"duration": 1, "position": {"coordinates": "cartesian"}})"), "t.json: segments[0].position: missing \"by\" or \"to\""},
      {with_segment(R"({"duration": 1, "position": {"coordinates": "polar", "by": [0, 0, 0]}})"), "t.json: segments[0].position.coordinates: unknown coordinates 'polar' (cartesian, cylindrical or spherical)"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0], "frame": "x"}})"), "t.json: segments[0].position.frame: unknown key"},
      {with_segment(R"({"duration": 1, "profile": "linear", "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile: unknown profile 'linear' (triangular, trapezoidal, cubic or quintic)"},
      {with_segment(R"({"duration": 1, "profile": "trapezoidal", "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile.peak_velocity: missing (a trapezoidal profile is {\"type\": \"trapezoidal\", \"peak_velocity\": v})"},
      {with_segment(R"({"duration": 1, "profile": {"type": "cubic", "peak_velocity": 1}, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile.peak_velocity: only for a trapezoidal profile"},
      {with_segment(R"({"duration": 1, "profile": {"type": "trapezoidal", "peak_velocity": 0}, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile.peak_velocity: must be > 0"},
      {with_segment(R"({"duration": 1, "profile": {"kind": "cubic"}, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile.kind: unknown key"},
      {with_segment(R"({"duration": 1, "profile": 3, "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].profile: must be a profile name or an object {\"type\": ..., \"peak_velocity\": ...}"},
      {with_segment(R"({"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": "keep"})"), "t.json: segments[0].orientation: unknown orientation rule 'keep' (\"hold\", \"free\", or an object with \"euler\" or \"approach\")"},
      {with_segment(R"({"duration": 1, "path": "spline", "position": {"by": [0, 0, 0]}})"), "t.json: segments[0].path: unknown path 'spline' (line, arc or rotation)"}});
}

}  // namespace task_json_test
}  // namespace armdyn
