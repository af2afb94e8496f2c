// `--with elastic` of eval and task (docs/segments.md): eval's "deflection", "tilt" and "stress"
// keys with their shapes, checked against the cantilever's closed forms on a one-link arm, the
// other keys unchanged; task's deflection, deflection_bound, deflection_dynamic and tilt
// columns; without --segments one stderr line, exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <nlohmann/json.hpp>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace elastic_cli_test {

using ElasticCli = test::CliProcess;
using nlohmann::json;

// One link turning about the vertical z, reaching 0.8 m along x to its frame "tip".
const char* kCane = R"(<robot name="cane">
  <link name="base"/>
  <link name="link1"><inertial><mass value="1"/><origin xyz="0.4 0 0"/>
    <inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="tip"/>
  <joint name="j1" type="revolute"><parent link="base"/><child link="link1"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="100" velocity="3"/></joint>
  <joint name="tip_joint" type="fixed"><parent link="link1"/><child link="tip"/><origin xyz="0.8 0 0"/></joint>
</robot>)";

const char* kCaneSegments = R"({"links": {"link1": {"section": {"type": "tube", "outer_radius": 0.02,
  "inner_radius": 0.015}, "material": "AlMg3", "mass_from_section": true}}})";

TEST_F(ElasticCli, EvalOneLinkCantileverMatchesTheClosedForms) {
  const std::string model = file("cane.urdf", kCane), segs = file("cane.json", kCaneSegments);
  const std::string states = file("s.json", R"({"states": [{"q": [0], "v": [0], "a": [0]}, {"q": [0], "v": [0]}]})");
  const test::CliResult r =
      run({"eval", model, states, "--segments", segs, "--with", "elastic", "--payload", "2", "--payload-frame", "tip"});
  ASSERT_EQ(r.status, 0) << r.err;
  const json res = json::parse(r.out)["results"];
  const double pi = std::numbers::pi, g = 9.81, l = 0.8, E = 7.848e10;
  const double I = pi * std::pow(0.04, 4) * (1 - std::pow(0.75, 4)) / 64, W = I / 0.02;
  const double tube = 2700 * pi * (0.02 * 0.02 - 0.015 * 0.015) * l;
  const double F = (tube / 2 + 2) * g;  // half the tube at the tip ([VP] lumping) and the payload
  ASSERT_EQ(res[0]["deflection"].size(), 3u);
  ASSERT_EQ(res[0]["tilt"].size(), 3u);
  EXPECT_NEAR(res[0]["deflection"][2].get<double>(), -F * l * l * l / (3 * E * I), 1e-12);
  EXPECT_NEAR(res[0]["deflection"][0].get<double>(), 0, 1e-15);
  EXPECT_NEAR(res[0]["tilt"][1].get<double>(), F * l * l / (2 * E * I), 1e-12);
  ASSERT_EQ(res[0]["stress"].size(), 1u);
  ASSERT_EQ(res[0]["stress"][0].size(), 2u);
  const double root = g * (tube * l / 2 + 2 * l);  // the root's bending moment
  EXPECT_NEAR(res[0]["stress"][0][0].get<double>(), root / W, 1e-6 * root / W);
  EXPECT_NEAR(res[0]["stress"][0][1].get<double>(), 0, 1e-6);
  EXPECT_FALSE(res[1].contains("deflection"));  // no a: none, as with reactions
  // A state's f_ext loads the cane: 3 N m about its axis, without gravity, twists it by M l/(G J).
  const std::string twist = file("t.json", R"({"gravity": [0, 0, 0], "states": [{"q": [0], "v": [0], "a": [0],
    "f_ext": {"tip": [0, 0, 0, 3, 0, 0]}}]})");
  const test::CliResult t = run({"eval", model, twist, "--segments", segs, "--with", "elastic"});
  ASSERT_EQ(t.status, 0) << t.err;
  const json tr = json::parse(t.out)["results"][0];
  EXPECT_NEAR(tr["tilt"][0].get<double>(), 3 * l / (E / 2.58 * 2 * I), 1e-12);  // G = E/(2 (1 + 0.29)), J = 2I
  EXPECT_NEAR(tr["deflection"][2].get<double>(), 0, 1e-15);
}

const char* kPumaSegments = R"({"links": {
  "link2": {"section": {"type": "tube", "outer_radius": 0.04, "inner_radius": 0.03}, "material": "AlMg3",
            "mass_from_section": true},
  "link3": {"section": {"type": "rect_tube", "outer": [0.06, 0.05], "inner": [0.05, 0.04]}, "material": "steel"}}})";

TEST_F(ElasticCli, EvalKeysAndShapesLeaveTheOthersUnchanged) {
  const std::string segs = file("segs.json", kPumaSegments);
  const std::string states = file("s.json", R"({"states": [{"q": [0.1, -0.7, 0.9, 0.2, -0.4, 0.3],
    "v": [0.5, -1, 0.8, -0.3, 2, -1.5], "a": [1, -2, 0.5, 3, -1, 2]}]})");
  const test::CliResult plain = run({"eval", "puma560", states, "--segments", segs, "--with", "reactions"});
  const test::CliResult r = run({"eval", "puma560", states, "--segments", segs, "--with", "reactions,elastic"});
  ASSERT_EQ(r.status, 0) << r.err;
  json got = json::parse(r.out)["results"][0];
  const json stress = got["stress"];
  ASSERT_EQ(stress.size(), 6u);
  for (int k : {0, 3, 4, 5}) EXPECT_TRUE(stress[k].is_null()) << k;
  for (int k : {1, 2}) {
    ASSERT_EQ(stress[k].size(), 2u);
    EXPECT_GT(stress[k][0].get<double>(), 1e5);
  }
  const double u = std::hypot(got["deflection"][0].get<double>(), got["deflection"][1].get<double>(),
                              got["deflection"][2].get<double>());
  EXPECT_GT(u, 1e-7);
  EXPECT_LT(u, 1e-2);
  for (const char* key : {"deflection", "tilt", "stress"}) got.erase(key);
  EXPECT_EQ(got, json::parse(plain.out)["results"][0]);
}

TEST_F(ElasticCli, EvalWithoutSegmentsOrOnABranchedModelIsOneLineExit2) {
  const std::string states = file("s.json", R"({"states": [{"q": [0, 0, 0, 0, 0, 0], "v": [0, 0, 0, 0, 0, 0],
    "a": [0, 0, 0, 0, 0, 0]}]})");
  const test::CliResult r = run({"eval", "puma560", states, "--with", "elastic"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err_lines(), 1);
  EXPECT_NE(r.err.find("--segments"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  const test::CliResult none = run({"eval", "puma560", states, "--with", "elastic", "--segments",
                                    file("none.json", R"({"links": {}})")});
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("none.json"), std::string::npos) << none.err;
  // A branched model has no single chain to bend.
  const test::CliResult tree = run({"eval", ARMDYN_TEST_DATA_DIR "/models/branching_tree.urdf", states, "--with",
                                    "elastic", "--segments", file("tree.json", R"({"links": {"a1": {"section":
                                    {"type": "rod", "radius": 0.01}, "material": "steel"}}})")});
  EXPECT_EQ(tree.status, 2);
  EXPECT_EQ(tree.err_lines(), 1);
  EXPECT_NE(tree.err.find("serial chain"), std::string::npos) << tree.err;
  EXPECT_TRUE(tree.out.empty());
}

TEST_F(ElasticCli, TaskColumnsDeflectionBoundAndTilt) {
  // The UR5 carrying 3 kg along two triangular legs: the acceleration jumps at the start, at each
  // leg's middle and at the legs' ends.
  const std::string ur5 = ARMDYN_TEST_DATA_DIR "/models/ur5.urdf";
  const std::string task = file("task.json", R"({"frame": "tool0", "initial": {"q": [0.3, -1.2, 1.4, -1.8, -1.5, 0.2]},
    "payload": {"mass": 3.0}, "segments": [
    {"duration": 0.6, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [0.1, 0, 0]}},
    {"duration": 0.4, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [0, 0, 0.05]}}]})");
  const std::string segs = file("segs.json", R"({"links": {
    "upper_arm_link": {"section": {"type": "tube", "outer_radius": 0.04, "inner_radius": 0.03}, "material": "AlMg3"},
    "forearm_link": {"section": {"type": "tube", "outer_radius": 0.03, "inner_radius": 0.025}, "material": "AlMg3"}}})");
  const test::CliResult r = run({"task", ur5, task, "--out", "-", "--with", "elastic,stresses", "--segments", segs});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = test::lines(r.out);
  const std::vector<std::string> header = test::cells(rows[0]);
  ASSERT_EQ(header.size(), 33u + 4u + 4u);
  EXPECT_EQ(std::vector<std::string>(header.begin() + 33, header.end()),
            (std::vector<std::string>{"sigma_max2", "tau_max2", "sigma_max3", "tau_max3", "deflection",
                                      "deflection_bound", "deflection_dynamic", "tilt"}));
  ASSERT_EQ(rows.size(), 1002u);  // every 1 ms step
  double previous_gap = 0, low = 1, high = 0, swing = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<double> row = test::numbers(rows[i]);
    ASSERT_EQ(row.size(), header.size());
    const double u = row[37], bound = row[38], dynamic = row[39], tilt = row[40];
    EXPECT_GT(u, 1e-6) << i;
    EXPECT_LT(u, 1e-2) << i;
    EXPECT_GE(bound - u, previous_gap - 1e-15) << i;  // a^m never shrinks
    previous_gap = bound - u;
    EXPECT_GT(tilt, 0) << i;
    EXPECT_GT(dynamic, 1e-6) << i;
    EXPECT_LE(dynamic, bound) << i;  // the oscillating tip stays within [VP]'s bound here
    swing = std::max(swing, std::abs(dynamic - u));
    low = std::min(low, u);
    high = std::max(high, u);
  }
  EXPECT_GT(high - low, 0.05 * high);  // the inertia forces change the deflection
  EXPECT_GT(previous_gap, 0);           // the sudden changes raised the bound
  EXPECT_GT(swing, 0.02 * high);        // the tip oscillates about the quasi-static deflection
  const test::CliResult bad = run({"task", ur5, task, "--out", "-", "--with", "elastic"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err_lines(), 1);
  EXPECT_NE(bad.err.find("--with elastic"), std::string::npos) << bad.err;
}

// The task plot gains a panel of the tip's deflection ([VP] Fig. 4.17's kind).
TEST_F(ElasticCli, TaskPlotWithTheDeflectionPanel) {
  const std::string ur5 = ARMDYN_TEST_DATA_DIR "/models/ur5.urdf";
  const std::string task = file("task.json", R"({"frame": "tool0", "initial": {"q": [0.3, -1.2, 1.4, -1.8, -1.5, 0.2]},
    "segments": [{"duration": 0.3, "profile": "triangular", "position": {"by": [0.05, 0, 0]}}]})");
  const std::string segs = file("segs.json", R"({"links": {"forearm_link": {"section": {"type": "tube",
    "outer_radius": 0.03, "inner_radius": 0.025}, "material": "AlMg3"}}})");
  const std::string png = path("task.png");
  const test::CliResult r =
      run({"task", ur5, task, "--out", path("out.csv"), "--plot", png, "--with", "elastic", "--segments", segs});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bytes = test::read_file(png);
  ASSERT_GT(bytes.size(), 1000u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

}  // namespace elastic_cli_test
}  // namespace armdyn
