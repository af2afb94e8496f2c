#include "simulate_actuated.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/complete_model.hpp"
#include "armdyn/simulation/actuated.hpp"
#include "armdyn/simulation/input.hpp"
#include "cli.hpp"
#include "number_lists.hpp"
#include "plot.hpp"

namespace armdyn::cli {

namespace {

// u(t) of --voltage: const:LIST (one number per joint) or a CSV table like --torque's.
std::unique_ptr<sim::TorqueSource> voltage_source(const std::string& spec, int n) {
  if (spec.rfind("const:", 0) == 0)
    return std::make_unique<sim::ConstantTorque>(parse_list(spec.substr(6), n, "--voltage const"));
  try {
    return std::make_unique<sim::TorqueTable>(sim::load_torque_table(spec, n));
  } catch (const InputError& e) {
    throw InputError(std::string("--voltage: ") + e.what());
  }
}

std::string motors_text(const drives::CompleteModel& cm) {
  std::string out;
  for (int j = 0; j < cm.dof(); ++j) out += std::string(j ? ", " : "") + drives::to_string(cm.actuator(j).type);
  return out;
}

}  // namespace

void check_voltage_options(const std::string& voltage, const std::string& actuators, const std::string& torque,
                           const std::string& controller, bool stiction) {
  if (voltage.empty()) return;
  if (actuators.empty())
    throw InputError("--voltage needs --actuators with a motor on every joint (the inputs drive the motors; "
                     "docs/drives.md)");
  if (torque != "zero") throw InputError("--voltage and --torque exclude each other (the motors deliver the torque)");
  if (!controller.empty()) throw InputError("--voltage and --controller exclude each other");
  if (stiction) throw InputError("--stiction: not with --voltage (the actuator models take friction in its smooth form)");
}

int run_voltage_simulation(const Model& model, const drives::DriveSet& drives, const VecX<double>& q0,
                           const VecX<double>& v0, const sim::SimulationOptions& options, const VoltageRunOptions& o,
                           OutputFile& csv, OutputFile* png, OutputFile* plot_rows) {
  const drives::CompleteModel cm = [&] {
    try {
      return drives::CompleteModel(model, drives);
    } catch (const InputError& e) {
      throw InputError(std::string("--voltage: ") + e.what());
    }
  }();
  const std::unique_ptr<sim::TorqueSource> input = voltage_source(o.voltage, model.dof);
  sim::SimulationOptions so = options;
  const bool rows_on_terminal = csv.streaming() && csv.path() == "-" && isatty(STDOUT_FILENO) == 1;
  Progress progress("armdyn simulate", so.duration, o.quiet || rows_on_terminal);
  so.warn = [&progress, &o](const std::string& message) {
    if (o.quiet) return;
    progress.interrupt();
    std::fprintf(stderr, "armdyn: warning: %s\n", message.c_str());
  };
  so.on_step = [&progress](double t) { progress.update(t); };
  long rows = 0;
  double e0 = 0, e_last = 0;
  const sim::SimulationStats stats =
      sim::simulate_actuated(cm, q0, v0, *input, so, [&](const sim::ActuatedSample& s) {
        // The header with the first row: nothing is written before the initial state is checked.
        const std::string row = (rows == 0 ? sim::actuated_csv_header(cm) : std::string()) + sim::actuated_csv_row(s);
        if (rows++ == 0) e0 = s.energy();
        e_last = s.energy();
        csv.write(row);
        if (plot_rows) plot_rows->write(row);
        progress.update(s.t);
      });
  const double wall = progress.seconds();
  progress.finish(stats.final_time);
  if (png) {
    OutputFile& source = plot_rows ? *plot_rows : csv;
    source.flush();
    plot_simulation(source.temporary_path(), *png, "armdyn simulate " + model.name + " (" + o.integrator + ", --voltage)",
                    model.joint_names);
    commit_together({&csv, png});
  } else {
    csv.commit();
  }
  if (stats.limit_joint >= 0 && !o.quiet)
    std::fprintf(stderr, "armdyn simulate: stopped at t = %s (--stop-at-limits)\n", shortest(stats.final_time).c_str());
  if (o.summary) {
    std::string text = "armdyn simulate: " + model.name + ", " + shortest(stats.final_time) + " s with " + o.integrator;
    text += o.integrator == "rk45" ? " (rtol " + shortest(o.rtol) + ", atol " + shortest(o.atol) + ")"
                                   : " (dt " + shortest(o.dt) + " s)";
    text += ", actuators " + motors_text(cm) + " driven by --voltage\n  " + std::to_string(stats.steps) + " steps";
    if (stats.rejected_steps) text += " (+" + std::to_string(stats.rejected_steps) + " rejected)";
    text += ", " + std::to_string(stats.evaluations) + " complete-model evaluations, " + std::to_string(rows) +
            " rows, " + human(wall, 3) + " s wall time\n  energy " + human(e0, 8) + " J at t = 0, " + human(e_last, 8) +
            " J at t = " + shortest(stats.final_time) + " (links, rotors and pistons)\n";
    std::fputs(text.c_str(), stderr);
  }
  if (stats.diverged) {
    print_error("armdyn simulate: the integration diverged at t = " + shortest(stats.diverged_at) + " s (" +
                stats.divergence + "); rows up to t = " + shortest(stats.final_time) + " s written; try " +
                (o.integrator == "rk45" ? "tighter --rtol/--atol" : "a smaller --dt or --integrator rk45"));
    return kExitDiverged;
  }
  return kExitOk;
}

}  // namespace armdyn::cli
