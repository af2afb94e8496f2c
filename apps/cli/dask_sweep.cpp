#include "dask_sweep.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "cli.hpp"
#include "output_file.hpp"
#include "plot.hpp"

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

// $ARMDYN_DASK_TIMEOUT: the seconds the scheduler is waited for (10 when unset).
double dask_timeout() {
  const char* env = std::getenv("ARMDYN_DASK_TIMEOUT");
  if (!env) return 10;
  const std::string text = env;
  double seconds = 0;  // a decimal number alone: no blanks, no hexadecimal, no unit
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  const bool whole = !text.empty() && error == std::errc() && end == text.data() + text.size();
  if (!whole || !(seconds > 0) || !(seconds <= 86400))
    throw InputError("ARMDYN_DASK_TIMEOUT: '" + printable(text) + "' is not a number of seconds in (0, 86400]");
  return seconds;
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
  // The Python side's messages: a scratch file, removed when done (or interrupted).
  const std::unique_ptr<OutputFile> log = OutputFile::scratch("armdyn_dask", ".log", "--scheduler");
  int pipe_fd[2];
  if (pipe2(pipe_fd, O_CLOEXEC) != 0) throw InternalError("--scheduler: cannot make a pipe");
  std::vector<std::string> python_path;
  if (const std::string folder = build_tree_package_folder(); !folder.empty()) python_path.push_back(folder);
  const pid_t pid = start_python("armdyn._distributed", true,
                                 {fs::absolute(study_path).string(), "--scheduler", scheduler, "--timeout", shortest(dask_timeout())}, python_path,
                                 log->temporary_path(), pipe_fd[1]);
  close(pipe_fd[1]);
  if (pid < 0) {
    close(pipe_fd[0]);
    throw InternalError("--scheduler: cannot run " + python_interpreter());
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
  const int code = wait_for(pid);
  if (failure) std::rethrow_exception(failure);
  const std::string why = last_line(log->temporary_path());
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

void check_dask_options(const std::string& scheduler) {
  const auto refuse = [&] {
    throw InputError("--scheduler: '" + printable(scheduler) +
                     "' is not a Dask scheduler's address (tcp://HOST:PORT, or tls://, ws://, wss://, ucx://)");
  };
  std::string rest = scheduler;
  if (const std::size_t scheme = rest.find("://"); scheme != std::string::npos) {
    const std::string name = rest.substr(0, scheme);
    if (name != "tcp" && name != "tls" && name != "ws" && name != "wss" && name != "ucx") refuse();
    rest.erase(0, scheme + 3);
  }
  const std::size_t colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0) refuse();
  const std::string host = rest.substr(0, colon), port = rest.substr(colon + 1);
  const bool bracketed = host.size() > 2 && host.front() == '[' && host.back() == ']';  // IPv6
  for (std::size_t i = bracketed ? 1 : 0; i < host.size() - (bracketed ? 1 : 0); ++i) {
    const char c = host[i];
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || (bracketed && c == ':');
    if (!ok) refuse();
  }
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) refuse();
  if (const int p = std::stoi(port); p < 1 || p > 65535) refuse();
  dask_timeout();
}

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
