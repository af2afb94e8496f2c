// `armdyn simulate` run as a process: the CSV contract (header, one row per output period, the
// last row exactly at T, times in their shortest exact form, the rest with 17 significant
// digits), --out written whole or not at all, named poses, torque inputs, controllers,
// forward-dynamics routes, joint limits, --plot, every bad input (numeric options included)
// giving nothing on stdout, one stderr line and exit status 2, a diverging run (exit 3, its rows
// kept), the energy warning of passive runs, --quiet, and --summary.
#include <gtest/gtest.h>
#include <pty.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/model/catalogue.hpp"
#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

extern char** environ;

namespace armdyn {
namespace simulate_test {

namespace fs = std::filesystem;

using Result = test::CliResult;
using test::lines;
using test::numbers;
using test::read_file;

class Simulate : public test::CommandTest {
 protected:
  Simulate() : CommandTest("simulate") {}
  std::size_t files_in_dir() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
};

TEST_F(Simulate, CsvHeaderRowsAndExactFinalTime) {
  const Result r = run({"craig3r", "--q0", "exercise", "--duration", "0.25", "--dt", "0.001", "--output-period", "0.1",
                        "--integrator", "rk4"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 5u);  // header, t = 0, 0.1, 0.2, 0.25
  EXPECT_EQ(rows[0], "t,q1,q2,q3,v1,v2,v3,a1,a2,a3,tau1,tau2,tau3,kinetic,potential,energy");
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_EQ(numbers(rows[k]).size(), 16u);
  EXPECT_EQ(rows[1].substr(0, 2), "0,");
  EXPECT_EQ(rows[2].substr(0, 4), "0.1,");  // the shortest form that reads back exactly
  EXPECT_EQ(rows[4].substr(0, 5), "0.25,");                  // exactly T
  const double deg = std::numbers::pi / 180;
  EXPECT_NEAR(numbers(rows[1])[1], 30 * deg, 1e-15);  // the named pose
  EXPECT_NEAR(numbers(rows[1])[3], 10 * deg, 1e-15);
}

TEST_F(Simulate, OutFileIsWrittenWholeAndStdoutStaysEmpty) {
  const std::string out = path("run.csv");
  const Result r = run({"planar2r", "--q0", "0.1,0.2", "--duration", "1", "--output-period", "0.5", "--out", out});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(lines(read_file(out)).size(), 4u);
  EXPECT_EQ(files_in_dir(), 1u);  // no temporary left behind
  // A run refused at its initial state (torques so large that the acceleration overflows: bad
  // input, exit 2) leaves no file at all.
  const std::string bad = path("bad.csv");
  const Result f = run({"planar2r", "--q0", "0.1,0.2", "--duration", "1", "--torque", "const:1e308,1e308",
                        "--integrator", "rk4", "--out", bad});
  EXPECT_EQ(f.status, 2) << f.err;
  EXPECT_NE(f.err.find("the initial state gives a non-finite acceleration"), std::string::npos) << f.err;
  EXPECT_FALSE(fs::exists(bad));
  EXPECT_EQ(files_in_dir(), 1u);
}

TEST_F(Simulate, EveryIntegratorAndRouteAgreeOnAShortRun) {
  std::vector<double> reference;
  for (const char* fd : {"aba", "crba", "walker-orin"}) {
    const Result r = run({"puma560", "--q0", "nominal", "--duration", "0.2", "--method-fd", fd, "--rtol", "1e-10",
                          "--atol", "1e-12", "--output-period", "0.2"});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<double> last = numbers(lines(r.out).back());
    if (reference.empty()) reference = last;
    for (std::size_t k = 0; k < last.size(); ++k) EXPECT_NEAR(last[k], reference[k], 1e-8) << fd << " column " << k;
  }
  for (const char* integrator : {"euler", "symplectic-euler", "rk4"}) {
    const Result r = run({"puma560", "--q0", "nominal", "--duration", "0.2", "--integrator", integrator, "--dt", "1e-5",
                          "--output-period", "0.2"});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<double> last = numbers(lines(r.out).back());
    for (std::size_t k = 1; k <= 6; ++k) EXPECT_NEAR(last[k], reference[k], 1e-4) << integrator;
  }
}

TEST_F(Simulate, TorqueInputs) {
  // A table: 1 N m on joint 1 for the first half second, then nothing (linear in between).
  const std::string table = file("tau.csv", "t,tau1,tau2\n0,1,0\n0.5,1,0\n0.5001,0,0\n");
  const Result r = run({"planar2r", "--gravity", "0,0,0", "--torque", table, "--duration", "1", "--output-period", "0.25"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(numbers(rows[1])[7], 1.0);   // tau1 at t = 0
  EXPECT_EQ(numbers(rows[5])[7], 0.0);   // tau1 at t = 1
  // No gravity, no friction: the kinetic energy after the push stays what the push gave.
  EXPECT_NEAR(numbers(rows[4])[9], numbers(rows[5])[9], 1e-7);  // rk45 at its default rtol 1e-6
  EXPECT_GT(numbers(rows[5])[9], 0.01);
  const Result c = run({"planar2r", "--torque", "const:2,-1", "--duration", "0.1", "--output-period", "0.1"});
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(numbers(lines(c.out).back())[7], 2.0);
  EXPECT_EQ(numbers(lines(c.out).back())[8], -1.0);
}

TEST_F(Simulate, ControllerReachesItsGoal) {
  const Result r = run({"puma560", "--controller", "computed-torque", "--goal", "ready", "--move-time", "1",
                        "--duration", "2", "--output-period", "0.5", "--control-rate", "0"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<double> last = numbers(lines(r.out).back());
  const std::vector<double> ready = builtin_model("puma560").poses[1].q;
  for (std::size_t j = 0; j < 6; ++j) EXPECT_NEAR(last[1 + j], ready[j], 1e-6);
}

TEST_F(Simulate, JointLimitsWarnOrStop) {
  const Result warn = run({"puma560", "--q0", "ready", "--duration", "2", "--output-period", "0.1"});
  ASSERT_EQ(warn.status, 0) << warn.err;
  EXPECT_NE(warn.err.find("armdyn: warning: joint '"), std::string::npos) << warn.err;
  EXPECT_EQ(lines(warn.out).size(), 22u);
  const Result stop = run({"puma560", "--q0", "ready", "--duration", "2", "--output-period", "0.1", "--stop-at-limits"});
  ASSERT_EQ(stop.status, 0) << stop.err;
  EXPECT_NE(stop.err.find("stopped at t = "), std::string::npos) << stop.err;
  EXPECT_LT(lines(stop.out).size(), 22u);
}

TEST_F(Simulate, PlotWritesAPng) {
  const std::string png = path("run.png");
  const Result r = run({"craig3r", "--q0", "exercise", "--duration", "1", "--output-period", "0.01", "--plot", png});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines(r.out).size(), 102u);  // the CSV still goes to stdout
  const std::string bytes = read_file(png);
  ASSERT_GT(bytes.size(), 1000u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(files_in_dir(), 1u);
}

TEST_F(Simulate, BadInputIsExitTwoWithOneLine) {
  expect_bad({"puma560", "--duration", "1", "--integrator", "rk23"}, "unknown integrator 'rk23'");
  expect_bad({"puma560", "--duration", "1", "--q0", "1,2,3"}, "--q0: expected 6 values (one per joint), got 3");
  expect_bad({"puma560", "--duration", "1", "--q0", "upright"}, "pose of puma560 (poses: zero, ready, stretch, nominal)");
  expect_bad({"puma560", "--duration", "1", "--v0", "1,2,x,4,5,6"}, "--v0: 'x' is not a finite number");
  expect_bad({"puma560", "--duration", "-1"}, "duration must be positive");
  expect_bad({"puma560"}, "--duration is required");
  expect_bad({"puma560", "--duration", "1", "--dt", "0"}, "dt must be positive");
  expect_bad({"puma560", "--duration", "1", "--integrator", "rk4", "--rtol", "1e-9"}, "only the adaptive integrator");
  expect_bad({"puma560", "--duration", "1", "--method-fd", "featherstone"}, "unknown forward-dynamics method");
  expect_bad({"puma560", "--duration", "1", "--torque", "const:1,2"}, "--torque const: expected 6 values");
  expect_bad({"puma560", "--duration", "1", "--torque", path("missing.csv")}, "cannot read file");
  expect_bad({"planar2r", "--duration", "1", "--torque", file("t.csv", "t,a,b\n1,2\n")}, "t.csv:2: expected 3 columns");
  expect_bad({"puma560", "--duration", "1", "--controller", "pd"}, "--goal is required");
  expect_bad({"puma560", "--duration", "1", "--controller", "lqr", "--goal", "ready"}, "unknown controller 'lqr'");
  expect_bad({"puma560", "--duration", "1", "--controller", "pd", "--goal", "ready", "--torque", "const:1,1,1,1,1,1"},
             "exclude each other");
  expect_bad({"puma560", "--duration", "1", "--controller", "pd", "--goal", "ready", "--kp", "1,2"}, "--kp: expected 6");
  expect_bad({"nosuchmodel", "--duration", "1"}, "nosuchmodel");
  expect_bad({"puma560", "--duration", "1", "--out", path("no/such/dir/x.csv")}, "--out: cannot write");
  expect_bad({"puma560", "--duration", "1", "--gravity", "0,0"}, "--gravity: expected 3 values");
  EXPECT_EQ(files_in_dir(), 1u);  // t.csv only: nothing written
}

// Every numeric option is checked against what it implies (steps, samples) before any work: a
// step of 1e-300 s used to overflow the step count and exit 0 having integrated with another.
TEST_F(Simulate, NumericOptionsAreCheckedAgainstWhatTheyImply) {
  const std::vector<std::string> base = {"planar2r", "--duration", "1"};
  auto bad = [&](std::vector<std::string> extra, const std::string& what) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    expect_bad(args, what);
  };
  bad({"--dt", "1e-300", "--output-period", "0.5", "--integrator", "rk4"},
      "--dt 1e-300 s gives 1e+300 steps over --duration 1 s");
  bad({"--dt", "1e-300", "--integrator", "rk45"}, "--dt 1e-300 s (rk45's first step) gives 1e+300 steps");
  bad({"--dt", "nan"}, "--dt must be positive and finite (got nan)");
  bad({"--dt", "inf"}, "--dt must be positive and finite (got inf)");
  bad({"--dt", "-0.001"}, "--dt must be positive and finite (got -0.001)");
  expect_bad({"planar2r", "--duration", "inf"}, "--duration must be positive and finite (got inf)");
  expect_bad({"planar2r", "--duration", "1e300", "--output-period", "1e295"}, "steps over --duration 1e+300 s");
  bad({"--output-period", "0"}, "--output-period must be positive and finite (got 0)");
  bad({"--output-period", "1e-300"}, "--output-period 1e-300 s gives 1e+300 output samples");
  bad({"--rtol", "1e-300"}, "--rtol must be in [1e-14, 1] (got 1e-300)");
  bad({"--atol", "1e300"}, "--atol must be in [1e-20, 1] (got 1e+300)");
  const std::vector<std::string> pd = {"--controller", "pd", "--goal", "0.1,0.2"};
  auto bad_pd = [&](std::vector<std::string> extra, const std::string& what) {
    extra.insert(extra.begin(), pd.begin(), pd.end());
    bad(extra, what);
  };
  bad_pd({"--control-rate", "1e300"}, "--control-rate 1e+300 gives 1e+300 controller samples");
  bad_pd({"--control-rate", "-1"}, "--control-rate must be >= 0 and finite (got -1)");
  bad_pd({"--move-time", "inf"}, "--move-time must be >= 0 and finite (got inf)");
  bad_pd({"--kp", "-1"}, "--kp: gains must be >= 0");
  EXPECT_EQ(files_in_dir(), 0u);
}

// A stiff PD loop under explicit Euler diverges: the rows before it are written, the one stderr
// line says when, the energy just before and what to try, and the exit status is 3.
TEST_F(Simulate, DivergedRunKeepsItsRowsAndExitsThree) {
  const std::string out = path("run.csv");
  const Result r = run({"planar2r", "--duration", "2", "--controller", "pd", "--goal", "1,1", "--kp", "1e7", "--kd", "0",
                        "--control-rate", "0", "--integrator", "euler", "--dt", "0.01", "--output-period", "0.02",
                        "--out", out});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  for (const char* part : {"the integration diverged at t = 0.08 s", "energy change", "just before",
                           "try a smaller --dt (now 0.01 s) or --integrator rk45"})
    EXPECT_NE(r.err.find(part), std::string::npos) << part << "\n" << r.err;
  const std::vector<std::string> rows = lines(read_file(out));
  ASSERT_GE(rows.size(), 3u);
  EXPECT_EQ(rows[0].substr(0, 2), "t,");
  for (std::size_t k = 1; k < rows.size(); ++k)
    for (double x : numbers(rows[k])) EXPECT_TRUE(std::isfinite(x)) << rows[k];
  EXPECT_LT(numbers(rows.back())[0], 0.08);
  EXPECT_EQ(files_in_dir(), 1u);
}

// Euler on a passive pendulum: one warning about the energy error (1 % of the largest kinetic
// energy); --quiet silences it, and the joint-limit warnings too.
TEST_F(Simulate, PassiveRunWarnsOnceAboutItsEnergyErrorUnlessQuiet) {
  const std::vector<std::string> args = {"planar2r", "--q0", "0.1,0.2", "--duration", "5", "--integrator", "euler",
                                         "--dt", "0.05", "--output-period", "1"};
  const Result r = run(args);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("armdyn: warning: the energy error reached"), std::string::npos) << r.err;
  std::vector<std::string> quiet = args;
  quiet.push_back("--quiet");
  const Result q = run(quiet);
  ASSERT_EQ(q.status, 0) << q.err;
  EXPECT_EQ(q.err, "");
  EXPECT_EQ(q.out, r.out);
  const Result limits = run({"puma560", "--q0", "ready", "--duration", "2", "--output-period", "0.5", "--quiet"});
  ASSERT_EQ(limits.status, 0) << limits.err;
  EXPECT_EQ(limits.err, "");
}

// --summary: energy drift for a passive run, the work done by the input when torques act; times
// in their shortest exact form.
TEST_F(Simulate, SummarySaysDriftOrWorkDoneByTheInput) {
  const Result passive = run({"planar2r", "--duration", "1.2345678", "--output-period", "0.5", "--summary"});
  ASSERT_EQ(passive.status, 0) << passive.err;
  EXPECT_NE(passive.err.find("planar2r, 1.2345678 s with rk45"), std::string::npos) << passive.err;
  EXPECT_NE(passive.err.find("largest drift"), std::string::npos) << passive.err;
  EXPECT_EQ(passive.err.find("work done"), std::string::npos) << passive.err;
  const Result driven = run({"planar2r", "--duration", "1", "--torque", "const:1,0", "--integrator", "rk4", "--dt",
                             "0.003", "--output-period", "0.5", "--summary"});
  ASSERT_EQ(driven.status, 0) << driven.err;
  EXPECT_NE(driven.err.find("(dt 0.003 s)"), std::string::npos) << driven.err;
  EXPECT_NE(driven.err.find("work done by the input"), std::string::npos) << driven.err;
  EXPECT_EQ(driven.err.find("drift"), std::string::npos) << driven.err;
}

// The progress line is for a person at a terminal: with stderr a terminal (a pseudo-terminal
// here, the first line at once through $ARMDYN_PROGRESS_AFTER=0) the run shows it; with stderr a
// file the same run prints nothing on stderr.
TEST_F(Simulate, ProgressLineOnlyWhenStderrIsATerminal) {
  const std::vector<std::string> args = {"simulate", "puma560", "--q0", "nominal", "--duration", "5", "--integrator",
                                         "rk4", "--dt", "1e-4", "--output-period", "5", "--out", path("run.csv")};
  int master = -1, slave = -1;
  ASSERT_EQ(openpty(&master, &slave, nullptr, nullptr, nullptr), 0);
  std::vector<std::string> all = {ARMDYN_CLI};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (const std::string& a : all) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, slave, 2);
  posix_spawn_file_actions_addclose(&actions, slave);
  posix_spawn_file_actions_addclose(&actions, master);
  pid_t pid = 0;
  // The first progress line at once (not after a second): the test does not depend on how fast
  // the computer runs the simulation.
  std::vector<std::string> env_strings = {"ARMDYN_PROGRESS_AFTER=0"};
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  std::vector<char*> env;
  for (std::string& e : env_strings) env.push_back(e.data());
  env.push_back(nullptr);
  ASSERT_EQ(posix_spawn(&pid, ARMDYN_CLI, &actions, nullptr, argv.data(), env.data()), 0);
  posix_spawn_file_actions_destroy(&actions);
  close(slave);
  std::string shown;
  char buf[4096];
  ssize_t n = 0;
  while ((n = read(master, buf, sizeof buf)) > 0) shown.append(buf, static_cast<std::size_t>(n));  // EIO at the end
  close(master);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_NE(shown.find("armdyn simulate: t = "), std::string::npos) << shown.substr(0, 300);
  EXPECT_NE(shown.find("(100%), done"), std::string::npos) << shown.substr(0, 300);
  const Result r = CliProcess::run(args);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("armdyn simulate: t = "), std::string::npos) << r.err.substr(0, 300);
}

}  // namespace simulate_test
}  // namespace armdyn
