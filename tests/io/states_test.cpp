// The STATES reader (armdyn/io/states.hpp): what a valid document gives, and every bad input an
// InputError naming the file, the state's index and the field.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/states.hpp"
#include "armdyn/model/builder.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace states_test {

// The error parse_states gives for `text` (a 3-joint model, the file "s.json"), or "" if none.
std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_states(text, "s.json", 3); });
}

TEST(States, ReadsGravityStatesAndTheOptionalAAndTau) {
  const StatesDocument doc = parse_states(
      R"({"gravity": [0, 0, -9.8], "note": "ignored",
          "states": [{"q": [1, 2, 3], "v": [4, 5, 6], "a": [7, 8, 9], "tau": [-1, -2, -3], "expected": {}},
                     {"q": [0.5, 0, 0], "v": [0, 0, 0]},
                     {"q": [0, 0, 0], "v": [0, 0, 0], "a": [1, 1, 1]}]})",
      "s.json", 3);
  ASSERT_TRUE(doc.gravity.has_value());
  EXPECT_EQ(*doc.gravity, Vec3<double>(0, 0, -9.8));
  ASSERT_EQ(doc.states.size(), 3u);
  EXPECT_EQ(doc.states[0].q, Vec3<double>(1, 2, 3));
  EXPECT_EQ(doc.states[0].v, Vec3<double>(4, 5, 6));
  ASSERT_TRUE(doc.states[0].a && doc.states[0].tau);
  EXPECT_EQ(*doc.states[0].a, Vec3<double>(7, 8, 9));
  EXPECT_EQ(*doc.states[0].tau, Vec3<double>(-1, -2, -3));
  EXPECT_EQ(doc.states[1].q[0], 0.5);
  EXPECT_FALSE(doc.states[1].a);
  EXPECT_FALSE(doc.states[1].tau);
  EXPECT_TRUE(doc.states[2].a);
  EXPECT_FALSE(doc.states[2].tau);
  EXPECT_FALSE(parse_states(R"({"states": []})", "s.json", 3).gravity.has_value());
}

TEST(States, MissingQOrVNamesTheStateAndField) {
  test::expect_refusals(error_of, {
      {R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0]}, {"v": [0, 0, 0]}]})", "s.json: states[1].q: missing (every state needs q and v)"},
      {R"({"states": [{"q": [0, 0, 0], "vel": [0, 0, 0]}]})", "s.json: states[0].v: missing (every state needs q and v)"},
      {R"({"state": []})", "s.json: states: missing (expected an array of states)"},
      {R"({"states": {}})", "s.json: states: must be an array of states"},
      {R"({"states": [[0, 0, 0]]})", "s.json: states[0]: must be a JSON object"},
      {"[]", "s.json: document: must be a JSON object"}});
}

TEST(States, WrongLengthNamesTheStateAndField) {
  test::expect_refusals(error_of, {
      {R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0]}, {"q": [0, 0, 0], "v": [0, 0]}]})", "s.json: states[1].v: expected 3 values, got 2"},
      {R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0], "a": [0, 0, 0, 0]}]})", "s.json: states[0].a: expected 3 values, got 4"},
      {R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0], "tau": 1}]})", "s.json: states[0].tau: must be an array of numbers"}});
}

TEST(States, NonNumberNamesTheEntry) {
  EXPECT_EQ(error_of(R"({"states": [{"q": [0, "1", 0], "v": [0, 0, 0]}]})"), "s.json: states[0].q[1]: must be a number");
  EXPECT_EQ(error_of(R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0], "a": [0, 0, null]}]})"),
            "s.json: states[0].a[2]: must be a number");
}

// JSON has no NaN or infinity: the literals are syntax errors and a number too large for a double
// overflows; both are refused with the line, column and field.
TEST(States, NanAndInfinityAreRefusedNamingTheField) {
  EXPECT_EQ(error_of("{\"states\": [{\"q\": [0, 0, 0], \"v\": [0, 0, 0]},\n {\"q\": [0, NaN, 0], \"v\": [0, 0, 0]}]}"),
            "s.json: line 2, column 12: states[1].q[1]: not valid JSON");
  EXPECT_EQ(error_of(R"({"states": [{"q": [0, 0, 0], "v": [0, 0, Infinity]}]})"),
            "s.json: line 1, column 42: states[0].v[2]: not valid JSON");
  for (const std::string big : {"1e999", "-1e999"})
    EXPECT_EQ(error_of(R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0], "tau": [0, )" + big + "]}]}"),
              "s.json: line 1, column 57: states[0].tau[1]: the number " + big +
                  " is too large for a double (numbers must be finite)");
}

TEST(States, BadGravityIsNamed) {
  const std::string state = R"({"q": [0, 0, 0], "v": [0, 0, 0]})";
  EXPECT_EQ(error_of(R"({"gravity": [0, -9.81], "states": [)" + state + "]}"),
            "s.json: gravity: expected 3 values, got 2");
  EXPECT_EQ(error_of(R"({"gravity": [0, "down", 0], "states": [)" + state + "]}"),
            "s.json: gravity[1]: must be a number");
  EXPECT_EQ(error_of(R"({"gravity": [0, 0, 1e400], "states": [)" + state + "]}").find("s.json: line 1, column "), 0u);
  EXPECT_NE(error_of(R"({"gravity": [0, 0, 1e400], "states": [)" + state + "]}").find("gravity[2]: the number 1e400"),
            std::string::npos);
}

TEST(States, SyntaxErrorNamesTheLine) {
  const std::string what = error_of("{\"states\": [\n{\"q\": [0, 0, 0] \"v\": [0, 0, 0]}]}");
  EXPECT_EQ(what.rfind("s.json: line 2, column ", 0), 0u) << what;
  EXPECT_NE(what.find("states[0]: not valid JSON"), std::string::npos) << what;
}

TEST(States, ReadStatesNamesAMissingFile) {
  try {
    read_states("/no/such/dir/states.json", 3);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/no/such/dir/states.json: cannot read file (no such file)");
  }
}

// Every number of a state keeps the magnitude rule of URDF numbers (finite, within 1e50, not
// subnormal), so that v^2 times an inertia stays finite; a quaternion joint's four numbers are
// exempt (any finite size: only their ratios count), zero only if all four are exactly zero.
TEST(States, NumbersKeepTheMagnitudeRuleButQuaternionsAnySize) {
  test::expect_refusals(error_of, {
      {R"({"states": [{"q": [0, 0, 0], "v": [1e300, 0, 0]}]})", "s.json: states[0].v[0]: must be at most 1e50 in magnitude, got 1e+300"},
      {R"({"states": [{"q": [0, 0, -1e-320], "v": [0, 0, 0]}]})", "s.json: states[0].q[2]: must be 0 or at least 2.2250738585072014e-308 in magnitude (a subnormal number), "
            "got -1e-320"},
      {R"({"gravity": [0, 0, -1e51], "states": [{"q": [0, 0, 0], "v": [0, 0, 0]}]})", "s.json: gravity[2]: must be at most 1e50 in magnitude, got -1e+51"}});
  ModelBuilder b("test", "ball");
  CompoundJointSpec ball;
  ball.name = "ball";
  ball.euler = "quaternion";
  b.add_link("base", ball, "b", LinkInertial{1, Vec3<double>(0.1, 0, 0), Vec3<double>(0.01, 0.02, 0.03).asDiagonal(), ""});
  const Model m = b.build();
  const auto q_of = [&](const std::string& q) {
    return parse_states(R"({"states": [{"q": [)" + q + R"(], "v": [0, 0, 0]}]})", "s.json", m).states[0].q;
  };
  EXPECT_EQ(q_of("1e300, 0, -1e-320, 0"), Eigen::Vector4d(1e300, 0, -1e-320, 0));
  try {
    q_of("0, 0, 0, 0");
    ADD_FAILURE() << "a zero quaternion was taken";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "s.json: states[0].q[0]: a quaternion joint's four numbers (w, x, y, z) are all zero");
  }
}

}  // namespace states_test
}  // namespace armdyn
