// The limit checks of [VP] §5.3 (include/armdyn/design/limits.hpp).
#include "armdyn/design/limits.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/segments/stress.hpp"

namespace armdyn::design {
namespace {

std::string quoted(const std::string& kind, const std::string& name) { return kind + " '" + name + "'"; }

std::string human(double x) {
  std::ostringstream s;
  s.precision(6);
  s << x;
  return s.str();
}

// Records a sample of one limitation: value against allowed (ratio = value / allowed); the first
// sample over the limit is the fault.
void record(LimitCheck& check, const std::string& limitation, double t, int index, const std::string& where,
            double value, double allowed, double ratio, const std::string& quantity) {
  check.worst_ratio = std::max(check.worst_ratio, ratio);
  if (check.violated || !(ratio > 1)) return;
  check.violated = true;
  check.t = t;
  check.index = index;
  check.where = where;
  check.value = value;
  check.allowed = allowed;
  check.message = limitation + ": " + where + " at t = " + human(t) + " s: " + quantity + " = " + human(value) +
                  " > allowed " + human(allowed);
}

}  // namespace

double dc_envelope_ratio(const drives::DcMotor& motor, double torque, double speed) {
  const double current = torque / motor.torque_constant;
  const double voltage = motor.resistance * current + motor.back_emf_constant * speed;
  const double by_voltage = std::isinf(motor.max_voltage) ? 0 : std::abs(voltage) / motor.max_voltage;
  const double by_current = std::isinf(motor.max_current) ? 0 : std::abs(current) / motor.max_current;
  return std::max(by_voltage, by_current);
}

double dc_envelope_torque(const drives::DcMotor& motor, double speed, bool positive) {
  const double by_voltage = std::isinf(motor.max_voltage)
                                ? motor.max_voltage
                                : motor.torque_constant *
                                      (motor.max_voltage - motor.back_emf_constant * (positive ? speed : -speed)) /
                                      motor.resistance;
  return std::max(0.0, std::min(by_voltage, motor.torque_constant * motor.max_current));
}

LimitMonitor::LimitMonitor(const Model& model, const segments::SegmentSet& segments, const drives::DriveSet& drives,
                           LimitOptions options)
    : model_(model), segments_(segments), drives_(drives), options_(options), data_(model), reactions_(model),
      friction_(VecX<double>::Zero(model.dof)) {
  if (!segments.empty() && segments.size() != model.dof)
    throw InputError("limits: the segments are for " + std::to_string(segments.size()) + " links, the model has " +
                     std::to_string(model.dof));
  drives::check_drives(model, drives);
}

void LimitMonitor::start_pose(const tasks::IkResult& ik) {
  if (ik.converged) return;
  LimitCheck& c = report_.reach;
  c.worst_ratio = std::max(c.worst_ratio, ik.position_error / options_.max_position_deviation);
  if (c.violated) return;
  c.violated = true;
  c.t = 0;
  c.where = "start pose";
  c.value = ik.position_error;
  c.allowed = options_.max_position_deviation;
  c.message = "reach: " + ik.message;
}

void LimitMonitor::observe(const tasks::RunState& s) {
  const VecX<double>& q = *s.q;
  const VecX<double>& v = *s.v;
  const VecX<double>& a = *s.a;
  const VecX<double>& tau = *s.tau;
  const int n = model_.dof;
  if (q.size() != n) throw InputError("limits: a state of " + std::to_string(q.size()) + " joints for a model of " + std::to_string(n));

  // (i) joint limits and the deviation from the reference.
  if (options_.joint_limits && static_cast<int>(model_.limits.size()) == n) {
    for (int j = 0; j < n; ++j) {
      const JointLimits& lim = model_.limits[static_cast<std::size_t>(j)];
      const double over = std::max(lim.lower - q[j], q[j] - lim.upper);  // > 0 outside
      if (over > 0) {
        const double bound = q[j] < lim.lower ? lim.lower : lim.upper;
        record(report_.reach, "reach", s.t, j, quoted("joint", model_.joint_names[static_cast<std::size_t>(j)]), q[j],
               bound, 1 + over, "position");
      }
    }
  }
  const std::string frame = s.frame >= 0 ? quoted("frame", model_.frames[static_cast<std::size_t>(s.frame)].name) : "frame";
  record(report_.reach, "reach", s.t, -1, frame, s.position_deviation, options_.max_position_deviation,
         s.position_deviation / options_.max_position_deviation, "deviation from the reference (m)");
  record(report_.reach, "reach", s.t, -1, frame, s.orientation_deviation, options_.max_orientation_deviation,
         s.orientation_deviation / options_.max_orientation_deviation, "orientation deviation (rad)");

  // (ii) stresses in every segment, from the joint reactions of this state.
  if (!segments_.empty()) {
    const MatX<double>& wrench = joint_reactions(model_, data_, reactions_, q, v, a);
    const std::vector<std::optional<segments::SegmentStress>> stress = segments::segment_stresses(model_, segments_, q, wrench);
    for (int k = 0; k < n; ++k) {
      const auto& st = stress[static_cast<std::size_t>(k)];
      if (!st) continue;
      const segments::Material& m = segments_[k]->material;
      const std::string where = quoted("segment", segments_.name(k));
      report_.sigma_max = std::max(report_.sigma_max, st->sigma_max);
      if (st->sigma_ratio >= st->tau_ratio)
        record(report_.stress, "stress", s.t, k, where, st->sigma_max, m.allowed_normal_stress, st->sigma_ratio,
               "sigma_max (Pa)");
      else
        record(report_.stress, "stress", s.t, k, where, st->tau_max, m.allowed_shear_stress, st->tau_ratio,
               "tau_max (Pa)");
    }
  }

  // (iii) the DC motors' (torque, speed) demand against their envelopes.
  if (!drives_.empty()) {
    drives::friction_torques(drives_, v, drives::Sign::kExact, friction_);
    for (int j = 0; j < n; ++j) {
      const drives::Drive& d = drives_[j];
      if (!d.motor || (d.motor->type != drives::MotorType::kDc2 && d.motor->type != drives::MotorType::kDc3)) continue;
      const double torque = drives::motor_torque(d, tau[j] + friction_[j], v[j], a[j]);
      const double speed = d.gear_ratio * v[j];
      const double ratio = dc_envelope_ratio(d.motor->dc, torque, speed);
      if (motor_samples_) motor_samples_->push_back({s.t, j, speed, torque});
      record(report_.drive, "drive", s.t, j, quoted("joint", model_.joint_names[static_cast<std::size_t>(j)]),
             std::abs(torque), dc_envelope_torque(d.motor->dc, speed, torque >= 0), ratio,
             "motor torque (N m) at " + human(speed) + " rad/s");
    }
  }
}

void LimitMonitor::deflection(const std::vector<double>& t, const std::vector<double>& tip_deflection) {
  if (t.size() != tip_deflection.size())
    throw InputError("limits: " + std::to_string(t.size()) + " times for " + std::to_string(tip_deflection.size()) +
                     " deflection samples");
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!std::isfinite(t[i]) || !std::isfinite(tip_deflection[i]))
      throw InputError("limits: deflection sample " + std::to_string(i) + " is not finite");
    const double u = std::abs(tip_deflection[i]);
    record(report_.deflection, "deflection", t[i], -1, "tip", u, options_.allowed_deflection,
           u / options_.allowed_deflection, "quasi-static deflection (m)");
  }
}

}  // namespace armdyn::design
