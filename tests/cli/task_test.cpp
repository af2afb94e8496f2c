// `armdyn task` run as a process: the CSV contract (the columns exactly, one row per step or per
// --output-period, the last row at exactly the task's end), the frame following the path, the
// consumed energy column, --integrator, --summary, --plot, --with, and every bad input giving
// exit status 2, one stderr line naming the file and field, and no output file at all.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace task_test {

using Result = test::CliResult;
using test::lines;
using test::cells;
using test::numbers;
using test::read_file;

// ur5 from a bent pose, the tool moving 10 cm in x then 5 cm in z, orientation held.
const char* kUr5Task = R"({"frame": "tool0", "initial": {"q": [0.3, -1.2, 1.4, -1.8, -1.5, 0.2]},
  "segments": [
    {"duration": 0.6, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [0.1, 0, 0]},
     "orientation": "hold"},
    {"duration": 0.4, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [0, 0, 0.05]},
     "orientation": "hold"}]})";

// `text` with its first `from` replaced by `to`.
std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) return text;
  std::string out = text.substr(0, at);
  out += to;
  out += text.substr(at + from.size());
  return out;
}

class Task : public test::CommandTest {
 protected:
  Task() : CommandTest("task") {}
  std::string ur5() const { return ARMDYN_TEST_DATA_DIR "/models/ur5.urdf"; }
  // Exit 2, nothing on stdout, one stderr line containing each of `what`, and no --out file.
  void expect_bad(const std::vector<std::string>& args, const std::vector<std::string>& what) {
    const std::string out = path("bad.csv");
    std::vector<std::string> all = args;
    all.insert(all.end(), {"--out", out});
    const Result r = run(all);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    for (const std::string& w : what) EXPECT_NE(r.err.find(w), std::string::npos) << "'" << w << "' not in " << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << "an output file was left by a failed run";
  }
};

TEST_F(Task, ColumnsAreExactlyTheContract) {
  const std::string task = file("task.json", kUr5Task), out = path("out.csv");
  const Result r = run({ur5(), task, "--out", out});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  const std::vector<std::string> rows = lines(read_file(out));
  ASSERT_EQ(rows.size(), 1002u);  // header + t = 0, 0.001, ..., 1
  std::string expected = "t";
  for (const char* name : {"q", "v", "a", "tau"})
    for (int j = 1; j <= 6; ++j) {
      expected += ',';
      expected += name;
      expected += std::to_string(j);
    }
  expected += ",pos_x,pos_y,pos_z,quat_w,quat_x,quat_y,quat_z,energy_consumed";
  EXPECT_EQ(rows[0], expected);
  EXPECT_EQ(cells(rows[1])[0], "0");
  EXPECT_EQ(cells(rows[2])[0], "0.001");
  EXPECT_EQ(cells(rows.back())[0], "1");
  for (std::size_t i = 1; i < rows.size(); ++i) ASSERT_EQ(cells(rows[i]).size(), 33u) << i;
  // The frame moved by (0.1, 0, 0.05), kept its orientation, and the energy only grew.
  const std::vector<double> first = numbers(rows[1]), last = numbers(rows.back());
  EXPECT_NEAR(last[25] - first[25], 0.1, 1e-6);
  EXPECT_NEAR(last[26] - first[26], 0.0, 1e-6);
  EXPECT_NEAR(last[27] - first[27], 0.05, 1e-6);
  for (int k = 28; k < 32; ++k) EXPECT_NEAR(last[k], first[k], 1e-6) << k;
  EXPECT_GE(first[28], 0.0);  // quat_w >= 0
  EXPECT_EQ(first[32], 0.0);
  EXPECT_GT(last[32], 0.0);
  double previous = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const double e = numbers(rows[i])[32];
    ASSERT_GE(e, previous) << i;
    previous = e;
  }
  for (int j = 7; j <= 12; ++j) EXPECT_NEAR(last[j], 0.0, 1e-6) << "v at the end (rest)";
}

TEST_F(Task, OutputPeriodAndRk45) {
  const std::string task = file("task.json", kUr5Task), out = path("out.csv");
  for (const char* integrator : {"rk4", "rk45"}) {
    const Result r = run({ur5(), task, "--out", out, "--output-period", "0.1", "--integrator", integrator});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<std::string> rows = lines(read_file(out));
    ASSERT_EQ(rows.size(), 12u) << integrator;
    for (int k = 0; k <= 10; ++k) {
      std::ostringstream t;
      t << (k == 10 ? std::string("1") : k == 0 ? std::string("0") : "0." + std::to_string(k));
      EXPECT_EQ(cells(rows[static_cast<std::size_t>(k) + 1])[0], t.str()) << integrator;
    }
  }
}

TEST_F(Task, LastRowAtTheEndWithAStepThatDoesNotDivideIt) {
  const std::string task = file("task.json", kUr5Task), out = path("out.csv");
  const Result r = run({ur5(), task, "--out", out, "--dt", "0.003"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  EXPECT_EQ(cells(rows.back())[0], "1");
  EXPECT_EQ(cells(rows[rows.size() - 2])[0], "0.999");
}

TEST_F(Task, SummaryOnStderr) {
  const std::string task = file("task.json", kUr5Task), out = path("out.csv");
  const Result r = run({ur5(), task, "--out", out, "--summary", "--output-period", "0.5"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* w : {"energy consumed", "largest deviation", "peak |drive|", "shoulder_pan_joint", "1000 steps"})
    EXPECT_NE(r.err.find(w), std::string::npos) << w << " not in " << r.err;
}

TEST_F(Task, PlotWritesAPng) {
  const std::string task = file("task.json", kUr5Task), out = path("out.csv"), png = path("task.png");
  const Result r = run({ur5(), task, "--out", out, "--plot", png, "--output-period", "0.01"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bytes = read_file(png);
  ASSERT_GT(bytes.size(), 1000u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(lines(read_file(out)).size(), 102u);
}

// The start given as a pose: inverse kinematics from q_guess puts the frame there.
TEST_F(Task, StartsFromAPoseByInverseKinematics) {
  const std::string task = file("pose.json", R"({"frame": "tool0",
      "initial": {"position": [0.35, 0.2, 0.3], "q_guess": [0.3, -1.2, 1.4, -1.8, -1.5, 0.2]},
      "segments": [{"duration": 0.5, "profile": "triangular",
                    "position": {"coordinates": "cartesian", "by": [0, 0.05, 0]}, "orientation": "hold"}]})");
  const std::string out = path("out.csv");
  const Result r = run({ur5(), task, "--out", out, "--output-period", "0.5"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  ASSERT_EQ(rows.size(), 3u);
  const std::vector<double> first = numbers(rows[1]), last = numbers(rows[2]);
  EXPECT_NEAR(first[25], 0.35, 1e-9);
  EXPECT_NEAR(first[26], 0.2, 1e-9);
  EXPECT_NEAR(first[27], 0.3, 1e-9);
  EXPECT_NEAR(last[26], 0.25, 1e-6);
  // Out of reach: refused, naming the file and the field.
  expect_bad({ur5(), file("far.json", R"({"frame": "tool0", "initial": {"position": [3, 0, 0]},
      "segments": [{"duration": 1, "profile": "triangular",
                    "position": {"coordinates": "cartesian", "by": [0, 0.05, 0]}, "orientation": "hold"}]})")},
             {"far.json", "initial.position", "did not reach"});
}

// A payload: the drives carry it, --with gripper gives the force holding it, --with reactions
// the joint reactions; without a payload --with gripper is refused.
TEST_F(Task, PayloadGripperAndReactions) {
  const std::string with_payload =
      replaced(kUr5Task, "\"segments\"", R"("payload": {"mass": 3.0, "com": [0, 0, 0.05]}, "segments")");
  const std::string bare = file("bare.json", kUr5Task), loaded = file("loaded.json", with_payload);
  const std::string out = path("out.csv");
  ASSERT_EQ(run({ur5(), bare, "--out", out, "--output-period", "0.5"}).status, 0);
  const std::vector<double> tau_bare = numbers(lines(read_file(out))[1]);
  const Result r = run({ur5(), loaded, "--out", out, "--output-period", "0.5", "--with", "reactions,gripper"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  const std::vector<std::string> header = cells(rows[0]);
  ASSERT_EQ(header.size(), 33u + 36u + 6u);
  EXPECT_EQ(header[33], "reaction1_fx");
  EXPECT_EQ(header[68], "reaction6_nz");
  EXPECT_EQ(header[69], "gripper_fx");
  EXPECT_EQ(header[74], "gripper_nz");
  const std::vector<double> first = numbers(rows[1]);
  EXPECT_GT(std::abs(first[20] - tau_bare[20]), 0.1);  // the shoulder lifts 3 kg more
  EXPECT_NEAR(first[71], 3.0 * 9.81, 1e-6);            // at rest: the gripper holds its weight
  expect_bad({ur5(), bare, "--with", "gripper"}, {"--with gripper", "bare.json", "payload"});
}

// --with stresses and --segments: per link with a section sigma_max<k>, tau_max<k> after the
// reaction columns and before the gripper's, finite and positive for a loaded arm; without
// --segments refused, and a segment file with no section refused.
TEST_F(Task, StressesOfTheSegments) {
  const std::string loaded = file("loaded.json", replaced(kUr5Task, "\"segments\"", R"("payload": {"mass": 3.0}, "segments")"));
  const std::string segs = file("segs.json", R"({"links": {
    "upper_arm_link": {"section": {"type": "tube", "outer_radius": 0.04, "inner_radius": 0.03}, "material": "AlMg3"},
    "forearm_link": {"section": {"type": "rect_tube", "outer": [0.06, 0.05], "inner": [0.05, 0.04]},
                     "material": "steel", "mass_from_section": true}}})");
  const std::string out = path("out.csv");
  const Result r = run({ur5(), loaded, "--out", out, "--output-period", "0.5", "--with", "gripper,stresses,reactions",
                        "--segments", segs});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  const std::vector<std::string> header = cells(rows[0]);
  ASSERT_EQ(header.size(), 33u + 36u + 4u + 6u);
  EXPECT_EQ(header[68], "reaction6_nz");
  EXPECT_EQ(std::vector<std::string>(header.begin() + 69, header.begin() + 73),
            (std::vector<std::string>{"sigma_max2", "tau_max2", "sigma_max3", "tau_max3"}));
  EXPECT_EQ(header[73], "gripper_fx");
  ASSERT_GE(rows.size(), 3u);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<double> row = numbers(rows[i]);
    ASSERT_EQ(row.size(), header.size());
    for (std::size_t c = 69; c < 73; ++c) {
      EXPECT_TRUE(std::isfinite(row[c])) << header[c] << " row " << i;
      EXPECT_GT(row[c], 0.0) << header[c] << " row " << i;
    }
  }
  // Stresses alone follow the motion's columns.
  const Result alone = run({ur5(), loaded, "--out", "-", "--output-period", "0.5", "--with", "stresses", "--segments", segs});
  ASSERT_EQ(alone.status, 0) << alone.err;
  EXPECT_EQ(cells(lines(alone.out)[0])[33], "sigma_max2");
  expect_bad({ur5(), loaded, "--with", "stresses"}, {"--with stresses", "--segments"});
  expect_bad({ur5(), loaded, "--with", "reactions,stresses"}, {"--with stresses", "--segments"});
  expect_bad({ur5(), loaded, "--with", "stresses", "--segments", file("none.json", R"({"links": {}})")},
             {"--with stresses", "none.json", "no link"});
}

// A prescribed joint ([VP] C3: position, approach direction and one joint): the joint turns
// by what the task says while the frame moves.
TEST_F(Task, PrescribedJointFollowsItsProfile) {
  const std::string task = file("c3.json", R"({"frame": "tool0",
      "initial": {"q": [0.3, -1.2, 1.4, -1.8, -1.5, 0.2]},
      "segments": [{"duration": 1.0, "profile": "quintic",
                    "position": {"coordinates": "cartesian", "by": [0.05, 0, 0]},
                    "orientation": {"approach": "z", "by": {}},
                    "joint": {"name": "wrist_3_joint", "by": 1.0}}]})");
  const std::string out = path("out.csv");
  const Result r = run({ur5(), task, "--out", out, "--output-period", "0.25"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  const std::vector<double> first = numbers(rows[1]), last = numbers(rows.back());
  EXPECT_NEAR(last[6] - first[6], 1.0, 1e-6);
  EXPECT_NEAR(last[25] - first[25], 0.05, 1e-6);
}

TEST_F(Task, BadInputNamesTheFileAndField) {
  const std::string task = file("task.json", kUr5Task);
  const std::string bad_frame = replaced(kUr5Task, "tool0", "grip");
  expect_bad({ur5(), file("frame.json", bad_frame)}, {"frame.json", "frame", "grip", "(frames: base_link"});
  const std::string bad_duration = replaced(kUr5Task, "0.6", "-1");
  expect_bad({ur5(), file("duration.json", bad_duration)}, {"duration.json", "segments[0].duration"});
  expect_bad({ur5(), path("missing.json")}, {"missing.json"});
  // planar3r has 3 joints: holding the orientation needs 6.
  expect_bad({"planar3r", file("planar.json", R"({"frame": "tool", "initial": {"q": [0.3, 0.4, 0.5]},
      "segments": [{"duration": 1, "profile": "triangular",
                    "position": {"coordinates": "cartesian", "by": [0.01, 0, 0]}, "orientation": "hold"}]})")},
             {"planar.json", "segments[0].orientation", "position + full orientation", "3"});
  expect_bad({ur5(), task, "--integrator", "euler"}, {"--integrator", "euler"});
  expect_bad({ur5(), task, "--dt", "0"}, {"--dt"});
  expect_bad({ur5(), task, "--output-period", "-1"}, {"--output-period"});
  expect_bad({ur5(), task, "--with", "stresses"}, {"--with stresses", "--segments"});
  expect_bad({ur5(), task, "--with", "torques"}, {"--with", "torques"});
}

TEST_F(Task, AFailedRunLeavesAnExistingFileAlone) {
  const std::string out = file("keep.csv", "old\n");
  const std::string bad_frame = replaced(kUr5Task, "tool0", "grip");
  const Result r = run({ur5(), file("frame.json", bad_frame), "--out", out});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(read_file(out), "old\n");
}

TEST_F(Task, OutIsRequired) {
  const Result r = run({ur5(), file("task.json", kUr5Task)});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
}

}  // namespace task_test
}  // namespace armdyn
