#pragma once
// The limitations a candidate design must satisfy on its test task ([VP] §5.3, §5.1 (i)-(iv)):
//   (i)   reachability: the task's start pose is reached (its inverse kinematics converged), the
//         joints stay within their position limits and the frame follows the reference (its
//         deviation stays within a tolerance; a near-singular block lets it drift);
//   (ii)  strength: in every segment σ_max <= σ_d and τ_max <= τ_d, the material's allowed
//         normal and shear stresses (the limit over the safety factor; segments/stress.hpp);
//   (iii) drives: every DC motor's (torque, speed) demand lies inside its envelope;
//   (iv)  elasticity: the quasi-static tip deflection stays within the allowed value.
// Each is reported with the first time, and the joint or segment, at fault.
//
// The drive envelope (iii) of a permanent-magnet DC motor with inductance neglected ([VP] (3.9.4),
// Fig. 5.18): the voltage and current the demand needs, u = R τ_m / Kt + Ke ω_m and i = τ_m / Kt,
// must satisfy |u| <= U_max and |i| <= I_max. In the first quadrant that is
// τ_m <= Kt (U_max − Ke ω_m) / R (the stall–no-load line) and τ_m <= Kt I_max (the current
// limit). The motor's torque comes from the joint's rigid-body drive P, its friction and the
// rotor (drives::motor_torque), its speed is ω_m = G q̇.
#include <limits>
#include <string>
#include <vector>

#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/drives/drive.hpp"
#include "armdyn/segments/segment.hpp"
#include "armdyn/tasks/inverse_kinematics.hpp"
#include "armdyn/tasks/run.hpp"

namespace armdyn::design {

/// The first violation of one limitation, and the worst use of it over the run.
struct LimitCheck {
  bool violated = false;
  double t = std::numeric_limits<double>::quiet_NaN();  ///< the first time at fault (s)
  int index = -1;       ///< the joint (= link, body) at fault; -1 for the frame or the tip
  std::string where;    ///< "joint 'elbow'", "segment 'link2'", "frame 'tool'", "tip"
  double value = 0, allowed = 0;  ///< at the first fault: what was found and its limit
  /// The largest value / allowed over everything checked (> 1: violated; a joint outside its
  /// position limits counts as 1 + the excess).
  double worst_ratio = 0;
  std::string message;     ///< one line naming the limitation, time, place and values; "" if none
};

struct LimitReport {
  LimitCheck reach, stress, drive, deflection;
  double sigma_max = 0;  ///< the largest normal stress σ_max in any segment over the run (Pa)
  bool feasible() const { return !reach.violated && !stress.violated && !drive.violated && !deflection.violated; }
};

struct LimitOptions {
  bool joint_limits = true;                ///< check the model's joint position limits
  double max_position_deviation = 1e-3;    ///< m: farther from the reference is not following it
  double max_orientation_deviation = 1e-2; ///< rad
  double allowed_deflection = std::numeric_limits<double>::infinity();  ///< m, (iv)
};

/// max(|u| / U_max, |i| / I_max) for the DC motor at motor torque `torque` (N m) and speed
/// `speed` (rad/s): <= 1 inside the envelope (an unlimited bound counts as 0).
double dc_envelope_ratio(const drives::DcMotor& motor, double torque, double speed);

/// The envelope's largest torque magnitude (N m) at motor speed `speed` in the positive
/// (`positive`) or negative sense: min(Kt (U_max ∓ Ke ω) / R, Kt I_max), at least 0.
double dc_envelope_torque(const drives::DcMotor& motor, double speed, bool positive);

/// One DC motor's operating point at a checked state: its speed ω_m = N q̇ (rad/s) and torque
/// τ_m (N m), the point of [VP] Fig. 5.18's P–n diagram.
struct MotorSample {
  double t = 0;
  int joint = 0;
  double speed = 0, torque = 0;
};

/// Checks a run's states as they come (observe() from run_task's observer). `segments` (may be
/// empty: no stress check) must have been made for `model`, `drives` empty or one per joint
/// (joints without a DC motor are not checked); both are copied. The model must outlive the
/// monitor; observe() takes states of a run on that model (the payload, if any, added to it).
class LimitMonitor {
 public:
  LimitMonitor(const Model& model, const segments::SegmentSet& segments, const drives::DriveSet& drives,
               LimitOptions options = {});

  /// (i) at t = 0: the task's start pose; a solver that did not converge is a violation.
  void start_pose(const tasks::IkResult& ik);
  /// (i)-(iii) at one state.
  void observe(const tasks::RunState& state);
  /// (iv) from the tip deflection's magnitude at times t (m; the same length, t increasing);
  /// InputError for different lengths or a non-finite sample.
  void deflection(const std::vector<double>& t, const std::vector<double>& tip_deflection);

  const LimitReport& report() const { return report_; }
  /// From now on also appends every DC motor's operating point checked by observe() to
  /// `samples` (nullptr: stop); the caller keeps it alive.
  void record_motors(std::vector<MotorSample>* samples) { motor_samples_ = samples; }

 private:
  const Model& model_;
  segments::SegmentSet segments_;
  drives::DriveSet drives_;
  LimitOptions options_;
  Data data_;
  ReactionWorkspace<double> reactions_;
  VecX<double> friction_;
  LimitReport report_;
  std::vector<MotorSample>* motor_samples_ = nullptr;
};

}  // namespace armdyn::design
