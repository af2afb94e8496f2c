// `armdyn check MODEL [--states N] [--seed S] [--json]`: every formulation the model supports on N
// random states against the production algorithms, the forward-dynamics routes against inverse
// dynamics, and the connecting identities; a table of the largest relative disagreements (or one
// JSON document). Exit status 0 only when every row is within its tolerance (1 otherwise, 2 for
// bad input).
#include <cmath>
#include <memory>
#include <sstream>

#include "armdyn/dynamics/consistency.hpp"
#include "armdyn/io/mjcf.hpp"
#include "cli.hpp"
#include "methods.hpp"
#include "json_writer.hpp"
#include "sign_checks.hpp"

namespace armdyn::cli {
namespace {

struct CheckOptions {
  std::string model;
  int states = 20;
  std::uint64_t seed = 1;
  bool json = false;
};

// {"model", "dof", "states", "seed", "ok", "rows": [{"subject", "quantity", "worst", "tolerance",
// "ok"}], "condition_number": {"min", "max"}, "skipped": ["<method>: <why>"]}; numbers with 17
// significant digits, a non-finite "worst" as null.
std::string json_report(const CheckOptions& opts, const Model& model, const ConsistencyReport& report) {
  JsonWriter w;
  w.begin_object(true);
  w.key("model").value(model.name);
  w.key("dof").value(model.dof);
  w.key("states").value(opts.states);
  w.key("seed").value(opts.seed);
  w.key("ok").value(report.ok());
  w.key("rows").begin_array(true);
  for (const ConsistencyRow& r : report.rows) {
    w.begin_object();
    w.key("subject").value(r.subject);
    w.key("quantity").value(r.quantity);
    w.key("worst");
    if (std::isfinite(r.worst)) w.value(r.worst);
    else w.null();  // JSON has no NaN or infinity; the row fails

    w.key("tolerance").value(r.tolerance);
    w.key("ok").value(r.ok());
    w.end_object();
  }
  w.end_array();
  w.key("condition_number").begin_object();  // of M over the states; qdd's tolerance grows with it
  w.key("min").value(report.condition_min);
  w.key("max").value(report.condition_max);
  w.end_object();
  w.key("skipped").begin_array(true);
  for (const std::string& s : report.skipped) w.value(s);
  w.end_array();
  w.end_object();
  return w.str();
}

int run_check(const CheckOptions& opts) {
  const Model model = load_any_model(opts.model);
  require_angle_coordinates(model, "armdyn check");
  const ConsistencyReport report = check_consistency(model, opts.states, opts.seed);
  if (opts.json) {
    write_stdout(json_report(opts, model, report));
    return report.ok() ? kExitOk : kExitInternal;
  }
  std::vector<std::vector<std::string>> rows = {{"subject", "quantity", "worst rel. diff", "tolerance", ""}};
  for (const ConsistencyRow& r : report.rows)
    rows.push_back({r.subject, r.quantity, human(r.worst, 3), human(r.tolerance, 3), r.ok() ? "ok" : "FAIL"});
  std::ostringstream out;
  out << "armdyn check: " << model.name << " (" << model.dof << " DoF), " << opts.states
      << " random states, seed " << opts.seed << "\n"
      << "reference: rnea (tau), crba (M), gravity_torque (g); qdd routes against a = FD(ID(a))\n"
      << "mass matrix condition number over the states: " << human(report.condition_min, 3) << " to "
      << human(report.condition_max, 3) << "; qdd tolerance: 1e-14 x condition number, at least 1e-9\n\n"
      << format_table(rows, {false, false, true, true, false});
  for (const std::string& s : report.skipped) out << "  skipped " << s << "\n";
  out << (report.ok() ? "\nall consistent\n" : "\nINCONSISTENT: see the rows marked FAIL\n");
  write_stdout(out.str());
  return report.ok() ? kExitOk : kExitInternal;
}

}  // namespace

Command add_check_command(CLI::App& app) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* sub = app.add_subcommand(
      "check", "Cross-check every formulation, forward-dynamics route and identity on random states; exit 0 only "
               "when all agree");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("--states", opts->states, "number of random states")->capture_default_str()->check(kPositiveNumber);
  sub->add_option("--seed", opts->seed, "random seed")->capture_default_str();
  sub->footer("Memory of the formulations for n joints: " + tau_method_memory_orders() +
              ". check holds every formulation's workspace at once and checks the Christoffel identities: "
              "O(n^3) in all.");
  sub->add_flag("--json", opts->json, "print a JSON document instead of the table");
  return Command{sub, [opts] { return run_check(*opts); }};
}

}  // namespace armdyn::cli
