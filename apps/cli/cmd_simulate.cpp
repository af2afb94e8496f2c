// `armdyn simulate MODEL ...`: integrates the arm's motion (under a torque input, a joint-space
// controller or the operational-space controller following a task: simulate_task.hpp) and writes
// one CSV row per output period (t, q1..qn, v1..vn, a1..an, tau1..taun, kinetic, potential,
// energy; with --constraint also contact_force<k> and constraint_error; with --voltage the
// motors are driven instead: simulate_actuated.hpp) to --out or stdout
// through OutputFile (a regular file: a temporary renamed at the end, never half written; a
// pipe or device: streamed); optionally a PNG plot. Errors: one line on stderr, exit 2 for bad
// input, 3 when the integration diverged (the rows before it are kept; see docs/simulate.md).
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/model/gravity_axes.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/simulation/controller.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "cli.hpp"
#include "drives_option.hpp"
#include "number_lists.hpp"
#include "output_file.hpp"
#include "payload_option.hpp"
#include "plot.hpp"
#include "simulate_actuated.hpp"
#include "simulate_task.hpp"
#include "segments_option.hpp"

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;

struct SimulateOptions {
  std::string model, q0, v0, gravity, torque = "zero", controller, goal, profile = "quintic", kp, kd;
  std::string integrator = "rk45", method_fd = "aba", out, plot, payload, payload_frame;
  double duration = 0, dt = 1e-3, output_period = 0, rtol = 1e-6, atol = 1e-8, move_time = 0, rate = 1000;
  bool stop_at_limits = false, summary = false, quiet = false, tolerances_given = false, period_given = false;
  std::string segments;   ///< --segments: the model with mass_from_section applied
  std::string actuators;  ///< --actuators (with friction the energy is not conserved: not passive)
  bool stiction = false;
  std::string voltage;  ///< --voltage: the actuators' inputs (simulate_actuated.hpp)
  bool duration_given = false;
  std::string constraint;  ///< --constraint: a point held on a surface or line (docs/constraints.md)
  std::string base_motion;  ///< --base-motion: the base's velocity and acceleration against time
  TaskControlOptions task;  ///< --task, --frame, --posture...: the operational-space controller
  bool passive() const { return torque == "zero" && controller.empty() && actuators.empty() && base_motion.empty(); }
};

/// The energy-error bound of a passive run, as a fraction of the largest kinetic energy (see
/// sim::SimulationOptions::energy_warning and docs/simulate.md).
constexpr double kEnergyWarning = 0.01;

std::unique_ptr<sim::TorqueSource> make_source(const SimulateOptions& o, const Model& model, const VecX<double>& q0,
                                              TaskControl* task) {
  if (!o.controller.empty()) {
    if (o.torque != "zero") throw InputError("--torque and --controller exclude each other");
    if (!(o.rate >= 0) || !std::isfinite(o.rate))
      throw InputError("--control-rate must be >= 0 and finite (got " + shortest(o.rate) + ")");
    if (o.duration * o.rate > sim::kMaxSteps)
      throw InputError("--control-rate " + shortest(o.rate) + " gives " + human(o.duration * o.rate, 3) +
                       " controller samples over --duration " + shortest(o.duration) + " s (at most " +
                       human(sim::kMaxSteps, 3) + ")");
    if (o.move_time != 0 && (task || o.controller == "gravity-compensation"))
      throw InputError("--move-time: only with a --goal (pd, pd-gravity, computed-torque)");
    if (task) {
      if (!o.goal.empty()) throw InputError("--goal: --controller operational-space follows --task (no joint goal)");
      return task->controller(model, o.model, o.kp, o.kd, o.rate);
    }
    sim::ControlLaw law;
    try {
      law = sim::control_law_from_name(o.controller);
    } catch (const InputError&) {
      throw InputError("--controller: unknown controller '" + o.controller +
                       "' (one of: pd, pd-gravity, computed-torque, gravity-compensation, operational-space)");
    }
    if (law == sim::ControlLaw::kGravityCompensation) {  // tau = g(q) - Kd qd: holds the arm where it is
      if (!o.goal.empty()) throw InputError("--goal: gravity-compensation holds the arm wherever it is (no goal)");
      if (!o.kp.empty()) throw InputError("--kp: gravity-compensation has no position gain (--kd sets joint damping)");
      sim::ControllerSpec spec = sim::default_gains(model, law, q0, 10.0, o.rate);
      if (!o.kd.empty()) spec.kd = parse_list(o.kd, model.dof, "--kd", true);
      if ((spec.kd.array() < 0).any()) throw InputError("--kd: gains must be >= 0");
      return std::make_unique<sim::Controller>(model, spec, sim::PointToPoint::hold(q0));
    }
    if (o.goal.empty()) throw InputError("--controller: --goal is required (the set-point or the motion's end)");
    const VecX<double> goal = joint_vector(o.goal, o.model, model.dof, "--goal");
    if (!(o.move_time >= 0) || !std::isfinite(o.move_time))
      throw InputError("--move-time must be >= 0 and finite (got " + shortest(o.move_time) + ")");
    sim::ControllerSpec spec = sim::default_gains(model, law, goal, 10.0, o.rate);
    if (!o.kp.empty()) spec.kp = parse_list(o.kp, model.dof, "--kp", true);
    if (!o.kd.empty()) spec.kd = parse_list(o.kd, model.dof, "--kd", true);
    if ((spec.kp.array() < 0).any() || (spec.kd.array() < 0).any())
      throw InputError(std::string((spec.kp.array() < 0).any() ? "--kp" : "--kd") + ": gains must be >= 0");
    sim::PointToPoint ref(q0, goal, o.move_time, sim::profile_from_name(o.profile));
    return std::make_unique<sim::Controller>(model, spec, ref);
  }
  if (o.torque == "zero") return std::make_unique<sim::ZeroTorque>();
  if (o.torque.rfind("const:", 0) == 0)
    return std::make_unique<sim::ConstantTorque>(parse_list(o.torque.substr(6), model.dof, "--torque const"));
  return std::make_unique<sim::TorqueTable>(sim::load_torque_table(o.torque, model.dof));
}

// The options, checked against what they imply (step and sample counts) before any work.
sim::SimulationOptions simulation_options(const SimulateOptions& o) {
  if (o.period_given && !(o.output_period > 0))
    throw InputError("--output-period must be positive and finite (got " + shortest(o.output_period) + ")");
  sim::SimulationOptions s;
  s.duration = o.duration;
  s.dt = o.dt;
  s.output_period = o.output_period;
  s.integrator = sim::integrator_from_name(o.integrator);
  if (o.tolerances_given && !sim::is_adaptive(s.integrator))
    throw InputError("--rtol/--atol: only the adaptive integrator rk45 has tolerances (--integrator " + o.integrator +
                     " takes --dt)");
  s.rtol = o.rtol;
  s.atol = o.atol;
  s.fd_method = fd_method_from_name(o.method_fd);
  s.stop_at_limits = o.stop_at_limits;
  s.energy_warning = o.passive() ? kEnergyWarning : 0.0;
  sim::check_options(s, {"--duration", "--dt", "--output-period", "--rtol", "--atol"});
  return s;
}

// What the rows showed: the energy at t = 0, the largest |E - E(0)|, the largest kinetic energy,
// the last energy.
struct Summary {
  double e0 = 0, drift = 0, kmax = 0, e_last = 0;
  long rows = 0;
  void add(const sim::Sample& s) {
    if (rows++ == 0) e0 = s.energy();
    e_last = s.energy();
    drift = std::max(drift, std::abs(e_last - e0));
    kmax = std::max(kmax, s.kinetic);
  }
};

std::string summary_text(const Model& model, const SimulateOptions& o, const sim::SimulationStats& st,
                         const Summary& s, double wall) {
  std::string text = "armdyn simulate: " + model.name + ", " + shortest(st.final_time) + " s with " + o.integrator;
  if (o.integrator == "rk45") text += " (rtol " + shortest(o.rtol) + ", atol " + shortest(o.atol) + ")";
  else text += " (dt " + shortest(o.dt) + " s)";
  text += ", fd " + o.method_fd + "\n  " + std::to_string(st.steps) + " steps";
  if (st.rejected_steps) text += " (+" + std::to_string(st.rejected_steps) + " rejected)";
  text += ", " + std::to_string(st.evaluations) + " dynamics evaluations, " + std::to_string(s.rows) + " rows, " +
          human(wall, 3) + " s wall time\n  energy " + human(s.e0, 8) + " J at t = 0, ";
  if (o.passive())  // no torque: the total energy is conserved, any change is the integrator's
    text += "largest drift " + human(s.drift, 3) + " J (" + human(s.kmax > 0 ? s.drift / s.kmax : 0.0, 3) +
            " of the largest kinetic energy, " + human(s.kmax, 4) + " J)\n";
  else if (o.torque == "zero" && o.controller.empty())  // --actuators alone: friction dissipates
    text += "energy lost to friction " + human(s.e0 - s.e_last, 4) + " J (energy at t = 0 minus energy at t = " +
            shortest(st.final_time) + ")\n";
  else  // torques act: the energy changes by the work they do
    text += "work done by the input " + human(s.e_last - s.e0, 4) + " J (energy at t = " + shortest(st.final_time) +
            " minus energy at t = 0)\n";
  if (!o.constraint.empty())
    text += "  constraint error at most " + human(st.max_constraint_error, 3) + " m over the rows\n";
  return text;
}

// The one stderr line of a diverged run: where, the energy error just before, what to try.
std::string divergence_text(const SimulateOptions& o, const sim::SimulationStats& st) {
  const double change = st.last_finite_energy - st.initial_energy;
  std::string text = "armdyn simulate: the integration diverged at t = " + shortest(st.diverged_at) + " s (" +
                     st.divergence + "); " + (o.passive() ? "energy error " : "energy change (with the input's work) ") +
                     human(change, 3) + " J at t = " + shortest(st.last_finite_time) + " s just before; rows up to t = " +
                     shortest(st.final_time) + " s written; try ";
  if (o.integrator == "rk45")
    text += "tighter --rtol/--atol (now " + shortest(o.rtol) + "/" + shortest(o.atol) +
            ") or check the input and the model";
  else
    text += "a smaller --dt (now " + shortest(o.dt) + " s) or --integrator rk45";
  return text;
}

int run_simulate(SimulateOptions o) {
  check_task_control_options(o.task, o.controller);
  check_voltage_options(o.voltage, o.actuators, o.torque, o.controller, o.stiction);
  if (!o.constraint.empty() && (!o.voltage.empty() || !o.actuators.empty() || o.stiction))
    throw InputError("--constraint: not with --actuators, --voltage or --stiction (a rigid arm only, for now)");
  if (!o.base_motion.empty() && !o.voltage.empty())
    throw InputError("--base-motion: not with --voltage (for now)");
  // The operational-space controller follows a task: read first, its length is the default --duration.
  std::unique_ptr<TaskControl> task;
  if (o.controller == "operational-space") task = std::make_unique<TaskControl>(o.task);
  if (!o.duration_given) {
    if (!task) throw InputError("--duration is required");
    o.duration = task->duration();
  }
  sim::SimulationOptions so = simulation_options(o);  // the numbers first: refused at once
  // The destinations, checked before any work.
  OutputFile csv(o.out.empty() ? "-" : o.out, "--out");
  std::unique_ptr<OutputFile> png, plot_rows;
  if (!o.plot.empty()) {
    png = std::make_unique<OutputFile>(o.plot, "--plot");
    plot_script_path();
    // The plotting script reads a file: the CSV's temporary, or when the rows go to a stream a
    // scratch copy (never committed: removed at the end).
    if (csv.streaming())
      plot_rows = OutputFile::scratch("armdyn_simulate", ".csv", "--plot");
  }
  Model model = with_payload_option(with_segments_option(load_any_model(o.model), o.segments), o.payload, o.payload_frame);
  if (!o.gravity.empty()) {
    const VecX<double> g = parse_list(o.gravity, 3, "--gravity");
    model = model.with_gravity(g.head<3>());
    // e.g. Craig's planar arms with gravity along their joint axes: G(q) = 0 for every q.
    if (const std::string w = gravity_warning(model); !w.empty() && !o.quiet)
      std::fprintf(stderr, "armdyn: warning: %s\n", w.c_str());
  }
  const int n = model.dof;
  const VecX<double> q0 = task               ? task->start(model, o.model, o.q0)
                          : o.q0.empty()     ? neutral_configuration(model)
                                             : joint_vector(o.q0, o.model, model.nq(), "--q0");
  const VecX<double> v0 = o.v0.empty() ? VecX<double>::Zero(n) : parse_list(o.v0, n, "--v0");
  std::unique_ptr<sim::TorqueSource> source = make_source(o, model, q0, task.get());
  PointConstraint<double> constraint;
  if (!o.constraint.empty()) {
    constraint = read_constraint(o.constraint, model);
    so.constraint = &constraint;
  }
  const int contact_forces = so.constraint ? constraint.count : 0;
  std::unique_ptr<sim::TorqueTable> base_motion;
  if (!o.base_motion.empty()) {
    base_motion = std::make_unique<sim::TorqueTable>(sim::load_torque_table(
        o.base_motion, 12, "the base's vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez", "base-motion table"));
    so.base_motion = base_motion.get();
  }
  const drives::DriveSet drive_set = load_cli_drives(o.actuators, model, o.model);
  so.drives = drive_set.empty() ? nullptr : &drive_set;
  so.stiction.enabled = o.stiction;
  if (!o.voltage.empty())
    return run_voltage_simulation(model, drive_set, q0, v0, so,
                                  {o.voltage, o.integrator, o.rtol, o.atol, o.dt, o.summary, o.quiet}, csv, png.get(),
                                  plot_rows.get());

  // No progress line between rows that go to the same terminal.
  const bool rows_on_terminal = (o.out.empty() || o.out == "-") && isatty(STDOUT_FILENO) == 1;
  Progress progress("armdyn simulate", o.duration, o.quiet || rows_on_terminal);
  so.warn = [&progress, &o](const std::string& message) {
    if (o.quiet) return;
    progress.interrupt();
    std::fprintf(stderr, "armdyn: warning: %s\n", message.c_str());
  };
  so.on_step = [&progress](double t) { progress.update(t); };
  Summary sum;
  const sim::SimulationStats stats = sim::simulate(model, q0, v0, *source, so, [&](const sim::Sample& s) {
    // The header with the first row: nothing is opened (a FIFO) or written before the initial
    // state has been checked.
    const std::string row = (sum.rows == 0 ? sim::csv_header(model.nq(), n, contact_forces) : std::string()) + sim::csv_row(s);
    sum.add(s);
    if (task && o.summary) task->observe(model, s);
    csv.write(row);
    if (plot_rows) plot_rows->write(row);
    progress.update(s.t);
  });
  const double wall = progress.seconds();  // of the simulation alone
  progress.finish(stats.final_time);
  if (png) {
    OutputFile& rows = plot_rows ? *plot_rows : csv;
    rows.flush();
    plot_simulation(rows.temporary_path(), *png, "armdyn simulate " + model.name + " (" + o.integrator + ")",
                    model.joint_names);
    commit_together({&csv, png.get()});
  } else {
    csv.commit();
  }
  if (stats.limit_joint >= 0 && !o.quiet)
    std::fprintf(stderr, "armdyn simulate: stopped at t = %s (--stop-at-limits)\n", shortest(stats.final_time).c_str());
  if (o.summary) std::fputs((summary_text(model, o, stats, sum, wall) + (task ? task->summary() : "")).c_str(), stderr);
  if (stats.diverged) {
    print_error(divergence_text(o, stats));
    return kExitDiverged;
  }
  return kExitOk;
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
  auto o = std::make_shared<SimulateOptions>();
  CLI::App* sub = app.add_subcommand(
      "simulate", "Integrate the arm's motion under a torque input or a controller; CSV rows of t, q, v, a, tau, energy");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("--q0", o->q0, "initial positions: n comma-separated numbers, or a built-in model's pose name (default 0)");
  sub->add_option("--v0", o->v0, "initial velocities: n comma-separated numbers (default 0)");
  CLI::Option* duration =
      sub->add_option("--duration", o->duration, "simulated time T in seconds (required, except with --task: the task's)");
  sub->add_option("--dt", o->dt, "integration step (fixed-step integrators) or first step (rk45), seconds")
      ->capture_default_str();
  CLI::Option* period = sub->add_option("--output-period", o->output_period, "seconds between CSV rows (default: --dt)");
  sub->add_option("--integrator", o->integrator, "euler ([Craig] (6.117)), symplectic-euler, rk4, rk45")
      ->capture_default_str();
  CLI::Option* rtol = sub->add_option("--rtol", o->rtol, "rk45 relative tolerance")->capture_default_str();
  CLI::Option* atol = sub->add_option("--atol", o->atol, "rk45 absolute tolerance")->capture_default_str();
  sub->add_option("--method-fd", o->method_fd, "forward dynamics: aba, crba, walker-orin")->capture_default_str();
  sub->add_option("--gravity", o->gravity, "gravity gx,gy,gz in the base frame (default: the model's)");
  sub->add_option("--torque", o->torque, "zero, const:LIST, or a CSV file (header t,... then one column per joint)")
      ->capture_default_str();
  sub->add_option("--controller", o->controller,
                  "pd, pd-gravity or computed-torque (need --goal), gravity-compensation (holds the arm; --kd adds "
                  "damping), operational-space (needs --task)");
  sub->add_option("--goal", o->goal, "controller set-point or end of the motion: n numbers or a pose name");
  sub->add_option("--move-time", o->move_time, "seconds to move from q0 to the goal (0: a step set-point)");
  sub->add_option("--profile", o->profile, "the motion's profile: cubic or quintic")->capture_default_str();
  sub->add_option(
      "--kp", o->kp,
      "proportional gains: n numbers or one for all (default: critically damped at 10 rad/s); operational-space: "
      "six (x, y, z, rx, ry, rz) or one (default 100)");
  sub->add_option("--kd", o->kd, "derivative gains: n numbers or one for all; operational-space: six or one (default 20)");
  sub->add_option("--control-rate", o->rate, "controller samples per second, zero-order hold (0: continuous)")
      ->capture_default_str();
  sub->add_option("--payload", o->payload,
                  "a payload held at --payload-frame: MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]] in the frame's "
                  "axes (inertia about the centre of mass) or a JSON object (docs/loads.md); the controllers know it");
  sub->add_option("--payload-frame", o->payload_frame, "frame holding --payload (default: the last moving body's frame)");
  add_task_control_options(sub, o->task);
  sub->add_flag("--stop-at-limits", o->stop_at_limits, "stop when a joint leaves its limits (default: warn once per joint)");
  sub->add_option("--out", o->out, "CSV file to write ('-' or default: stdout; a FIFO or device is written directly)");
  sub->add_option("--plot", o->plot, "PNG file: positions, velocities, torques and energy against time");
  sub->add_flag("--summary", o->summary,
                "print steps, energy drift (work done by the input when torques act) and wall time on stderr");
  add_actuators_option(sub, o->actuators);
  sub->add_option("--voltage", o->voltage,
                  "drive the motors instead of the joints: the inputs u per joint (volts for a DC motor, the valve's "
                  "current for a hydraulic one), const:LIST or a CSV file (header t,... then one column per joint); "
                  "needs --actuators with a motor on every joint; appends i<k> or p<k> columns (docs/drives.md)")
      ->type_name("const:LIST|FILE.csv");
  add_segments_option(sub, o->segments);
  sub->add_option("--constraint", o->constraint,
                  "hold a point of a frame on a plane, sphere, cylinder or line, or on a point of another frame (a "
                  "loop: a four-bar, a parallelogram) (a JSON file, docs/constraints.md); appends contact_force<k> "
                  "(the normal forces, or a loop's reaction x, y, z, N) and constraint_error (m) columns")
      ->type_name("FILE.json");
  sub->add_option("--base-motion", o->base_motion,
                  "the base moves: a CSV file with header t,vx,vy,vz,wx,wy,wz,ax,ay,az,ex,ey,ez (the base's velocity "
                  "and acceleration, linear then angular, base axes; linear between rows, held outside them); "
                  "energies are relative to the base ([VP] (2.3.48), docs/constraints.md)")
      ->type_name("FILE.csv");
  sub->add_flag("--stiction", o->stiction,
                "friction with its exact sign; a joint at rest stays held while the torque needed to hold it is "
                "within its static friction (docs/drives.md)");
  sub->add_flag("--quiet", o->quiet, "no progress line and no warnings on stderr (errors and --summary still)");
  return Command{sub, [o, rtol, atol, period, duration] {
                   o->tolerances_given = rtol->count() > 0 || atol->count() > 0;
                   o->period_given = period->count() > 0;
                   o->duration_given = duration->count() > 0;
                   return run_simulate(*o);
                 }};
}

}  // namespace armdyn::cli
