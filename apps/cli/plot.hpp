#pragma once
// `--plot FILE.png` of `armdyn simulate`: runs the plotting script shipped with armdyn
// (plot_simulation.py, matplotlib) on a finished CSV file; and how every child Python process
// of the tool (plots, view images, Dask) is started.
#include <sys/types.h>

#include <string>
#include <vector>

#include "output_file.hpp"

namespace armdyn::cli {

/// The Python interpreter the tool runs its scripts with: $ARMDYN_PYTHON, else /usr/bin/python3
/// (Debian's, with matplotlib and the other python3-* packages), else the python3 on PATH.
std::string python_interpreter();

/// Starts python_interpreter() on a script (`target` an absolute path) or a module (`module`
/// true: `target` a module name, as `python3 -m`) with `args` (files named by absolute paths).
/// No file of the user's working folder or of the shared temporary folder is read as code or
/// settings: the interpreter runs in isolated mode (-I: neither the working folder nor the
/// script's folder, PYTHONPATH, the user's site-packages or PYTHON* variables) in the working
/// folder "/" (so that matplotlib reads no matplotlibrc from there either), and its sys.path
/// gets, ahead of the interpreter's own, the folders `python_path` (such as the build tree's
/// package) and the absolute folders of $PYTHONPATH (its empty and relative entries, which
/// would mean the working folder, are dropped). Its stderr goes to the scratch file `log`, its
/// stdout to `stdout_fd` (-1: to `log` too). Returns the process id, -1 when it cannot start.
pid_t start_python(const std::string& target, bool module, const std::vector<std::string>& args,
                   const std::vector<std::string>& python_path, const std::string& log, int stdout_fd = -1);

/// Waits for the process `pid`: its exit status, 128 + the signal that ended it, or -1.
int wait_for(pid_t pid);

/// The last non-empty line of the file at `path` ("" when none): what a script said last.
std::string last_line(const std::string& path);

/// The plotting script: $ARMDYN_PLOT_SCRIPT, else <bin>/../share/armdyn/plot_simulation.py next
/// to the installed executable, else the source tree's copy (a compile-time path). InternalError
/// when none exists. Another `script` (plot_task.py) is looked for the same way, beside
/// $ARMDYN_PLOT_SCRIPT when that is set.
std::string plot_script_path(const std::string& script = "plot_simulation.py");

/// Plots `csv` into `png`'s staging file with `title`, the legends naming the joints
/// `joint_names` (else "joint 1", ...), `extra_args` passed on to the script; the caller commits
/// `png` (never half written). The interpreter is $ARMDYN_PYTHON, else /usr/bin/python3, else the
/// python3 on PATH. InternalError "<option>: ..." with the script's last stderr line when it fails.
void plot_simulation(const std::string& csv, OutputFile& png, const std::string& title,
                     const std::vector<std::string>& joint_names = {},
                     const std::string& script = "plot_simulation.py",
                     const std::vector<std::string>& extra_args = {}, const std::string& option = "--plot");

}  // namespace armdyn::cli
