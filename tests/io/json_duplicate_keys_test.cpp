// A key given twice in one JSON object is refused by every reader (the parser is shared), naming
// the file and the key's path: neither of the two values wins silently.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/armdyn.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/dh_json.hpp"
#include "armdyn/io/states.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/io/text_file.hpp"
#include "support/refusal.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace json_duplicate_keys_test {

using test::refusal;

TEST(JsonDuplicateKeys, AreRefusedNamingTheKeyPath) {
  EXPECT_EQ(refusal([] { parse_states(R"({"states": [{"q": [1], "v": [0]}], "states": []})", "s.json", 1); }),
            "s.json: states: the key appears twice in its object (each key once)");
  EXPECT_EQ(refusal([] { parse_states(R"({"states": [{"q": [1], "v": [0], "q": [2]}]})", "s.json", 1); }),
            "s.json: states[0].q: the key appears twice in its object (each key once)");
  // Keys are compared exactly, escapes decoded: "q" and "\u0071" are one key, "Q" another.
  EXPECT_EQ(refusal([] { parse_states(R"({"states": [{"q": [1], "v": [0], "\u0071": [2]}]})", "s.json", 1); }),
            "s.json: states[0].q: the key appears twice in its object (each key once)");
  EXPECT_EQ(refusal([] { parse_states(R"({"states": [{"q": [1], "v": [0], "Q": [2]}]})", "s.json", 1); }), "");
  // The same key in two objects is no repetition.
  EXPECT_EQ(refusal([] { parse_states(R"({"states": [{"q": [1], "v": [0]}, {"q": [2], "v": [0]}]})", "s.json", 1); }), "");
  // Other readers: a model, drives, a task.
  EXPECT_NE(refusal([] { load_dh_json_string(R"({"name": "a", "name": "b", "joints": []})", "m.json"); })
                .find("m.json: name: the key appears twice"),
            std::string::npos);
  const Model puma = load_model("puma560");
  const std::string actuators = read_text(std::string(ARMDYN_EXAMPLES_DIR) + "/puma560_illustrative_motors.json");
  ASSERT_NO_THROW(parse_actuators(actuators, "a.json", puma));
  std::string twice = actuators;
  twice.insert(twice.find("\"joint2\""), "\"joint1\": {\"gear_ratio\": 2},\n  ");
  EXPECT_EQ(refusal([&] { parse_actuators(twice, "a.json", puma); }),
            "a.json: joints.joint1: the key appears twice in its object (each key once)");
  EXPECT_NE(refusal([] { parse_task(R"({"start": [0], "start": [1]})", "t.json", 1); }).find("t.json: start: the key appears twice"),
            std::string::npos);
}

}  // namespace json_duplicate_keys_test
}  // namespace armdyn
