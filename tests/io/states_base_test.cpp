// A state's prescribed base motion in a STATES document (io/states.hpp): "base": {"v", "a"},
// six numbers each ([linear; angular], base axes), either omitted = zero; malformed ones are
// refused naming the field.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/states.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace states_base_test {

std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_states(text, "s.json", 2); }, "accepted");
}

TEST(StatesBase, ParsesVelocityAndAcceleration) {
  const StatesDocument doc = parse_states(R"({"states": [
      {"q": [0, 0], "v": [0, 0], "base": {"v": [1, 2, 3, 4, 5, 6], "a": [-1, -2, -3, -4, -5, -6]}},
      {"q": [0, 0], "v": [0, 0], "base": {"a": [0, 0, 9.81, 0, 0, 0]}},
      {"q": [0, 0], "v": [0, 0]}]})",
                                          "s.json", 2);
  ASSERT_EQ(doc.states.size(), 3u);
  ASSERT_TRUE(doc.states[0].base);
  EXPECT_EQ(doc.states[0].base->v, (Vec6<double>() << 1, 2, 3, 4, 5, 6).finished());
  EXPECT_EQ(doc.states[0].base->a, (Vec6<double>() << -1, -2, -3, -4, -5, -6).finished());
  ASSERT_TRUE(doc.states[1].base);
  EXPECT_EQ(doc.states[1].base->v, Vec6<double>::Zero());
  EXPECT_EQ(doc.states[1].base->a[2], 9.81);
  EXPECT_FALSE(doc.states[2].base);
}

TEST(StatesBase, MalformedBaseNamesTheField) {
  const std::string head = R"({"states": [{"q": [0, 0], "v": [0, 0], "base": )";
  const std::pair<std::string, std::string> cases[] = {
      {head + "[1, 2]}]}", "s.json: states[0].base"},
      {head + R"({"v": [1, 2, 3]}}]})", "s.json: states[0].base.v"},
      {head + R"({"a": [1, 2, 3, 4, 5, "x"]}}]})", "s.json: states[0].base.a[5]"},
      {head + R"({"w": [1, 2, 3, 4, 5, 6]}}]})", "s.json: states[0].base"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string message = error_of(text);
    EXPECT_NE(message.find(expected), std::string::npos) << text << "\n" << message;
  }
}

}  // namespace states_base_test
}  // namespace armdyn
