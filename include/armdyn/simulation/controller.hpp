#pragma once
// Joint-space controllers that close the loop at a given rate (zero-order hold between samples;
// rate 0 = a continuous-time law evaluated at every dynamics evaluation). Each follows a
// reference motion (a PointToPoint; PointToPoint::hold(q) for a set-point) with
// e = q_d - q, ed = qd_d - qd:
//   pd               tau = Kp e + Kd ed
//   pd-gravity       tau = Kp e + Kd ed + g(q)                       (gravity compensation)
//   computed-torque  tau = M(q) (qdd_d + Kd ed + Kp e) + c(q, qd)    ([Craig] §10.4, by rnea)
//   gravity-compensation  tau = g(q) - Kd qd   (Hannaford-Rosen; the reference and Kp unused)
// Kp, Kd are per-joint (diagonal) gains. Gravity compensation cancels the weight of the links at
// every pose, so an arm at rest stays at rest wherever it is put (with an exact model); Kd adds
// joint damping (0 by default: pure compensation) and makes a moving arm come to rest. The
// Cartesian (operational-space) controller lives in tasks/cartesian_control.hpp.
#include <memory>
#include <string>

#include "armdyn/model/data.hpp"
#include "armdyn/simulation/input.hpp"
#include "armdyn/simulation/trajectory.hpp"

namespace armdyn::sim {

enum class ControlLaw { kPd, kPdGravity, kComputedTorque, kGravityCompensation };

/// "pd", "pd-gravity", "computed-torque", "gravity-compensation".
const char* to_string(ControlLaw law);
/// The law named `name`; InputError otherwise.
ControlLaw control_law_from_name(const std::string& name);

struct ControllerSpec {
  ControlLaw law = ControlLaw::kPdGravity;
  VecX<double> kp, kd;  ///< one gain per joint
  double rate = 1000.0;  ///< samples per second; 0 = continuous
};

/// Gains that make each joint a critically damped second-order system of natural frequency
/// `omega` (rad/s): for computed torque (unit inertia after linearisation) Kp = omega^2,
/// Kd = 2 omega; for pd and pd-gravity scaled by the diagonal of M(q) at `q` (the joint's own
/// inertia there), Kp = omega^2 M_ii, Kd = 2 omega M_ii; for gravity-compensation Kp = Kd = 0.
ControllerSpec default_gains(const Model& model, ControlLaw law, VecIn<double> q, double omega = 10.0,
                             double rate = 1000.0);

class Controller final : public TorqueSource {
 public:
  /// `model` is the model the law believes in (for g(q), M, c; it may differ from the simulated
  /// arm) and must outlive the controller; `reference` and the gains have model.dof joints.
  Controller(const Model& model, ControllerSpec spec, PointToPoint reference);

  double period() const override { return spec_.rate > 0 ? 1.0 / spec_.rate : 0.0; }
  void sample(double t, VecIn<double> q, VecIn<double> v) override;
  void torque(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) override;

  const PointToPoint& reference() const { return reference_; }

 private:
  void law(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau);

  const Model& model_;
  ControllerSpec spec_;
  PointToPoint reference_;
  Data data_;
  VecX<double> qd_, vd_, ad_, held_;
};

}  // namespace armdyn::sim
