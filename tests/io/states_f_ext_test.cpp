// "f_ext" in a STATES document (armdyn/io/states.hpp): external wrenches per state on named
// frames, and every bad one an InputError naming "states[k].f_ext.<frame>[i]".
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/states.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace states_f_ext_test {

// planar2r: frames base, link1, link2, tool.
const Model& planar() {
  static const Model m = builtin_model("planar2r").model;
  return m;
}

std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_states(text, "s.json", planar()); });
}

std::string state_with(const std::string& f_ext) {
  return R"({"states": [{"q": [0, 0], "v": [0, 0]}, {"q": [0, 0], "v": [0, 0], "f_ext": )" + f_ext + "}]}";
}

TEST(StatesFExt, ReadsWrenchesPerFrame) {
  const StatesDocument doc = parse_states(
      state_with(R"({"tool": [1, 2, 3, 4, 5, 6], "link1": [0, 0, -1, 0, 0, 0.5]})"), "s.json", planar());
  ASSERT_EQ(doc.states.size(), 2u);
  EXPECT_TRUE(doc.states[0].f_ext.empty());
  ASSERT_EQ(doc.states[1].f_ext.size(), 2u);
  EXPECT_EQ(doc.states[1].f_ext[0].frame, "link1");  // ordered by frame name
  Vec6<double> expected;
  expected << 0, 0, -1, 0, 0, 0.5;
  EXPECT_EQ(doc.states[1].f_ext[0].wrench, expected);
  EXPECT_EQ(doc.states[1].f_ext[1].frame, "tool");
  expected << 1, 2, 3, 4, 5, 6;
  EXPECT_EQ(doc.states[1].f_ext[1].wrench, expected);
  EXPECT_TRUE(parse_states(state_with("{}"), "s.json", planar()).states[1].f_ext.empty());
}

TEST(StatesFExt, BadWrenchesNameTheStateFrameAndEntry) {
  test::expect_refusals(error_of, {
      {state_with(R"({"hand": [1, 2, 3, 4, 5, 6]})"), "s.json: states[1].f_ext.hand: unknown frame (frames: base, link1, link2, tool)"},
      {state_with(R"({"tool": [1, 2, 3, 4, 5]})"), "s.json: states[1].f_ext.tool: expected 6 values, got 5"},
      {state_with(R"({"tool": [1, 2, 3, 4, 5, 6, 7]})"), "s.json: states[1].f_ext.tool: expected 6 values, got 7"},
      {state_with(R"({"tool": [1, 2, "3", 4, 5, 6]})"), "s.json: states[1].f_ext.tool[2]: must be a number"},
      {state_with(R"({"tool": [1, 2, 3, 4, 5, 1e999]})"), "s.json: line 1, column 102: states[1].f_ext.tool[5]: the number 1e999 is too large for a double "
            "(numbers must be finite)"},
      {state_with(R"({"tool": 3})"), "s.json: states[1].f_ext.tool: must be an array of numbers"},
      {state_with(R"([1, 2, 3, 4, 5, 6])"), "s.json: states[1].f_ext: must be a JSON object of wrenches, {\"<frame>\": [fx, fy, fz, nx, ny, nz], ...}"}});
  // A frame name with control characters is shown escaped, on one line.
  EXPECT_EQ(error_of(state_with("{\"a\\nb\": [1, 2, 3, 4, 5, 6]}")),
            "s.json: states[1].f_ext.a\\nb: unknown frame (frames: base, link1, link2, tool)");
}

TEST(StatesFExt, WithoutAModelOnlyTheFormIsChecked) {
  const StatesDocument doc = parse_states(state_with(R"({"hand": [1, 2, 3, 4, 5, 6]})"), "s.json", 2);
  ASSERT_EQ(doc.states[1].f_ext.size(), 1u);
  EXPECT_EQ(doc.states[1].f_ext[0].frame, "hand");
  EXPECT_THROW(parse_states(state_with(R"({"hand": [1, 2]})"), "s.json", 2), InputError);
}

}  // namespace states_f_ext_test
}  // namespace armdyn
