#pragma once
// Cartesian computed torque in the operational-space form ([Khatib]; the Cartesian-based control
// of [Craig] §10.8 on the Cartesian dynamics of [Craig] §6.10): a torque source that makes a frame
// of the arm follow a prescribed motion (a TaskReference at every t, e.g. a TaskMotion), with a
// joint posture held in the null space of a redundant arm.
//
// With x the task rows of the frame (dynamics/cartesian.hpp: J_r, Lambda, mu, p at (q, v)):
//
//   tau = J_r^T (Lambda xdd* + mu + p) + N^T (g + h + tau_posture)
//       = J_r^T Lambda (xdd* - Jdot_r v) + g + h + N^T tau_posture,
//   xdd* = xdd_d + Kd (xd_d - xd) + Kp e                        (the commanded task acceleration)
//   N^T  = I - J_r^T Jbar^T,  Jbar = M^-1 J_r^T Lambda          (dynamically consistent inverse)
//   tau_posture = Kp_posture (q_posture - q) - Kd_posture v     (a joint PD toward the posture)
// (g the gravity torque, h = C(q, v) v). J_r^T p carries only the part of the arm's weight that
// the task rows feel; N^T g carries the rest, without which a redundant arm would sag in its null
// space (J_r^T p + N^T g = g), and N^T h likewise keeps the null space from being pushed by the
// velocity terms. For a non-redundant arm with all six rows N = 0 (away from singularities).
//
// With the exact model the task rows then move with J_r qdd + Jdot_r v = xdd*, whatever
// tau_posture is (J_r M^-1 N^T = 0): each error row obeys e'' + Kd e' + Kp e = 0, and an arm that
// starts on the path stays on it. In the null space M qdd = N^T tau_posture: without a posture the
// arm's free motion is not driven, with one it is pulled toward the posture as far as the task
// allows.
//
// The task rows follow the reference's orientation mode ([VP] §3.4), all in base axes:
//   kFull      rows x, y, z, rx, ry, rz. e = [p_d - p; rotation vector of R_d R^T] (the rotation
//              that takes the frame's orientation R onto R_d, axis times angle, base axes); the
//              desired angular velocity and acceleration are w, dw.
//   kApproach  x, y, z and the two rotations perpendicular to the frame axis that must point
//              along the approach direction h: e = [p_d - p; a x h / |a x h| * angle(a, h)]
//              (a = the frame's axis), w_d = h x dh, dw_d = h x ddh; rotation about a is free.
//              (Computed on the frame's own axes, where these are rows of the Jacobian.)
//   kFree      x, y, z only.
// Kp and Kd are diagonal in base axes: six gains (x, y, z, rx, ry, rz); rows a mode leaves out
// ignore theirs. A prescribed joint of the reference (TaskReference::joint) is not tracked.
//
// Near a singularity Lambda is the damped inverse of cartesian.hpp (CartesianOptions::
// singular_threshold): the law stays finite, gives up the lost directions, and singular() says so.
//
// Sampling as sim::Controller: rate > 0 computes the torque at t = k / rate and holds it
// (zero-order hold); rate 0 evaluates the law continuously. No heap allocation per call.
#include <functional>

#include "armdyn/dynamics/cartesian.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/tasks/motion.hpp"
#include "armdyn/tasks/reference.hpp"

namespace armdyn::tasks {

/// The prescribed motion of the frame at time t, written into the second argument.
using ReferenceFunction = std::function<void(double, TaskReference&)>;

/// Gains and sampling of the operational-space controller.
struct OperationalSpaceSpec {
  Vec6<double> kp = Vec6<double>::Constant(100.0);  ///< 1/s^2: x, y, z, rx, ry, rz (base axes)
  Vec6<double> kd = Vec6<double>::Constant(20.0);   ///< 1/s: the same rows
  VecX<double> posture;      ///< q the null-space term pulls toward; empty: no posture term
  VecX<double> posture_kp;   ///< one per joint (N m / rad or N / m); with `posture`
  VecX<double> posture_kd;   ///< one per joint (N m s / rad or N s / m); with `posture`
  double rate = 1000.0;      ///< samples per second; 0 = continuous
  double singular_threshold = 1e-10;  ///< CartesianOptions::singular_threshold
};

/// Joint PD gains for the posture term, critically damped at `omega` rad/s for each joint's own
/// inertia at q: Kp = omega^2 M_ii(q), Kd = 2 omega M_ii(q) (written into spec.posture_kp/kd).
void default_posture_gains(const Model& model, VecIn<double> q, double omega, OperationalSpaceSpec& spec);

class OperationalSpaceController final : public sim::TorqueSource {
 public:
  /// `model` is the model the law believes in (it may differ from the simulated arm) and must
  /// outlive the controller; `frame` an index into model.frames. InputError for a bad frame,
  /// gains that are not finite or negative, a posture or posture gains without model.dof
  /// entries, a bad rate.
  OperationalSpaceController(const Model& model, int frame, OperationalSpaceSpec spec, ReferenceFunction reference);
  /// The same following a TaskMotion (kept by value).
  OperationalSpaceController(const Model& model, int frame, OperationalSpaceSpec spec, TaskMotion motion);

  double period() const override { return spec_.rate > 0 ? 1.0 / spec_.rate : 0.0; }
  void sample(double t, VecIn<double> q, VecIn<double> v) override;
  void torque(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) override;

  /// The law at (t, q, v) now, whatever the rate (for checks; no sampling state changes).
  void evaluate(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau);
  /// Whether the last evaluation met a singular task Jacobian (damped Lambda).
  bool singular() const { return singular_; }
  /// The reference of the last evaluation.
  const TaskReference& reference() const { return ref_; }

 private:
  void command(const Vec3<double>& p, const Mat3<double>& R);

  const Model& model_;
  int frame_;
  OperationalSpaceSpec spec_;
  ReferenceFunction reference_;
  Data data_;
  CartesianWorkspace<double> ws_;
  TaskReference ref_;
  Vec6<double> cmd_ = Vec6<double>::Zero();  ///< xdd*, base axes
  VecX<double> posture_tau_, held_;
  bool singular_ = false;
};

}  // namespace armdyn::tasks
