#include "plot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "armdyn/core/error.hpp"
#include "cli.hpp"

extern char** environ;

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Runs argv with stdout and stderr into `log`; returns the exit status (-1: could not start).
int run(const std::vector<std::string>& args, const std::string& log) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::string last_line(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

std::string python_interpreter() {
  if (const char* env = std::getenv("ARMDYN_PYTHON"); env && *env) return env;
  if (is_file("/usr/bin/python3")) return "/usr/bin/python3";  // Debian's, with python3-matplotlib
  return "python3";
}

std::string plot_script_path(const std::string& script) {
  const bool simulation = script == "plot_simulation.py";
  if (const char* env = std::getenv("ARMDYN_PLOT_SCRIPT"); env && *env) {
    const fs::path path = simulation ? fs::path(env) : fs::path(env).parent_path() / script;
    if (!is_file(path)) throw InternalError("ARMDYN_PLOT_SCRIPT: no such file '" + path.string() + "'");
    return path.string();
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path().parent_path() / "share" / "armdyn" / script;
    if (is_file(installed)) return installed.string();
  }
#ifdef ARMDYN_PLOT_SCRIPT_SOURCE
  const fs::path source = fs::path(ARMDYN_PLOT_SCRIPT_SOURCE).parent_path() / script;
  if (is_file(source)) return source.string();
#endif
  throw InternalError("--plot: cannot find " + script + " (set ARMDYN_PLOT_SCRIPT)");
}

void plot_simulation(const std::string& csv, OutputFile& png, const std::string& title,
                     const std::vector<std::string>& joint_names, const std::string& script_name,
                     const std::vector<std::string>& extra_args, const std::string& option) {
  const std::string script = plot_script_path(script_name);
  const std::string tmp = png.staging_path();
  // The script's messages: a scratch file, removed when done (or interrupted).
  OutputFile log((fs::temp_directory_path() / "armdyn_plot.log").string(), option);
  std::vector<std::string> args = {python_interpreter(), script, csv, tmp, "--title=" + title};
  for (const std::string& name : joint_names) args.push_back("--joint-name=" + name);  // "=": names may start with '-'
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  const int status = run(args, log.staging_path());
  const std::string why = last_line(log.staging_path());
  if (status != 0) {
    png.discard();
    throw InternalError(option + ": " + (status < 0 ? "cannot run " + python_interpreter() : "the plotting script failed") +
                        (why.empty() ? std::string() : ": " + why));
  }
}

}  // namespace armdyn::cli
