// Inputs that would make the tool read, allocate or compute without a bound are refused up front
// (exit 2, one line naming the file or the option): devices and oversized files, and operation
// counts, schedules and generated code for chains too long for one run.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "support/cli_process.hpp"

namespace armdyn {
namespace input_limits_test {

using InputLimits = test::CliProcess;

// A serial chain of n revolute joints as a URDF (flat: no nesting however long).
std::string chain_urdf(int n) {
  std::string out = "<robot name=\"long\"><link name=\"l0\"/>";
  for (int k = 1; k <= n; ++k) {
    const std::string i = std::to_string(k), parent = std::to_string(k - 1);
    out += "<joint name=\"j" + i + "\" type=\"revolute\"><parent link=\"l" + parent + "\"/><child link=\"l" + i +
           "\"/><origin xyz=\"0 0 0.1\" rpy=\"0.3 0.2 0.1\"/><axis xyz=\"0 0 1\"/><limit lower=\"-3\" upper=\"3\" "
           "effort=\"1\" velocity=\"1\"/></joint><link name=\"l" + i +
           "\"><inertial><origin xyz=\"0.01 0.02 0.05\"/><mass value=\"1\"/><inertia ixx=\"0.02\" ixy=\"0.001\" "
           "ixz=\"0.001\" iyy=\"0.025\" iyz=\"0.001\" izz=\"0.03\"/></inertial></link>";
  }
  return out + "</robot>";
}

void expect_refused(const test::CliResult& r, const std::string& start, const std::string& also = "") {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_EQ(r.err.rfind(start, 0), 0u) << r.err;
  EXPECT_NE(r.err.find(also), std::string::npos) << r.err;
}

TEST_F(InputLimits, DevicesAsInputFilesAreRefusedAtTheirFirstByte) {
  const std::string trajectory = file("t.csv", "t,q1,q2,q3,q4,q5,q6\n0,0,0,0,0,0,0\n");
  expect_refused(run({"eval", "puma560", "/dev/zero"}), "/dev/zero: line 1, column 1: not valid JSON (a NUL byte)");
  expect_refused(run({"eval", "puma560", "/dev/urandom"}), "/dev/urandom: line ");
  expect_refused(run({"simulate", "puma560", "--duration", "0.1", "--torque", "/dev/zero"}), "/dev/zero: line 1, column 1: not a CSV text");
  expect_refused(run({"eval", "puma560", file("s.json", "{\"states\": []}"), "--segments", "/dev/zero"}), "/dev/zero: line 1, column 1");
  expect_refused(run({"actuate", "puma560", "--actuators", "/dev/zero", "--trajectory", trajectory, "--out", path("o.csv")}),
                 "/dev/zero: line 1, column 1");
  const std::string motors = std::string(ARMDYN_EXAMPLES_DIR) + "/puma560_illustrative_motors.json";
  expect_refused(run({"actuate", "puma560", "--actuators", motors, "--trajectory", "/dev/urandom", "--out", path("o.csv")}),
                 "/dev/urandom: line ");
  expect_refused(run({"view", "puma560", "--trajectory", "/dev/zero", "--out", path("v.html")}),
                 "/dev/zero: line 1, column 1: not a CSV text");
}

TEST_F(InputLimits, TheInputLimitIsTheUsers) {
  const std::string states = file("s.json", "{\"states\": [{\"q\": [0,0,0,0,0,0], \"v\": [0,0,0,0,0,0]}]" + std::string(3000, ' ') + "}");
  EXPECT_EQ(run({"eval", "puma560", states}).status, 0);
  ASSERT_EQ(setenv("ARMDYN_MAX_INPUT_BYTES", "2K", 1), 0);
  const test::CliResult small = run({"eval", "puma560", states});
  ASSERT_EQ(setenv("ARMDYN_MAX_INPUT_BYTES", "2k2", 1), 0);
  const test::CliResult bad = run({"eval", "puma560", states});
  unsetenv("ARMDYN_MAX_INPUT_BYTES");
  expect_refused(small, states + ": larger than the input limit of 2 KiB (2048 bytes)", "ARMDYN_MAX_INPUT_BYTES");
  expect_refused(bad, "ARMDYN_MAX_INPUT_BYTES: '2k2' is not a size in bytes");
}

TEST_F(InputLimits, CountsSchedulesAndCodeOfLongChainsAreEstimatedFirst) {
  // Inside --chain's range, but hours of counting or more memory than the limit: refused at once.
  expect_refused(run({"opcount", "--chain", "1000", "--algorithm", "gibbs-appell"}),
                 "counting gibbs-appell on 'general_chain_1000' (1000 joints) takes an estimated 2.5e+13 operations");
  expect_refused(run({"opcount", "--chain", "1000", "--algorithm", "lagrange"}),
                 "--max-memory: counting lagrange on 'general_chain_1000' (1000 joints) needs an estimated");
  expect_refused(run({"parallelism", "--chain", "1-100000"}), "recording rnea on the chains of 1-100000 links takes an estimated");
  expect_refused(run({"parallelism", "--chain", "400", "--algorithm", "forward_dynamics"}),
                 "recording forward_dynamics on the chain of 400 links takes an estimated");
  std::string processors = "1";
  for (int k = 0; k < 64; ++k) processors += ",2";
  expect_refused(run({"parallelism", "--chain", "5", "--processors", processors}),
                 "--processors: more than 64 processor counts");
  const std::string long_chain = file("long.urdf", chain_urdf(400));
  expect_refused(run({"codegen", long_chain, "--counts"}), "recording rnea, mass_matrix, gravity, forward_dynamics for 'long' (400 joints) takes an estimated");
  // The limit is --max-memory's: a small one refuses a small job, as eval's does.
  expect_refused(run({"codegen", "puma560", "--counts", "--max-memory", "1K"}), "--max-memory: recording");
  // Sensitivity: what fits runs.
  const test::CliResult rnea = run({"opcount", "--chain", "1000", "--algorithm", "rnea", "--json"});
  EXPECT_EQ(rnea.status, 0) << rnea.err;
  EXPECT_EQ(run({"parallelism", "--chain", "1-5"}).status, 0);
  EXPECT_EQ(run({"codegen", long_chain, "--counts", "--algorithms", "rnea,gravity"}).status, 0);
}

}  // namespace input_limits_test
}  // namespace armdyn
