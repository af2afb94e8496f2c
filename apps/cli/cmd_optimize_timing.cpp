// `armdyn optimize-timing MODEL TASK.json --actuators F --out F.csv [--steps N] [--candidates M]
// [--passes P] [--summary]`: the velocity distribution along a single-segment task's path that
// needs the least electrical energy ([VP] §3.13 (b), tasks/optimal_timing.hpp). The segment gives
// the path and the duration; its profile is what is replaced. The joint path q(λ) comes from
// inverse kinematics at the pose the segment prescribes at λ, each solve starting from the
// nearest of a fine chain of solutions from the task's start q. One CSV row per time step through
// OutputFile (never half written); the summary compares with the triangular profile.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/optimal_timing.hpp"
#include "cli.hpp"
#include "drives_option.hpp"
#include "output_file.hpp"
#include "task_setup.hpp"

namespace armdyn::cli {
namespace {

struct TimingCliOptions {
  std::string model, task, actuators, out;
  int steps = 40, candidates = 15, passes = 20;
  bool summary = false;
};

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x == 0 ? 0.0 : x);  // no "-0"
  return buf;
}

// The joint path along the segment: q(λ) by inverse kinematics at the segment's pose for λ.
class SegmentJointPath {
 public:
  static constexpr int kChain = 200;  // the fine chain of solutions the solves start from

  SegmentJointPath(const Model& model, int frame, const tasks::TaskMotion& motion, const VecX<double>& q0,
                   std::string source)
      : model_(model), frame_(frame), motion_(motion), source_(std::move(source)) {
    chain_.push_back(q0);
    for (int k = 1; k <= kChain; ++k) chain_.push_back(solve(static_cast<double>(k) / kChain, chain_.back()));
  }

  VecX<double> operator()(double lambda) const {
    const int k = std::clamp(static_cast<int>(std::lround(lambda * kChain)), 0, kChain);
    return lambda == 0 ? chain_.front() : solve(lambda, chain_[static_cast<std::size_t>(k)]);
  }

 private:
  // The segment's time where its profile reaches λ (bisection: s(t) is nondecreasing).
  double time_at(double lambda) const {
    const tasks::Profile& p = motion_.segment_profile(0);
    double lo = 0, hi = p.duration();
    for (int i = 0; i < 80 && hi - lo > 1e-15 * p.duration(); ++i) {
      const double mid = 0.5 * (lo + hi);
      (p.at(mid).s < lambda ? lo : hi) = mid;
    }
    return lambda >= 1 ? p.duration() : hi;
  }

  VecX<double> solve(double lambda, const VecX<double>& start) const {
    tasks::TaskReference ref;
    motion_.sample(time_at(lambda), ref);
    tasks::IkTarget target;
    target.p = ref.p;
    target.orientation = ref.orientation;
    target.R = ref.R;
    target.approach_axis = ref.approach_axis;
    target.approach = ref.approach;
    const tasks::IkResult r = tasks::inverse_kinematics(model_, frame_, target, start);
    if (!r.converged) throw InputError(source_ + ": segments[0]: at lambda = " + human(lambda, 4) + ": " + r.message);
    return r.q;
  }

  const Model& model_;
  int frame_;
  const tasks::TaskMotion& motion_;
  std::string source_;
  std::vector<VecX<double>> chain_;
};

std::string csv_text(const tasks::TimingSolution& s) {
  const auto n = s.voltage.cols();
  std::string text = "t,lambda";
  for (const char* prefix : {"q", "v", "a", "u"})
    for (Eigen::Index j = 1; j <= n; ++j) text += "," + std::string(prefix) + std::to_string(j);
  text += ",energy\n";
  for (std::size_t k = 0; k < s.t.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(k);
    text += shortest(s.t[k]) + "," + number(s.lambda[k]);
    for (const VecX<double>* x : {&s.q[k], &s.v[k], &s.a[k]})
      for (Eigen::Index j = 0; j < n; ++j) text.append(",").append(number((*x)[j]));
    for (Eigen::Index j = 0; j < n; ++j) text.append(",").append(number(s.voltage(r, j)));
    text += "," + number(s.energy[r]) + "\n";
  }
  return text;
}

std::string summary_text(const Model& model, const drives::DriveSet& drives, const TimingCliOptions& o,
                         double duration, const tasks::TimingSolution& best, const tasks::TimingSolution& tri) {
  std::string text = "armdyn optimize-timing: " + model.name + ", " + shortest(duration) + " s in " +
                     std::to_string(o.steps) + " steps, " + std::to_string(o.candidates) + " candidates per stage, " +
                     std::to_string(o.passes) + " passes\n";
  text += "  electrical energy (sum of u i dt): optimal " + human(best.total_energy(), 6) + " J, triangular profile " +
          human(tri.total_energy(), 6) + " J on the same path and duration (optimal/triangular " +
          human(best.total_energy() / tri.total_energy(), 4) + ")\n";
  // λ' = dλ/dt by central differences: where it peaks, against the triangular profile's 2/T at T/2.
  std::size_t at = 0;
  double peak = 0;
  for (std::size_t k = 1; k + 1 < best.t.size(); ++k) {
    const double rate = (best.lambda[k + 1] - best.lambda[k - 1]) / (best.t[k + 1] - best.t[k - 1]);
    if (rate > peak) peak = rate, at = k;
  }
  text += "  peak dlambda/dt " + human(peak * duration, 4) + "/T at t = " + shortest(best.t[at]) +
          " s (triangular 2/T, parabolic 1.5/T)\n";
  std::vector<std::vector<std::string>> rows = {{"joint", "peak |u| optimal (V)", "peak |u| triangular (V)", "max_voltage (V)"}};
  const VecX<double> pu = best.peak_voltage(), pt = tri.peak_voltage();
  for (int j = 0; j < model.dof; ++j) {
    const double bound = drives[j].motor->dc.max_voltage;
    rows.push_back({model.joint_names[static_cast<std::size_t>(j)], human(pu[j], 6), human(pt[j], 6),
                    std::isfinite(bound) ? human(bound, 6) : "none"});
  }
  return text + format_table(rows, {false, true, true, true});
}

int run_optimize_timing_command(const TimingCliOptions& o) {
  OutputFile csv(o.out, "--out");  // the destination, checked before any work
  Model model = load_any_model(o.model);
  require_angle_coordinates(model, "armdyn optimize-timing");
  const tasks::Task task = read_task(o.task, model.dof);
  if (task.segments.size() != 1)
    throw InputError(task.source + ": segments: optimize-timing takes a task with exactly one segment (got " +
                     std::to_string(task.segments.size()) + ")");
  if (task.segments[0].joint)
    throw InputError(task.source + ": segments[0].joint: optimize-timing takes a Cartesian path (no prescribed joint)");
  const int frame = model.frame_index(task.frame);
  if (frame < 0) throw InputError(task.source + ": frame: no frame named '" + task.frame + "' in model '" + model.name + "'");
  if (task.payload) model = with_task_payload(model, frame, *task.payload, task.source);
  const drives::DriveSet drives = load_cli_drives(o.actuators, model, o.model);
  const VecX<double> q0 = task_initial_q(model, frame, task);
  Data data(model);
  forward_kinematics(model, data, q0);
  const Transform<double> X0 = data.oMf[static_cast<std::size_t>(frame)];
  const tasks::TaskMotion motion(task, X0.p, X0.R, q0, model.joint_names);

  tasks::TimingOptions options;
  options.duration = motion.duration();
  options.steps = o.steps;
  options.candidates = o.candidates;
  options.passes = o.passes;
  if (o.steps < 2) throw InputError("--steps must be at least 2 (got " + std::to_string(o.steps) + ")");
  if (o.candidates < 3 || o.candidates % 2 == 0)
    throw InputError("--candidates must be odd and at least 3 (got " + std::to_string(o.candidates) + ")");
  if (o.passes < 1) throw InputError("--passes must be at least 1 (got " + std::to_string(o.passes) + ")");
  const auto shared_path = std::make_shared<SegmentJointPath>(model, frame, motion, q0, task.source);
  const tasks::JointPath path = [shared_path](double lambda) { return (*shared_path)(lambda); };
  const tasks::TimingSolution best = tasks::optimize_timing(model, drives, path, options);
  csv.write(csv_text(best));
  csv.commit();
  if (o.summary) {
    const tasks::TimingSolution tri =
        tasks::evaluate_timing(model, drives, path, tasks::triangular_timing(o.steps), options.duration);
    std::fputs(summary_text(model, drives, o, options.duration, best, tri).c_str(), stderr);
  }
  return kExitOk;
}

}  // namespace

Command add_optimize_timing_command(CLI::App& app) {
  auto o = std::make_shared<TimingCliOptions>();
  CLI::App* sub = app.add_subcommand(
      "optimize-timing",
      "The velocity distribution along a one-segment task's path that needs the least electrical energy, as CSV");
  sub->add_option("MODEL", o->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_option("TASK", o->task,
                  "task JSON file with exactly one segment: its path and duration are kept, its profile replaced")
      ->required();
  sub->add_option("--actuators", o->actuators, "the joints' drives with a dc2 motor on every joint (docs/drives.md)")
      ->type_name("FILE")
      ->required();
  sub->add_option("--out", o->out,
                  "CSV file to write: t, lambda, q1..qn, v1..vn, a1..an, u1..un, energy (running, J) ('-': stdout)")
      ->required();
  sub->add_option("--steps", o->steps, "time steps N over the segment's duration (>= 2)")->capture_default_str();
  sub->add_option("--candidates", o->candidates, "candidate lambda values M per stage (odd, >= 3)")->capture_default_str();
  sub->add_option("--passes", o->passes, "dynamic-programming passes on a narrowing band (>= 1)")->capture_default_str();
  sub->add_flag("--summary", o->summary,
                "print the optimal energy next to the triangular profile's and the peak voltages on stderr");
  return Command{sub, [o] { return run_optimize_timing_command(*o); }};
}

}  // namespace armdyn::cli
