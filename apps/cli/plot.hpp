#pragma once
// `--plot FILE.png` of `armdyn simulate`: runs the plotting script shipped with armdyn
// (plot_simulation.py, matplotlib) on a finished CSV file.
#include <string>
#include <vector>

namespace armdyn::cli {

/// Creates an empty temporary file beside `path` ("<path>.tmp.XXXXXX", mode 0666 less the
/// umask, like a plain new file) and returns its name; InputError "<option>: cannot write
/// '<path>' (<reason>)" when the directory is not writable.
std::string temp_file_beside(const std::string& path, const std::string& option);

/// Renames the finished temporary `tmp` to `path`; InputError as above on failure (tmp removed).
void commit_file(const std::string& tmp, const std::string& path, const std::string& option);

/// The plotting script: $ARMDYN_PLOT_SCRIPT, else <bin>/../share/armdyn/plot_simulation.py next
/// to the installed executable, else the source tree's copy (a compile-time path). InternalError
/// when none exists.
std::string plot_script_path();

/// Plots `csv` into `png` (written to a temporary file beside it and renamed: never half
/// written) with `title`; the legends name the joints `joint_names` (else "joint 1", ...). The interpreter is $ARMDYN_PYTHON, else /usr/bin/python3, else the
/// python3 on PATH. InternalError with the script's last stderr line when it fails.
void plot_simulation(const std::string& csv, const std::string& png, const std::string& title,
                     const std::vector<std::string>& joint_names = {});

}  // namespace armdyn::cli
