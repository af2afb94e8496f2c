// `armdyn simulate MODEL ...`: integrates the arm's motion and writes one CSV row per output
// period (t, q1..qn, v1..vn, a1..an, tau1..taun, kinetic, potential, energy), to --out (through
// a temporary file renamed at the end: never a half-written file) or to stdout; optionally a PNG
// plot. Errors: one line on stderr, exit 2 for bad input (see docs/simulate.md).
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/simulation/controller.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "cli.hpp"
#include "plot.hpp"

namespace armdyn::cli {
namespace {

namespace fs = std::filesystem;

struct SimulateOptions {
  std::string model, q0, v0, gravity, torque = "zero", controller, goal, profile = "quintic", kp, kd;
  std::string integrator = "rk45", method_fd = "aba", out, plot;
  double duration = 0, dt = 1e-3, output_period = 0, rtol = 1e-6, atol = 1e-8, move_time = 0, rate = 1000;
  bool stop_at_limits = false, summary = false, tolerances_given = false;
};

// "1, 2.5,-3" -> numbers; InputError naming the option unless there are `n` finite numbers
// (or one, broadcast to all joints, when `broadcast`).
VecX<double> parse_list(const std::string& text, int n, const std::string& option, bool broadcast = false) {
  std::vector<double> x;
  std::stringstream ss(text);
  std::string cell;
  while (std::getline(ss, cell, ',')) {
    char* end = nullptr;
    const double v = std::strtod(cell.c_str(), &end);
    while (end && *end == ' ') ++end;
    if (cell.find_first_not_of(' ') == std::string::npos || *end != '\0' || !std::isfinite(v))
      throw InputError(option + ": '" + cell + "' is not a finite number");
    x.push_back(v);
  }
  if (!text.empty() && text.back() == ',') throw InputError(option + ": empty value after the last comma");
  if (broadcast && x.size() == 1) return VecX<double>::Constant(n, x[0]);
  if (static_cast<int>(x.size()) != n)
    throw InputError(option + ": expected " + std::to_string(n) + " values (one per joint), got " +
                     std::to_string(x.size()));
  return Eigen::Map<const VecX<double>>(x.data(), n);
}

// A joint vector given as numbers or as the name of a built-in model's pose.
VecX<double> joint_vector(const std::string& text, const std::string& model_spec, int n, const std::string& option) {
  const bool numeric = text.find_first_of("0123456789") != std::string::npos &&
                       text.find_first_not_of("0123456789+-.eE, ") == std::string::npos;
  if (numeric) return parse_list(text, n, option);
  if (is_builtin(model_spec)) {
    std::vector<std::string> names;
    for (const NamedPose& p : builtin_model(model_spec).poses) {
      if (p.name == text) return Eigen::Map<const VecX<double>>(p.q.data(), n);
      names.push_back(p.name);
    }
    throw InputError(option + ": '" + text + "' is neither " + std::to_string(n) + " numbers nor a pose of " +
                     model_spec + " (poses: " + join(names) + ")");
  }
  throw InputError(option + ": '" + text + "' is not a list of " + std::to_string(n) +
                   " numbers (named poses exist for built-in models only)");
}

std::unique_ptr<sim::TorqueSource> make_source(const SimulateOptions& o, const Model& model, const VecX<double>& q0) {
  if (!o.controller.empty()) {
    if (o.torque != "zero") throw InputError("--torque and --controller exclude each other");
    if (o.goal.empty()) throw InputError("--controller: --goal is required (the set-point or the motion's end)");
    const sim::ControlLaw law = sim::control_law_from_name(o.controller);
    const VecX<double> goal = joint_vector(o.goal, o.model, model.dof, "--goal");
    if (!(o.move_time >= 0)) throw InputError("--move-time: must be >= 0");
    sim::ControllerSpec spec = sim::default_gains(model, law, goal, 10.0, o.rate);
    if (!o.kp.empty()) spec.kp = parse_list(o.kp, model.dof, "--kp", true);
    if (!o.kd.empty()) spec.kd = parse_list(o.kd, model.dof, "--kd", true);
    sim::PointToPoint ref(q0, goal, o.move_time, sim::profile_from_name(o.profile));
    return std::make_unique<sim::Controller>(model, spec, ref);
  }
  if (o.torque == "zero") return std::make_unique<sim::ZeroTorque>();
  if (o.torque.rfind("const:", 0) == 0)
    return std::make_unique<sim::ConstantTorque>(parse_list(o.torque.substr(6), model.dof, "--torque const"));
  return std::make_unique<sim::TorqueTable>(sim::load_torque_table(o.torque, model.dof));
}

sim::SimulationOptions simulation_options(const SimulateOptions& o) {
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
  return s;
}

// Prints "t = x of T s" on stderr, overwriting itself, once the run has taken over a second.
class Progress {
 public:
  explicit Progress(double duration) : duration_(duration), start_(Clock::now()), last_(start_) {}
  void update(double t) {
    const Clock::time_point now = Clock::now();
    if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    shown_ = open_ = true;
    std::fprintf(stderr, "\rarmdyn simulate: t = %.4g of %g s (%.0f%%)   ", t, duration_, 100.0 * t / duration_);
    std::fflush(stderr);
  }
  void finish() {
    if (shown_) std::fprintf(stderr, "\rarmdyn simulate: t = %g of %g s (100%%), done\n", duration_, duration_);
    shown_ = open_ = false;
  }
  /// Ends the progress line so that another message starts on a line of its own.
  void interrupt() {
    if (open_) std::fputc('\n', stderr);
    open_ = false;
  }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  double duration_;
  Clock::time_point start_, last_;
  bool shown_ = false, open_ = false;
};

// Copies the finished temporary CSV to stdout.
void copy_to_stdout(const std::string& path) {
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) throw InternalError("cannot reread " + path);
  char buf[1 << 16];
  std::size_t got = 0;
  bool ok = true;
  while (ok && (got = std::fread(buf, 1, sizeof buf, in)) > 0) ok = std::fwrite(buf, 1, got, stdout) == got;
  std::fclose(in);
  if (!ok || std::fflush(stdout) != 0) throw InternalError("cannot write to stdout");
}

struct Summary {
  double e0 = 0, drift = 0, kmax = 0;
  long rows = 0;
};

std::string summary_text(const Model& model, const SimulateOptions& o, const sim::SimulationStats& st,
                         const Summary& s, double wall) {
  std::string text = "armdyn simulate: " + model.name + ", " + human(st.final_time) + " s with " + o.integrator;
  if (o.integrator == "rk45") text += " (rtol " + human(o.rtol) + ", atol " + human(o.atol) + ")";
  else text += " (dt " + human(o.dt) + " s)";
  text += ", fd " + o.method_fd + "\n  " + std::to_string(st.steps) + " steps";
  if (st.rejected_steps) text += " (+" + std::to_string(st.rejected_steps) + " rejected)";
  text += ", " + std::to_string(st.evaluations) + " dynamics evaluations, " + std::to_string(s.rows) + " rows, " +
          human(wall, 3) + " s wall time\n  energy " + human(s.e0, 8) + " J at t = 0, largest drift " +
          human(s.drift, 3) + " J (" + human(s.kmax > 0 ? s.drift / s.kmax : 0.0, 3) +
          " of the largest kinetic energy, " + human(s.kmax, 4) + " J)\n";
  return text;
}

int run_simulate(const SimulateOptions& o) {
  Model model = load_model(o.model);
  if (!o.gravity.empty()) {
    const VecX<double> g = parse_list(o.gravity, 3, "--gravity");
    model = model.with_gravity(g.head<3>());
  }
  const int n = model.dof;
  const VecX<double> q0 = o.q0.empty() ? VecX<double>::Zero(n) : joint_vector(o.q0, o.model, n, "--q0");
  const VecX<double> v0 = o.v0.empty() ? VecX<double>::Zero(n) : parse_list(o.v0, n, "--v0");
  sim::SimulationOptions so = simulation_options(o);
  std::unique_ptr<sim::TorqueSource> source = make_source(o, model, q0);
  if (!o.plot.empty()) plot_script_path();  // fail before simulating
  // The rows go to a temporary file: beside --out (renamed at the end) or in the temp directory.
  const std::string tmp = o.out.empty() ? temp_file_beside((fs::temp_directory_path() / "armdyn_simulate").string(), "--out")
                                        : temp_file_beside(o.out, "--out");
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw InputError("--out: cannot write '" + tmp + "' (" + std::strerror(errno) + ")");
  Progress progress(o.duration);
  so.warn = [&progress](const std::string& message) {
    progress.interrupt();
    std::fprintf(stderr, "armdyn: warning: %s\n", message.c_str());
  };
  Summary sum;
  sim::SimulationStats stats;
  double wall = 0;  // of the simulation alone
  try {
    bool ok = std::fputs(sim::csv_header(n).c_str(), f) >= 0;
    stats = sim::simulate(model, q0, v0, *source, so, [&](const sim::Sample& s) {
      if (sum.rows++ == 0) sum.e0 = s.energy();
      sum.drift = std::max(sum.drift, std::abs(s.energy() - sum.e0));
      sum.kmax = std::max(sum.kmax, s.kinetic);
      ok = ok && std::fputs(sim::csv_row(s).c_str(), f) >= 0;
      progress.update(s.t);
    });
    wall = progress.seconds();
    progress.finish();
    if (std::fclose(f) != 0 || !ok) {
      f = nullptr;
      throw InternalError("cannot write '" + tmp + "'");
    }
    f = nullptr;
    if (stats.limit_joint >= 0)
      std::fprintf(stderr, "armdyn simulate: stopped at t = %.17g (--stop-at-limits)\n", stats.final_time);
    if (!o.plot.empty())
      plot_simulation(tmp, o.plot, "armdyn simulate " + model.name + " (" + o.integrator + ")", model.joint_names);
    if (o.out.empty()) {
      copy_to_stdout(tmp);
      std::remove(tmp.c_str());
    } else {
      commit_file(tmp, o.out, "--out");
    }
  } catch (...) {
    progress.finish();
    if (f) std::fclose(f);
    std::remove(tmp.c_str());
    throw;
  }
  if (o.summary) std::fputs(summary_text(model, o, stats, sum, wall).c_str(), stderr);
  return kExitOk;
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
  auto o = std::make_shared<SimulateOptions>();
  CLI::App* sub = app.add_subcommand(
      "simulate", "Integrate the arm's motion under a torque input or a controller; CSV rows of t, q, v, a, tau, energy");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / .json model file")->required();
  sub->add_option("--q0", o->q0, "initial positions: n comma-separated numbers, or a built-in model's pose name (default 0)");
  sub->add_option("--v0", o->v0, "initial velocities: n comma-separated numbers (default 0)");
  sub->add_option("--duration", o->duration, "simulated time T in seconds")->required();
  sub->add_option("--dt", o->dt, "integration step (fixed-step integrators) or first step (rk45), seconds")
      ->capture_default_str();
  sub->add_option("--output-period", o->output_period, "seconds between CSV rows (default: --dt)");
  sub->add_option("--integrator", o->integrator, "euler ([Craig] (6.117)), symplectic-euler, rk4, rk45")
      ->capture_default_str();
  CLI::Option* rtol = sub->add_option("--rtol", o->rtol, "rk45 relative tolerance")->capture_default_str();
  CLI::Option* atol = sub->add_option("--atol", o->atol, "rk45 absolute tolerance")->capture_default_str();
  sub->add_option("--method-fd", o->method_fd, "forward dynamics: aba, crba, walker-orin")->capture_default_str();
  sub->add_option("--gravity", o->gravity, "gravity gx,gy,gz in the base frame (default: the model's)");
  sub->add_option("--torque", o->torque, "zero, const:LIST, or a CSV file (header t,... then one column per joint)")
      ->capture_default_str();
  sub->add_option("--controller", o->controller, "pd, pd-gravity or computed-torque (needs --goal)");
  sub->add_option("--goal", o->goal, "controller set-point or end of the motion: n numbers or a pose name");
  sub->add_option("--move-time", o->move_time, "seconds to move from q0 to the goal (0: a step set-point)");
  sub->add_option("--profile", o->profile, "the motion's profile: cubic or quintic")->capture_default_str();
  sub->add_option("--kp", o->kp, "proportional gains: n numbers or one for all (default: critically damped at 10 rad/s)");
  sub->add_option("--kd", o->kd, "derivative gains: n numbers or one for all");
  sub->add_option("--control-rate", o->rate, "controller samples per second, zero-order hold (0: continuous)")
      ->capture_default_str();
  sub->add_flag("--stop-at-limits", o->stop_at_limits, "stop when a joint leaves its limits (default: warn once per joint)");
  sub->add_option("--out", o->out, "CSV file to write (default: stdout)");
  sub->add_option("--plot", o->plot, "PNG file: positions, velocities, torques and energy against time");
  sub->add_flag("--summary", o->summary, "print steps, energy drift and wall time on stderr");
  return Command{sub, [o, rtol, atol] {
                   o->tolerances_given = rtol->count() > 0 || atol->count() > 0;
                   return run_simulate(*o);
                 }};
}

}  // namespace armdyn::cli
