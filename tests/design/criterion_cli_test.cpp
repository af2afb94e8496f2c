// `armdyn criterion` (docs/design.md): the JSON document's shape and values for the designs of
// [VP] Fig. 5.38, r given directly, as ±inf and through --c, the computed Fig. 5.4 table, and bad
// numbers refused with one stderr line naming the option, exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "armdyn/design/criterion.hpp"
#include "support/cli_process.hpp"

namespace armdyn {
namespace criterion_cli_test {

using CriterionCli = test::CliProcess;
using nlohmann::json;

const std::vector<std::string> kScale = {"criterion", "--T0", "10", "--T1", "5", "--E0", "100", "--E1", "50"};

std::vector<std::string> with(std::vector<std::string> extra) {
  std::vector<std::string> args = kScale;
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST_F(CriterionCli, JsonShapeAndValues) {
  const test::CliResult r = run(with({"--r", "-0.7203", "5.5", "95", "9.9", "51", "--json"}));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const json j = json::parse(r.out);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.size(), 4u);
  ASSERT_EQ(j.at("designs").size(), 2u);
  for (const json& d : j.at("designs")) {
    EXPECT_EQ(d.size(), 5u);
    for (const char* key : {"T", "E", "G_t", "G_e", "G"}) EXPECT_TRUE(d.at(key).is_number()) << key;
  }
  const json& first = j.at("designs")[0];
  EXPECT_EQ(first.at("T").get<double>(), 5.5);
  EXPECT_EQ(first.at("E").get<double>(), 95);
  EXPECT_NEAR(first.at("G_t").get<double>(), 0.9, 1e-15);
  EXPECT_NEAR(first.at("G_e").get<double>(), 0.1, 1e-15);
  EXPECT_NEAR(first.at("G").get<double>(), 0.202, 5e-5);             // Fig. 5.39, manipulator 1
  EXPECT_NEAR(j.at("designs")[1].at("G").get<double>(), 0.0482, 5e-5);  // manipulator 6
  EXPECT_EQ(j.at("r").get<double>(), -0.7203);
  EXPECT_NEAR(j.at("c").get<double>(), 0.75, 5e-5);
  EXPECT_NEAR(j.at("c").get<double>() + j.at("d").get<double>(), 1, 1e-15);
}

TEST_F(CriterionCli, InfiniteExponentsAreStringsAndConjunctionDegreeGivesR) {
  for (const auto& [arg, name, G] : std::vector<std::tuple<std::string, std::string, double>>{
           {"inf", "inf", 0.9}, {"-inf", "-inf", 0.1}}) {
    const test::CliResult r = run(with({"--r", arg, "5.5", "95", "--json"}));
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j.at("r"), name);
    EXPECT_EQ(j.at("designs")[0].at("G").get<double>(), G);
    EXPECT_EQ(j.at("c").get<double>(), name == "inf" ? 0 : 1);
  }
  const test::CliResult c = run(with({"--c", "0.25", "--wt", "0.9", "5.5", "95", "--json"}));
  ASSERT_EQ(c.status, 0) << c.err;
  const json j = json::parse(c.out);
  EXPECT_NEAR(j.at("r").get<double>(), 3.9293, 5e-5);
  EXPECT_EQ(j.at("c").get<double>(), 0.25);
  EXPECT_EQ(j.at("d").get<double>(), 0.75);
  EXPECT_NEAR(j.at("designs")[0].at("G").get<double>(), 0.8762, 5e-5);  // Fig. 5.40, w_t = 0.9
}

TEST_F(CriterionCli, TableIsFig54Computed) {
  const test::CliResult r = run({"criterion", "--table", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json t = json::parse(r.out).at("table");
  ASSERT_EQ(t.size(), 17u);
  EXPECT_EQ(t[0].at("r"), "-inf");
  EXPECT_EQ(t[16].at("r"), "inf");
  EXPECT_EQ(t[8].at("r").get<double>(), 1);
  EXPECT_NEAR(t[3].at("r").get<double>(), -1.6548, 5e-5);
  EXPECT_NEAR(t[15].at("r").get<double>(), 20.6303, 5e-5);
  for (std::size_t k = 0; k < t.size(); ++k) {
    EXPECT_EQ(t[k].at("c").get<double>(), (16 - static_cast<double>(k)) / 16);
    EXPECT_NEAR(t[k].at("d").get<double>(), static_cast<double>(k) / 16, 1e-12);
  }
  const test::CliResult text = run({"criterion", "--table"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("0.8125  0.1875  -1.6548"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("0.0625  0.9375  20.6303"), std::string::npos) << text.out;
}

TEST_F(CriterionCli, BadInputNamesTheOption) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"criterion", "--T0", "ten", "--T1", "5", "--E0", "100", "--E1", "50", "--r", "1", "6", "90"}, "--T0"},
      {{"criterion", "--T0", "10", "--T1", "5", "--E0", "100", "--E1", "nan", "--r", "1", "6", "90"}, "--E1"},
      {{"criterion", "--T0", "5", "--T1", "10", "--E0", "100", "--E1", "50", "--r", "1", "6", "90"}, "--T0"},
      {with({"--r", "1", "--wt", "1.5", "6", "90"}), "--wt"},
      {with({"--r", "fast", "6", "90"}), "--r"},
      {with({"--r", "1e999", "6", "90"}), "--r"},
      {with({"--c", "1.2", "6", "90"}), "--c"},
      {with({"--c", "inf", "6", "90"}), "--c"},
      {with({"--r", "1", "6"}), "pairs"},
      {with({"--r", "1", "6", "lots"}), "design 1: E"},
      {with({"--r", "1", "6", "-90"}), "design 1: E"},
      {with({"6", "90"}), "--r"},
      {{"criterion", "--T0", "10", "--r", "1", "6", "90"}, "--T1"},
      {{"criterion", "--table", "6", "90"}, "--table"}};
  for (const auto& [args, name] : cases) {
    const test::CliResult r = run(args);
    EXPECT_EQ(r.status, 2) << name << ": " << r.out;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_NE(r.err.find(name), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << name;
  }
}

}  // namespace criterion_cli_test
}  // namespace armdyn
