// `armdyn eval` with a state's "base" (a prescribed base motion, [VP] (2.3.48)): a base
// accelerating without turning gives the tau, c and qdd of the fixed arm under gravity g - a_O;
// a turning base changes them; `simulate --base-motion` with a translating base follows the arm
// under --gravity g - a_O; `task --base-motion` keeps the joint motion and changes the drives;
// combinations not written for a moving base exit 2 naming the field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace moving_base_cli_test {

using Result = test::CliResult;

class MovingBaseCli : public test::CliProcess {};

const char* kState = R"("q": [0.1, -0.4, 0.3, 0.2, 0.5, -0.1], "v": [0.3, 0.1, -0.2, 0.4, 0.1, 0.2],
                        "a": [1, -1, 0.5, 0.2, -0.3, 0.1], "tau": [5, 20, 3, 0.1, 0.2, 0.05])";

TEST_F(MovingBaseCli, TranslationIsGravityChangedAndTurningMatters) {
  const std::string moving = file("moving.json", std::string(R"({"states": [{)") + kState +
                                                     R"(, "base": {"v": [3, 1, 0, 0, 0, 0], "a": [1, 2, 3, 0, 0, 0]}}]})");
  const std::string shifted =
      file("shifted.json", std::string(R"({"gravity": [-1, -2, -12.81], "states": [{)") + kState + "}]}");
  const std::string turning = file("turning.json", std::string(R"({"states": [{)") + kState +
                                                       R"(, "base": {"v": [0, 0, 0, 0, 0, 0.5], "a": [0, 0, 0, 0.1, 0, 0]}}]})");
  const Result a = run({"eval", "puma560", moving}), b = run({"eval", "puma560", shifted}),
               c = run({"eval", "puma560", turning});
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  ASSERT_EQ(c.status, 0) << c.err;
  const nlohmann::json ja = nlohmann::json::parse(a.out)["results"][0], jb = nlohmann::json::parse(b.out)["results"][0],
                       jc = nlohmann::json::parse(c.out)["results"][0];
  for (const char* key : {"tau", "c", "qdd"})
    for (int j = 0; j < 6; ++j) {
      EXPECT_NEAR(ja[key][j].get<double>(), jb[key][j].get<double>(), 1e-10) << key << j;
      EXPECT_NE(ja[key][j].get<double>(), jc[key][j].get<double>()) << key << j;
    }
}

TEST_F(MovingBaseCli, SimulateOnATranslatingBaseIsGravityChanged) {
  const std::string table = file("base.csv", "t,vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez\n0,0,0,0,0,0,0,1,2,3,0,0,0\n");
  const std::vector<std::string> common = {"simulate", "puma560", "--duration", "0.5", "--output-period", "0.25",
                                           "--integrator", "rk4", "--quiet"};
  std::vector<std::string> moving = common, shifted = common;
  moving.insert(moving.end(), {"--base-motion", table});
  shifted.insert(shifted.end(), {"--gravity", "-1,-2,-12.81"});
  const Result a = run(moving), b = run(shifted);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  const std::vector<std::string> rows_a = test::lines(a.out), rows_b = test::lines(b.out);
  ASSERT_EQ(rows_a.size(), 4u);
  ASSERT_EQ(rows_b.size(), 4u);
  EXPECT_EQ(rows_a[0], rows_b[0]);  // the same columns
  for (std::size_t k = 1; k < 4; ++k) {
    const std::vector<double> x = test::numbers(rows_a[k]), y = test::numbers(rows_b[k]);
    ASSERT_EQ(x.size(), y.size());
    for (std::size_t j = 0; j <= 12; ++j) EXPECT_NEAR(x[j], y[j], 1e-12) << "row " << k << " column " << j;  // t, q, v
  }
  const std::string bad = file("bad.csv", "t,vx\n0,1\n");
  std::vector<std::string> refused = common;
  refused.insert(refused.end(), {"--base-motion", bad});
  const Result r = run(refused);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("bad.csv:1: expected 13 columns (t and the base's vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez)"),
            std::string::npos)
      << r.err;
}

TEST_F(MovingBaseCli, UnsupportedCombinationsAreRefused) {
  const std::string moving =
      file("moving.json", std::string(R"({"states": [{)") + kState + R"(, "base": {"a": [0, 0, 1, 0, 0, 0]}}]})");
  for (const std::vector<std::string>& extra : {std::vector<std::string>{"--method", "lagrange"},
                                                std::vector<std::string>{"--with", "reactions"}}) {
    std::vector<std::string> args = {"eval", "puma560", moving};
    args.insert(args.end(), extra.begin(), extra.end());
    const Result r = run(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(moving + ": states[0].base: a moving base"), std::string::npos) << r.err;
  }
}

// The task is prescribed in the base's frame: the joint motion (t, q, v, a: columns 0..24 on the
// PUMA 560) is that of the fixed base, the drives (tau1..tau6) and the consumed energy are not.
TEST_F(MovingBaseCli, TaskOnAMovingBaseKeepsTheMotionAndChangesTheDrives) {
  const std::string task = ARMDYN_TEST_DATA_DIR "/../../examples/tasks/vp_transfer_abca.json";
  const std::string table = file("base.csv", "t,vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez\n0,0,0,0,0,0,0.3,1,2,3,0,0,0.1\n");
  const std::vector<std::string> common = {"task", "puma560", task, "--out", "-", "--output-period", "0.5"};
  std::vector<std::string> moving = common;
  moving.insert(moving.end(), {"--base-motion", table});
  const Result a = run(moving), b = run(common);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  const std::vector<std::string> rows_a = test::lines(a.out), rows_b = test::lines(b.out);
  ASSERT_EQ(rows_a.size(), rows_b.size());
  ASSERT_GE(rows_a.size(), 3u);
  EXPECT_EQ(rows_a[0], rows_b[0]);  // the same columns
  double drives = 0;
  for (std::size_t k = 1; k < rows_a.size(); ++k) {
    const std::vector<double> x = test::numbers(rows_a[k]), y = test::numbers(rows_b[k]);
    ASSERT_EQ(x.size(), y.size());
    for (std::size_t j = 0; j <= 18; ++j) EXPECT_EQ(x[j], y[j]) << "row " << k << " column " << j;  // t, q, v, a
    for (std::size_t j = 19; j <= 24; ++j) drives = std::max(drives, std::abs(x[j] - y[j]));
  }
  EXPECT_GT(drives, 0.1);

  std::vector<std::string> with_reactions = moving;
  with_reactions.insert(with_reactions.end(), {"--with", "reactions"});
  const Result r = run(with_reactions);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--base-motion: not with --with reactions"), std::string::npos) << r.err;
  std::vector<std::string> bad_table = common;
  bad_table.insert(bad_table.end(), {"--base-motion", file("bad.csv", "t,vx\n0,1\n")});
  const Result t = run(bad_table);
  EXPECT_EQ(t.status, 2);
  EXPECT_EQ(t.out, "");
  EXPECT_NE(t.err.find("bad.csv:1: expected 13 columns"), std::string::npos) << t.err;
}

}  // namespace moving_base_cli_test
}  // namespace armdyn
