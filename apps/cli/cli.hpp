#pragma once
// Pieces shared by the commands of the `armdyn` tool (one file per command: cmd_*.cpp).
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace armdyn::cli {

/// Exit statuses: success, internal error (a bug, a non-finite result), bad input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

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

/// Runs `body` and turns an escaping exception into one line on stderr and an exit status:
/// armdyn::InputError (ModelError included) -> 2, anything else -> 1.
int run_guarded(const Action& body);

/// Prints `message` as exactly one line on stderr (newlines replaced by spaces).
void print_error(const std::string& message);

/// The whole content of a file; InputError "<path>: cannot read file (<reason>)" on failure.
std::string read_text_file(const std::string& path);

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

}  // namespace armdyn::cli
