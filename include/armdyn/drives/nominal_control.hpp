#pragma once
// Nominal control ([VP] §3.10, Fig. 3.34): the inputs of the drives that realise a given joint
// motion. At every sample of the motion (q, q', q'' and optionally the jerk q'''):
//
//   tau_joint = rnea(q, q', q'') + f(q')            the joint's torque with the joint-side friction
//                                                   (f with the exact sign, as drive_torque)
//   tau_m     = motor_torque(drive, tau_joint, q', q'')   ([VP] (3.9.2b) reduced through the gear:
//             = Jm G q'' + tau_joint / (G eta)      when the motor drives the load,
//               Jm G q'' + tau_joint eta / G        when the load drives it back)
//   i         = tau_m / Kt                          the motor current
//   u         = R i + Ke G q' (+ L di/dt, dc3)      ([VP] (3.9.2c); (3.9.6) for dc2)
//   power     = u i,   motor speed = G q' 60 / (2 pi) rpm
//
// so that with eta = 1, i = (Jm G q'' + tau_joint / G) / Kt. For a 3rd-order motor di/dt is exact
// when the motion carries its jerk (the time derivative of tau_m along the motion, with
// d tau_joint / dt = d rnea / dt + f'(q') q''), otherwise [VP]'s backward difference
// (i_k - i_(k-1)) / (t_k - t_(k-1)), the forward difference at the first sample.
//
// A hydraulic cylinder on a prismatic joint (l = q, no gear, no rotor, actuator_model.hpp) is
// inverted by the rows of [VP] (3.9.8) / (3.9.9) taken in turn, with k = 4 beta / V, c = k_c + C_l:
//
//   A p = m q'' + tau_joint                    the piston (m: moving_mass; tau_joint as above)
//   Q   = p' / k + A q' + c p                  the continuity row: the valve's flow
//   u   = Q / K                                hydraulic3 (K: the valve's static gain)
//   u   = (Q'' + c2 Q' + c1 Q) / k_q           hydraulic5, with Q' = p'' / k + A q'' + c p'
//                                              and Q'' = p''' / k + A q''' + c p''
//
// p' is exact from the jerk, (m q''' + d tau_joint / dt) / A, otherwise the backward difference
// of p; p'' and p''' are backward differences of p' and p'' (q''' the jerk, or the difference of
// q''). For a cylinder the output's columns are: voltage and current both the valve current u (A),
// power the hydraulic power p Q delivered to the cylinder (W), motor speed the piston's speed q'
// (m/s), motor torque the piston's force A p (N).
//
// The P-n check ([VP] ch. 5, Fig. 5.18; DC motors only): each motor's (|tau_m|, |n|) points against its catalogue
// envelope, the line from the stall torque Kt U_max / R down to the no-load speed U_max / Ke (the
// voltage limit) and the horizontal line Kt I_max (the current limit).
#include <optional>
#include <string>
#include <vector>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::drives {

/// A joint motion sampled at strictly increasing times: q[k], v[k], a[k] (and jerk[k], when the
/// motion carries it; empty otherwise) at t[k], each sized dof.
struct SampledMotion {
  std::vector<double> t;
  std::vector<VecX<double>> q, v, a, jerk;
  std::size_t size() const { return t.size(); }
  bool has_jerk() const { return !jerk.empty(); }
};

/// One DC motor at one instant (motor side).
struct MotorSample {
  double voltage = 0;      ///< u, V
  double current = 0;      ///< i, A
  double power = 0;        ///< u i, W
  double speed_rpm = 0;    ///< G q' in revolutions per minute
  double torque = 0;       ///< tau_m, N m
};

/// The motor of `drive` at joint velocity v and acceleration a for the joint-side torque
/// `tau_joint`, with the current's rate `current_rate` (A/s; used by dc3 only). InputError
/// unless the drive has a DC motor.
MotorSample dc_motor_sample(const Drive& drive, double tau_joint, double v, double a, double current_rate);

/// The nominal control of a whole motion: per sample k and joint j.
struct NominalControl {
  std::vector<double> t;
  /// Samples x joints. DC: V, A, W, rpm, N m; hydraulic: u, u (A), p Q (W), q' (m/s), A p (N).
  MatX<double> voltage, current, power, motor_speed_rpm, motor_torque;
  VecX<double> energy;  ///< running energy, the trapezoid of the summed power, J
};

/// InputError "<source>: joint '<name>': ..." unless every joint of `model` has a motor in
/// `drives` (one drive per joint); for a hydraulic one actuator_model's errors ("<source>:
/// joints.<name>.<key>: ...": a revolute joint, a gear, a rotor, efficiency below 1).
void check_nominal_drives(const Model& model, const DriveSet& drives);

/// The nominal control realising `motion`: InputError for drives check_nominal_drives refuses,
/// vectors of the wrong size or times that do not increase strictly.
NominalControl nominal_control(const Model& model, const DriveSet& drives, const SampledMotion& motion);

/// A DC motor's catalogue envelope on the motor side: |tau_m| <= stall_torque (1 - |omega| /
/// no_load_speed) (voltage line) and |tau_m| <= current_torque (current line); infinite where
/// the motor gives no limit.
struct MotorEnvelope {
  double stall_torque = kUnlimited;    ///< Kt U_max / R, N m
  double no_load_speed = kUnlimited;   ///< U_max / Ke, rad/s
  double current_torque = kUnlimited;  ///< Kt I_max, N m
  /// The torque the envelope allows at motor speed `omega` (rad/s): the lower of the two lines.
  double allowed_torque(double omega) const;
};
MotorEnvelope motor_envelope(const DcMotor& motor);

/// One limit of one motor exceeded during a motion.
struct EnvelopeViolation {
  enum class Limit { kVoltage, kCurrent };
  int joint = 0;
  Limit limit = Limit::kVoltage;
  double first_t = 0;   ///< the first sample outside the line
  int samples = 0;      ///< how many samples are outside it
  double worst_t = 0;   ///< where |tau_m| exceeds the line the most
  double worst_torque = 0, worst_speed_rpm = 0, worst_allowed = 0;  ///< |tau_m|, |n|, the line there
};
/// "voltage", "current".
const char* to_string(EnvelopeViolation::Limit limit);

/// Every limit exceeded by `control` (from nominal_control with the same drives), per joint in
/// order, the voltage line before the current line; empty when every point is inside.
std::vector<EnvelopeViolation> check_envelope(const DriveSet& drives, const NominalControl& control);

}  // namespace armdyn::drives
