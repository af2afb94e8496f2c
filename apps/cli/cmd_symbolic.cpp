// `armdyn symbolic MODEL [--algorithm rnea|mass_matrix|gravity] [--format text|latex]
// [--symbolic-parameters]`: the closed form of a small robot's dynamics, computed by running
// armdyn's own rnea / crba / gravity_torque on GiNaC symbols, in Craig's notation (c1, s12).
#include <memory>
#include <string>

#include "armdyn/io/mjcf.hpp"
#include "armdyn/symbolic/closed_form.hpp"
#include "cli.hpp"

namespace armdyn::cli {
namespace {

struct SymbolicOptions {
  std::string model;
  std::string algorithm = "rnea";
  std::string format = "text";
  bool symbolic_parameters = false;
};

}  // namespace

Command add_symbolic_command(CLI::App& app) {
  auto opts = std::make_shared<SymbolicOptions>();
  CLI::App* sub = app.add_subcommand(
      "symbolic", "Print the closed-form equations of a small robot (at most " +
                      std::to_string(kMaxSymbolicJoints) + " joints), from armdyn's algorithms run on symbols");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("--algorithm", opts->algorithm,
                  "rnea (tau = M qdd + V + G), mass_matrix (M) or gravity (G); default rnea")
      ->check(CLI::IsMember({"rnea", "mass_matrix", "gravity"}));
  sub->add_option("--format", opts->format, "text or latex; default text")->check(CLI::IsMember({"text", "latex"}));
  sub->add_flag("--symbolic-parameters", opts->symbolic_parameters,
                "masses, lengths (nonzero DH a, d), centres of mass and inertias as symbols m1, l1, Izz1...");
  return Command{sub, [opts] {
                   const Model model = load_any_model(opts->model);
                   const Notation notation = opts->format == "latex" ? Notation::kLatex : Notation::kText;
                   write_stdout(symbolic_report(model, parse_symbolic_algorithm(opts->algorithm), notation,
                                                opts->symbolic_parameters));
                   return kExitOk;
                 }};
}

}  // namespace armdyn::cli
