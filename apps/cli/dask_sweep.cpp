#include "dask_sweep.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "armdyn/core/error.hpp"
#include "cli.hpp"
#include "output_file.hpp"
#include "plot.hpp"

extern char** environ;

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The build tree's package folder (<build>/python, holding armdyn/__init__.py) when the tool
// runs from a build (<build>/apps/cli/armdyn); "" for an installed tool.
std::string build_tree_package_folder() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const fs::path folder = exe.parent_path().parent_path().parent_path() / "python";
  return fs::is_regular_file(folder / "armdyn" / "__init__.py", ec) ? folder.string() : "";
}

// The environment of the Python process: ours, with the build tree's package first on PYTHONPATH.
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  const std::string folder = build_tree_package_folder();
  std::string pythonpath = folder;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    if (entry.rfind("PYTHONPATH=", 0) == 0) {
      const std::string old = entry.substr(11);
      if (!old.empty()) pythonpath = pythonpath.empty() ? old : pythonpath + ":" + old;
    } else {
      env.push_back(entry);
    }
  }
  if (!pythonpath.empty()) env.push_back("PYTHONPATH=" + pythonpath);
  return env;
}

double number(const json& x) {
  if (x.is_number()) return x.get<double>();
  const std::string s = x.get<std::string>();  // "nan", "inf", "-inf"
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  return std::numeric_limits<double>::quiet_NaN();
}

design::CandidateResult candidate(const json& r) {
  design::CandidateResult c;
  for (const auto& [name, value] : r.at("values").items()) c.values[name] = number(value);
  c.time_scale = number(r.at("time_scale"));
  c.T = number(r.at("T"));
  c.E = number(r.at("E"));
  c.sigma_max = number(r.at("sigma_max"));
  c.stress_ratio = number(r.at("stress_ratio"));
  c.deflection = number(r.at("deflection"));
  c.drive_margin = number(r.at("drive_margin"));
  c.reach_ok = r.at("reach_ok").get<bool>();
  c.stress_ok = r.at("stress_ok").get<bool>();
  c.drive_ok = r.at("drive_ok").get<bool>();
  c.deflection_ok = r.at("deflection_ok").get<bool>();
  c.fault = r.at("fault").get<std::string>();
  c.G = number(r.at("G"));
  return c;
}

design::TminPoint tmin_point(const json& r) {
  design::TminPoint p;
  for (const auto& [name, value] : r.at("values").items()) p.values[name] = number(value);
  p.search.found = r.at("found").get<bool>();
  p.search.evaluations = r.at("evaluations").get<int>();
  p.search.t_min = number(r.at("t_min"));
  for (const json& t : r.at("trials")) p.search.trials.emplace_back(number(t.at(0)), t.at(1).get<bool>());
  p.T_stress = number(r.at("T_min_stress"));
  p.T_drive = number(r.at("T_min_drive"));
  p.T_deflection = number(r.at("T_min_deflection"));
  p.at_tmin = candidate(r.at("at_tmin"));
  return p;
}

design::StudyOptimum optimum(const json& r) {
  design::StudyOptimum o;
  o.method = r.at("method").get<std::string>();
  for (const json& x : r.at("x")) o.result.x.push_back(number(x));
  o.result.objective = number(r.at("objective"));
  o.result.feasible = r.at("feasible").get<bool>();
  o.result.evaluations = r.at("evaluations").get<int>();
  for (const json& t : r.at("path")) {
    design::Trial trial;
    for (const json& x : t.at(0)) trial.x.push_back(number(x));
    trial.objective = number(t.at(1));
    trial.violation = number(t.at(2));
    o.result.path.push_back(std::move(trial));
  }
  o.best = candidate(r.at("best"));
  return o;
}

// Runs `python3 -m armdyn._distributed` on the study and hands each of the `total` result lines
// to `read` (the result of the task `index`), then `finished` (as for design::sweep).
template <class Result>
std::vector<Result> dask_grid(std::size_t total, const std::string& study_path, const std::string& scheduler,
                              Result (*read)(const json&), const design::FinishedCallback<Result>& finished) {
  const std::string interpreter = python_interpreter();
  std::vector<std::string> args = {interpreter, "-m", "armdyn._distributed", study_path, "--scheduler", scheduler};
  std::vector<std::string> env = child_environment();
  std::vector<char*> argv, envp;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);

  // The Python side's messages: a scratch file, removed when done (or interrupted).
  OutputFile log((fs::temp_directory_path() / "armdyn_dask.log").string(), "--scheduler");
  int pipe_fd[2];
  if (pipe(pipe_fd) != 0) throw InternalError("--scheduler: cannot make a pipe");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fd[1], 1);
  posix_spawn_file_actions_addclose(&actions, pipe_fd[0]);
  posix_spawn_file_actions_addopen(&actions, 2, log.staging_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fd[1]);
  if (spawned != 0) {
    close(pipe_fd[0]);
    throw InternalError("--scheduler: cannot run " + interpreter);
  }

  std::vector<Result> results(total);
  std::vector<bool> arrived(total, false);
  std::size_t done = 0;
  std::string bad_line;
  std::exception_ptr failure;
  FILE* in = fdopen(pipe_fd[0], "r");
  char* line = nullptr;
  std::size_t capacity = 0;
  while (in && getline(&line, &capacity, in) > 0) {
    std::size_t k = total;
    try {
      const json message = json::parse(line);
      k = message.at("index").get<std::size_t>();
      if (k >= total || arrived[k]) throw std::out_of_range("index");
      results[k] = read(message.at("result"));
      arrived[k] = true;
    } catch (const std::exception&) {
      if (bad_line.empty()) bad_line = line;
      continue;
    }
    ++done;
    // The caller's errors (a full disk) are its own: kept, the run drained, then rethrown.
    if (finished && !failure) try {
        finished(static_cast<int>(done), k, results[k]);
      } catch (...) {
        failure = std::current_exception();
      }
  }
  std::free(line);
  if (in) std::fclose(in);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) break;
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (failure) std::rethrow_exception(failure);
  const std::string why = last_line(log.staging_path());
  if (code == 2) throw InputError(why.empty() ? study_path + ": refused by the workers" : why);
  if (code != 0)
    throw InternalError("--scheduler: " + (why.empty() ? "the Dask run failed (exit status " + std::to_string(code) + ")" : why));
  if (!bad_line.empty()) throw InternalError("--scheduler: unreadable result line: " + bad_line);
  if (done != total)
    throw InternalError("--scheduler: " + std::to_string(done) + " of " + std::to_string(total) +
                        " tasks came back");
  return results;
}

}  // namespace

std::vector<design::CandidateResult> dask_sweep(const design::Study& study, const std::string& study_path,
                                                const std::string& scheduler,
                                                const design::FinishedCallback<design::CandidateResult>& finished) {
  return dask_grid<design::CandidateResult>(design::parameter_grid(study).size(), study_path, scheduler, &candidate,
                                            finished);
}

std::vector<design::TminPoint> dask_tmin(const design::Study& study, const std::string& study_path,
                                         const std::string& scheduler,
                                         const design::FinishedCallback<design::TminPoint>& finished) {
  return dask_grid<design::TminPoint>(design::parameter_grid(study).size(), study_path, scheduler, &tmin_point,
                                      finished);
}

std::vector<design::StudyOptimum> dask_optimize(const design::Study& study, const std::string& study_path,
                                                const std::string& scheduler) {
  return dask_grid<design::StudyOptimum>(design::optimize_methods(study).size(), study_path, scheduler, &optimum, {});
}

}  // namespace armdyn::cli
