// `armdyn simulate --constraint FILE.json` run as a process: the CSV gains exactly the columns
// contact_force<k> (k = 1, 1..2 on a line, 1..3 on a loop) and constraint_error after the
// unchanged ones; the shipped four-bar's loop stays closed below 1e-9 m with its energy; the
// planar 2R's tip stays on its plane (error below 1e-9 m with rk4 at 1 ms, energy within 1e-6 J);
// --summary reports the largest constraint error; a file naming an unknown frame, a malformed
// file, a start off the surface and --actuators are refused with one stderr line and exit 2.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace constraint_cli_test {

using Result = test::CliResult;
using test::cells;
using test::lines;
using test::numbers;

const char* kPlane = R"({"frame": "tool", "surface": {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]}})";
const char* kLine = R"({"frame": "tool", "line": {"point": [0, 0, 0], "direction": [1, 0, 0]}})";
// q1 = 0.2, q1 + q2 = -asin(2 sin 0.2): planar2r's tip at height 0.
const std::string kQ0 = "0.2,-0.6086149213775063";
const std::string kColumns = "t,q1,q2,v1,v2,a1,a2,tau1,tau2,kinetic,potential,energy";

class ConstraintCli : public test::CliProcess {
 protected:
  Result simulate(std::vector<std::string> args) {
    args.insert(args.begin(), "simulate");
    return run(args);
  }
  void expect_bad(const std::vector<std::string>& args, const std::string& what) {
    const Result r = simulate(args);
    EXPECT_EQ(r.status, 2) << what << "\n" << r.err;
    EXPECT_EQ(r.out, "") << what;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << "expected '" << what << "' in: " << r.err;
  }
};

TEST_F(ConstraintCli, TheTipSlidesOnThePlane) {
  const std::string plane = file("plane.json", kPlane);
  const Result r = simulate({"planar2r", "--q0", kQ0, "--duration", "2", "--output-period", "0.5", "--integrator",
                             "rk4", "--dt", "1e-3", "--constraint", plane, "--summary", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[0], kColumns + ",contact_force1,constraint_error");
  const std::vector<double> first = numbers(rows[1]);
  double kmax = 0;
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const std::vector<double> x = numbers(rows[k]);
    ASSERT_EQ(x.size(), 14u);
    EXPECT_LT(x[13], 1e-9) << rows[k];                    // constraint_error
    EXPECT_NEAR(x[11], first[11], 1e-6) << rows[k];       // energy
    EXPECT_GT(std::abs(x[12]), 1.0) << rows[k];           // the plane carries the arm
    kmax = std::max(kmax, x[9]);
  }
  EXPECT_GT(kmax, 5.0);
  EXPECT_NE(r.err.find("constraint error at most "), std::string::npos) << r.err;
  // Without --constraint: the columns of old, and the tip leaves the plane (the arm falls).
  const Result free = simulate({"planar2r", "--q0", kQ0, "--duration", "0.5", "--output-period", "0.5", "--quiet"});
  ASSERT_EQ(free.status, 0) << free.err;
  EXPECT_EQ(lines(free.out)[0], kColumns);
}

TEST_F(ConstraintCli, ALineGivesTwoForces) {
  // The PUMA 560's elbow (frame link3, at (0.4318, 0.1501, 0) m in the zero pose) held on the line
  // along x through it.
  const std::string line = file("line.json", R"({"frame": "link3", "line": {"point": [0.4318, 0.1501, 0],
                                 "direction": [1, 0, 0]}})");
  const Result r = simulate({"puma560", "--duration", "0.5", "--output-period", "0.25", "--constraint", line,
                             "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 4u);
  const std::vector<std::string> header = cells(rows[0]);
  ASSERT_EQ(header.size(), 1u + 4 * 6 + 3 + 3);
  EXPECT_EQ(header[28], "contact_force1");
  EXPECT_EQ(header[29], "contact_force2");
  EXPECT_EQ(header[30], "constraint_error");
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_LT(numbers(rows[k])[30], 1e-6) << rows[k];
  // planar2r's tip cannot leave its plane of motion: a line across that plane cannot be held.
  const Result across = simulate({"planar2r", "--q0", kQ0, "--duration", "0.1", "--constraint", file("x.json", kLine)});
  EXPECT_EQ(across.status, 2) << across.err;
  EXPECT_NE(across.err.find("cannot move"), std::string::npos) << across.err;
}

TEST_F(ConstraintCli, TheShippedFourBarKeepsItsLoopClosed) {
  // examples/models/fourbar.urdf with fourbar_loop.json, closed at q = 0, falling from rest.
  const std::string models = std::string(ARMDYN_EXAMPLES_DIR) + "/models/";
  const std::string loop = models + "fourbar_loop.json";
  const Result r = simulate({models + "fourbar.urdf", "--duration", "2", "--output-period", "0.5", "--integrator",
                             "rk45", "--rtol", "1e-10", "--atol", "1e-12", "--constraint", loop, "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 6u);
  const std::vector<std::string> header = cells(rows[0]);
  ASSERT_EQ(header.size(), 1u + 4 * 3 + 3 + 4);
  EXPECT_EQ(header[16], "contact_force1");
  EXPECT_EQ(header[18], "contact_force3");
  EXPECT_EQ(header[19], "constraint_error");
  const double e0 = numbers(rows[1])[15];
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const std::vector<double> x = numbers(rows[k]);
    EXPECT_LT(x[19], 1e-9) << rows[k];
    EXPECT_NEAR(x[15], e0, 1e-9) << rows[k];
    EXPECT_LT(std::abs(x[17]), 1e-9) << rows[k];  // no reaction across the plane of motion (y)
  }
  EXPECT_GT(std::abs(numbers(rows.back())[18]), 1.0);  // the loop carries the links' weight
  // Started open, or with the loop's ends moving apart: refused.
  expect_bad({models + "fourbar.urdf", "--q0", "0.1,0,0", "--duration", "1", "--constraint", loop},
             "constraint: the loop between frames 'coupler' and 'rocker' is open");
  expect_bad({models + "fourbar.urdf", "--v0", "1,0,0", "--duration", "1", "--constraint", loop}, "move apart");
}

TEST_F(ConstraintCli, BadConstraintsAreRefused) {
  const std::string plane = file("plane.json", kPlane);
  expect_bad({"planar2r", "--q0", "0.3,0", "--duration", "1", "--constraint", plane},
             "constraint: the point of frame 'tool' is ");
  expect_bad({"planar2r", "--q0", kQ0, "--v0", "1,0", "--duration", "1", "--constraint", plane}, "moves off the plane");
  const std::string unknown = file("unknown.json", R"({"frame": "hand", "surface": {"type": "sphere",
                                   "centre": [0, 0, 0], "radius": 1}})");
  expect_bad({"planar2r", "--duration", "1", "--constraint", unknown}, unknown + ": frame: unknown frame 'hand'");
  const std::string broken = file("broken.json", "{\"frame\": ");
  expect_bad({"planar2r", "--duration", "1", "--constraint", broken}, broken + ": line 1");
  expect_bad({"planar2r", "--duration", "1", "--constraint", (dir_ / "missing.json").string()}, "missing.json");
  expect_bad({"planar2r", "--q0", kQ0, "--duration", "1", "--constraint", plane, "--stiction"},
             "--constraint: not with --actuators, --voltage or --stiction");
}

}  // namespace constraint_cli_test
}  // namespace armdyn
