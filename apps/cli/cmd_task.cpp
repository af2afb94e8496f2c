// `armdyn task MODEL TASK.json --out FILE.csv ...`: the joint motion, drives and consumed energy
// of a functional movement ([VP] ch. 3): the task's frame follows the prescribed motion
// (tasks/motion.hpp) through the adjustment blocks (tasks/blocks.hpp), integrated by the task
// runner (tasks/run.hpp); one CSV row per output time through OutputFile (never half written;
// nothing at all on an error), optionally a PNG plot and a summary on stderr.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "armdyn/tasks/task_path.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/segments/segment.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/tasks/columns.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/run.hpp"
#include "cli.hpp"
#include "output_file.hpp"
#include "plot.hpp"
#include "segments_option.hpp"
#include "task_setup.hpp"

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;

struct TaskOptions {
  std::string model, task, out, plot, integrator = "rk4", with;
  std::string segments;  ///< --segments: the model with mass_from_section applied, before the payload
  std::string base_motion;  ///< --base-motion: the base's velocity and acceleration against time
  double dt = 1e-3, output_period = 0;
  bool summary = false, period_given = false;
};

// Every segment's block must fit the arm: refused before any work, naming the segment.
void check_blocks(const Model& model, const tasks::Task& task, const tasks::TaskMotion& motion) {
  for (std::size_t k = 0; k < motion.segment_count(); ++k) {
    const bool joint = task.segments[k].joint.has_value();
    const tasks::OrientationMode mode = motion.segment_orientation(k);
    const int rows = tasks::block_rows(mode, joint);
    if (rows > model.dof)
      throw InputError(task.source + ": segments[" + std::to_string(k) + "]" + (joint ? "" : ".orientation") +
                       ": the adjustment block " + tasks::block_name(mode, joint) + " needs at least " +
                       std::to_string(rows) + " joints; model '" + model.name + "' has " +
                       std::to_string(model.dof) + " (use orientation \"free\" or an approach without psi)");
  }
}

std::string summary_text(const Model& model, const tasks::Task& task, const TaskOptions& o,
                         const tasks::RunSummary& s, double wall) {
  std::string text = "armdyn task: " + model.name + ", frame '" + task.frame + "', " + shortest(s.duration) +
                     " s with " + o.integrator;
  text += o.integrator == "rk45" ? std::string(" (first step ") + shortest(o.dt) + " s)" : " (dt " + shortest(o.dt) + " s)";
  text += "\n  " + std::to_string(s.steps) + " steps";
  if (s.rejected_steps) text += " (+" + std::to_string(s.rejected_steps) + " rejected)";
  text += ", " + std::to_string(s.rows) + " rows, " + human(wall, 3) + " s wall time\n";
  text += "  energy consumed " + human(s.energy_consumed, 6) + " J ([VP] (3.5.2)-(3.5.4))\n";
  text += "  largest deviation from the path: " + human(s.position_deviation.value, 3) + " m at t = " +
          shortest(s.position_deviation.t) + " s, " + human(s.orientation_deviation.value, 3) + " rad at t = " +
          shortest(s.orientation_deviation.t) + " s\n";
  if (s.damped_steps > 0)
    text += "  near-singular: damped least squares at " + std::to_string(s.damped_steps) +
            " step boundaries, first at t = " + shortest(s.first_damped) + " s (the path is not followed exactly)\n";
  std::vector<std::vector<std::string>> rows = {{"joint", "peak |drive|", "at t (s)", "peak |speed|", "at t (s)"}};
  for (int j = 0; j < model.dof; ++j) {
    const auto k = static_cast<std::size_t>(j);
    rows.push_back({model.joint_names[k], human(s.peak_tau[k].value, 6), shortest(s.peak_tau[k].t),
                    human(s.peak_v[k].value, 6), shortest(s.peak_v[k].t)});
  }
  return text + format_table(rows, {false, true, true, true, true});
}

int run_task_command(const TaskOptions& o) {
  if (o.integrator != "rk4" && o.integrator != "rk45")
    throw InputError("--integrator: '" + o.integrator + "' is not one of rk4, rk45");
  if (o.period_given && !(o.output_period > 0 && std::isfinite(o.output_period)))
    throw InputError("--output-period must be positive and finite (got " + shortest(o.output_period) + ")");
  const TaskColumnChoice with = parse_with(o.with);
  if (!o.base_motion.empty() && (with.reactions || with.stresses || with.elastic || with.gripper))
    throw InputError("--base-motion: not with --with reactions, stresses, elastic or gripper (written for a fixed base; "
                     "for now)");
  if ((with.stresses || with.elastic) && o.segments.empty()) check_stresses_option(with, segments::SegmentSet{});
  // The destinations, checked before any work.
  OutputFile csv(o.out, "--out");
  std::unique_ptr<OutputFile> png, plot_rows;
  if (!o.plot.empty()) {
    png = std::make_unique<OutputFile>(o.plot, "--plot");
    plot_script_path("plot_task.py");
    // The plotting script reads a file: the CSV's temporary, or when the rows go to a stream a
    // scratch copy (never committed: removed at the end).
    if (csv.streaming())
      plot_rows = OutputFile::scratch("armdyn_task", ".csv", "--plot");
  }
  Model model = load_any_model(o.model);
  require_angle_coordinates(model, "armdyn task");
  const segments::SegmentSet segs = load_cli_segments(o.segments, model);
  if (!o.segments.empty()) model = segments::with_section_masses(model, segs);  // as with_segments_option
  check_stresses_option(with, segs);
  const tasks::Task task = read_task(o.task, model.dof);
  const int frame = model.frame_index(task.frame);
  if (frame < 0) {
    std::vector<std::string> names;
    for (const auto& f : model.frames) names.push_back(f.name);
    if (names.size() > 12) names.resize(12), names.push_back("...");
    throw InputError(task.source + ": frame: no frame named '" + task.frame + "' in model '" + model.name +
                     "' (frames: " + join(names) + ")");
  }
  if (task.payload) model = with_task_payload(model, frame, *task.payload, task.source);
  const VecX<double> q0 = task_initial_q(model, frame, task);
  Data data(model);
  forward_kinematics(model, data, q0);
  const Transform<double> X0 = data.oMf[static_cast<std::size_t>(frame)];
  tasks::TaskMotion motion(task, X0.p, X0.R, q0, model.joint_names);
  if (!(motion.duration() > 0)) throw InputError(task.source + ": segments: the task has no motion (no segments)");
  check_blocks(model, task, motion);

  tasks::RunOptions ro;
  ro.integrator = sim::integrator_from_name(o.integrator);
  ro.dt = o.dt;
  ro.output_period = o.period_given ? o.output_period : 0.0;
  tasks::check_run_options(ro, motion.duration(), "--dt", "--output-period");
  std::unique_ptr<sim::TorqueTable> base_motion;
  if (!o.base_motion.empty()) {
    base_motion = std::make_unique<sim::TorqueTable>(sim::load_torque_table(
        o.base_motion, 12, "the base's vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez", "base-motion table"));
    ro.base_motion = base_motion.get();
  }
  const tasks::ReferencePath path = tasks::reference_path(model, task, motion);
  std::vector<double> jumps = path.breakpoints;  // where the nominal acceleration may jump: the end too
  jumps.push_back(path.duration);
  tasks::TaskTable table(task_columns(model, frame, task, with, segs, jumps));

  // No progress line between rows that go to the same terminal.
  Progress progress("armdyn task", motion.duration(), o.out == "-" && isatty(STDOUT_FILENO) == 1);
  long rows = 0;
  tasks::RunSummary summary;
  try {
    summary =
        tasks::run_task(model, frame, path, q0, VecX<double>::Zero(model.dof), ro, [&](const tasks::RunState& s) {
          const std::string row = rows++ == 0 ? table.header() + table.row(s) : table.row(s);
          csv.write(row);
          if (plot_rows) plot_rows->write(row);
          progress.update(s.t);
        });
  } catch (const InputError& e) {  // the motion itself failed (not finite): name the task
    throw InputError(task.source + ": " + e.what());
  }
  const double wall = progress.seconds();
  progress.finish(motion.duration());
  if (png) {
    OutputFile& plotted = plot_rows ? *plot_rows : csv;
    plotted.flush();
    plot_simulation(plotted.temporary_path(), *png, "armdyn task " + model.name + " (" + task.frame + ")",
                    model.joint_names, "plot_task.py");
    commit_together({&csv, png.get()});
  } else {
    csv.commit();
  }
  if (summary.damped_steps > 0)
    std::fprintf(stderr,
                 "armdyn: warning: near a singular configuration from t = %s s (%ld step boundaries): damped least "
                 "squares, the path is followed only approximately (largest deviation %s m, %s rad)\n",
                 shortest(summary.first_damped).c_str(), summary.damped_steps,
                 human(summary.position_deviation.value, 3).c_str(), human(summary.orientation_deviation.value, 3).c_str());
  if (o.summary) std::fputs(summary_text(model, task, o, summary, wall).c_str(), stderr);
  return kExitOk;
}

}  // namespace

Command add_task_command(CLI::App& app) {
  auto o = std::make_shared<TaskOptions>();
  CLI::App* sub = app.add_subcommand(
      "task", "Run a functional movement of a frame (TASK.json): joint motion, drives and consumed energy as CSV");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("TASK", o->task, "the task file (docs/tasks.md), or '-' for standard input")->required();
  sub->add_option("--out", o->out,
                  "CSV file to write (a regular file is replaced only when the run succeeds; '-': stdout)")
      ->required();
  sub->add_option("--plot", o->plot, "PNG file: drives, joint motion and the frame's path in 3-D against time (with --with "
                  "elastic also the tip's deflection and its bound)");
  sub->add_flag("--summary", o->summary,
                "print peak drives and speeds per joint, energy consumed and the largest path deviation on stderr");
  sub->add_option("--dt", o->dt, "integration step (rk4), or the first step (rk45), seconds")->capture_default_str();
  CLI::Option* period = sub->add_option("--output-period", o->output_period, "seconds between CSV rows (default: every step)");
  sub->add_option("--integrator", o->integrator, "rk4 (fixed step) or rk45 (error control)")->capture_default_str();
  sub->add_option("--with", o->with,
                  "extra columns, comma-separated: reactions (joint reactions), gripper (gripper-object force), "
                  "stresses (the segments' largest normal and torsion stresses; needs --segments), elastic (the arm "
                  "tip's elastic deflection: quasi-static |u^qs|, its bound u^m, the integrated micro-motion's |u| "
                  "and the tilt |phi|; needs --segments; docs/segments.md)");
  add_segments_option(sub, o->segments);
  sub->add_option("--base-motion", o->base_motion,
                  "the base moves: a CSV file with header t,vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez (the base's velocity "
                  "and acceleration, linear then angular, base axes; linear between rows, held outside them); the "
                  "task stays prescribed in the base's frame, the drives and the energy are those of the moving "
                  "base ([VP] (2.3.48), docs/moving-base.md)")
      ->type_name("FILE.csv");
  return Command{sub, [o, period] {
                   o->period_given = period->count() > 0;
                   return run_task_command(*o);
                 }};
}

}  // namespace armdyn::cli
