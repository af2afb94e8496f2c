#pragma once
// Pieces shared by the commands of the `armdyn` tool (one file per command: cmd_*.cpp).
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace armdyn::cli {

/// Exit statuses: success, internal error (a bug) or an output that could not be written (a
/// full disk, a closed pipe), bad input or usage, and a simulation that diverged (`simulate`:
/// the rows up to the divergence are written).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDiverged = 3;

/// An internal failure, reported with exit status 1.
class InternalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A command's work, run once parsing succeeded; returns the exit status.
using Action = std::function<int()>;

/// A subcommand and what it does.
struct Command {
  CLI::App* app = nullptr;
  Action action;
};

/// Each adds its subcommand to `app` (options bound to state the action shares).
Command add_info_command(CLI::App& app);
Command add_eval_command(CLI::App& app);
Command add_demo_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_codegen_command(CLI::App& app);
Command add_opcount_command(CLI::App& app);
Command add_parallelism_command(CLI::App& app);
Command add_simulate_command(CLI::App& app);
Command add_symbolic_command(CLI::App& app);
Command add_capability_command(CLI::App& app);
Command add_task_command(CLI::App& app);
Command add_criterion_command(CLI::App& app);
Command add_actuate_command(CLI::App& app);
Command add_optimize_timing_command(CLI::App& app);
Command add_design_command(CLI::App& app);
Command add_view_command(CLI::App& app);

/// Runs `body` and turns an escaping exception into one line on stderr and an exit status:
/// armdyn::InputError (ModelError included) -> 2, OutputError (output_file.hpp) -> 1 with its
/// message as it is, anything else -> 1 as "internal error: ...".
int run_guarded(const Action& body);

/// Prints `message` as exactly one line on stderr (newlines replaced by spaces).
void print_error(const std::string& message);

/// Writes `text` to stdout in one go; InternalError when that fails.
void write_stdout(const std::string& text);

/// The items joined by `separator`.
std::string join(const std::vector<std::string>& items, const std::string& separator = ", ");

/// Rows (the first one a header) as text with aligned columns, each line indented by `indent`
/// spaces; a column whose `right_align` entry is true is aligned to the right (numbers).
std::string format_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right_align,
                         int indent = 2);

/// x with `significant` significant digits ("%.*g"), for people to read.
std::string human(double x, int significant = 6);

/// x in the shortest form that reads back exactly (0.003, not 0.0030000000000000001): times.
std::string shortest(double x);

/// A progress line on stderr ("<label>: t = x of T s (p%)"), overwriting itself, at most every
/// quarter second and at least every few seconds of a run that has taken over a second; only
/// when stderr is a terminal and not `quiet`, otherwise it prints nothing at all.
class Progress {
 public:
  Progress(std::string label, double total, bool quiet);
  /// Reports having reached `x` of the total (cheap: call as often as convenient).
  void update(double x);
  /// Ends the line with "t = x ..., done" (if one was shown).
  void finish(double x);
  /// Ends the progress line so that another message starts on a line of its own.
  void interrupt();
  /// Seconds since construction.
  double seconds() const;

 private:
  std::string label_;
  double total_;
  bool enabled_, shown_ = false, open_ = false;
  double start_, last_, delay_ = 1.0;
};

}  // namespace armdyn::cli
