// The constraint document (io/constraint_json.hpp): each shape parses to the signed distances of
// dynamics/constrained.hpp (directions normalised, a line as two planes normal to it and to each
// other), and every bad input is an InputError naming the source and the JSON path.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "armdyn/io/load.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace constraint_json_test {

const Model& planar() {
  static const Model model = load_model("planar2r");
  return model;
}

PointConstraint<double> parse(const std::string& text) { return parse_constraint(text, "c.json", planar()); }

std::string error_of(const std::string& text) {
  return test::refusal([&] { parse(text); }, "accepted");
}

TEST(ConstraintJson, EveryShapeParses) {
  PointConstraint<double> c =
      parse(R"({"frame": "tool", "point": [0.1, 0, 0], "surface": {"type": "plane", "point": [0, 0, 1],
                "normal": [0, 0, 2]}, "baumgarte_rate": 5})");
  EXPECT_EQ(c.frame, planar().frame_index("tool"));
  EXPECT_EQ(c.count, 1);
  EXPECT_EQ(c.offset, Vec3<double>(0.1, 0, 0));
  EXPECT_EQ(c.surfaces[0].type, SurfaceType::kPlane);
  EXPECT_EQ(c.surfaces[0].direction, Vec3<double>(0, 0, 1));
  EXPECT_EQ(c.baumgarte_rate, 5.0);
  c = parse(R"({"frame": "tool", "surface": {"type": "sphere", "centre": [1, 2, 3], "radius": 0.5}})");
  EXPECT_EQ(c.surfaces[0].type, SurfaceType::kSphere);
  EXPECT_EQ(c.surfaces[0].point, Vec3<double>(1, 2, 3));
  EXPECT_EQ(c.surfaces[0].radius, 0.5);
  EXPECT_EQ(c.baumgarte_rate, kDefaultBaumgarteRate);
  c = parse(R"({"frame": "tool", "surface": {"type": "cylinder", "point": [0, 0, 0], "axis": [3, 0, 4],
                "radius": 2}})");
  EXPECT_EQ(c.surfaces[0].type, SurfaceType::kCylinder);
  EXPECT_LT((c.surfaces[0].direction - Vec3<double>(0.6, 0, 0.8)).norm(), 1e-15);
  c = parse(R"({"frame": "tool", "line": {"point": [1, 0, 0], "direction": [1, 1, 0]}})");
  EXPECT_EQ(c.count, 2);
  const Vec3<double> d = Vec3<double>(1, 1, 0).normalized();
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(c.surfaces[k].type, SurfaceType::kPlane);
    EXPECT_NEAR(c.surfaces[k].direction.norm(), 1, 1e-15);
    EXPECT_NEAR(c.surfaces[k].direction.dot(d), 0, 1e-15);
  }
  EXPECT_NEAR(c.surfaces[0].direction.dot(c.surfaces[1].direction), 0, 1e-15);
}

TEST(ConstraintJson, BadInputNamesTheFileAndTheField) {
  const std::string plane = R"("surface": {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]})";
  const std::pair<std::string, std::string> cases[] = {
      {"{" + plane + "}", "c.json: frame: missing"},
      {R"({"frame": "elbow", )" + plane + "}", "c.json: frame: unknown frame 'elbow' (frames of 'planar2r': "},
      {R"({"frame": "tool"})", "c.json: surface: give exactly one of \"surface\", \"line\" and \"loop\""},
      {R"({"frame": "tool", "line": {"point": [0, 0, 0], "direction": [1, 0, 0]}, )" + plane + "}",
       "c.json: line: give exactly one of \"surface\", \"line\" and \"loop\""},
      {R"({"frame": "tool", "projection": 1, )" + plane + "}", "c.json: projection: must be true or false"},
      {R"({"frame": "tool", "surface": {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 0]}})",
       "c.json: surface.normal: must not be zero"},
      {R"({"frame": "tool", "surface": {"type": "plane", "point": [0, 0], "normal": [0, 0, 1]}})",
       "c.json: surface.point"},
      {R"({"frame": "tool", "surface": {"type": "sphere", "centre": [0, 0, 0]}})", "c.json: surface.radius: missing"},
      {R"({"frame": "tool", "surface": {"type": "sphere", "centre": [0, 0, 0], "radius": -1}})",
       "c.json: surface.radius: must be positive"},
      {R"({"frame": "tool", "surface": {"type": "cone"}})", "c.json: surface.type: unknown surface 'cone'"},
      {R"({"frame": "tool", "surface": {"type": "cylinder", "point": [0, 0, 0], "radius": 1}})",
       "c.json: surface.axis: missing"},
      {R"({"frame": "tool", "line": {"point": [0, 0, 0], "direction": [0, 0, 0]}})",
       "c.json: line.direction: must not be zero"},
      {R"({"frame": "tool", "baumgarte_rate": 0, )" + plane + "}", "c.json: baumgarte_rate: must be positive"},
      {R"({"frame": "tool", "normal": [0, 0, 1], )" + plane + "}", "c.json"},
      {R"({"frame": "tool", "surface": {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "radius": 1}})",
       "c.json: surface"},
      {R"({"frame": "tool", )", "c.json: line 1"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = error_of(text);
    EXPECT_NE(message.find(expected), std::string::npos) << text << "\n" << message;
  }
}

const Model& fourbar() {
  static const Model model = load_model(std::string(ARMDYN_EXAMPLES_DIR) + "/models/fourbar.urdf");
  return model;
}

PointConstraint<double> parse_loop(const std::string& text) { return parse_constraint(text, "loop.json", fourbar()); }

std::string loop_error_of(const std::string& text) {
  return test::refusal([&] { parse_loop(text); }, "accepted");
}

TEST(ConstraintJson, LoopParses) {
  PointConstraint<double> c = parse_loop(R"({"frame": "coupler", "point": [0.35, 0, 0],
                                             "loop": {"frame": "rocker", "point": [0.3, 0, 0]}})");
  EXPECT_TRUE(c.is_loop());
  EXPECT_EQ(c.count, 3);
  EXPECT_EQ(c.frame, fourbar().frame_index("coupler"));
  EXPECT_EQ(c.other_frame, fourbar().frame_index("rocker"));
  EXPECT_EQ(c.offset, Vec3<double>(0.35, 0, 0));
  EXPECT_EQ(c.other_offset, Vec3<double>(0.3, 0, 0));
  EXPECT_TRUE(c.project);  // a loop's default
  c = parse_loop(R"({"frame": "coupler", "loop": {"frame": "rocker", "axes": [[0, 2, 0], [0, 0, -3]]},
                     "projection": false, "baumgarte_rate": 7})");
  EXPECT_EQ(c.count, 6);
  EXPECT_EQ(c.other_offset, Vec3<double>::Zero());
  EXPECT_EQ(c.axis, Vec3<double>(0, 1, 0));
  EXPECT_EQ(c.other_axis, Vec3<double>(0, 0, -1));
  EXPECT_FALSE(c.project);
  EXPECT_EQ(c.baumgarte_rate, 7.0);
  EXPECT_FALSE(parse(R"({"frame": "tool", "surface": {"type": "sphere", "centre": [1, 2, 3], "radius": 0.5}})").project);
}

TEST(ConstraintJson, BadLoopsNameTheFileAndTheField) {
  const std::pair<std::string, std::string> cases[] = {
      {R"({"frame": "coupler", "loop": {"point": [0, 0, 0]}})", "loop.json: loop.frame: missing"},
      {R"({"frame": "coupler", "loop": {"frame": "link9"}})",
       "loop.json: loop.frame: unknown frame 'link9' (frames of 'fourbar': "},
      {R"({"frame": "coupler", "loop": {"frame": "coupler"}})", "loop.json: loop.frame: the same frame as \"frame\""},
      {R"({"frame": "coupler", "loop": {"frame": "rocker", "point": [0, 1]}})", "loop.json: loop.point"},
      {R"({"frame": "coupler", "loop": {"frame": "rocker", "axes": [[0, 1, 0]]}})",
       "loop.json: loop.axes: must be two directions"},
      {R"({"frame": "coupler", "loop": {"frame": "rocker", "axes": [[0, 1, 0], [0, 0, 0]]}})",
       "loop.json: loop.axes[1]: must not be zero"},
      {R"({"frame": "coupler", "loop": {"frame": "rocker", "axes": [[0, 1, 0], [0, "y", 0]]}})",
       "loop.json: loop.axes[1][1]"},
      {R"({"frame": "coupler", "loop": {"frame": "rocker", "axis": [0, 1, 0]}})", "loop.json: loop"},
      {R"({"frame": "coupler", "loop": ["rocker"]})", "loop.json: loop"},
      {R"({"frame": "coupler", "loop": {"frame": "rocker"}, "line": {"point": [0, 0, 0], "direction": [1, 0, 0]}})",
       "loop.json: loop: give exactly one of \"surface\", \"line\" and \"loop\""},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = loop_error_of(text);
    EXPECT_NE(message.find(expected), std::string::npos) << text << "\n" << message;
  }
}

}  // namespace constraint_json_test
}  // namespace armdyn
