// `armdyn eval --with derivatives`, run as a process: the five keys (after the existing ones, in
// order), each n x n with rows the outputs, equal to the library's, present only with what they
// need (a, tau), and the refusals (f_ext, --actuators without --rigid): empty stdout, one stderr
// line, exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/io/load.hpp"
#include "support/cli_process.hpp"
#include "support/json_numbers.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace derivatives_cli_test {

using test::matrix_of;

using nlohmann::ordered_json;
using Cli = test::CliProcess;

std::string panda_path() { return test::data_path("models/panda.urdf"); }

std::vector<std::string> keys_of(const ordered_json& result) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : result.items()) keys.push_back(key);
  return keys;
}

void expect_refused(const test::CliResult& r, const std::string& words) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
}

constexpr const char* kQ = "[0.3, -1.0, 1.2, -1.7, 0.5, 1.4, -0.2]";
constexpr const char* kV = "[0.1, 0.2, -0.3, 0.4, 0.5, -0.6, 0.7]";
constexpr const char* kA = "[1, -0.5, 0.2, 0.3, -2, 0.1, 0.4]";
constexpr const char* kTau = "[3, -20, 1, 5, 0.2, 1, -0.1]";

TEST_F(Cli, EvalWithDerivativesAddsFiveMatricesEqualToTheLibrary) {
  const std::string states = file("s.json", std::string(R"({"states": [{"q": )") + kQ + R"(, "v": )" + kV +
                                                R"(, "a": )" + kA + R"(, "tau": )" + kTau + "}]}");
  const test::CliResult r = run({"eval", panda_path(), states, "--with", "derivatives"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ordered_json res = ordered_json::parse(r.out)["results"][0];
  EXPECT_EQ(keys_of(res), (std::vector<std::string>{"tau", "M", "c", "g", "qdd", "pose", "dtau_dq", "dtau_dv",
                                                    "dqdd_dq", "dqdd_dv", "dqdd_dtau"}));
  const Model model = load_model(panda_path());
  const VecX<double> q = test::vec({0.3, -1.0, 1.2, -1.7, 0.5, 1.4, -0.2});
  const VecX<double> v = test::vec({0.1, 0.2, -0.3, 0.4, 0.5, -0.6, 0.7});
  const VecX<double> a = test::vec({1, -0.5, 0.2, 0.3, -2, 0.1, 0.4});
  const VecX<double> tau = test::vec({3, -20, 1, 5, 0.2, 1, -0.1});
  Data data(model);
  RneaDerivativesWorkspace<double> id(model);
  ForwardDynamicsDerivativesWorkspace<double> fd(model);
  rnea_derivatives(model, data, id, q, v, a);
  forward_dynamics_derivatives(model, data, fd, q, v, tau);
  const std::vector<std::pair<const char*, const MatX<double>*>> expected = {
      {"dtau_dq", &id.dtau_dq}, {"dtau_dv", &id.dtau_dv}, {"dqdd_dq", &fd.dqdd_dq},
      {"dqdd_dv", &fd.dqdd_dv}, {"dqdd_dtau", &fd.Minv}};
  for (const auto& [key, matrix] : expected) {
    const MatX<double> got = matrix_of(res[key]);
    ASSERT_EQ(got.rows(), model.dof) << key;
    ASSERT_EQ(got.cols(), model.dof) << key;
    // Row-major, rows the outputs: a transposed matrix would differ (none of these is symmetric
    // but dqdd_dtau, which the product with M checks instead).
    EXPECT_LE(test::rel_diff(got, *matrix), 1e-15) << key;
  }
  EXPECT_GT(test::rel_diff(MatX<double>(id.dtau_dq.transpose()), id.dtau_dq), 1e-3);
  EXPECT_LE(test::rel_diff(MatX<double>(matrix_of(res["dqdd_dtau"]) * matrix_of(res["M"])),
                           MatX<double>(MatX<double>::Identity(7, 7))),
            1e-9);
}

TEST_F(Cli, EvalWithDerivativesWritesOnlyWhatTheStateAllows) {
  const std::string states = file("s.json", std::string(R"({"states": [{"q": )") + kQ + R"(, "v": )" + kV +
                                                R"(, "a": )" + kA + R"(}, {"q": )" + kQ + R"(, "v": )" + kV +
                                                R"(, "tau": )" + kTau + R"(}, {"q": )" + kQ + R"(, "v": )" + kV + "}]}");
  const test::CliResult r = run({"eval", panda_path(), states, "--with", "derivatives"});
  ASSERT_EQ(r.status, 0) << r.err;
  const ordered_json out = ordered_json::parse(r.out)["results"];
  EXPECT_EQ(keys_of(out[0]), (std::vector<std::string>{"tau", "M", "c", "g", "pose", "dtau_dq", "dtau_dv"}));
  EXPECT_EQ(keys_of(out[1]),
            (std::vector<std::string>{"M", "c", "g", "qdd", "pose", "dqdd_dq", "dqdd_dv", "dqdd_dtau"}));
  EXPECT_EQ(keys_of(out[2]), (std::vector<std::string>{"M", "c", "g", "pose"}));
  // Without --with derivatives none of the keys.
  EXPECT_FALSE(ordered_json::parse(run({"eval", panda_path(), states}).out)["results"][0].contains("dtau_dq"));
}

TEST_F(Cli, EvalWithDerivativesRefusesWhatItDoesNotDifferentiate) {
  const std::string wrench = file("w.json", std::string(R"({"states": [{"q": )") + kQ + R"(, "v": )" + kV +
                                                R"(, "a": )" + kA + R"(, "f_ext": {"panda_link7": [1, 2, 3, 0, 0, 0]}}]})");
  expect_refused(run({"eval", panda_path(), wrench, "--with", "derivatives"}), "f_ext");
  ASSERT_EQ(run({"eval", panda_path(), wrench}).status, 0);  // the same file is fine without them
  const std::string puma = file("p.json", R"({"states": [{"q": [0, 0.1, 0.2, 0.3, 0.4, 0.5], "v": [0, 0, 0, 0, 0, 0], "a": [0, 0, 0, 0, 0, 0]}]})");
  expect_refused(run({"eval", "puma560", puma, "--actuators", "puma560", "--with", "derivatives"}), "--rigid");
  EXPECT_EQ(run({"eval", "puma560", puma, "--actuators", "puma560", "--rigid", "--with", "derivatives"}).status, 0);
  expect_refused(run({"eval", panda_path(), wrench, "--with", "derivative"}), "derivatives");
}

TEST_F(Cli, EvalWithDerivativesCountsTheirMemory) {
  // 96 joints, one state: about 1.1 MB without the derivatives, about 5 MB with them.
  std::string zeros = "[0";
  for (int i = 1; i < 96; ++i) zeros += ", 0";
  zeros += "]";
  const std::string states = file("s.json", R"({"states": [{"q": )" + zeros + R"(, "v": )" + zeros + R"(, "a": )" +
                                                zeros + R"(, "tau": )" + zeros + "}]}");
  const std::string chain = test::data_path("models/chain_96.urdf");
  EXPECT_EQ(run({"eval", chain, states, "--max-memory", "2M"}).status, 0);
  expect_refused(run({"eval", chain, states, "--with", "derivatives", "--max-memory", "2M"}), "--with derivatives");
}

}  // namespace derivatives_cli_test
}  // namespace armdyn
