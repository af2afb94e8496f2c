// `armdyn design STUDY.json --out DIR`: the result files of the shipped study (columns, rows,
// JSON equal to the CSV), a candidate against `armdyn task` run by hand on the same substituted
// arm, --plot, rows streamed to results.partial.csv as candidates finish with the previous results
// kept when a run fails or is interrupted, and bad input refused with exit status 2, one line
// naming the file and field, and no result written.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_process.hpp"
#include "support/csv_text.hpp"

extern char** environ;

namespace armdyn {
namespace design_cli_test {

using nlohmann::json;
using test::cells;
using test::lines;
using test::read_file;

const std::string kExamples = ARMDYN_EXAMPLES_DIR;

class Design : public test::CliProcess {};

TEST_F(Design, WritesOneRowPerCandidateAsCsvAndJson) {
  const std::string out = path("results");
  const test::CliResult r = run({"design", kExamples + "/studies/vp_cylindrical_R_T.json", "--out", out, "--workers", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::vector<std::string> rows = lines(read_file(out + "/results.csv"));
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(rows[0], "R,duration,T,E,sigma_max,deflection,drive_margin,reach_ok,stress_ok,drive_ok,deflection_ok,"
                     "feasible,G,time_scale,stress_ratio,fault");
  const json doc = json::parse(read_file(out + "/results.json"));
  ASSERT_EQ(doc.at("candidates").size(), 9u);
  EXPECT_EQ(doc.at("kind"), "sweep");
  EXPECT_EQ(doc.at("parameters")[0].at("name"), "R");
  for (std::size_t k = 0; k < 9; ++k) {
    const std::vector<std::string> c = cells(rows[k + 1]);
    const json& j = doc.at("candidates")[k];
    EXPECT_EQ(std::stod(c[0]), j.at("parameters").at("R").get<double>());
    EXPECT_EQ(std::stod(c[1]), j.at("parameters").at("duration").get<double>());
    EXPECT_NEAR(std::stod(c[2]), std::stod(c[1]), 1e-12);  // T is the duration asked for
    EXPECT_EQ(std::stod(c[3]), j.at("E").get<double>());
    EXPECT_EQ(std::stod(c[4]), j.at("sigma_max").get<double>());
    EXPECT_EQ(c[11] == "1", j.at("feasible").get<bool>());
    EXPECT_EQ(std::stod(c[12]), j.at("G").get<double>());
  }
}

// R = 0.025, T = 6.2 s by hand: the segments with that tube, the task's durations scaled by
// 6.2 / 3, `armdyn task` with the study's step; its last row's energy is the candidate's E.
TEST_F(Design, WorkersBeyondTheBoundAreRefusedAndManyWorkersEndCleanly) {
  const std::string study = kExamples + "/studies/vp_cylindrical_R_T.json";
  for (const char* workers : {"99999", "1000000000", "100000000000000000000", "-1", "2.5", "two"}) {
    const std::string out = path(std::string("refused_") + workers);
    const test::CliResult r = run({"design", study, "--out", out, "--workers", workers});
    EXPECT_EQ(r.status, 2) << workers << ": " << r.err;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_EQ(r.err.rfind("--workers", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(workers), std::string::npos) << r.err;  // the number as given
    EXPECT_FALSE(std::filesystem::exists(out + "/results.csv")) << workers;
  }
  // At the bound: more workers than CPUs run on the CPUs, say nothing (no TBB warning) and exit 0
  // (no arena is destroyed after TBB at exit).
  const std::string out = path("many");
  const test::CliResult r = run({"design", study, "--out", out, "--workers", "256"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(lines(read_file(out + "/results.csv")).size(), 10u);
}

TEST_F(Design, ACandidateEqualsArmdynTaskOnTheSubstitutedArm) {
  const std::string out = path("results");
  ASSERT_EQ(run({"design", kExamples + "/studies/vp_anthropomorphic_R_T.json", "--out", out}).status, 0);
  const std::vector<std::string> rows = lines(read_file(out + "/results.csv"));
  std::vector<std::string> candidate;
  for (const std::string& row : rows)
    if (row.rfind("0.025,6.2,", 0) == 0) candidate = cells(row);
  ASSERT_FALSE(candidate.empty()) << rows[1];

  json segments = json::parse(read_file(kExamples + "/models/vp_anthropomorphic_segments.json"));
  for (auto& [name, link] : segments.at("links").items())
    link["section"] = {{"type", "tube"}, {"outer_radius", 0.025}, {"inner_radius", 0.025 * 0.75}};
  json task = json::parse(read_file(kExamples + "/tasks/vp_abca_anthropomorphic.json"));
  for (json& s : task.at("segments")) s["duration"] = s.at("duration").get<double>() * (6.2 / 3.0);
  const std::string csv = path("task.csv");
  const test::CliResult t = run({"task", kExamples + "/models/vp_anthropomorphic.json", file("task.json", task.dump()),
                                 "--segments", file("segments.json", segments.dump()), "--dt", "0.01", "--out", csv});
  ASSERT_EQ(t.status, 0) << t.err;
  const std::vector<std::string> task_rows = lines(read_file(csv));
  const std::vector<std::string> header = cells(task_rows[0]);
  const std::vector<std::string> last = cells(task_rows.back());
  ASSERT_EQ(header.back(), "energy_consumed");
  const double E_task = std::stod(last.back()), T_task = std::stod(last[0]);
  EXPECT_NEAR(std::stod(candidate[2]), T_task, 1e-12);
  EXPECT_NEAR(std::stod(candidate[3]), E_task, 1e-12 * E_task);
  EXPECT_GT(E_task, 1);
}

TEST_F(Design, PlotDrawsAPngBesideTheResults) {
  const std::string study = file("study.json", [&] {
    json s = json::parse(read_file(kExamples + "/studies/vp_cylindrical_R_T.json"));
    for (const char* key : {"model", "task", "actuators"})
      s[key] = kExamples + "/studies/" + s.at(key).get<std::string>();
    s["duration"] = {6.2, 3.4};
    return s.dump();
  }());
  const std::string out = path("plotted");
  const test::CliResult r = run({"design", study, "--out", out, "--plot", "--workers", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bytes = read_file(out + "/design.png");
  ASSERT_GT(bytes.size(), 1000u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(lines(read_file(out + "/results.csv")).size(), 7u);
  // The study has a criterion: G against c as well ([VP] Fig. 5.39), its table a scratch file.
  const std::string criterion = read_file(out + "/criterion.png");
  ASSERT_GT(criterion.size(), 1000u);
  EXPECT_EQ(criterion.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(out)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"criterion.png", "design.png", "motors.png", "results.csv", "results.json"}));
  EXPECT_GT(read_file(out + "/motors.png").size(), 1000u);  // the P-n diagrams ([VP] Fig. 5.18)
}

// The shipped anthropomorphic study turned into the other kinds, its files named absolutely.
std::string variant(const std::function<void(json&)>& change) {
  json s = json::parse(read_file(kExamples + "/studies/vp_anthropomorphic_R_T.json"));
  for (const char* key : {"model", "task", "actuators"}) s[key] = kExamples + "/studies/" + s.at(key).get<std::string>();
  change(s);
  return s.dump();
}

TEST_F(Design, TminWritesOneRowPerGridPoint) {
  const std::string study = file("tmin.json", variant([](json& s) {
    s.erase("duration");
    s["parameters"]["R"]["values"] = {0.04};
    s["limits"]["allowed_deflection"] = 0.01;
    s["kind"] = "tmin";
    s["tmin"] = {{"scale_from", 0.2}, {"scale_to", 4}, {"rel_tol", 1e-2}};
  }));
  const std::string out = path("tmin");
  const test::CliResult r = run({"design", study, "--out", out, "--plot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out + "/results.csv"));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].rfind("R,T_min,found,evaluations,T_min_stress,T_min_drive,T_min_deflection,T,E,sigma_max,", 0), 0u)
      << rows[0];
  const std::vector<std::string> c = cells(rows[1]);
  EXPECT_EQ(c[2], "1");
  EXPECT_EQ(std::stod(c[1]), std::stod(c[7]));
  // T_min is the largest of the limitations' own shortest times, to the study's tolerance.
  const double longest = std::max({std::stod(c[4]), std::stod(c[5]), std::stod(c[6])});
  EXPECT_NEAR(std::stod(c[1]), longest, 2e-2 * longest);
  EXPECT_LT(std::stod(c[1]), 3.4);  // feasible at 3.4 s (the sweep), so T_min is shorter
  EXPECT_GT(std::stod(c[1]), 0.6);
  const json doc = json::parse(read_file(out + "/results.json"));
  EXPECT_EQ(doc.at("points")[0].at("trials").size(), std::stoul(c[3]));
  EXPECT_GT(read_file(out + "/design.png").size(), 1000u);
  EXPECT_GT(read_file(out + "/motors.png").size(), 1000u);  // the P-n diagrams at T_min
  EXPECT_FALSE(std::filesystem::exists(out + "/criterion.png"));  // no criterion in this study
}

TEST_F(Design, OptimizeWritesTheSearchPath) {
  const std::string study = file("optimize.json", variant([](json& s) {
    s["duration"] = 6.2;
    s["parameters"]["R"] = {{"from", 0.03}, {"to", 0.05}, {"count", 2}};
    s["limits"]["allowed_deflection"] = 4e-4;
    s["kind"] = "optimize";
    s["optimize"] = {{"variables", {"R"}}, {"start", {{"R", 0.045}}}, {"step", {{"R", 0.004}}}, {"max_evaluations", 60}};
  }));
  const std::string out = path("optimize");
  const test::CliResult r = run({"design", study, "--out", out, "--plot"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> rows = lines(read_file(out + "/results.csv"));
  ASSERT_GT(rows.size(), 3u);
  EXPECT_EQ(rows[0], "method,evaluation,R,objective,violation,feasible");
  EXPECT_EQ(rows[1], "feasible_directions,1,0.045," + cells(rows[1])[3] + "," + cells(rows[1])[4] + ",1");
  const json doc = json::parse(read_file(out + "/results.json"));
  const json& run0 = doc.at("runs")[0];
  EXPECT_EQ(run0.at("method"), "feasible_directions");
  EXPECT_TRUE(run0.at("feasible").get<bool>());
  EXPECT_LT(run0.at("x").at("R").get<double>(), 0.045);
  EXPECT_EQ(run0.at("path").size() + 1, rows.size());
  EXPECT_EQ(run0.at("candidate").at("E"), run0.at("objective"));
  EXPECT_GT(read_file(out + "/design.png").size(), 1000u);
}

// The cylindrical study with R and the duration given, its files named absolutely.
std::string cylindrical(const json& R, const json& duration) {
  json s = json::parse(read_file(kExamples + "/studies/vp_cylindrical_R_T.json"));
  for (const char* key : {"model", "task", "actuators"}) s[key] = kExamples + "/studies/" + s.at(key).get<std::string>();
  s["parameters"]["R"]["values"] = R;
  s["duration"] = duration;
  return s.dump();
}

std::vector<std::string> sorted(std::vector<std::string> rows) {
  std::sort(rows.begin(), rows.end());
  return rows;
}

// A candidate that cannot be built (a negative tube radius) stops the run: exit status 2, the
// previous results.csv and results.json untouched, and results.partial.csv holding the header
// and the row of the candidate that finished first, byte for byte the row it had before.
TEST_F(Design, AFailedRunLeavesThePreviousResultsAndItsProgress) {
  const std::string out = path("results");
  ASSERT_EQ(run({"design", file("good.json", cylindrical({0.04}, {6.2, 3.4})), "--out", out}).status, 0);
  EXPECT_FALSE(std::filesystem::exists(out + "/results.partial.csv"));  // removed on success
  const std::string csv = read_file(out + "/results.csv"), doc = read_file(out + "/results.json");
  const test::CliResult r =
      run({"design", file("bad.json", cylindrical({0.04, -0.01}, {6.2, 3.4})), "--out", out, "--workers", "1"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("R = -0.01"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(out + "/results.csv"), csv);
  EXPECT_EQ(read_file(out + "/results.json"), doc);
  EXPECT_EQ(read_file(out + "/results.partial.csv"), csv);  // both R = 0.04 candidates, in grid order on one thread
}

// SIGTERM while a sweep runs on two threads: results.csv and results.json as they were, no
// temporary file left, and results.partial.csv holding whole rows of the previous (the same)
// study's results.csv, in the order they finished.
TEST_F(Design, AnInterruptedRunKeepsThePreviousResults) {
  const std::string study =
      file("study.json", cylindrical({0.014, 0.018, 0.022, 0.025, 0.03, 0.035, 0.04}, {10, 8, 6.2, 5, 4, 3.4, 2.5, 2}));
  const std::string out = path("results");
  ASSERT_EQ(run({"design", study, "--out", out, "--workers", "2"}).status, 0);
  const std::string csv = read_file(out + "/results.csv"), doc = read_file(out + "/results.json");
  const std::vector<std::string> previous = lines(csv);

  std::vector<std::string> args = {ARMDYN_CLI, "design", study, "--out", out, "--workers", "2"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  // Waits (up to a minute) for the first two rows, then interrupts.
  std::size_t seen = 0;
  for (int k = 0; k < 30000 && seen < 3; ++k) {
    usleep(2000);
    seen = lines(read_file(out + "/results.partial.csv")).size();
  }
  kill(pid, SIGTERM);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_GE(seen, 3u) << "no rows streamed";
  ASSERT_TRUE(WIFSIGNALED(status)) << "finished before the interrupt";
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(read_file(out + "/results.csv"), csv);
  EXPECT_EQ(read_file(out + "/results.json"), doc);
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(out)) names.push_back(entry.path().filename().string());
  EXPECT_EQ(sorted(names), (std::vector<std::string>{"results.csv", "results.json", "results.partial.csv"}));
  const std::vector<std::string> partial = lines(read_file(out + "/results.partial.csv"));
  ASSERT_GE(partial.size(), 3u);
  EXPECT_LT(partial.size(), previous.size());
  EXPECT_EQ(partial[0], previous[0]);
  for (std::size_t k = 1; k < partial.size(); ++k)
    EXPECT_NE(std::find(previous.begin(), previous.end(), partial[k]), previous.end()) << partial[k];
}

TEST_F(Design, BadInputIsOneLineAndWritesNothing) {
  const std::string out = path("never");
  struct Case {
    std::string study, expected;
  };
  const std::vector<Case> cases = {
      {R"({"model": "nowhere.json", "task": {}})", "nowhere.json: cannot read file"},
      {R"({"model": {}, "task": {}, "kind": "grid"})", "study.json: kind: 'grid' is not one of sweep, tmin, optimize"},
      {R"({"model": {}, "task": {}, "parameters": {"R": {"from": 1}}})", "study.json: parameters.R.to: missing"},
      {"{\"model\": ", "study.json: line 1, column 11"},
  };
  for (const Case& c : cases) {
    const test::CliResult r = run({"design", file("study.json", c.study), "--out", out});
    EXPECT_EQ(r.status, 2) << c.study;
    EXPECT_EQ(r.err_lines(), 1) << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out + "/results.csv"));
  }
  const test::CliResult w = run({"design", kExamples + "/studies/vp_cylindrical_R_T.json", "--out", out, "--workers", "-1"});
  EXPECT_EQ(w.status, 2);
  EXPECT_NE(w.err.find("--workers"), std::string::npos) << w.err;
}

}  // namespace design_cli_test
}  // namespace armdyn
