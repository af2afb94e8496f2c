// `armdyn eval --with cartesian` and `armdyn capability`, run as processes: the keys (after the
// existing ones, in order), their values against the library, and the error contract (empty
// stdout, one stderr line, exit 2).
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "armdyn/dynamics/capability.hpp"
#include "armdyn/io/load.hpp"
#include "support/cli_process.hpp"
#include "support/json_numbers.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace cartesian_cli_test {

using test::matrix_of;
using test::vector_of;

using nlohmann::ordered_json;
using Cli = test::CliProcess;

std::string ur5_path() { return test::data_path("models/ur5.urdf"); }

void expect_refused(const test::CliResult& r, const std::string& words) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
}

TEST_F(Cli, EvalWithCartesianAddsJacobianAndOperationalSpace) {
  const std::string states = file("s.json", R"({"states": [
      {"q": [0.3, -1.0, 1.2, -0.7, 0.5, 0.4], "v": [0.1, 0.2, -0.3, 0.4, 0.5, -0.6], "a": [1, 0, 0, 0, 0, 0]},
      {"q": [0.3, -1.0, 1.2, -0.7, 0.0, 0.4], "v": [0.1, 0.2, -0.3, 0.4, 0.5, -0.6]}]})");
  const test::CliResult r = run({"eval", ur5_path(), states, "--frame", "tool0", "--with", "energy,cartesian"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ordered_json out = ordered_json::parse(r.out);
  std::vector<std::string> keys;
  for (const auto& [key, value] : out["results"][0].items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"tau", "M", "c", "g", "pose", "kinetic", "potential", "J", "Jdot_v",
                                            "Lambda", "mu", "p"}));

  const Model model = load_model(ur5_path());
  Data data(model);
  CartesianWorkspace<double> ws(model);
  const int f = frame_id(model, "tool0");
  const VecX<double> q = test::vec({0.3, -1.0, 1.2, -0.7, 0.5, 0.4}), v = test::vec({0.1, 0.2, -0.3, 0.4, 0.5, -0.6});
  const OperationalSpace<double>& op = operational_space(model, data, ws, f, q, v);
  const ordered_json& res = out["results"][0];
  EXPECT_LE(test::rel_diff(matrix_of(res["J"]), ws.frame.J), 1e-15);
  EXPECT_LE(test::rel_diff(vector_of(res["Jdot_v"]), VecX<double>(ws.frame.jdot_v)), 1e-15);
  EXPECT_LE(test::rel_diff(matrix_of(res["Lambda"]), MatX<double>(op.Lambda)), 1e-15);
  EXPECT_LE(test::rel_diff(vector_of(res["mu"]), VecX<double>(op.mu)), 1e-15);
  EXPECT_LE(test::rel_diff(vector_of(res["p"]), VecX<double>(op.p)), 1e-15);

  // The wrist singularity (q5 = 0): "singular": true and no Lambda, mu, p.
  const ordered_json& sing = out["results"][1];
  EXPECT_TRUE(sing["singular"].get<bool>());
  EXPECT_TRUE(sing.contains("J") && sing.contains("Jdot_v"));
  EXPECT_FALSE(sing.contains("Lambda") || sing.contains("mu") || sing.contains("p"));
  // A 2-joint arm never has 6 independent rows.
  const std::string s2 = file("s2.json", R"({"states": [{"q": [0.3, 0.8], "v": [0.7, -1.1]}]})");
  const ordered_json planar = ordered_json::parse(run({"eval", "planar2r", s2, "--with", "cartesian"}).out);
  EXPECT_TRUE(planar["results"][0]["singular"].get<bool>());
  // Without --with cartesian none of the keys.
  EXPECT_FALSE(ordered_json::parse(run({"eval", ur5_path(), states}).out)["results"][0].contains("J"));
  expect_refused(run({"eval", ur5_path(), states, "--with", "cartesianx"}), "cartesian");
}

TEST_F(Cli, CapabilityAccelerationMatchesTheLibrary) {
  const test::CliResult r = run({"capability", ur5_path(), "--q", "0.3,-1.0,1.2,-0.7,0.5,0.4", "--v",
                                 "0.1,0.2,-0.3,0.4,0.5,-0.6", "--direction", "0,0,2", "--frame", "tool0"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ordered_json out = ordered_json::parse(r.out);
  const Model model = load_model(ur5_path());
  Data data(model);
  CartesianWorkspace<double> ws(model);
  const VecX<double> q = test::vec({0.3, -1.0, 1.2, -0.7, 0.5, 0.4}), v = test::vec({0.1, 0.2, -0.3, 0.4, 0.5, -0.6});
  const Capability cap = max_frame_acceleration(model, data, ws, frame_id(model, "tool0"), q, v, test::vec({0, 0, 1}));
  ASSERT_TRUE(cap.feasible);
  EXPECT_EQ(out["question"], "acceleration");
  EXPECT_TRUE(out["feasible"].get<bool>());
  EXPECT_TRUE(out["bounded"].get<bool>());
  EXPECT_NEAR(out["max_acceleration"].get<double>(), cap.value, 1e-12 * cap.value);
  EXPECT_EQ(out["limiting_joint"], model.joint_names[static_cast<std::size_t>(cap.limiting_joint)]);
  EXPECT_LE(test::rel_diff(vector_of(out["tau"]), cap.tau), 1e-14);
  EXPECT_LE(test::rel_diff(vector_of(out["direction"]), test::vec({0, 0, 1})), 0.0);
  EXPECT_LE(test::rel_diff(vector_of(out["acceleration"]), test::vec({0, 0, cap.value})), 1e-14);
  EXPECT_EQ(out["effort"].size(), 6u);
}

TEST_F(Cli, CapabilityPayload) {
  const test::CliResult r = run({"capability", ur5_path(), "--q", "0,-1.2,1.0,0,0,0", "--payload-capacity"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ordered_json out = ordered_json::parse(r.out);
  const Model model = load_model(ur5_path());
  Data data(model);
  FrameWorkspace<double> ws(model);
  const int frame = model.frame_index(model.body_names.back());
  const Capability cap = max_payload(model, data, ws, frame, test::vec({0, -1.2, 1.0, 0, 0, 0}));
  EXPECT_EQ(out["question"], "payload");
  EXPECT_EQ(out["frame"], model.body_names.back());
  EXPECT_NEAR(out["max_payload"].get<double>(), cap.value, 1e-12 * cap.value);
  EXPECT_GT(cap.value, 0.0);
  EXPECT_FALSE(out.contains("v"));
}

TEST_F(Cli, CapabilityRefusesBadRequests) {
  const std::string q = "0,-1.2,1.0,0,0,0";
  expect_refused(run({"capability", "planar2r", "--q", "0,0", "--payload-capacity"}), "no joint has an effort limit");
  expect_refused(run({"capability", ur5_path(), "--q", q}), "--direction");
  expect_refused(run({"capability", ur5_path(), "--q", q, "--direction", "1,0,0", "--payload-capacity"}),
                 "excludes");
  expect_refused(run({"capability", ur5_path(), "--q", q, "--v", q, "--payload-capacity"}), "--v");
  expect_refused(run({"capability", ur5_path(), "--q", "0,1", "--payload-capacity"}), "--q");
  expect_refused(run({"capability", ur5_path(), "--q", q, "--direction", "1,0"}), "--direction");
  expect_refused(run({"capability", ur5_path(), "--q", q, "--direction", "0,0,0"}), "--direction is zero");
  expect_refused(run({"capability", ur5_path(), "--q", q, "--direction", "1,x,0"}), "--direction");
  expect_refused(run({"capability", ur5_path(), "--q", q, "--frame", "nowhere", "--payload-capacity"}), "nowhere");
}

// --direction is only a direction: of any finite, non-zero size (its squares may overflow or
// underflow), the answer is the unit direction's.
TEST_F(Cli, CapabilityTakesADirectionOfAnySize) {
  const std::vector<std::string> common = {"capability", ur5_path(), "--q", "0.3,-1.0,1.2,-0.7,0.5,0.4", "--frame", "tool0"};
  const auto answer = [&](const std::string& direction) {
    std::vector<std::string> args = common;
    args.insert(args.end(), {"--direction", direction});
    const test::CliResult r = run(args);
    EXPECT_EQ(r.status, 0) << direction << ": " << r.err;
    return r.status == 0 ? ordered_json::parse(r.out)["max_acceleration"].get<double>() : -1.0;
  };
  const double x = answer("1,0,0"), diagonal = answer("1,1,1");
  EXPECT_GT(x, 0);
  for (const char* d : {"1e-320,0,0", "1e-200,0,0", "1e300,0,0"}) EXPECT_NEAR(answer(d), x, 1e-12 * x) << d;
  for (const char* d : {"1e300,1e300,1e300", "1e-160,1e-160,1e-160", "1e-320,1e-320,1e-320"})
    EXPECT_NEAR(answer(d), diagonal, 1e-12 * diagonal) << d;
  std::vector<std::string> zero = common;
  zero.insert(zero.end(), {"--direction", "0,-0,0"});
  expect_refused(run(zero), "--direction is zero");
}

}  // namespace cartesian_cli_test
}  // namespace armdyn
