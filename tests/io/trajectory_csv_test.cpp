// The trajectory CSV reader (io/trajectory_csv.hpp): simulate's and task's columns in any order
// with the others ignored, the optional jerk, blank lines and CRLF; every malformed input an
// InputError "<file>:<line>: <what>".
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/trajectory_csv.hpp"
#include "support/temp_dir.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace trajectory_csv_test {

const char* kTwoJoints =
    "t,q1,q2,v1,v2,a1,a2,tau1,tau2,kinetic,potential,energy\n"
    "0,0.1,0.2,0,0,1,2,3,4,5,6,7\n"
    "0.5,0.15,0.3,0.2,0.4,1.5,2.5,3,4,5,6,7\n";

std::string error_of(const std::string& text, int dof = 2) {
  return test::refusal([&] { parse_trajectory_csv(text, "m.csv", dof); }, "(accepted)");
}

TEST(TrajectoryCsv, ReadsSimulatesColumns) {
  const drives::SampledMotion m = parse_trajectory_csv(kTwoJoints, "m.csv", 2);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_FALSE(m.has_jerk());
  EXPECT_EQ(m.t[1], 0.5);
  EXPECT_EQ(m.q[1][1], 0.3);
  EXPECT_EQ(m.v[1][0], 0.2);
  EXPECT_EQ(m.a[0][1], 2.0);
}

TEST(TrajectoryCsv, AnyOrderJerkBlankLinesAndCrlf) {
  const drives::SampledMotion m = parse_trajectory_csv(
      "pos_x, a1 ,j1,q1,t,v1\r\n\r\n9,3,4,1,0,2\r\n9,3.5,4.5,1.5, 0.25 ,2.5\r\n\n", "m.csv", 1);
  ASSERT_EQ(m.size(), 2u);
  ASSERT_TRUE(m.has_jerk());
  EXPECT_EQ(m.t[1], 0.25);
  EXPECT_EQ(m.q[1][0], 1.5);
  EXPECT_EQ(m.v[1][0], 2.5);
  EXPECT_EQ(m.a[1][0], 3.5);
  EXPECT_EQ(m.jerk[1][0], 4.5);
}

TEST(TrajectoryCsv, HeaderErrorsNameLineOne) {
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {"", "m.csv:1: empty (expected the header t, q1..qn, v1..vn, a1..an and rows)"},
      {"q1,q2,v1,v2,a1,a2\n1,2,3,4,5,6\n", "m.csv:1: no column 't' (expected t, q1..qn, v1..vn, a1..an)"},
      {"t,q1,v1,v2,a1,a2\n", "m.csv:1: no column 'q2' (a trajectory for 2 joints needs t, q1..q2, v1..v2, a1..a2)"},
      {"t,q1,q2,q3,v1,v2,a1,a2\n", "m.csv:1: column 4 'q3': the model has 2 joints (a trajectory of another model?)"},
      {"t,q1,q2,v1,v2,a1,a2,q1\n", "m.csv:1: column 8 'q1': repeated"},
      {"t,q1,q2,v1,v2,a1,a2,j2\n", "m.csv:1: no column 'j1' (the jerk columns j1..j2 come all or none)"},
      {"t,q1,q2,v1,v2,a1,a2\n", "m.csv:1: no samples (only the header)"}});
}

TEST(TrajectoryCsv, RowErrorsNameTheirLine) {
  const std::string header = "t,q1,q2,v1,v2,a1,a2\n0,0,0,0,0,0,0\n";
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {header + "1,0,0,0,0,0\n", "m.csv:3: 6 cells, the header has 7"},
      {header + "\n1,0,x,0,0,0,0\n", "m.csv:4: q2: 'x' is not a number"},
      {header + "1,0,0,0,0,,0\n", "m.csv:3: a1: '' is not a number"},
      {header + "1,0,0,0,nan,0,0\n", "m.csv:3: v2: must be finite (got nan)"},
      {header + "1,0,0,0,1e999,0,0\n", "m.csv:3: v2: must be finite (got 1e999)"},
      {header + "0,0,0,0,0,0,0\n", "m.csv:3: t = 0 does not follow the previous time (times must increase strictly)"},
      {header + "1,0,0,0,0,0,0\n0.5,0,0,0,0,0,0\n", "m.csv:4: t = 0.5 does not follow the previous time (times must increase strictly)"}});
}

TEST(TrajectoryCsv, HostileInputsAreClearErrors) {
  // A header of a million commas and a row of a hundred thousand cells, generated here.
  test::expect_refusals([](const std::string& text) { return error_of(text); }, {
      {std::string(1000000, ',') + "\n", "m.csv:1: no column 't' (expected t, q1..qn, v1..vn, a1..an)"},
      {"t,q1,q2,v1,v2,a1,a2\n" + std::string(100000, '1') + "\n", "m.csv:2: 1 cells, the header has 7"},
      {"t,q99999999999999999999,q1,q2,v1,v2,a1,a2\n0,0,0,0,0,0,0,0\n", "m.csv:1: column 2 'q99999999999999999999': the model has 2 joints (a trajectory of another model?)"},
      {std::string("t,q1,q2,v1,v2,a1,a2\n0,\x01\xff,0,0,0,0,0\n"), "m.csv:2: q1: '\\u{0001}\\xFF' is not a number"}});
}

TEST(TrajectoryCsv, ReadsAFileAndNamesIt) {
  test::TempDir dir("trajectory_csv");
  const std::string path = dir.write("m.csv", kTwoJoints);
  EXPECT_EQ(read_trajectory_csv(path, 2).size(), 2u);
  try {
    read_trajectory_csv(path, 1);
    FAIL() << "accepted a 2-joint trajectory for 1 joint";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":1: column 3 'q2': the model has 1 joint (a trajectory of another model?)");
  }
  EXPECT_THROW(read_trajectory_csv(dir.path("missing.csv"), 2), InputError);
}

}  // namespace trajectory_csv_test
}  // namespace armdyn
