#include "armdyn/drives/actuator_model.hpp"

#include <algorithm>
#include <charconv>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn::drives {

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& key, const std::string& what) {
  throw InputError(where + "." + key + ": " + what);
}

// [VP] (3.9.4): x = [q, q', i].
void dc3(ActuatorModel& a) {
  const JointSideDc& m = a.dc;
  a.C.setZero(3, 3);
  a.C(0, 1) = 1;
  a.C(1, 1) = -m.B / m.J;
  a.C(1, 2) = m.Cm / m.J;
  a.C(2, 1) = -m.Ce / m.L;
  a.C(2, 2) = -m.R / m.L;
  a.f = VecX<double>::Zero(3);
  a.f[1] = -1 / m.J;
  a.d = VecX<double>::Zero(3);
  a.d[2] = 1 / m.L;
}

// [VP] (3.9.5) with the viscous friction kept and C[2,2]'s minus sign (docs/errata.md): x = [q, q'].
void dc2(ActuatorModel& a) {
  const JointSideDc& m = a.dc;
  a.C.setZero(2, 2);
  a.C(0, 1) = 1;
  a.C(1, 1) = -(m.B + m.Ce * m.Cm / m.R) / m.J;  // alpha
  a.f = VecX<double>::Zero(2);
  a.f[1] = -1 / m.J;  // gamma
  a.d = VecX<double>::Zero(2);
  a.d[1] = m.Cm / (m.J * m.R);  // beta
}

// [VP] (3.9.8) (order 5) and (3.9.9) (order 3, -4 beta A / V at C[3,2] as in (3.9.8), and the
// static valve gain K = k_q / c1 as hydraulic3's valve_gain; docs/errata.md).
void hydraulic(ActuatorModel& a, const HydraulicActuator& h, double B, bool fifth) {
  const int n = fifth ? 5 : 3;
  const double m = h.moving_mass, k = 4 * h.bulk_modulus / h.volume;
  a.C.setZero(n, n);
  a.C(0, 1) = 1;
  a.C(1, 1) = -B / m;
  a.C(1, 2) = h.piston_area / m;
  a.C(2, 1) = -k * h.piston_area;
  a.C(2, 2) = -k * (h.flow_pressure_slope + h.leakage);
  a.f = VecX<double>::Zero(n);
  a.f[1] = -1 / m;
  a.d = VecX<double>::Zero(n);
  if (fifth) {
    a.C(2, 3) = k;
    a.C(3, 4) = 1;
    a.C(4, 3) = -h.valve_c1;
    a.C(4, 4) = -h.valve_c2;
    a.d[4] = h.valve_gain;
  } else {
    a.d[2] = k * h.valve_gain;
  }
}

}  // namespace

JointSideDc joint_side_dc(const Drive& drive) {
  JointSideDc s;
  if (!drive.motor) return s;
  const Motor& m = *drive.motor;
  if (m.type != MotorType::kDc2 && m.type != MotorType::kDc3) return s;
  const double G = drive.gear_ratio;
  s.J = G * G * drive.rotor_inertia;
  s.B = drive.viscous;
  s.Cm = G * m.dc.torque_constant;
  s.Ce = G * m.dc.back_emf_constant;
  s.R = m.dc.resistance;
  s.L = m.type == MotorType::kDc3 ? m.dc.inductance : 0.0;
  return s;
}

MatX<double> ActuatorModel::T() const {
  MatX<double> t = MatX<double>::Zero(1, size());
  t(0, kVelocity) = 1;
  return t;
}

double ActuatorModel::applied_input(double u, double v) const {
  if (current_limit < kUnlimited) {
    const double back_emf = dc.Ce * v, span = dc.R * current_limit;
    u = std::clamp(u, back_emf - span, back_emf + span);
  }
  return saturate(u);
}

double ActuatorModel::current_or_pressure(VecIn<double> x, double u) const {
  if (type == MotorType::kDc2) return (u - dc.Ce * x[kVelocity]) / dc.R;
  return x[2];
}

ActuatorModel actuator_model(const Drive& drive, JointType joint, const std::string& where) {
  if (!drive.motor)
    throw InputError(where + ": no motor (a simulation driven by actuator inputs needs one on every joint)");
  if (drive.efficiency != 1)
    fail(where, "efficiency",
         "the actuator models take a lossless gear (efficiency 1) (got " + shortest_text(drive.efficiency) + ")");
  const Motor& motor = *drive.motor;
  ActuatorModel a;
  a.type = motor.type;
  switch (motor.type) {
    case MotorType::kDc2:
    case MotorType::kDc3:
      if (!(drive.rotor_inertia > 0))
        fail(where, "rotor_inertia",
             std::string("a ") + to_string(motor.type) +
                 " motor's state equations need the rotor's inertia (J = G^2 Jm divides; got 0)");
      a.dc = joint_side_dc(drive);
      a.inertia = a.dc.J;
      a.input_limit = motor.dc.max_voltage;
      a.current_limit = motor.dc.max_current;
      if (motor.type == MotorType::kDc3) dc3(a);
      else dc2(a);
      return a;
    case MotorType::kHydraulic3:
    case MotorType::kHydraulic5:
      if (joint != JointType::kPrismatic)
        fail(where, "motor.type",
             std::string("a ") + to_string(motor.type) +
                 " cylinder drives a prismatic joint (its stroke is the joint's q); this joint is revolute");
      if (drive.gear_ratio != 1)
        fail(where, "gear_ratio", "a hydraulic cylinder has no gear: must be 1 (got " + shortest_text(drive.gear_ratio) + ")");
      if (drive.rotor_inertia != 0)
        fail(where, "rotor_inertia",
             "a hydraulic cylinder has no rotor: must be 0 (got " + shortest_text(drive.rotor_inertia) +
                 "; the piston's mass is the motor's moving_mass)");
      a.inertia = motor.hydraulic.moving_mass;
      a.input_limit = motor.hydraulic.max_current;
      hydraulic(a, motor.hydraulic, drive.viscous, motor.type == MotorType::kHydraulic5);
      return a;
  }
  throw InputError(where + ".motor.type: unknown");
}

}  // namespace armdyn::drives
