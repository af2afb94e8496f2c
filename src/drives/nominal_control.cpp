#include "armdyn/drives/nominal_control.hpp"

#include <cmath>
#include <numbers>

#include "armdyn/core/dual.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/drives/actuator_model.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"

namespace armdyn::drives {
namespace {

constexpr double kRpmPerRadPerSecond = 60.0 / (2.0 * std::numbers::pi);

bool is_dc(const Drive& d) {
  return d.motor && (d.motor->type == MotorType::kDc2 || d.motor->type == MotorType::kDc3);
}

// d f(v) / dt = f'(v) a for the exact-sign friction of friction.hpp (v != 0; at rest the rate of
// the set-valued friction reads as B a).
double friction_rate(const Drive& d, double v, double a) {
  double rate = d.viscous * a;
  if (v != 0 && d.stribeck_velocity > 0) {
    const bool positive = v > 0;
    const double tc = positive ? d.coulomb_positive : d.coulomb_negative;
    const double ts = positive ? d.breakaway_positive() : d.breakaway_negative();
    const double x = std::abs(v) / d.stribeck_velocity;
    // s(v) L(|v|): d/dt = s(v) L'(|v|) s(v) a = L'(|v|) a.
    rate += (ts - tc) * std::exp(-x * x) * (-2.0 * x / d.stribeck_velocity) * a;
  }
  return rate;
}

// The time derivative of motor_torque along the motion (the same branch as motor_torque).
double motor_torque_rate(const Drive& d, double tau_joint, double tau_joint_rate, double v, double jerk) {
  const double G = d.gear_ratio;
  const bool driving = tau_joint * v >= 0;
  return d.rotor_inertia * G * jerk + (driving ? tau_joint_rate / (G * d.efficiency) : tau_joint_rate * d.efficiency / G);
}

void check_sample_sizes(const SampledMotion& m, int dof) {
  const std::size_t n = m.t.size();
  if (m.q.size() != n || m.v.size() != n || m.a.size() != n || (m.has_jerk() && m.jerk.size() != n))
    throw InputError("nominal control: the motion's q, v, a (and jerk) need one entry per time");
  for (std::size_t k = 0; k < n; ++k) {
    check_size(m.q[k], dof, "q");
    check_size(m.v[k], dof, "v");
    check_size(m.a[k], dof, "a");
    if (m.has_jerk()) check_size(m.jerk[k], dof, "jerk");
    if (k > 0 && !(m.t[k] > m.t[k - 1]))
      throw InputError("nominal control: the times must increase strictly (sample " + std::to_string(k) + ")");
  }
}

// [VP]'s backward difference (x_k - x_(k-1)) / (t_k - t_(k-1)) of a column sampled at t, the
// forward difference at the first sample (0 for a single sample).
VecX<double> difference_rate(const std::vector<double>& t, const VecX<double>& x) {
  VecX<double> rate = VecX<double>::Zero(x.size());
  for (Eigen::Index k = 0; k < x.size() && x.size() > 1; ++k) {
    const Eigen::Index to = k == 0 ? 1 : k, from = to - 1;
    rate[k] = (x[to] - x[from]) / (t[static_cast<std::size_t>(to)] - t[static_cast<std::size_t>(from)]);
  }
  return rate;
}

// d tau_joint / dt along a motion that carries its jerk (samples x joints): rnea on Dual, with
// q carrying q', q' carrying q'' and q'' the jerk, plus the friction's rate.
MatX<double> joint_torque_rate(const Model& model, const DriveSet& drives, const SampledMotion& motion) {
  const int n = model.dof;
  const ModelTpl<Dual> rate_model = model.cast<Dual>();
  DataTpl<Dual> rate_data(rate_model);
  VecX<Dual> q(n), v(n), a(n);
  MatX<double> out(static_cast<Eigen::Index>(motion.size()), n);
  for (std::size_t s = 0; s < motion.size(); ++s) {
    for (int j = 0; j < n; ++j) {
      q[j] = Dual(motion.q[s][j], motion.v[s][j]);
      v[j] = Dual(motion.v[s][j], motion.a[s][j]);
      a[j] = Dual(motion.a[s][j], motion.jerk[s][j]);
    }
    const VecX<Dual>& tau = rnea(rate_model, rate_data, q, v, a);
    for (int j = 0; j < n; ++j)
      out(static_cast<Eigen::Index>(s), j) = tau[j].d + friction_rate(drives[j], motion.v[s][j], motion.a[s][j]);
  }
  return out;
}

// Joint j's DC motor (header): di/dt exact from tau_rate (the jerk's), else by difference_rate.
void dc_joint(const Drive& d, int j, const SampledMotion& motion, const VecX<double>& tau, const MatX<double>& tau_rate,
              NominalControl& out) {
  const Eigen::Index rows = tau.size();
  const double Kt = d.motor->dc.torque_constant;
  for (Eigen::Index k = 0; k < rows; ++k) {
    const auto s = static_cast<std::size_t>(k);
    out.motor_torque(k, j) = motor_torque(d, tau[k], motion.v[s][j], motion.a[s][j]);
    out.current(k, j) = out.motor_torque(k, j) / Kt;
  }
  VecX<double> current_rate(rows);
  if (motion.has_jerk()) {
    for (Eigen::Index k = 0; k < rows; ++k) {
      const auto s = static_cast<std::size_t>(k);
      current_rate[k] = motor_torque_rate(d, tau[k], tau_rate(k, j), motion.v[s][j], motion.jerk[s][j]) / Kt;
    }
  } else {
    current_rate = difference_rate(motion.t, out.current.col(j));
  }
  for (Eigen::Index k = 0; k < rows; ++k) {
    const auto s = static_cast<std::size_t>(k);
    const MotorSample m = dc_motor_sample(d, tau[k], motion.v[s][j], motion.a[s][j], current_rate[k]);
    out.voltage(k, j) = m.voltage;
    out.power(k, j) = m.power;
    out.motor_speed_rpm(k, j) = m.speed_rpm;
  }
}

// Joint j's cylinder (header): [VP] (3.9.8) / (3.9.9) solved for the valve current, p' exact from
// tau_rate (the jerk's), else by difference_rate; the higher rates by difference_rate.
void hydraulic_joint(const Drive& d, int j, const SampledMotion& motion, const VecX<double>& tau,
                     const MatX<double>& tau_rate, NominalControl& out) {
  const HydraulicActuator& h = d.motor->hydraulic;
  const Eigen::Index rows = tau.size();
  const double A = h.piston_area, m = h.moving_mass;
  const double compliance = h.volume / (4 * h.bulk_modulus), leak = h.flow_pressure_slope + h.leakage;
  VecX<double> v(rows), a(rows), jerk(rows), p(rows), p1(rows);
  for (Eigen::Index k = 0; k < rows; ++k) {
    const auto s = static_cast<std::size_t>(k);
    v[k] = motion.v[s][j];
    a[k] = motion.a[s][j];
    out.motor_torque(k, j) = m * a[k] + tau[k];  // A p, the piston's row
    p[k] = out.motor_torque(k, j) / A;
  }
  if (motion.has_jerk()) {
    for (Eigen::Index k = 0; k < rows; ++k) {
      jerk[k] = motion.jerk[static_cast<std::size_t>(k)][j];
      p1[k] = (m * jerk[k] + tau_rate(k, j)) / A;
    }
  } else {
    jerk = difference_rate(motion.t, a);
    p1 = difference_rate(motion.t, p);
  }
  const VecX<double> Q = compliance * p1 + A * v + leak * p;  // the continuity row
  VecX<double> u;
  if (d.motor->type == MotorType::kHydraulic3) {
    u = Q / h.valve_gain;
  } else {  // Q' and Q'' from the continuity row's derivatives, then the valve's row
    const VecX<double> p2 = difference_rate(motion.t, p1), p3 = difference_rate(motion.t, p2);
    const VecX<double> Q1 = compliance * p2 + A * a + leak * p1, Q2 = compliance * p3 + A * jerk + leak * p2;
    u = (Q2 + h.valve_c2 * Q1 + h.valve_c1 * Q) / h.valve_gain;
  }
  out.voltage.col(j) = u;
  out.current.col(j) = u;
  out.power.col(j) = p.cwiseProduct(Q);
  out.motor_speed_rpm.col(j) = v;
}

}  // namespace

MotorSample dc_motor_sample(const Drive& drive, double tau_joint, double v, double a, double current_rate) {
  if (!is_dc(drive)) throw InputError("nominal control: the drive has no DC motor");
  const DcMotor& m = drive.motor->dc;
  MotorSample s;
  s.torque = motor_torque(drive, tau_joint, v, a);
  s.current = s.torque / m.torque_constant;
  const double omega = drive.gear_ratio * v;  // the motor's speed, rad/s
  s.voltage = m.resistance * s.current + m.back_emf_constant * omega;  // [VP] (3.9.6)
  if (drive.motor->type == MotorType::kDc3) s.voltage += m.inductance * current_rate;  // [VP] (3.9.2c)
  s.power = s.voltage * s.current;
  s.speed_rpm = omega * kRpmPerRadPerSecond;
  return s;
}

void check_nominal_drives(const Model& model, const DriveSet& drives) {
  require_angle_coordinates(model, "the nominal control");
  check_drives(model, drives);
  if (drives.empty())
    throw InputError("nominal control needs a motor on every joint of '" + model.name + "' (no drives given)");
  for (int j = 0; j < drives.size(); ++j) {
    const Drive& d = drives[j];
    const std::string& name = drives.names()[static_cast<std::size_t>(j)];
    if (!d.motor)
      throw InputError(drives.source() + ": joint '" + name +
                       "': no motor (nominal control needs a DC motor or a cylinder on every joint)");
    // A cylinder's stroke is its prismatic joint's q, with no gear or rotor: actuator_model's checks.
    const JointType type = model.joint_type[static_cast<std::size_t>(j)];
    if (!is_dc(d)) actuator_model(d, type, drives.source() + ": joints." + name);
  }
}

NominalControl nominal_control(const Model& model, const DriveSet& drives, const SampledMotion& motion) {
  check_nominal_drives(model, drives);
  const int n = model.dof;
  check_sample_sizes(motion, n);
  const auto rows = static_cast<Eigen::Index>(motion.size());
  NominalControl out;
  out.t = motion.t;
  for (MatX<double>* m : {&out.voltage, &out.current, &out.power, &out.motor_speed_rpm, &out.motor_torque})
    m->setZero(rows, n);
  out.energy.setZero(rows);

  // The joints' torques (forces) along the motion, and with the jerk their exact rates.
  Data data(model);
  MatX<double> tau_joint(rows, n), tau_rate;
  for (Eigen::Index k = 0; k < rows; ++k) {
    const auto s = static_cast<std::size_t>(k);
    const VecX<double>& rigid = rnea(model, data, motion.q[s], motion.v[s], motion.a[s]);
    for (int j = 0; j < n; ++j) {
      const double friction = friction_torque(drives[j], motion.v[s][j], Sign::kExact, drives.smoothing_velocity());
      tau_joint(k, j) = rigid[j] + friction;
    }
  }
  if (motion.has_jerk()) tau_rate = joint_torque_rate(model, drives, motion);

  for (int j = 0; j < n; ++j) {
    if (is_dc(drives[j])) dc_joint(drives[j], j, motion, tau_joint.col(j), tau_rate, out);
    else hydraulic_joint(drives[j], j, motion, tau_joint.col(j), tau_rate, out);
  }
  for (Eigen::Index k = 1; k < rows; ++k) {  // the trapezoid of the total power
    const auto s = static_cast<std::size_t>(k);
    out.energy[k] = out.energy[k - 1] +
                    0.5 * (out.power.row(k - 1).sum() + out.power.row(k).sum()) * (motion.t[s] - motion.t[s - 1]);
  }
  return out;
}

double MotorEnvelope::allowed_torque(double omega) const {
  double allowed = current_torque;
  if (std::isfinite(stall_torque)) allowed = std::min(allowed, stall_torque * (1.0 - std::abs(omega) / no_load_speed));
  return allowed;
}

MotorEnvelope motor_envelope(const DcMotor& m) {
  MotorEnvelope e;
  if (std::isfinite(m.max_voltage)) {
    e.stall_torque = m.torque_constant * m.max_voltage / m.resistance;
    e.no_load_speed = m.max_voltage / m.back_emf_constant;
  }
  if (std::isfinite(m.max_current)) e.current_torque = m.torque_constant * m.max_current;
  return e;
}

const char* to_string(EnvelopeViolation::Limit limit) {
  return limit == EnvelopeViolation::Limit::kVoltage ? "voltage" : "current";
}

std::vector<EnvelopeViolation> check_envelope(const DriveSet& drives, const NominalControl& control) {
  std::vector<EnvelopeViolation> out;
  const Eigen::Index rows = control.motor_torque.rows();
  for (int j = 0; j < drives.size() && j < control.motor_torque.cols(); ++j) {
    if (!is_dc(drives[j])) continue;
    const MotorEnvelope e = motor_envelope(drives[j].motor->dc);
    for (const auto limit : {EnvelopeViolation::Limit::kVoltage, EnvelopeViolation::Limit::kCurrent}) {
      EnvelopeViolation v;
      v.joint = j;
      v.limit = limit;
      double worst_excess = 0;
      for (Eigen::Index k = 0; k < rows; ++k) {
        const double torque = std::abs(control.motor_torque(k, j));
        const double rpm = std::abs(control.motor_speed_rpm(k, j));
        const double omega = rpm / kRpmPerRadPerSecond;
        double line = e.current_torque;
        if (limit == EnvelopeViolation::Limit::kVoltage) {
          if (!std::isfinite(e.stall_torque)) break;
          line = e.stall_torque * (1.0 - omega / e.no_load_speed);
        } else if (!std::isfinite(line)) {
          break;
        }
        if (!(torque > line)) continue;
        if (v.samples++ == 0) v.first_t = control.t[static_cast<std::size_t>(k)];
        if (torque - line > worst_excess || v.samples == 1) {
          worst_excess = torque - line;
          v.worst_t = control.t[static_cast<std::size_t>(k)];
          v.worst_torque = torque;
          v.worst_speed_rpm = rpm;
          v.worst_allowed = line;
        }
      }
      if (v.samples > 0) out.push_back(v);
    }
  }
  return out;
}

}  // namespace armdyn::drives
