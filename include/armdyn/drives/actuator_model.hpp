#pragma once
// The actuator of one joint as linear state equations ([VP] §3.8-3.9, (3.8.6)):
//
//   x_i' = C_i x_i + f_i P_i + d_i N(u_i),      q_i'' = T_i x_i'
//
// where P_i is the torque (force) the actuator delivers to the mechanism, u_i its input (the
// voltage of a DC motor, the servovalve's current of a hydraulic one) and N the input's
// saturation (3.9.3). Every model's state starts with the joint's position and velocity, so
// T_i = [0 1 0 ...] picks q_i'' out of x_i'.
//
//   dc3 (3.9.4)         x = [q, q', i]:   J q'' = Cm i - B q' - P,  L i' = u - Ce q' - R i
//   dc2 (3.9.5)         x = [q, q']:      i = (u - Ce q') / R  (3.9.6), so
//                                         J q'' = -(B + Ce Cm / R) q' + (Cm / R) u - P
//   hydraulic5 (3.9.8)  x = [l, l', p, Q, Q']:
//                         m l'' = A p - B l' - P
//                         p'    = (4 beta / V) (-A l' - (k_c + C_l) p + Q)
//                         Q''   = -c1 Q - c2 Q' + k_q u
//   hydraulic3 (3.9.9)  x = [l, l', p]: the servovalve is fast, Q = K u with its static gain K:
//                         p'    = (4 beta / V) (-A l' - (k_c + C_l) p + K u)
//
// [VP]'s motor constants are the joint side's; armdyn's parameters are the motor side's with the
// gear (docs/drives.md). The reduction (JointSideDc) with G the gear ratio, Jm the rotor inertia,
// B the drive's (joint-side) viscous friction and Kt, Ke the motor's torque and back-EMF constants:
//
//   J = G^2 Jm,  B = B,  Cm = G Kt,  Ce = G Ke,  R = R,  L = L
//
// (the motor turns G q, its torque Kt i reaches the joint as G Kt i, its back-EMF is Ke G q').
// With G = 1 the parameters are [VP]'s own. A hydraulic cylinder drives a prismatic joint
// directly (l = q, no gear, no rotor); hydraulic3's `valve_gain` is the servovalve's static gain
// K = k_q / c1 of the 5th-order model (docs/errata.md). The drive's viscous friction is B in both.
//
// A DC motor's `max_current` I_max limits the current through the voltage it is given: the input
// the motor receives is N(u) clipped to [Ce q' - R I_max, Ce q' + R I_max] (applied_input), the
// voltages whose steady current (u - Ce q') / R stays within I_max. dc2's current is then within
// I_max exactly; dc3's approaches the limit with its electrical time constant L / R,
// L i' = R (I_max - i), and never passes it. The voltage limit is the amplifier's own and stays:
// where the back-EMF alone exceeds max_voltage + R I_max, the current passes I_max.
#include <string>

#include "armdyn/core/types.hpp"
#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::drives {

/// A DC motor's constants reduced to the joint side ([VP] (3.9.4)'s J_r, B_C, C_M, C_E, R_r, L_r).
struct JointSideDc {
  double J = 0;   ///< G^2 Jm, kg m^2
  double B = 0;   ///< the drive's viscous friction, N m s / rad
  double Cm = 0;  ///< G Kt, N m / A
  double Ce = 0;  ///< G Ke, V s / rad
  double R = 0;   ///< ohm
  double L = 0;   ///< H (0 for dc2)
};

/// The joint-side constants of a drive with a DC motor (zeros without one).
JointSideDc joint_side_dc(const Drive& drive);

/// N(u) of (3.9.3): u clipped to [-limit, limit] (limit > 0, or infinite: u itself).
inline double saturation(double u, double limit) { return u >= limit ? limit : u <= -limit ? -limit : u; }

/// One joint's actuator: (3.8.6)'s C_i, f_i, d_i; T_i = e_velocity^T.
struct ActuatorModel {
  static constexpr int kPosition = 0;  ///< x_i[0] = q_i (l_i = q_i for a cylinder)
  static constexpr int kVelocity = 1;  ///< x_i[1] = q_i'; T_i x_i' = x_i'[1]

  MotorType type = MotorType::kDc2;
  MatX<double> C;  ///< n_i x n_i
  VecX<double> f;  ///< n_i: how the delivered torque P_i enters (-1/J at the velocity)
  VecX<double> d;  ///< n_i: how the input enters
  double input_limit = kUnlimited;  ///< N's level: max_voltage (DC) or max_current (hydraulic)
  double current_limit = kUnlimited;  ///< a DC motor's max_current (infinite for a hydraulic one)
  double inertia = 0;               ///< J = G^2 Jm (DC) or m (hydraulic): f_i[1] = -1 / inertia

  int size() const { return static_cast<int>(f.size()); }
  /// T_i as a row (1 x n_i).
  MatX<double> T() const;
  /// N(u) with this actuator's limit.
  double saturate(double u) const { return saturation(u, input_limit); }
  /// The input the actuator receives at joint velocity `v`: N(u), and for a DC motor with a
  /// current limit, clipped to [Ce v - R I_max, Ce v + R I_max] first (the voltage limit last).
  double applied_input(double u, double v) const;
  /// The motor current of a DC motor at state x_i (dc3: x_i[2]) and applied input u (dc2: (3.9.6),
  /// (u - Ce q') / R); the pressure difference p for a hydraulic one (x_i[2]).
  double current_or_pressure(VecIn<double> x, double u) const;
  /// True for dc2 and dc3.
  bool is_dc() const { return type == MotorType::kDc2 || type == MotorType::kDc3; }

  JointSideDc dc;  ///< the DC motor's joint-side constants (dc2, dc3)
};

/// The state equations of `drive`'s motor on a joint of type `joint`. InputError
/// "<where>.<key>: <what>" (`where` e.g. "act.json: joints.elbow") when the drive has no motor,
/// a DC motor's drive has no rotor inertia (J = G^2 Jm divides), the gear is lossy (efficiency
/// < 1: the state equations are a lossless gear's), or a hydraulic actuator sits on a revolute
/// joint (l = q holds only for a prismatic one) or has a gear ratio other than 1 or a rotor.
ActuatorModel actuator_model(const Drive& drive, JointType joint, const std::string& where);

}  // namespace armdyn::drives
