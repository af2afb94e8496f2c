#pragma once
// The drive of each joint: gear, rotor, friction, efficiency and (optionally) the actuator that
// turns it. A DriveSet holds one Drive per joint of a model, is immutable once built, and is
// everything-off by default: a default Drive adds nothing to the rigid-body dynamics. The Model
// stays the rigid-body description; drives live beside it (docs/drives.md).
//
// Conventions ([Craig] §6.11; [VP] §3.8-3.9):
//   - gear ratio G = motor angle / joint angle (its sign is the motor's sense of rotation);
//   - rotor inertia Jm on the motor side: the joint feels G^2 Jm (reflected inertia);
//   - every friction parameter on the joint side: viscous B (torque B q'), Coulomb levels Tc+
//     (for q' > 0) and Tc- (for q' < 0) as magnitudes, static (breakaway) levels Ts+ and Ts-
//     (>= the Coulomb ones), and the Stribeck velocity vs of the curve between them;
//   - efficiency eta in (0, 1] of the gear: it changes the motor torque, not the joint equation
//     (motor_torque in drive_dynamics.hpp).
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"

namespace armdyn::drives {

inline constexpr double kUnlimited = std::numeric_limits<double>::infinity();

/// The actuator models of [VP] §3.9: permanent-magnet DC motors of 2nd (inductance neglected)
/// and 3rd order, electro-hydraulic servo-cylinders of 3rd and 5th order.
enum class MotorType { kDc2, kDc3, kHydraulic3, kHydraulic5 };

/// "dc2", "dc3", "hydraulic3", "hydraulic5".
const char* to_string(MotorType type);

/// A permanent-magnet DC motor, motor side, SI units ([VP] (3.9.4): R_r, L_r, C_M, C_E).
struct DcMotor {
  double resistance = 0;         ///< R, ohm
  double inductance = 0;         ///< L, H (dc3 only; 0 for dc2)
  double torque_constant = 0;    ///< Kt, N m / A
  double back_emf_constant = 0;  ///< Ke, V s / rad
  double max_voltage = kUnlimited;  ///< the input's saturation, V
  double max_current = kUnlimited;  ///< A
};

/// An electro-hydraulic servovalve and cylinder ([VP] (3.9.8), (3.9.9)), SI units.
struct HydraulicActuator {
  double piston_area = 0;          ///< A, m^2
  double moving_mass = 0;          ///< m, piston and load, kg
  double bulk_modulus = 0;         ///< beta, the oil's compressibility coefficient, Pa
  double volume = 0;               ///< V, valve + cylinder + pipes, m^3
  double flow_pressure_slope = 0;  ///< k_c, m^3 / (s Pa), >= 0
  double leakage = 0;              ///< C_l = C_il + C_el / 2, m^3 / (s Pa), >= 0
  double valve_gain = 0;           ///< k_q, the servovalve's gain
  double valve_c1 = 0, valve_c2 = 0;  ///< the servovalve's frequency characteristic (hydraulic5)
  double max_current = kUnlimited;    ///< the input's saturation, A
};

/// The actuator of a joint: its type and the parameters of that type.
struct Motor {
  MotorType type = MotorType::kDc2;
  DcMotor dc;                   ///< dc2, dc3
  HydraulicActuator hydraulic;  ///< hydraulic3, hydraulic5
};

/// One joint's drive; the defaults add nothing (G = 1, no rotor, no friction, eta = 1).
struct Drive {
  double gear_ratio = 1;
  double rotor_inertia = 0;  ///< motor side, kg m^2
  double viscous = 0;        ///< joint side, N m s / rad (N s / m for a prismatic joint)
  double coulomb_positive = 0, coulomb_negative = 0;  ///< joint side magnitudes, N m (N)
  /// Breakaway levels; when not given they equal the Coulomb levels (no stiction, no Stribeck dip).
  std::optional<double> static_positive, static_negative;
  double stribeck_velocity = 0;  ///< rad/s (m/s); 0: no Stribeck curve
  double efficiency = 1;
  std::optional<Motor> motor;

  double reflected_inertia() const { return gear_ratio * gear_ratio * rotor_inertia; }
  double breakaway_positive() const { return static_positive.value_or(coulomb_positive); }
  double breakaway_negative() const { return static_negative.value_or(coulomb_negative); }
  bool has_dry_friction() const { return breakaway_positive() > 0 || breakaway_negative() > 0; }
  /// True when this drive changes nothing in the joint's equation.
  bool is_rigid() const { return reflected_inertia() == 0 && viscous == 0 && !has_dry_friction(); }
};

/// One Drive per joint, validated when built; immutable.
class DriveSet {
 public:
  /// The velocity scale of the smooth sign tanh(v / v_eps) (docs/drives.md), rad/s or m/s.
  static constexpr double kDefaultSmoothingVelocity = 1e-2;

  /// No joints (the rigid-body model: every function treats it as "no drives").
  DriveSet() = default;
  /// Checks every drive: InputError "<source>: joints.<name>.<key>: <what>" for a value out of
  /// range (names[j] names joint j; both vectors the same size). `smoothing_velocity` > 0.
  DriveSet(std::vector<Drive> drives, std::vector<std::string> names, std::string source,
           double smoothing_velocity = kDefaultSmoothingVelocity);
  /// `dof` default drives (rigid).
  static DriveSet rigid(int dof);

  int size() const { return static_cast<int>(drives_.size()); }
  bool empty() const { return drives_.empty(); }
  const Drive& operator[](int j) const { return drives_[static_cast<std::size_t>(j)]; }
  const std::vector<Drive>& drives() const { return drives_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::string& source() const { return source_; }
  double smoothing_velocity() const { return smoothing_velocity_; }

  /// True when no drive changes the rigid-body equation (no joints, or all default).
  bool is_rigid() const;
  /// True when some joint has friction (the total energy of a passive motion decreases).
  bool dissipative() const;
  /// G_j^2 Jm_j per joint (zeros for an empty set of `dof` joints).
  VecX<double> reflected_inertia(int dof) const;

 private:
  std::vector<Drive> drives_;
  std::vector<std::string> names_;
  std::string source_;
  double smoothing_velocity_ = kDefaultSmoothingVelocity;
};

/// Checks one drive's values; `where` prefixes each message ("file: joints.elbow").
/// InputError "<where>.<key>: <what>": gear_ratio finite and nonzero; rotor_inertia, viscous,
/// coulomb, static, stribeck_velocity finite and >= 0; static >= coulomb; efficiency in (0, 1];
/// the motor's parameters for its type (positive where a physical quantity must be).
void check_drive(const Drive& drive, const std::string& where);

}  // namespace armdyn::drives
