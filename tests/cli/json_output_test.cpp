// Every JSON document armdyn prints parses, whatever the names in the model: JsonWriter escapes
// per RFC 8259 and turns bytes that are not UTF-8 into U+FFFD; names that are not UTF-8 are
// refused at load (exit 2, one stderr line naming the element). `info --json` and `eval` are run
// as processes on models whose names hold quotes, backslashes, tabs, newlines, NUL, U+2028 and
// valid non-ASCII text, and their output is parsed with nlohmann::json.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "json_writer.hpp"
#include "support/cli_process.hpp"

namespace armdyn {
namespace {

using nlohmann::json;

// --- JsonWriter -------------------------------------------------------------------------------

std::string written(const std::string& s) {
  cli::JsonWriter w;
  w.begin_object().key(s).value(s).end_object();
  return w.str();
}

TEST(JsonWriter, EveryAsciiCharacterRoundTrips) {
  std::string all;
  for (int c = 0; c < 0x80; ++c) all += static_cast<char>(c);
  const json doc = json::parse(written(all));
  ASSERT_EQ(doc.size(), 1u);
  EXPECT_EQ(doc.begin().key(), all);
  EXPECT_EQ(doc.begin().value(), all);
  EXPECT_EQ(written("a\"b\\c\td\ne\x01"), "{\"a\\\"b\\\\c\\td\\ne\\u0001\": \"a\\\"b\\\\c\\td\\ne\\u0001\"}\n");
}

TEST(JsonWriter, ValidUtf8IsKeptAndLineSeparatorsEscaped) {
  const std::string text = "\xC3\x84rm \xE2\x80\x94 \xF0\x9F\xA4\x96 \xE2\x80\xA8 \xE2\x80\xA9";
  const std::string out = written(text);
  EXPECT_EQ(json::parse(out).begin().value(), text);
  EXPECT_NE(out.find("\xC3\x84rm \xE2\x80\x94 \xF0\x9F\xA4\x96 \\u2028 \\u2029"), std::string::npos) << out;
}

TEST(JsonWriter, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  const std::string replacement = "\xEF\xBF\xBD";
  for (const auto& [bad, expected] : std::vector<std::pair<std::string, std::string>>{
           {"a\xFF" "b", "a" + replacement + "b"},
           {"\xC3", replacement},                                       // truncated
           {"\xC0\xAF", replacement + replacement},                     // overlong '/'
           {"\xED\xA0\x80", replacement + replacement + replacement},  // a surrogate
           {"\xF4\x90\x80\x80", replacement + replacement + replacement + replacement},  // above U+10FFFF
           {"\x80\xC3\x84", replacement + "\xC3\x84"}}) {
    const std::string out = written(bad);
    json doc;
    ASSERT_NO_THROW(doc = json::parse(out)) << testing::PrintToString(out);
    EXPECT_EQ(doc.begin().value(), expected) << testing::PrintToString(bad);
  }
}

// --- the tool -----------------------------------------------------------------------------------

using JsonOutput = test::CliProcess;

// A one-joint URDF with the given (already XML-escaped) names.
std::string urdf(const std::string& robot, const std::string& joint, const std::string& link) {
  return "<robot name=\"" + robot + "\"><link name=\"base\"/>"
         "<joint name=\"" + joint + "\" type=\"continuous\"><parent link=\"base\"/><child link=\"" + link +
         "\"/><axis xyz=\"0 0 1\"/></joint><link name=\"" + link +
         "\"><inertial><origin xyz=\"0.1 0 0\"/><mass value=\"1\"/>"
         "<inertia ixx=\"0.01\" iyy=\"0.02\" izz=\"0.02\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial></link></robot>";
}

const char* kState = "{\"states\": [{\"q\": [0.3], \"v\": [0.1], \"a\": [0.2], \"tau\": [0.5]}]}";

TEST_F(JsonOutput, InfoAndEvalParseWithHostileUrdfNames) {
  const std::string model = file("names.urdf", urdf("say &quot;hi&quot; \\ tab&#9;nl&#10;cr&#13;end \xC3\x84rm \xF0\x9F\xA4\x96",
                                                     "j &quot;1&quot;&#9;\\", "l&#10;1 */"));
  const test::CliResult info = run({"info", "--json", model});
  ASSERT_EQ(info.status, 0) << info.err;
  json doc;
  ASSERT_NO_THROW(doc = json::parse(info.out)) << info.out;
  EXPECT_EQ(doc["name"], "say \"hi\" \\ tab\tnl\ncr\rend \xC3\x84rm \xF0\x9F\xA4\x96");
  EXPECT_EQ(doc["joints"][0]["name"], "j \"1\"\t\\");
  EXPECT_EQ(doc["bodies"][0]["name"], "l\n1 */");
  const test::CliResult eval = run({"eval", model, file("states.json", kState)});
  ASSERT_EQ(eval.status, 0) << eval.err;
  ASSERT_NO_THROW(doc = json::parse(eval.out)) << eval.out;
  EXPECT_EQ(doc["model"], "say \"hi\" \\ tab\tnl\ncr\rend \xC3\x84rm \xF0\x9F\xA4\x96");
  EXPECT_EQ(doc["joints"][0], "j \"1\"\t\\");
}

// JSON models reach every code point, NUL and the line separators included.
TEST_F(JsonOutput, InfoParsesWithControlCharactersFromAJsonModel) {
  const std::string model = file("names.json", R"({"name": "nul\u0000 us\u001f del\u007f ls\u2028 \"q\" \\",
    "convention": "modified",
    "links": [{"name": "tab\there", "joint": "nl\nhere", "type": "revolute", "a": 0, "alpha": 0, "d": 0, "theta": 0,
               "mass": 1, "com": [0.1, 0, 0], "inertia": {"ixx": 0.01, "iyy": 0.02, "izz": 0.02}}]})");
  const test::CliResult info = run({"info", "--json", model});
  ASSERT_EQ(info.status, 0) << info.err;
  json doc;
  ASSERT_NO_THROW(doc = json::parse(info.out)) << info.out;
  EXPECT_EQ(doc["name"], std::string("nul") + '\0' + " us\x1f del\x7f ls\xE2\x80\xA8 \"q\" \\");
  EXPECT_EQ(doc["joints"][0]["name"], "nl\nhere");
  EXPECT_EQ(doc["bodies"][0]["name"], "tab\there");
}

// Names that are not UTF-8 are refused at load, naming the element; before, they were copied into
// the output, which then was not JSON.
TEST_F(JsonOutput, NamesThatAreNotUtf8AreRefused) {
  for (const auto& [model, message] : std::vector<std::pair<std::string, std::string>>{
           {urdf("r", "j1", "link\xFF"), "link 'link\\xFF': name: is not valid UTF-8"},
           {urdf("r", "j\xC3(", "l1"), "joint 'j\\xC3(': name: is not valid UTF-8"},
           {urdf("r\xED\xA0\x80", "j1", "l1"), "model 'r\\xED\\xA0\\x80': name: is not valid UTF-8"}}) {
    const std::string path = file("bad.urdf", model);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"info", "--json", path}, {"eval", path, file("states.json", kState)}}) {
      const test::CliResult r = run(args);
      EXPECT_EQ(r.status, 2) << r.out;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(r.err, path + ": " + message + "\n");
    }
  }
}

// A file name is not checked (paths are bytes), so the writer makes it valid.
TEST_F(JsonOutput, SourcePathThatIsNotUtf8StillGivesJson) {
  const std::string model = file("arm\xFF.urdf", urdf("r", "j1", "l1"));
  const test::CliResult info = run({"info", "--json", model});
  ASSERT_EQ(info.status, 0) << info.err;
  json doc;
  ASSERT_NO_THROW(doc = json::parse(info.out)) << info.out;
  EXPECT_EQ(doc["source"], path("arm\xEF\xBF\xBD.urdf"));
}

}  // namespace
}  // namespace armdyn
