// `armdyn optimize-timing` (docs/drives.md, "Velocity distribution for least energy"): on a
// one-segment PUMA 560 task with the shipped motors, the CSV header exactly as documented, one row
// per time step from lambda 0 to 1, an energy no larger than the triangular profile's (--summary);
// bad inputs (even --candidates, a task with two segments) as one stderr line, exit 2, no file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace optimize_timing_test {

using OptimizeTiming = test::CliProcess;
using test::lines;
using test::numbers;
using test::read_file;

const std::string kMotors = ARMDYN_TEST_DATA_DIR "/../../examples/puma560_illustrative_motors.json";
const std::string kSegment =
    R"({"duration": 1, "profile": "triangular", "position": {"coordinates": "cartesian", "by": [-0.15, 0.3, 0.0]}, "orientation": "hold"})";

std::string task_file(const std::string& path, int segments) {
  std::string text = R"({"frame": "link6", "initial": {"q": [0, 0.3, 2.4, 0, 1.0, 0]}, "segments": [)";
  for (int k = 0; k < segments; ++k) text += (k ? "," : "") + kSegment;
  std::ofstream(path) << text << "]}\n";
  return path;
}

TEST_F(OptimizeTiming, HeaderRowsAndEnergyAgainstTheTriangularProfile) {
  const std::string task = task_file(path("one.json"), 1), out = path("timing.csv");
  const test::CliResult r = run({"optimize-timing", "puma560", task, "--actuators", kMotors, "--out", out, "--steps",
                                 "20", "--candidates", "9", "--passes", "8", "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  ASSERT_EQ(rows.size(), 22u);
  EXPECT_EQ(rows[0],
            "t,lambda,q1,q2,q3,q4,q5,q6,v1,v2,v3,v4,v5,v6,a1,a2,a3,a4,a5,a6,u1,u2,u3,u4,u5,u6,energy");
  EXPECT_EQ(numbers(rows[1])[1], 0.0);
  EXPECT_EQ(numbers(rows.back())[1], 1.0);
  EXPECT_EQ(numbers(rows.back())[0], 1.0);
  EXPECT_NE(r.err.find("triangular profile"), std::string::npos) << r.err;
  const auto at = r.err.find("optimal/triangular ");
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_LE(std::stod(r.err.substr(at + 19)), 1.0) << r.err;
}

TEST_F(OptimizeTiming, BadInputsExitTwoWithNoFile) {
  const std::string one = task_file(path("one.json"), 1), two = task_file(path("two.json"), 2), out = path("t.csv");
  test::CliResult r = run({"optimize-timing", "puma560", one, "--actuators", kMotors, "--out", out, "--candidates", "4"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--candidates"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  r = run({"optimize-timing", "puma560", two, "--actuators", kMotors, "--out", out});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("exactly one segment"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace optimize_timing_test
}  // namespace armdyn
