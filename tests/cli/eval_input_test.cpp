// `armdyn eval` as a process: states without a or tau, STATES from standard input, the memory
// limit (--max-memory) and a 600-joint chain evaluated and simulated within 1.5 GB of address space.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "armdyn/dynamics/formulations/registry.hpp"
#include "support/cli_process.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace eval_input_test {

using nlohmann::json;
using Result = test::CliResult;

class Eval : public test::CliProcess {
 protected:
  /// Runs `armdyn args...` with standard input from `in` and, when `address_space` > 0, its address
  /// space limited to that many bytes (RLIMIT_AS), as `prlimit --as` would.
  Result run_child(const std::vector<std::string>& args, const std::string& in, rlim_t address_space = 0) {
    const std::string out = path("child.out"), err = path("child.err");
    std::vector<std::string> argv_text = {ARMDYN_CLI};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
      if (address_space > 0) {
        const rlimit limit{address_space, address_space};
        if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(125);
      }
      const int fd_in = open(in.c_str(), O_RDONLY);
      const int fd_out = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      const int fd_err = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd_in < 0 || fd_out < 0 || fd_err < 0) _exit(126);
      dup2(fd_in, 0);
      dup2(fd_out, 1);
      dup2(fd_err, 2);
      execv(argv[0], argv.data());
      _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    Result r;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = test::read_file(out);
    r.err = test::read_file(err);
    return r;
  }

  /// A serial chain of `n` revolute joints as a JSON DH model file, and a STATES file with one state.
  std::string chain_model(int n) {
    std::string links;
    for (int i = 0; i < n; ++i)
      links += std::string(i ? ", " : "") + R"({"type": "revolute", "a": 0.1, "alpha": 0.3, "mass": 1, )" +
               R"("com": [0.05, 0, 0], "inertia": {"ixx": 0.01, "iyy": 0.01, "izz": 0.01}})";
    return file("chain.json", R"({"name": "chain", "convention": "standard", "links": [)" + links + "]}");
  }
  std::string one_state(int n, const std::string& name = "states.json") {
    std::string x = "[";
    for (int i = 0; i < n; ++i) x += i ? ", 0.1" : "0.1";
    x += "]";
    return file(name, R"({"states": [{"q": )" + x + R"(, "v": )" + x + R"(, "a": )" + x + R"(, "tau": )" + x + "}]}");
  }
};

const std::string kUr5 = test::data_path("models/ur5.urdf");
const std::string kUr5States = test::data_path("reference/ur5.json");

TEST_F(Eval, WithoutAOrTauOmitsWhatNeedsThem) {
  const std::string q = "[0.1, -0.4, 0.7, 0.2, -0.3, 0.5]", v = "[0.3, 0.2, -0.1, 0.4, 0.5, -0.6]";
  const std::string full = file("full.json", R"({"states": [{"q": )" + q + R"(, "v": )" + v +
                                                 R"(, "a": [1, 2, 3, 4, 5, 6], "tau": [1, 2, 3, 4, 5, 6]}]})");
  const std::string no_tau = file("no_tau.json", R"({"states": [{"q": )" + q + R"(, "v": )" + v +
                                                      R"(, "a": [1, 2, 3, 4, 5, 6]}]})");
  const std::string bare = file("bare.json", R"({"states": [{"q": )" + q + R"(, "v": )" + v + "}]}");
  const Result a = run({"eval", kUr5, full, "--with", "energy"});
  const Result b = run({"eval", kUr5, no_tau, "--with", "energy"});
  const Result c = run({"eval", kUr5, bare, "--with", "energy"});
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  ASSERT_EQ(c.status, 0) << c.err;
  const json ja = json::parse(a.out)["results"][0], jb = json::parse(b.out)["results"][0],
             jc = json::parse(c.out)["results"][0];
  EXPECT_TRUE(ja.contains("tau") && ja.contains("qdd"));
  EXPECT_TRUE(jb.contains("tau"));
  EXPECT_FALSE(jb.contains("qdd"));
  EXPECT_FALSE(jc.contains("tau") || jc.contains("qdd"));
  for (const char* key : {"M", "c", "g", "pose", "kinetic", "potential"}) {
    EXPECT_EQ(jb[key], ja[key]) << key;
    EXPECT_EQ(jc[key], ja[key]) << key;
  }
  EXPECT_EQ(jb["tau"], ja["tau"]);
  // The keys keep the contract's order: tau, M, c, g, (qdd,) pose, then the --with quantities.
  EXPECT_LT(c.out.find("\"M\""), c.out.find("\"pose\""));
  EXPECT_LT(c.out.find("\"pose\""), c.out.find("\"kinetic\""));
}

TEST_F(Eval, ReadsStatesFromStandardInput) {
  const Result from_file = run({"eval", kUr5, kUr5States});
  const Result from_stdin = run_child({"eval", kUr5, "-"}, kUr5States);
  ASSERT_EQ(from_file.status, 0) << from_file.err;
  ASSERT_EQ(from_stdin.status, 0) << from_stdin.err;
  EXPECT_EQ(from_stdin.out, from_file.out);
  const Result bad = run_child({"eval", kUr5, "-"}, file("bad.json", R"({"states": [{"q": [0, 0, 0], "v": [0, 0, 0]}]})"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "<stdin>: states[0].q: expected 6 values, got 3\n");
}

TEST_F(Eval, RefusesARequestOverMaxMemoryBeforeAllocating) {
  // The configuration-space formulation on 600 joints: 2.5 n^3 doubles, over the default 4 GiB.
  // Refused before anything is allocated, so the child's 1.5 GB of address space is enough.
  const std::string model = chain_model(600), states = one_state(600);
  const Result r = run_child({"eval", model, states, "--method", "configuration-space"}, "/dev/null", 1500000000);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_EQ(r.err.rfind("--max-memory: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("needs an estimated 4.0"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("GiB"), std::string::npos) << r.err;
  // A small request under a small limit runs; over it, refused; a bad value is bad input.
  EXPECT_EQ(run({"eval", kUr5, kUr5States, "--max-memory", "64M"}).status, 0);
  const Result small = run({"eval", kUr5, kUr5States, "--max-memory", "1K"});
  EXPECT_EQ(small.status, 2);
  EXPECT_NE(small.err.find("--max-memory"), std::string::npos) << small.err;
  for (const char* bad : {"2X", "-1G", "0", "G", "1e99"}) {
    const Result b = run({"eval", kUr5, kUr5States, "--max-memory", bad});
    EXPECT_EQ(b.status, 2) << bad;
    EXPECT_EQ(b.out, "") << bad;
    EXPECT_NE(b.err.find("--max-memory"), std::string::npos) << bad << ": " << b.err;
  }
  for (const char* good : {"1.5G", "2GiB", "512m", "3000000000"})
    EXPECT_EQ(run({"eval", kUr5, kUr5States, "--max-memory", good}).status, 0) << good;
}

// The size is scanned by hand, not by a regular expression (which recursed per character and
// overflowed the stack on a long argument): values of any length are read or refused in one line.
TEST_F(Eval, MaxMemoryOfAnyLengthIsReadOrRefused) {
  EXPECT_EQ(run({"eval", kUr5, kUr5States, "--max-memory", std::string(100000, ' ') + "1G"}).status, 0);
  EXPECT_EQ(run({"eval", kUr5, kUr5States, "--max-memory", " 2 G "}).status, 0);
  for (const std::string& bad : {std::string(100000, '9'), std::string(100000, '1') + "X", std::string("1Gi"),
                                 std::string("1.5.2G"), std::string(".5G")}) {
    const Result b = run({"eval", kUr5, kUr5States, "--max-memory", bad});
    EXPECT_EQ(b.status, 2) << bad.substr(0, 20);
    EXPECT_EQ(b.err_lines(), 1) << bad.substr(0, 20);
    EXPECT_LT(b.err.size(), 300u) << bad.substr(0, 20);
  }
}

// Before the memory fix, every eval and simulate built the O(n^3) terms workspace: 4.3 GB for 600
// joints. Now both run within 1.5 GB of address space.
TEST_F(Eval, SixHundredJointsEvaluateAndSimulateWithinOnePointFiveGigabytes) {
  const std::string model = chain_model(600), states = one_state(600);
  const Result r = run_child({"eval", model, states, "--with", "energy"}, "/dev/null", 1500000000);
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["dof"], 600);
  EXPECT_EQ(out["results"][0]["M"].size(), 600u);
  EXPECT_EQ(out["results"][0]["qdd"].size(), 600u);
  const Result s = run_child({"simulate", model, "--duration", "0.002", "--integrator", "rk4"}, "/dev/null", 1500000000);
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_EQ(std::count(s.out.begin(), s.out.end(), '\n'), 4);  // header and t = 0, 0.001, 0.002
}

TEST_F(Eval, HelpStatesEveryFormulationsMemoryOrder) {
  for (const char* command : {"eval", "check"}) {
    const Result r = run({command, "--help"});
    ASSERT_EQ(r.status, 0) << command;
    const std::string memory = r.out.substr(r.out.find("Memory of"));
    for (const FormulationInfo& f : formulations())
      EXPECT_NE(memory.find(" " + f.name), std::string::npos) << command << ": " << f.name;
    EXPECT_NE(memory.find("O(n^3): lagrange, configuration-space"), std::string::npos) << memory;
  }
}

}  // namespace eval_input_test
}  // namespace armdyn
