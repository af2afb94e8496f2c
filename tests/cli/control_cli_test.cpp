// `armdyn simulate --controller gravity-compensation | operational-space` run as a process:
// gravity compensation holds the arm where it starts (and --kd is accepted); the operational-space
// controller follows a TASK.json (its initial q the start, its length the default duration, the
// frame on its path to the integration error with the continuous law, --summary reporting the
// deviation), --frame, --kp/--kd as one or six numbers, --posture; every misuse refused with
// one stderr line naming the option (or the task's field) and exit 2; the CSV columns unchanged.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

namespace armdyn {
namespace control_cli_test {

using Result = test::CliResult;
using test::lines;
using test::numbers;

const std::string kUr5 = std::string(ARMDYN_TEST_DATA_DIR) + "/models/ur5.urdf";
const std::string kPanda = std::string(ARMDYN_TEST_DATA_DIR) + "/models/panda.urdf";

const char* kLine = R"({"frame": "tool0", "initial": {"q": [0.3, -1.2, 1.5, -1.6, -1.4, 0.4]},
 "segments": [{"duration": 1.0, "profile": "quintic",
               "position": {"coordinates": "cartesian", "by": [0.1, 0.0, -0.05]}, "orientation": "hold"},
              {"duration": 0.5, "path": "rotation", "orientation": "hold"}]})";

class Control : public test::CommandTest {
 protected:
  Control() : CommandTest("simulate") {}
};

TEST_F(Control, GravityCompensationHoldsTheStart) {
  const Result r = run({"puma560", "--q0", "nominal", "--controller", "gravity-compensation", "--duration", "2",
                        "--output-period", "1", "--rtol", "1e-10", "--atol", "1e-12"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].substr(0, 9), "t,q1,q2,q");
  const std::vector<double> first = numbers(rows[1]), last = numbers(rows[3]);
  for (std::size_t j = 1; j <= 6; ++j) EXPECT_NEAR(last[j], first[j], 1e-9) << j;
  // Without it the arm falls.
  const Result fall = run({"puma560", "--q0", "nominal", "--duration", "2", "--output-period", "1"});
  ASSERT_EQ(fall.status, 0) << fall.err;
  const std::vector<double> fallen = numbers(lines(fall.out).back());
  double moved = 0;
  for (std::size_t j = 1; j <= 6; ++j) moved = std::max(moved, std::abs(fallen[j] - first[j]));
  EXPECT_GT(moved, 1e-2);
  const Result damped = run({"planar2r", "--q0", "0.1,0.2", "--v0", "1,0", "--controller", "gravity-compensation",
                             "--kd", "10", "--duration", "5", "--output-period", "5"});
  ASSERT_EQ(damped.status, 0) << damped.err;
  EXPECT_LT(std::abs(numbers(lines(damped.out).back())[3]), 1e-3);  // v1 damped out
}

TEST_F(Control, OperationalSpaceFollowsTheTask) {
  const std::string task = file("line.json", kLine);
  const Result r = run({kUr5, "--controller", "operational-space", "--task", task, "--control-rate", "0", "--rtol",
                        "1e-10", "--atol", "1e-12", "--output-period", "0.25", "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 8u);  // header, t = 0, 0.25, ..., 1.5: the task's length
  EXPECT_EQ(rows[0], "t,q1,q2,q3,q4,q5,q6,v1,v2,v3,v4,v5,v6,a1,a2,a3,a4,a5,a6,tau1,tau2,tau3,tau4,tau5,tau6,kinetic,"
                     "potential,energy");
  EXPECT_EQ(rows.back().substr(0, 4), "1.5,");
  EXPECT_NEAR(numbers(rows[1])[1], 0.3, 1e-15);  // the task's initial q
  const std::string tag = "frame tool0: largest deviation from the task ";
  const std::size_t at = r.err.find(tag);
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_LT(std::stod(r.err.substr(at + tag.size())), 1e-6) << r.err;
  // Sampled at the default 1 kHz: close, not exact.
  const Result sampled = run({kUr5, "--controller", "operational-space", "--task", task, "--summary", "--out",
                              path("sampled.csv")});
  ASSERT_EQ(sampled.status, 0) << sampled.err;
  const std::size_t s = sampled.err.find(tag);
  ASSERT_NE(s, std::string::npos) << sampled.err;
  const double deviation = std::stod(sampled.err.substr(s + tag.size()));
  EXPECT_GT(deviation, 1e-7);
  EXPECT_LT(deviation, 1e-3);
}

// Weak gains leave the frame further from the path than the default ones; --duration overrides
// the task's length; --frame names another frame.
TEST_F(Control, GainsDurationAndFrame) {
  const std::string task = file("line.json", kLine);
  auto deviation = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {kUr5, "--controller", "operational-space", "--task", task, "--summary",
                                     "--out", path("x.csv")};
    args.insert(args.end(), extra.begin(), extra.end());
    const Result r = run(args);
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string tag = "largest deviation from the task ";
    const std::size_t at = r.err.find(tag);
    return at == std::string::npos ? -1.0 : std::stod(r.err.substr(at + tag.size()));
  };
  const double base = deviation({});
  EXPECT_GT(deviation({"--kp", "1", "--kd", "0.5,0.5,0.5,1,1,1", "--control-rate", "100"}),
            deviation({"--kp", "400,400,400,400,400,400", "--kd", "40", "--control-rate", "100"}));
  EXPECT_GT(base, 0);
  const Result longer = run({kUr5, "--controller", "operational-space", "--task", task, "--duration", "2",
                             "--output-period", "1"});
  ASSERT_EQ(longer.status, 0) << longer.err;
  EXPECT_EQ(lines(longer.out).back().substr(0, 2), "2,");
  const Result other = run({kUr5, "--controller", "operational-space", "--task", task, "--frame", "wrist_3_link",
                            "--output-period", "1.5", "--summary"});
  ASSERT_EQ(other.status, 0) << other.err;
  EXPECT_NE(other.err.find("frame wrist_3_link:"), std::string::npos) << other.err;
}

// --q0 starts the arm off the path: the controller brings the frame onto it, and by the end (1.5 s
// after the task's own end) the arm is where the run from the task's start ends. A task that
// starts from a pose runs from --q0.
TEST_F(Control, StartOffThePathAndFromAPose) {
  const std::string task = file("line.json", kLine);
  const std::vector<std::string> common = {kUr5, "--controller", "operational-space", "--task", task, "--duration",
                                           "3", "--output-period", "3", "--control-rate", "0"};
  std::vector<std::string> off = common;
  off.insert(off.end(), {"--q0", "0.32,-1.18,1.5,-1.6,-1.4,0.42"});
  const Result on = run(common), moved = run(off);
  ASSERT_EQ(on.status, 0) << on.err;
  ASSERT_EQ(moved.status, 0) << moved.err;
  const std::vector<double> a = numbers(lines(on.out).back()), b = numbers(lines(moved.out).back());
  EXPECT_NEAR(numbers(lines(moved.out)[1])[1], 0.32, 1e-15);
  for (std::size_t j = 1; j <= 6; ++j) EXPECT_NEAR(a[j], b[j], 1e-5) << j;
  const std::string pose = file("pose.json", R"({"frame": "tool0", "initial": {"position": [0.3, 0.1, 0.4]},
    "segments": [{"duration": 1, "position": {"by": [0, 0, 0.1]}, "orientation": "hold"}]})");
  const Result p = run({kUr5, "--controller", "operational-space", "--task", pose, "--q0", "0,-1.2,1.5,-1.6,-1.4,0",
                        "--output-period", "0.5"});
  ASSERT_EQ(p.status, 0) << p.err;
  EXPECT_EQ(lines(p.out).size(), 4u);
}

// The redundant panda with a posture: runs, and the posture option takes numbers.
TEST_F(Control, PostureOnARedundantArm) {
  const std::string task = file("panda.json", R"({"frame": "panda_hand_tcp",
    "initial": {"q": [0.1, -0.4, 0.2, -2.0, 0.1, 1.7, 0.6]},
    "segments": [{"duration": 1.0, "profile": "quintic", "position": {"by": [0.05, 0.05, 0.0]}, "orientation": "hold"}]})");
  const Result r = run({kPanda, "--controller", "operational-space", "--task", task, "--posture",
                        "0.1,-0.4,0.5,-2.0,0.1,1.7,0.6", "--posture-kp", "50", "--posture-kd", "10", "--control-rate",
                        "0", "--rtol", "1e-10", "--atol", "1e-12", "--output-period", "1", "--summary"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string tag = "largest deviation from the task ";
  const std::size_t at = r.err.find(tag);
  ASSERT_NE(at, std::string::npos) << r.err;
  EXPECT_LT(std::stod(r.err.substr(at + tag.size())), 1e-6) << r.err;
  EXPECT_GT(numbers(lines(r.out).back())[3], 0.2);  // joint 3 turned toward the posture
}

TEST_F(Control, MisuseIsRefusedNamingTheOption) {
  const std::string task = file("line.json", kLine);
  const std::string os[] = {"--controller", "operational-space"};
  expect_bad({"puma560", "--duration", "1", "--controller", "lqr"},
             "unknown controller 'lqr' (one of: pd, pd-gravity, computed-torque, gravity-compensation, "
             "operational-space)");
  expect_bad({kUr5, os[0], os[1]}, "--controller operational-space: --task is required");
  expect_bad({kUr5, "--duration", "1", "--task", task}, "--task: only with --controller operational-space");
  expect_bad({kUr5, "--duration", "1", "--controller", "pd", "--goal", "0,0,0,0,0,0", "--posture", "0"},
             "--posture: only with --controller operational-space");
  expect_bad({kUr5, "--duration", "1", "--frame", "tool0"}, "--frame: only with --controller operational-space");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--goal", "0,0,0,0,0,0"}, "--goal: --controller operational-space");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--kp", "1,2"},
             "--kp: expected 6 values (one per task row: x, y, z, rx, ry, rz), got 2");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--kd", "-1"}, "--kd: gains must be >= 0");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--posture", "1,2"}, "--posture: expected 6 values");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--posture-kp", "x"}, "--posture-kp: 'x' is not a finite number");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--frame", "nope"}, "--frame: no frame named 'nope' in model 'ur5'");
  expect_bad({"puma560", os[0], os[1], "--task", task}, "line.json: frame: no frame named 'tool0' in model 'puma560'");
  expect_bad({kUr5, os[0], os[1], "--task", path("missing.json")}, "missing.json: cannot read file");
  expect_bad({kUr5, os[0], os[1], "--task", file("bad.json", R"({"frame": "tool0"})")}, "bad.json");
  expect_bad({kPanda, os[0], os[1], "--task", task, "--frame", "panda_hand_tcp"}, "line.json: initial.q: expected 7 values");
  expect_bad({kUr5, os[0], os[1], "--task",
              file("pose.json", R"({"frame": "tool0", "initial": {"position": [0.3, 0.1, 0.4]},
                "segments": [{"duration": 1, "position": {"by": [0, 0, 0.1]}}]})")},
             "pose.json: initial: the task starts from a pose; give the arm's start with --q0");
  expect_bad({kUr5, os[0], os[1], "--task",
              file("joint.json", R"({"frame": "tool0", "initial": {"q": [0, -1, 1, 0, 1, 0]}, "segments": [
                {"duration": 1, "position": {"by": [0, 0, 0]}, "orientation": {"approach": "z", "by": {}},
                 "joint": {"name": "wrist_3_joint", "by": 1}}]})")},
             "joint.json: segments[0].joint: the operational-space controller does not track a prescribed joint");
  expect_bad({kUr5, os[0], os[1], "--task",
              file("load.json", R"({"frame": "tool0", "initial": {"q": [0, -1, 1, 0, 1, 0]},
                "payload": {"mass": 1}, "segments": [{"duration": 1, "position": {"by": [0, 0, 0.1]}}]})")},
             "load.json: payload:");
  expect_bad({"puma560", "--duration", "1", "--controller", "gravity-compensation", "--goal", "ready"},
             "--goal: gravity-compensation holds the arm wherever it is");
  expect_bad({"puma560", "--duration", "1", "--controller", "gravity-compensation", "--kp", "1"},
             "--kp: gravity-compensation has no position gain");
  expect_bad({"puma560", "--duration", "1", "--controller", "gravity-compensation", "--kd", "1,2"},
             "--kd: expected 6 values");
  expect_bad({"puma560"}, "--duration is required");
  expect_bad({kUr5, os[0], os[1], "--task", task, "--move-time", "1"}, "--move-time: only with a --goal");
  expect_bad({"puma560", "--duration", "1", "--controller", "gravity-compensation", "--move-time", "1"},
             "--move-time: only with a --goal");
}

}  // namespace control_cli_test
}  // namespace armdyn
