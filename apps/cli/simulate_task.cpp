#include "simulate_task.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include "armdyn/core/error.hpp"
#include "armdyn/io/task_json.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/tasks/cartesian_control.hpp"
#include "cli.hpp"
#include "number_lists.hpp"

namespace armdyn::cli {

void add_task_control_options(CLI::App* sub, TaskControlOptions& o) {
  sub->add_option("--task", o.task,
                  "operational-space: the TASK.json whose frame motion to follow (docs/tasks.md); its initial q "
                  "is the start and its length the default --duration");
  sub->add_option("--frame", o.frame, "operational-space: the frame to control (default: the task's frame)");
  sub->add_option("--posture", o.posture,
                  "operational-space: joint posture held in the null space, n numbers or a pose name (default: the "
                  "start)");
  sub->add_option("--posture-kp", o.posture_kp,
                  "operational-space: posture gains, n numbers or one for all (default: critically damped at "
                  "10 rad/s)");
  sub->add_option("--posture-kd", o.posture_kd, "operational-space: posture damping, n numbers or one for all");
}

void check_task_control_options(const TaskControlOptions& o, const std::string& controller) {
  if (controller == "operational-space") {
    if (o.task.empty()) throw InputError("--controller operational-space: --task is required (the motion to follow)");
    return;
  }
  const std::pair<const std::string*, const char*> given[] = {{&o.task, "--task"},
                                                              {&o.frame, "--frame"},
                                                              {&o.posture, "--posture"},
                                                              {&o.posture_kp, "--posture-kp"},
                                                              {&o.posture_kd, "--posture-kd"}};
  for (const auto& [value, name] : given)
    if (!value->empty()) throw InputError(std::string(name) + ": only with --controller operational-space");
}

TaskControl::TaskControl(const TaskControlOptions& o) : options_(o), task_(read_task(o.task)) {
  for (const tasks::Segment& s : task_.segments) duration_ += s.duration;
}

VecX<double> TaskControl::start(const Model& model, const std::string& model_spec, const std::string& q0_option) {
  const int n = model.dof;
  const std::string& source = task_.source;
  if (task_.payload)
    throw InputError(source + ": payload: armdyn simulate does not attach a task's payload (give the model with it)");
  for (std::size_t k = 0; k < task_.segments.size(); ++k)
    if (task_.segments[k].joint)
      throw InputError(source + ": segments[" + std::to_string(k) +
                       "].joint: the operational-space controller does not track a prescribed joint");
  const std::string frame = options_.frame.empty() ? task_.frame : options_.frame;
  frame_ = model.frame_index(frame);
  if (frame_ < 0)
    throw InputError((options_.frame.empty() ? source + ": frame" : std::string("--frame")) + ": no frame named '" +
                     frame + "' in model '" + model.name + "'");
  const tasks::InitialState& init = task_.initial;
  if (init.q && init.q->size() != n)
    throw InputError(source + ": initial.q: expected " + std::to_string(n) + " values (one per joint of " +
                     model.name + "), got " + std::to_string(init.q->size()));
  if (!q0_option.empty()) start_ = joint_vector(q0_option, model_spec, n, "--q0");
  else if (init.q) start_ = *init.q;
  else
    throw InputError(source + ": initial: the task starts from a pose; give the arm's start with --q0 (simulate does "
                     "no inverse kinematics)");
  // The path starts at the task's pose: the frame at initial.q, or the pose given (its
  // orientation, when absent, the frame's at the arm's start).
  Data data(model);
  forward_kinematics(model, data, init.q ? *init.q : start_);
  const Transform<double> pose = data.oMf[static_cast<std::size_t>(frame_)];
  const Vec3<double> p0 = init.q ? pose.p : *init.position;
  const Mat3<double> R0 = init.q || !init.orientation ? pose.R : *init.orientation;
  motion_.emplace(task_, p0, R0, init.q ? *init.q : start_, model.joint_names);
  return start_;
}

std::unique_ptr<sim::TorqueSource> TaskControl::controller(const Model& model, const std::string& model_spec,
                                                           const std::string& kp, const std::string& kd, double rate) {
  const int n = model.dof;
  tasks::OperationalSpaceSpec spec;
  const std::string rows = "one per task row: x, y, z, rx, ry, rz";
  if (!kp.empty()) spec.kp = parse_list(kp, 6, "--kp", true, rows);
  if (!kd.empty()) spec.kd = parse_list(kd, 6, "--kd", true, rows);
  if ((spec.kp.array() < 0).any() || (spec.kd.array() < 0).any())
    throw InputError(std::string((spec.kp.array() < 0).any() ? "--kp" : "--kd") + ": gains must be >= 0");
  spec.posture = options_.posture.empty() ? start_ : joint_vector(options_.posture, model_spec, n, "--posture");
  tasks::default_posture_gains(model, spec.posture, 10.0, spec);
  if (!options_.posture_kp.empty()) spec.posture_kp = parse_list(options_.posture_kp, n, "--posture-kp", true);
  if (!options_.posture_kd.empty()) spec.posture_kd = parse_list(options_.posture_kd, n, "--posture-kd", true);
  if ((spec.posture_kp.array() < 0).any() || (spec.posture_kd.array() < 0).any())
    throw InputError(std::string((spec.posture_kp.array() < 0).any() ? "--posture-kp" : "--posture-kd") +
                     ": gains must be >= 0");
  spec.rate = rate;
  return std::make_unique<tasks::OperationalSpaceController>(model, frame_, spec, *motion_);
}

void TaskControl::observe(const Model& model, const sim::Sample& s) {
  Data data(model);
  forward_kinematics(model, data, s.q);
  const Transform<double>& pose = data.oMf[static_cast<std::size_t>(frame_)];
  tasks::TaskReference r;
  motion_->sample(s.t, r);
  worst_position_ = std::max(worst_position_, (pose.p - r.p).norm());
  if (r.orientation == tasks::OrientationMode::kFull)
    worst_angle_ = std::max(worst_angle_, Eigen::AngleAxisd(r.R * pose.R.transpose()).angle());
  else if (r.orientation == tasks::OrientationMode::kApproach)
    worst_angle_ = std::max(worst_angle_, std::acos(std::clamp(pose.R.col(r.approach_axis).dot(r.approach), -1.0, 1.0)));
}

std::string TaskControl::summary() const {
  return "  frame " + (options_.frame.empty() ? task_.frame : options_.frame) +
         ": largest deviation from the task " + human(worst_position_, 3) + " m, " + human(worst_angle_, 3) +
         " rad (at the rows)\n";
}

}  // namespace armdyn::cli
