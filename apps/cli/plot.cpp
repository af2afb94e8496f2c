#include "plot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
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

// The program the interpreter runs (-c): puts the folders of its first argument (separated by
// ':') on sys.path, then runs the script or module named next, as __main__, with the rest as
// its arguments.
constexpr const char* kBootstrap =
    "import runpy, sys\n"
    "sys.path[:0] = [p for p in sys.argv[1].split(':') if p]\n"
    "kind, target = sys.argv[2], sys.argv[3]\n"
    "sys.argv = [target] + sys.argv[4:]\n"
    "if kind == '-m':\n"
    "    runpy.run_module(target, run_name='__main__', alter_sys=True)\n"
    "else:\n"
    "    runpy.run_path(target, run_name='__main__')\n";

// `folders` and the absolute folders of $PYTHONPATH, joined by ':' (a folder with ':' in its name
// cannot be on PYTHONPATH either).
std::string search_path(const std::vector<std::string>& folders) {
  std::string joined;
  const auto add = [&](const std::string& folder) {
    if (folder.empty() || folder.front() != '/') return;  // "" and relative entries: the working folder
    joined += (joined.empty() ? "" : ":") + folder;
  };
  for (const std::string& folder : folders) add(folder);
  if (const char* env = std::getenv("PYTHONPATH")) {
    std::string entries = env;
    for (std::size_t at = 0; at <= entries.size();) {
      const std::size_t end = std::min(entries.find(':', at), entries.size());
      add(entries.substr(at, end - at));
      at = end + 1;
    }
  }
  return joined;
}

}  // namespace

pid_t start_python(const std::string& target, bool module, const std::vector<std::string>& args,
                   const std::vector<std::string>& python_path, const std::string& log, int stdout_fd) {
  std::vector<std::string> all = {python_interpreter(), "-I", "-c", kBootstrap, search_path(python_path),
                                  module ? "-m" : "--", target};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // The log is the scratch file just made (never a link put in its place).
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(), O_WRONLY | O_TRUNC | O_NOFOLLOW, 0);
  if (stdout_fd >= 0)
    posix_spawn_file_actions_adddup2(&actions, stdout_fd, STDOUT_FILENO);
  else
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  posix_spawn_file_actions_addchdir_np(&actions, "/");
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : -1;
}

int wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string last_line(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

std::string python_interpreter() {
  if (const char* env = std::getenv("ARMDYN_PYTHON"); env && *env) {
    const std::string python = env;  // a path is the working folder's: it runs from "/"
    return python.find('/') == std::string::npos ? python : fs::absolute(python).string();
  }
  if (is_file("/usr/bin/python3")) return "/usr/bin/python3";  // Debian's, with python3-matplotlib
  return "python3";
}

std::string plot_script_path(const std::string& script) {
  const bool simulation = script == "plot_simulation.py";
  if (const char* env = std::getenv("ARMDYN_PLOT_SCRIPT"); env && *env) {
    const fs::path path = fs::absolute(simulation ? fs::path(env) : fs::path(env).parent_path() / script);
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
  const std::unique_ptr<OutputFile> log = OutputFile::scratch("armdyn_plot", ".log", option);
  // Absolute paths: the script runs in the folder "/".
  std::vector<std::string> args = {fs::absolute(csv).string(), fs::absolute(tmp).string(), "--title=" + title};
  for (const std::string& name : joint_names) args.push_back("--joint-name=" + name);  // "=": names may start with '-'
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  const pid_t pid = start_python(script, false, args, {}, log->temporary_path());
  const int status = pid < 0 ? -1 : wait_for(pid);
  const std::string why = last_line(log->temporary_path());
  if (status != 0) {
    png.discard();
    throw InternalError(option + ": " + (status < 0 ? "cannot run " + python_interpreter() : "the plotting script failed") +
                        (why.empty() ? std::string() : ": " + why));
  }
}

}  // namespace armdyn::cli
