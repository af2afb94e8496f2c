// The `armdyn` tool run as a process (stdout and stderr captured to files): the eval contract
// reproduces the reference values of tests/data/reference, every bad input gives empty stdout,
// one stderr line and exit status 2, and info, demo and --help behave.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/dynamics/formulations/registry.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/cli_process.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace cli_test {

using nlohmann::json;
namespace fs = std::filesystem;

using Result = test::CliResult;
using test::quote;
using test::read_file;

using Cli = test::CliProcess;

std::string model_path(const std::string& name) { return test::data_path("models/" + name); }
std::string kUr5Model() { return model_path("ur5.urdf"); }
std::string reference_path(const std::string& name) { return test::data_path("reference/" + name + ".json"); }

// The numbers of a JSON array (of arrays), flattened row by row.
void flatten(const json& j, std::vector<double>& out) {
  if (j.is_array())
    for (const json& x : j) flatten(x, out);
  else
    out.push_back(j.get<double>());
}

// max |got - expected| / max(max |expected|, 1), or infinity when the shapes differ.
double rel_diff(const json& got, const json& expected) {
  std::vector<double> a, b;
  flatten(got, a);
  flatten(expected, b);
  if (a.size() != b.size() || got.size() != expected.size()) return std::numeric_limits<double>::infinity();
  double diff = 0, scale = 1;
  for (std::size_t k = 0; k < a.size(); ++k) {
    diff = std::max(diff, std::abs(a[k] - b[k]));
    scale = std::max(scale, std::abs(b[k]));
  }
  return diff / scale;
}

// A state of n zeros except for the given entries, as a JSON object text.
std::string zero_state(int n) {
  std::string z = "[";
  for (int k = 0; k < n; ++k) z += k ? ",0" : "0";
  z += "]";
  return "{\"q\": " + z + ", \"v\": " + z + ", \"a\": " + z + ", \"tau\": " + z + "}";
}

// --- eval: the contract -----------------------------------------------------------------------

class CliReference : public Cli, public ::testing::WithParamInterface<std::pair<std::string, std::string>> {};

TEST_P(CliReference, EvalReproducesEveryExpectedEntry) {
  const auto& [name, frame] = GetParam();
  const json ref = json::parse(read_file(reference_path(name)));
  ASSERT_EQ(ref["frame"], frame);
  const Result r = run({"eval", model_path(ref["model"]), reference_path(name), "--frame", frame});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const json out = json::parse(r.out);
  EXPECT_EQ(out["dof"], ref["joints"].size());
  EXPECT_EQ(out["joints"], ref["joints"]);
  EXPECT_EQ(out["frame"], frame);
  EXPECT_TRUE(out["model"].is_string());
  ASSERT_EQ(out["results"].size(), ref["expected"].size());
  for (std::size_t s = 0; s < ref["expected"].size(); ++s) {
    const json& got = out["results"][s];
    const json& ex = ref["expected"][s];
    EXPECT_EQ(got.size(), 6u);
    for (const char* key : {"tau", "M", "c", "g", "qdd", "pose"})
      EXPECT_LT(rel_diff(got[key], ex[key]), 1e-9) << name << " state " << s << " " << key;
    const json& M = got["M"];
    for (std::size_t r = 0; r < M.size(); ++r)
      for (std::size_t c = 0; c < M.size(); ++c) EXPECT_EQ(M[r][c], M[c][r]) << "M must be symmetric";
  }
}

INSTANTIATE_TEST_SUITE_P(Models, CliReference,
                         ::testing::Values(std::make_pair(std::string("ur5"), std::string("tool0")),
                                           std::make_pair(std::string("panda"), std::string("panda_hand_tcp"))));

TEST_F(Cli, EvalAcceptsABuiltinModelName) {
  // planar2r ([Craig] §6.7, l1 = 1, l2 = 0.5, point masses m1 = 2, m2 = 1 at the link ends),
  // stretched out horizontally: g = ((m1 l1 + m2 (l1 + l2)) g0, m2 l2 g0).
  const std::string states = file("s.json", "{\"states\": [" + zero_state(2) + "]}");
  const Result r = run({"eval", "planar2r", states, "--frame", "tool"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["model"], "planar2r");
  EXPECT_EQ(out["dof"], 2);
  const json& res = out["results"][0];
  EXPECT_NEAR(res["g"][0].get<double>(), 3.5 * 9.81, 1e-12);
  EXPECT_NEAR(res["g"][1].get<double>(), 0.5 * 9.81, 1e-12);
  EXPECT_NEAR(res["tau"][0].get<double>(), 3.5 * 9.81, 1e-12);  // a = v = 0: tau = g
  EXPECT_NEAR(res["pose"][0][3].get<double>(), 1.5, 1e-12);     // the tool at l1 + l2
  EXPECT_NEAR(res["M"][1][1].get<double>(), 0.25, 1e-12);       // m2 l2^2
}

TEST_F(Cli, EvalUsesTheFilesGravityOrElseTheModels) {
  const std::string none = file("none.json", "{\"states\": [" + zero_state(2) + "]}");
  const std::string zero = file("zero.json", "{\"gravity\": [0, 0, 0], \"states\": [" + zero_state(2) + "]}");
  const Result a = run({"eval", "planar2r", none});
  const Result b = run({"eval", "planar2r", zero});
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_NEAR(json::parse(a.out)["results"][0]["g"][1].get<double>(), 0.5 * 9.81, 1e-12);
  EXPECT_EQ(json::parse(b.out)["results"][0]["g"][1].get<double>(), 0.0);
}

TEST_F(Cli, EvalDefaultFrameIsTheLastBody) {
  const Result last = run({"eval", model_path("ur5.urdf"), reference_path("ur5")});
  const Result named = run({"eval", model_path("ur5.urdf"), reference_path("ur5"), "--frame", "wrist_3_link"});
  ASSERT_EQ(last.status, 0) << last.err;
  ASSERT_EQ(named.status, 0) << named.err;
  EXPECT_EQ(json::parse(last.out)["frame"], "wrist_3_link");
  EXPECT_EQ(last.out, named.out);
}

TEST_F(Cli, EvalWithCoriolisAndEnergy) {
  // Craig's 2R arm at the worked numeric instance: C v = c - g, T = 1/2 v^T M v, and the
  // potential energy -sum m_i g.c_i with both point masses at height sin(q1), sin(q1) + ...
  const std::string states =
      file("s.json", R"({"states": [{"q": [0.3, 0.8], "v": [0.7, -1.1], "a": [1, 2], "tau": [0, 0]}]})");
  const Result r = run({"eval", "planar2r", states, "--with", "coriolis,energy"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  const json& res = out["results"][0];
  const double v0 = 0.7, v1 = -1.1;
  for (int i = 0; i < 2; ++i) {
    const double Cv = res["C"][i][0].get<double>() * v0 + res["C"][i][1].get<double>() * v1;
    EXPECT_NEAR(Cv, res["c"][i].get<double>() - res["g"][i].get<double>(), 1e-12);
  }
  const json& M = res["M"];
  const double T = 0.5 * (M[0][0].get<double>() * v0 * v0 + 2 * M[0][1].get<double>() * v0 * v1 +
                          M[1][1].get<double>() * v1 * v1);
  EXPECT_NEAR(res["kinetic"].get<double>(), T, 1e-12);
  const double h1 = std::sin(0.3), h2 = h1 + 0.5 * std::sin(1.1);  // heights of m1 = 2, m2 = 1
  EXPECT_NEAR(res["potential"].get<double>(), 9.81 * (2 * h1 + 1 * h2), 1e-12);
  // Without --with, no extra keys; an unknown quantity is bad input.
  EXPECT_FALSE(json::parse(run({"eval", "planar2r", states}).out)["results"][0].contains("C"));
  const Result bad = run({"eval", "planar2r", states, "--with", "momentum"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(bad.out.empty());
  EXPECT_EQ(bad.err_lines(), 1);
}

TEST_F(Cli, EvalForwardDynamicsRoutesAgree) {
  std::vector<json> qdd;
  for (const char* route : {"crba", "aba", "walker-orin"}) {
    const Result r = run({"eval", kUr5Model(), reference_path("ur5"), "--method-fd", route});
    ASSERT_EQ(r.status, 0) << route << ": " << r.err;
    qdd.push_back(json::parse(r.out)["results"][3]["qdd"]);
  }
  EXPECT_LT(rel_diff(qdd[1], qdd[0]), 1e-10);
  EXPECT_LT(rel_diff(qdd[2], qdd[0]), 1e-10);
  EXPECT_EQ(run({"eval", kUr5Model(), reference_path("ur5"), "--method-fd", "euler"}).status, 2);
}

TEST_F(Cli, CheckPassesOnSoundModelsAndNamesEveryFormulation) {
  for (const std::string& model : std::vector<std::string>{"puma560", "stanford", kUr5Model()}) {
    const Result r = run({"check", model, "--states", "3"});
    EXPECT_EQ(r.status, 0) << model << r.out << r.err;
    for (const char* name : {"newton-euler", "lagrange", "recursive-lagrange", "gibbs-appell", "gauss", "appel",
                             "general-theorems", "walker-orin", "Mdot - 2C skew", "dE/dt = v . tau"})
      EXPECT_NE(r.out.find(name), std::string::npos) << model << ": " << name;
    EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  }
  const Result bad = run({"check", "puma560", "--states", "0"});
  EXPECT_EQ(bad.status, 2);
}

TEST_F(Cli, EvalMethodRneaIsTheDefault) {
  const Result a = run({"eval", "puma560", file("s.json", "{\"states\": [" + zero_state(6) + "]}")});
  const Result b = run({"eval", "puma560", dir_.string() + "/s.json", "--method", "rnea"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST_F(Cli, EvalEveryMethodReproducesTheReferenceTau) {
  const json ref = json::parse(read_file(reference_path("ur5")));
  ASSERT_FALSE(formulations().empty());
  EXPECT_EQ(formulations().front().name, "rnea");
  for (const FormulationInfo& method : formulations()) {
    const Result r = run({"eval", kUr5Model(), reference_path("ur5"), "--frame", "tool0", "--method", method.name});
    ASSERT_EQ(r.status, 0) << method.name << ": " << r.err;
    const json out = json::parse(r.out);
    for (std::size_t s = 0; s < ref["expected"].size(); ++s)
      EXPECT_LT(rel_diff(out["results"][s]["tau"], ref["expected"][s]["tau"]), 1e-9) << method.name << " state " << s;
  }
}

TEST_F(Cli, EvalChainsOnlyMethodRefusesABranchingModel) {
  const FormulationInfo* chains_only = nullptr;
  for (const FormulationInfo& f : formulations())
    if (f.chains_only && !chains_only) chains_only = &f;
  if (!chains_only) GTEST_SKIP() << "every formulation handles trees";
  const std::string tree = model_path("branching_tree.urdf");
  const std::string states = file("s.json", "{\"states\": [" + zero_state(load_model(tree).dof) + "]}");
  EXPECT_EQ(run({"eval", tree, states}).status, 0);
  const Result r = run({"eval", tree, states, "--method", chains_only->name});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find(chains_only->name), std::string::npos) << r.err;
}

TEST_F(Cli, EvalPrintsSeventeenSignificantDigits) {
  const Result r = run({"eval", model_path("ur5.urdf"), reference_path("ur5"), "--frame", "tool0"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex number(R"(-?\d+(\.\d+)?([eE][-+]?\d+)?)");
  const std::string results = r.out.substr(r.out.find("\"results\""));
  int count = 0, seventeen = 0;
  for (auto it = std::sregex_iterator(results.begin(), results.end(), number); it != std::sregex_iterator(); ++it) {
    const std::string token = it->str();
    const double x = std::strtod(token.c_str(), nullptr);
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    EXPECT_EQ(token, buffer) << "not printed as %.17g";
    std::string mantissa = token.substr(0, token.find_first_of("eE"));
    std::string digits;
    for (char ch : mantissa)
      if (ch >= '0' && ch <= '9') digits += ch;
    digits.erase(0, digits.find_first_not_of('0'));
    EXPECT_LE(digits.size(), 17u) << token;
    seventeen += digits.size() == 17;
    ++count;
  }
  EXPECT_GT(count, 50 * (6 + 36 + 6 + 6 + 6 + 16) - 1);
  EXPECT_GT(seventeen, count / 2);  // round numbers (0, 1) print shorter; most do not
}

TEST_F(Cli, EvalIgnoresUnknownKeysButNotMissingOnes) {
  const std::string extra = file("x.json", "{\"comment\": 1, \"states\": [{\"q\": [0, 0], \"v\": [0, 0], \"a\": [0, 0], "
                                           "\"tau\": [0, 0], \"note\": \"hi\"}]}");
  EXPECT_EQ(run({"eval", "planar2r", extra}).status, 0);
  const std::string misspelt = file("m.json", "{\"states\": [{\"q\": [0, 0], \"vel\": [0, 0], \"a\": [0, 0], "
                                              "\"tau\": [0, 0]}]}");
  const Result r = run({"eval", "planar2r", misspelt});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("states[0].v"), std::string::npos) << r.err;
}

// --- eval: the error contract -----------------------------------------------------------------

struct BadCase {
  std::string name;
  std::string states;                // content of the STATES file ("" = use the ur5 reference file)
  std::vector<std::string> args;     // after "eval"; "@" stands for the STATES file
  std::vector<std::string> mention;  // substrings the stderr line must contain
};

std::ostream& operator<<(std::ostream& os, const BadCase& c) { return os << c.name; }

class CliBadInput : public Cli, public ::testing::WithParamInterface<BadCase> {};

TEST_P(CliBadInput, EmptyStdoutOneStderrLineExitTwo) {
  const BadCase& c = GetParam();
  const std::string states = c.states.empty() ? reference_path("ur5") : file("states.json", c.states);
  std::vector<std::string> args = {"eval"};
  for (const std::string& a : c.args) args.push_back(a == "@" ? states : a);
  const Result r = run(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.back(), '\n');
  for (const std::string& m : c.mention) EXPECT_NE(r.err.find(m), std::string::npos) << "'" << m << "' in: " << r.err;
}

const std::string kUr5 = test::data_path("models/ur5.urdf");
const std::string kZero6 = zero_state(6);

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadInput,
    ::testing::Values(
        BadCase{"MissingModelFile", "", {test::data_path("models/no_such.urdf"), "@"}, {"no_such.urdf"}},
        BadCase{"UnknownModel", "", {"not_a_model", "@"}, {"not_a_model"}},
        BadCase{"MissingStatesFile", "", {kUr5, test::data_path("reference/no_such.json")}, {"no_such.json"}},
        BadCase{"MalformedJson", "{\"states\": [\n" + kZero6 + ",\n{\"q\": [0,0,0,0,0,0] \"v\": []}]}", {kUr5, "@"},
                {"states.json", "line 3"}},
        BadCase{"WrongStateLength", "{\"states\": [" + kZero6 + ", " + kZero6 + ", {\"q\": [0,0,0,0,0], \"v\": [0,0,0,0,0,0], "
                "\"a\": [0,0,0,0,0,0], \"tau\": [0,0,0,0,0,0]}]}", {kUr5, "@"},
                {"states.json", "states[2].q", "expected 6 values, got 5"}},
        BadCase{"MissingQ", "{\"states\": [{\"v\": [0,0,0,0,0,0], \"a\": [0,0,0,0,0,0], \"tau\": [0,0,0,0,0,0]}]}",
                {kUr5, "@"}, {"states[0].q", "missing"}},
        BadCase{"MissingStates", "{\"state\": []}", {kUr5, "@"}, {"states"}},
        BadCase{"NotANumber", "{\"states\": [{\"q\": [0,0,0,0,0,\"x\"], \"v\": [0,0,0,0,0,0], \"a\": [0,0,0,0,0,0], "
                "\"tau\": [0,0,0,0,0,0]}]}", {kUr5, "@"}, {"states[0].q[5]"}},
        BadCase{"NonFiniteNumber", "{\"states\": [{\"q\": [0,0,1e999,0,0,0], \"v\": [0,0,0,0,0,0], \"a\": [0,0,0,0,0,0], "
                "\"tau\": [0,0,0,0,0,0]}]}", {kUr5, "@"}, {"states.json"}},
        BadCase{"BadGravity", "{\"gravity\": [0, -9.81], \"states\": [" + kZero6 + "]}", {kUr5, "@"}, {"gravity"}},
        BadCase{"UnknownFrame", "", {kUr5, "@", "--frame", "no_such_frame"}, {"no_such_frame", "tool0"}},
        BadCase{"UnknownMethod", "", {kUr5, "@", "--method", "no_such_method"}, {"no_such_method", "rnea"}},
        BadCase{"MissingArgument", "", {kUr5}, {"STATES"}},
        BadCase{"ExtraArgument", "", {kUr5, "@", "surplus"}, {"surplus"}}),
    [](const ::testing::TestParamInfo<BadCase>& info) { return info.param.name; });

// A velocity whose square overflows (the tool used to answer exit 1, "not finite") is refused as
// input by the magnitude rule of every number in a file: exit 2 naming the file and the field.
TEST_F(Cli, HugeStateNumbersAreRefusedAsInput) {
  const Result r = run({"eval", kUr5, file("huge.json", "{\"states\": [" + kZero6 + ", {\"q\": [0,0,0,0,0,0], "
                                                        "\"v\": [1e300,0,0,0,0,0], \"a\": [0,0,0,0,0,0], "
                                                        "\"tau\": [0,0,0,0,0,0]}]}")});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("huge.json: states[1].v[0]: must be at most 1e50 in magnitude, got 1e+300"), std::string::npos)
      << r.err;
}

// --- info, demo, usage ---------------------------------------------------------------------------

TEST_F(Cli, InfoListsJointsAndTheIgnoredRootInertia) {
  const Result r = run({"info", kUr5});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* joint : {"shoulder_pan_joint", "shoulder_lift_joint", "elbow_joint", "wrist_1_joint",
                            "wrist_2_joint", "wrist_3_joint"})
    EXPECT_NE(r.out.find(joint), std::string::npos) << joint;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"((^|\n)dof +6\n)"))) << r.out;
  const std::size_t warnings = r.out.find("warnings:");
  ASSERT_NE(warnings, std::string::npos);
  EXPECT_NE(r.out.find("base_link", warnings), std::string::npos);
  EXPECT_NE(r.out.find("ignored", warnings), std::string::npos);
  EXPECT_NE(r.out.find("tool0"), std::string::npos);  // named frames
}

TEST_F(Cli, InfoJson) {
  const Result r = run({"info", "--json", kUr5});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["dof"], 6);
  ASSERT_EQ(j["joints"].size(), 6u);
  EXPECT_EQ(j["joints"][0]["name"], "shoulder_pan_joint");
  EXPECT_EQ(j["joints"][0]["type"], "revolute");
  EXPECT_EQ(j["warnings"].size(), 1u);
  EXPECT_TRUE(j["dh"].is_null());
  const json p = json::parse(run({"info", "--json", "puma560"}).out);
  EXPECT_EQ(p["dh"]["convention"], "modified");
  EXPECT_EQ(p["dh"]["rows"].size(), 6u);
  EXPECT_TRUE(p["joints"][0]["effort"].is_null());  // absent limit
}

TEST_F(Cli, InfoShowsTheDhTableOfEveryBuiltin) {
  for (const std::string& name : builtin_names()) {
    const Result r = run({"info", name});
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_NE(r.out.find("DH table"), std::string::npos) << name;
  }
}

TEST_F(Cli, InfoOnAMissingModelIsBadInput) {
  const Result r = run({"info", "no_such_model.urdf"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1);
}

TEST_F(Cli, InfoOnAJsonModelWithAnOverflowingNumberIsBadInput) {
  const std::string model = file("arm.json", R"({"name": "arm", "convention": "standard", "links": [
    {"name": "link1", "joint": "joint1", "type": "revolute", "a": 1, "alpha": 0, "d": 0, "theta": 0,
     "mass": 1e999, "com": [0, 0, 0]}]})");
  const Result r = run({"info", model});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1) << r.err;
}

TEST_F(Cli, DemoPrintsThePumasPoses) {
  const Result r = run({"demo"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("PUMA 560"), std::string::npos);
  for (const NamedPose& pose : builtin_model("puma560").poses)
    EXPECT_NE(r.out.find("'" + pose.name + "'"), std::string::npos) << pose.name;
}

TEST_F(Cli, HelpForEveryCommand) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"info", "--help"}, {"eval", "--help"}, {"demo", "--help"}}) {
    const Result r = run(args);
    EXPECT_EQ(r.status, 0) << args[0];
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << args[0];
  }
}

TEST_F(Cli, Version) {
  const Result r = run({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find(ARMDYN_VERSION), std::string::npos) << r.out;
}

TEST_F(Cli, NoOrUnknownCommandIsAUsageError) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{{}, {"frobnicate"}, {"--bogus"}}) {
    const Result r = run(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("Usage"), std::string::npos) << r.err;
  }
}

// An option that must be >= 0 or > 0 says so in a short line (CLI11's own checks print their
// range's end, DBL_MAX, in 309 digits) and refuses NaN and infinity as well.
TEST_F(Cli, SignChecksOfOptionsAreShortAndRefuseNan) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  for (const Case& c : {Case{{"view", "puma560", "--t", "-1"}, "--t: Value -1 is not a finite number >= 0"},
                        Case{{"view", "puma560", "--t", "nan"}, "--t: Value nan is not a finite number >= 0"},
                        Case{{"view", "puma560", "--t", "inf"}, "--t: Value inf is not a finite number >= 0"},
                        Case{{"check", "puma560", "--states", "0"}, "--states: Value 0 is not a finite number > 0"},
                        Case{{"check", "puma560", "--states", "-3"}, "--states: Value -3 is not a finite number > 0"}}) {
    const Result r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args[2];
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_LT(r.err.size(), 200u) << r.err;
  }
}

}  // namespace cli_test
}  // namespace armdyn

namespace armdyn {
namespace cli_test {

// `armdyn opcount`: the JSON contract {"model", "dof", "counts": {name: {mul, add, div, sqrt,
// trig}}} on the general chain, with the lean RNEA within Balafoutis et al.'s 93n - 69; the
// generated code's counts; the report; bad input.
TEST_F(Cli, OpcountJsonContract) {
  const Result r = run({"opcount", "--chain", "6", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j.at("model"), "general_chain_6");
  EXPECT_EQ(j.at("dof"), 6);
  for (const char* name : {"rnea", "mass_matrix", "gravity", "forward_dynamics", "rnea-lean", "lagrange"})
    for (const char* field : {"mul", "add", "div", "sqrt", "trig"}) EXPECT_TRUE(j.at("counts").at(name).contains(field)) << name;
  EXPECT_EQ(j["counts"]["rnea-lean"]["mul"], 86 * 6 - 69);
  EXPECT_EQ(j["counts"]["rnea-lean"]["trig"], 12);
  EXPECT_EQ(j["counts"]["forward_dynamics"]["sqrt"], 0);  // LDL^T: no square root
  EXPECT_EQ(j["counts"]["forward_dynamics"]["div"], 6);

  const Result g = run({"opcount", "puma560", "--generated", "--json"});
  ASSERT_EQ(g.status, 0) << g.err;
  const json jg = json::parse(g.out);
  EXPECT_EQ(jg.at("generated"), true);
  EXPECT_LE(jg["counts"]["rnea"]["mul"].get<int>(), 224);
  EXPECT_EQ(jg.at("counts").size(), 4U);

  const Result t = run({"opcount", "--table", "2..5"});
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("rnea-lean"), std::string::npos);
  EXPECT_NE(t.out.find("Balafoutis"), std::string::npos);
  EXPECT_NE(t.out.find("mul = 86n - 69"), std::string::npos) << t.out.substr(0, 2000);

  EXPECT_EQ(run({"opcount", "puma560", "--algorithm", "no-such"}).status, 2);
  EXPECT_EQ(run({"opcount", "--table", "5..2"}).status, 2);
  EXPECT_EQ(run({"opcount", "puma560", "--chain", "3"}).status, 2);
}

}  // namespace cli_test
}  // namespace armdyn

namespace armdyn {
namespace cli_test {

// `armdyn info`: which way gravity points in the base frame, the joint axes there, a DH table's
// base placement, and a warning when gravity is parallel to every revolute joint axis (the
// gravity torques are then identically zero: e.g. a planar arm's -Y0 typed as the base's -y).
TEST_F(Cli, InfoSaysWhichWayGravityPointsAndShowsTheDhBase) {
  const Result r = run({"info", "planar2r"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("[0, 0, -9.81] m/s^2 in the base frame 'base' (along -z); in DH frame {0}: [0, -9.81, 0] "
                       "(along -y0)"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(DH base +DH frame \{0\} is the base frame turned 90 deg about \+x)")))
      << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(joint1 +revolute +base +-y )"))) << r.out;
  EXPECT_NE(r.out.find("warnings: none"), std::string::npos) << r.out;

  const Result rj = run({"info", "planar2r", "--json"});
  ASSERT_EQ(rj.status, 0) << rj.err;
  const json j = json::parse(rj.out);
  EXPECT_EQ(j.at("gravity_torques_vanish"), false);
  EXPECT_EQ(j.at("joints").at(1).at("axis"), json::parse("[0, -1, 0]"));
  EXPECT_EQ(j.at("dh").at("base").at("rotation"), json::parse("[[1, 0, 0], [0, 0, -1], [0, 1, 0]]"));
  EXPECT_EQ(j.at("dh").at("base").at("position"), json::parse("[0, 0, 0]"));
  // No base rotation: the DH table's frame {0} is the base frame, and the text says nothing of it.
  EXPECT_EQ(run({"info", "puma560"}).out.find("DH base"), std::string::npos);
}

TEST_F(Cli, InfoWarnsWhenGravityIsParallelToEveryRevoluteJointAxis) {
  // A planar arm whose joints turn about the base's z, under the default gravity along -z.
  const std::string arm = file("flat.json", R"({"name": "flat", "convention": "modified", "links": [
    {"name": "link1", "joint": "joint1", "type": "revolute", "a": 0, "alpha": 0, "d": 0, "theta": 0,
     "mass": 1, "com": [0.5, 0, 0]},
    {"name": "link2", "joint": "joint2", "type": "revolute", "a": 1, "alpha": 0, "d": 0, "theta": 0,
     "mass": 1, "com": [0.5, 0, 0]}]})");
  const Result r = run({"info", arm});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::size_t warnings = r.out.find("warnings:");
  ASSERT_NE(warnings, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("is parallel to every revolute joint axis", warnings), std::string::npos) << r.out;
  const json j = json::parse(run({"info", arm, "--json"}).out);
  EXPECT_EQ(j.at("gravity_torques_vanish"), true);
  ASSERT_EQ(j.at("warnings").size(), 1u);
  EXPECT_NE(j["warnings"][0].get<std::string>().find("identically zero"), std::string::npos);
  // Craig's planar arms, as built in, are vertical: no warning.
  for (const char* name : {"planar2r", "planar3r", "craig3r", "rp"})
    EXPECT_EQ(json::parse(run({"info", name, "--json"}).out).at("gravity_torques_vanish"), false) << name;
}

// A compound joint in `armdyn info`: its coordinates, its Euler sequence and where it is singular.
TEST_F(Cli, InfoListsTheCompoundJoints) {
  const std::string flyer = std::string(ARMDYN_EXAMPLES_DIR) + "/models/free_flyer.urdf";
  const Result r = run({"info", flyer});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("compound joints"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(float +floating +1\.\.6 +ZYX +cos q5 = 0)"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(float/rz1 +revolute)"))) << r.out;
  const json j = json::parse(run({"info", flyer, "--json"}).out);
  EXPECT_EQ(j.at("dof"), 8);
  ASSERT_EQ(j.at("compound_joints").size(), 1u);
  EXPECT_EQ(j["compound_joints"][0].at("type"), "floating");
  EXPECT_EQ(j["compound_joints"][0].at("euler"), "ZYX");
  EXPECT_EQ(j["compound_joints"][0].at("coordinates"),
            json::parse(R"(["float/tx", "float/ty", "float/tz", "float/rz1", "float/ry2", "float/rx3"])"));
  // A model without them has an empty list and no table.
  EXPECT_EQ(json::parse(run({"info", "puma560", "--json"}).out).at("compound_joints"), json::array());
  EXPECT_EQ(run({"info", "puma560"}).out.find("compound joints"), std::string::npos);
}

// `armdyn check --json`: {"model", "dof", "states", "seed", "ok", "rows": [{"subject", "quantity",
// "worst", "tolerance", "ok"}], "condition_number": {"min", "max"}, "skipped"}, the same rows and
// verdict as the table, which states the conditioning too.
TEST_F(Cli, CheckJsonHasEveryRowOfTheTable) {
  const Result r = run({"check", "planar2r", "--states", "2", "--seed", "18446744073709551615", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j.at("model"), "planar2r");
  EXPECT_EQ(j.at("dof"), 2);
  EXPECT_EQ(j.at("states"), 2);
  EXPECT_EQ(j.at("seed").get<std::uint64_t>(), 18446744073709551615ULL);  // exact, not through a double
  EXPECT_EQ(j.at("ok"), true);
  EXPECT_TRUE(j.at("skipped").is_array());
  const double cmin = j.at("condition_number").at("min"), cmax = j.at("condition_number").at("max");
  EXPECT_GE(cmin, 1.0);
  EXPECT_GE(cmax, cmin);
  const Result text = run({"check", "planar2r", "--states", "2", "--seed", "18446744073709551615"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("mass matrix condition number over the states: "), std::string::npos) << text.out;
  ASSERT_GE(j.at("rows").size(), 10u);
  for (const json& row : j["rows"]) {
    EXPECT_NE(text.out.find(row.at("subject").get<std::string>()), std::string::npos) << row;
    EXPECT_NE(text.out.find(row.at("quantity").get<std::string>()), std::string::npos) << row;
    EXPECT_LE(row.at("worst").get<double>(), row.at("tolerance").get<double>()) << row;
    EXPECT_EQ(row.at("ok"), true) << row;
  }
  // 17 significant digits, like eval: a tolerance of 1e-9 is written as 1.0000000000000001e-09.
  EXPECT_NE(r.out.find("\"tolerance\": 1.0000000000000001e-09"), std::string::npos) << r.out;
  EXPECT_EQ(run({"check", "planar2r", "--states", "0", "--json"}).status, 2);
}

// `armdyn parallelism --json`: {"algorithm", "models": [{"model", "dof", "work", "counts",
// "critical_path", "average_parallelism", "tml_table_8_6" (rnea), "schedules"}]}.
TEST_F(Cli, ParallelismJson) {
  const Result r = run({"parallelism", "--chain", "3", "--processors", "1,2,1000", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j.at("algorithm"), "rnea");
  ASSERT_EQ(j.at("models").size(), 1u);
  const json& m = j["models"][0];
  EXPECT_EQ(m.at("dof"), 3);
  const int work = m.at("work"), length = m.at("critical_path").at("length");
  EXPECT_GT(work, length);
  EXPECT_EQ(m.at("tml_table_8_6").at("mul_steps"), 27 * 3 + 42);
  EXPECT_EQ(m.at("tml_table_8_6").at("add_steps"), 27 * 3 + 41);
  EXPECT_DOUBLE_EQ(m.at("average_parallelism").get<double>(), static_cast<double>(work) / length);
  ASSERT_EQ(m.at("schedules").size(), 3u);
  EXPECT_EQ(m["schedules"][0].at("processors"), 1);
  EXPECT_EQ(m["schedules"][0].at("makespan"), work);
  EXPECT_EQ(m["schedules"][0].at("speedup"), 1.0);
  EXPECT_EQ(m["schedules"][2].at("makespan"), length);
  for (const char* field : {"mul", "add", "div", "sqrt", "sin", "cos"}) EXPECT_TRUE(m.at("counts").contains(field));
  // The text report gives the same work.
  const Result text = run({"parallelism", "--chain", "3"});
  EXPECT_NE(text.out.find(std::to_string(work) + " operations"), std::string::npos) << text.out;

  const json range = json::parse(run({"parallelism", "--chain", "2-4", "--algorithm", "gravity", "--json"}).out);
  ASSERT_EQ(range.at("models").size(), 3u);
  EXPECT_EQ(range["models"][2].at("dof"), 4);
  EXPECT_FALSE(range["models"][0].contains("tml_table_8_6"));  // Table 8.6 is the RNEA's
  const json model = json::parse(run({"parallelism", "puma560", "--json"}).out);
  EXPECT_EQ(model.at("models").at(0).at("model"), "puma560");
  EXPECT_EQ(run({"parallelism", "--chain", "0", "--json"}).status, 2);
}

// `armdyn simulate --plot`: the plotting script gets the joint names for its legends. A stand-in
// script (ARMDYN_PLOT_SCRIPT) writes the arguments it was given into the PNG file.
TEST_F(Cli, PlotLegendsGetTheJointNames) {
  const std::string script = file("fake_plot.py", "import sys\nopen(sys.argv[2], 'w').write('\\n'.join(sys.argv[3:]))\n");
  const std::string png = path("fall.png");
  ASSERT_EQ(setenv("ARMDYN_PLOT_SCRIPT", script.c_str(), 1), 0);
  const Result r = run({"simulate", kUr5Model(), "--duration", "0.01", "--out", path("fall.csv"), "--plot", png});
  unsetenv("ARMDYN_PLOT_SCRIPT");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string args = read_file(png);
  EXPECT_NE(args.find("--title="), std::string::npos) << args;
  std::size_t at = 0;
  for (const char* joint : {"shoulder_pan_joint", "shoulder_lift_joint", "elbow_joint", "wrist_1_joint",
                            "wrist_2_joint", "wrist_3_joint"}) {
    const std::size_t k = args.find(std::string("--joint-name=") + joint, at);
    ASSERT_NE(k, std::string::npos) << joint << " in order, in:\n" << args;
    at = k;
  }
}

}  // namespace cli_test
}  // namespace armdyn
