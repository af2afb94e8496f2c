// armdyn: the command-line tool, one file per command (cmd_*.cpp); see docs/cli.md. Exit status:
// 0 success, 1 internal error, 2 bad input or usage, 3 a simulate run that diverged.
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"

int main(int argc, char** argv) {
  using namespace armdyn::cli;
  CLI::App app{"armdyn: exact, fast rigid-body dynamics of robot manipulators", "armdyn"};
  app.set_version_flag("--version", std::string("armdyn ") + ARMDYN_VERSION, "Print the version and exit");
  app.require_subcommand(1);

  const std::vector<Command> commands = {add_info_command(app), add_eval_command(app), add_demo_command(app), add_check_command(app),
                                         add_simulate_command(app), add_task_command(app), add_criterion_command(app),
                                         add_actuate_command(app), add_optimize_timing_command(app), add_design_command(app),
                                         add_symbolic_command(app),
                                         add_codegen_command(app), add_opcount_command(app), add_parallelism_command(app),
                                         add_capability_command(app), add_view_command(app)};

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version: on stdout
    const std::vector<CLI::App*> selected = app.get_subcommands();
    if (selected.empty()) {
      const bool unknown_command = argc > 1 && argv[1][0] != '-';
      std::cerr << "armdyn: " << (unknown_command ? "unknown command '" + std::string(argv[1]) + "'" : e.what())
                << "\n\n" << app.help();
    } else {
      const std::string name = selected.front()->get_name();
      print_error("armdyn " + name + ": " + e.what() + " (see 'armdyn " + name + " --help')");
    }
    return kExitBadInput;
  }

  for (const Command& command : commands)
    if (command.app->parsed()) return run_guarded(command.action);
  std::cerr << app.help();
  return kExitBadInput;
}
