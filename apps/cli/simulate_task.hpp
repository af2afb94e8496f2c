#pragma once
// `armdyn simulate --controller operational-space --task TASK.json`: the Cartesian controller of
// tasks/cartesian_control.hpp following a task's frame motion (docs/control.md).
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "armdyn/model/model.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/task.hpp"

namespace armdyn::cli {

/// The options only the operational-space controller reads.
struct TaskControlOptions {
  std::string task, frame, posture, posture_kp, posture_kd;
};

/// Adds --task, --frame, --posture, --posture-kp, --posture-kd to `sub`.
void add_task_control_options(CLI::App* sub, TaskControlOptions& o);

/// InputError naming the option when a task option is given without `--controller
/// operational-space`, or that controller without --task.
void check_task_control_options(const TaskControlOptions& o, const std::string& controller);

/// The task, its motion and the controller that follows it.
class TaskControl {
 public:
  /// Reads the task file (InputError naming it and the field).
  explicit TaskControl(const TaskControlOptions& o);

  /// The task's length: the sum of its segments' durations.
  double duration() const { return duration_; }

  /// Checks the task against `model` and plans its motion; returns the arm's start: --q0 when
  /// given (`q0_option`), else the task's initial q. A task that starts from a pose needs --q0
  /// (simulate does no inverse kinematics); a payload or a prescribed joint is refused.
  VecX<double> start(const Model& model, const std::string& model_spec, const std::string& q0_option);

  /// The controller (after start()): gains --kp, --kd (one or six numbers, empty: 100 and 20),
  /// --posture (default: the arm's start) and its gains (default: critically damped at 10 rad/s
  /// for each joint's own inertia at the posture), `rate` samples per second.
  std::unique_ptr<sim::TorqueSource> controller(const Model& model, const std::string& model_spec,
                                                const std::string& kp, const std::string& kd, double rate);

  /// Records the frame's deviation from the prescribed motion at a row.
  void observe(const Model& model, const sim::Sample& s);
  /// "  frame <name>: largest deviation from the task ... m, ... rad\n" for --summary.
  std::string summary() const;

 private:
  TaskControlOptions options_;
  tasks::Task task_;
  double duration_ = 0;
  int frame_ = -1;
  VecX<double> start_;
  std::optional<tasks::TaskMotion> motion_;
  double worst_position_ = 0, worst_angle_ = 0;
};

}  // namespace armdyn::cli
