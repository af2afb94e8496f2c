#pragma once
// The simulated arm: qdd = FD(q, v, tau(t, q, v)) with a torque source and one of the
// forward-dynamics routes. Holds its own Data and workspaces (allocation-free per evaluation).
//
// With drives (drives/drive_dynamics.hpp) the plant solves (M + diag(G^2 Jm)) qdd = tau - c - f(v)
// by LDL^T (by Cholesky when it holds stuck joints), with the friction's smooth sign
// tanh(v / v_eps); without them (no DriveSet, or an empty one) it runs the chosen route exactly as
// before.
//
// Stiction mode (StictionOptions::enabled; docs/drives.md): friction with its exact sign, and a
// joint with dry friction whose speed is below `stick_velocity` is held while the torque needed
// to hold it stays within its static (breakaway) level. Each evaluation:
//   1. every joint with dry friction and |v_j| < stick_velocity is "held": its acceleration is
//      prescribed as a*_j = -v_j / hold_time (which brings a residual speed to zero); every other
//      joint is free, with friction f_j = B v_j + sgn(v_j) level_j(v_j);
//   2. the free joints' accelerations solve M_FF a_F = tau_F - c_F - f_F - M_FS a*_S;
//   3. each held joint's holding torque h_j = tau_j - c_j - (M a)_j - B v_j is compared with its
//      static level on the side h_j pushes to; a joint with |h_j| above it is released: free,
//      with dry friction sgn(h_j) level_j (the Stribeck curve's value at its speed);
//   4. steps 2-3 repeat until no held joint is released (at most n times).
//
// Held on a constraint (hold_on; dynamics/constrained.hpp, [VP] §2.10): the plant solves the
// constrained equations (KKT system, Baumgarte-stabilised; project() moves a state back onto the
// constraint) instead of the chosen route, and keeps the reaction forces and the constraint error
// of its last evaluation. Not with drives (yet).
//
// Loads (set_loads, move_base; dynamics/loads.hpp): wrenches at frames or on bodies, a payload and
// a prescribed base motion ([VP] (2.3.48)) act in every mode above: M and c become M_L and c_L of
// loads.hpp (3), on the chosen route, with drives, stiction or a constraint alike. The base's
// velocity and acceleration at time t may come from a table of 12 columns [v_O, w_O, a_O, e_O]
// (base axes; move_base).
#include <memory>
#include <optional>

#include "armdyn/drives/drive.hpp"
#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"
#include "armdyn/simulation/input.hpp"

namespace armdyn::sim {

/// The stiction mode of a plant with drives.
struct StictionOptions {
  bool enabled = false;
  double stick_velocity = 1e-3;  ///< rad/s (m/s): below it a joint with dry friction may be held
  double hold_time = 1e-2;       ///< s: a held joint's residual speed decays as exp(-t / hold_time)
};

class Plant {
 public:
  /// `model` and `source` (and `drives`, when given) must outlive the plant.
  Plant(const Model& model, TorqueSource& source, FdMethod method = FdMethod::kAba);
  /// With drives (one per joint, or none); InputError for a wrong-sized set or bad options.
  Plant(const Model& model, TorqueSource& source, FdMethod method, const drives::DriveSet* drives,
        StictionOptions stiction = {});

  /// qdd at time t and state (q, v) under the source's torque; tau() is that torque after.
  const VecX<double>& acceleration(double t, VecIn<double> q, VecIn<double> v);

  const VecX<double>& tau() const { return tau_; }
  const Model& model() const { return model_; }
  Data& data() { return data_; }
  TorqueSource& source() { return source_; }
  /// From now on the point of `constraint` is held on its surface, line or loop (must outlive the plant;
  /// nullptr: free again). InputError with drives or stiction.
  void hold_on(const PointConstraint<double>* constraint);
  const PointConstraint<double>* constraint() const { return constraint_; }
  /// From now on `loads` act (copied; dynamics/loads.hpp): its wrenches, payload and base motion (a
  /// constant one; move_base's table replaces it). InputError when they do not fit the model.
  void set_loads(const Loads<double>& loads);
  const Loads<double>& loads() const { return loads_; }
  /// From now on the base moves as `base_motion` says: its torque() at t gives the 12 numbers
  /// [v_O, w_O, a_O, e_O] (must outlive the plant; nullptr: fixed again, or as set_loads said).
  void move_base(TorqueSource* base_motion);
  /// The last evaluation's normal forces N_k (k < constraint()->count; a loop: the force on its
  /// first frame at A, base axes) and max_k |h_k| (m).
  const ConstraintWorkspace<double>::Rows& contact_force() const { return constraint_ws_->force; }
  double constraint_error() const { return constraint_ws_->h.head(constraint_->count).cwiseAbs().maxCoeff(); }
  /// With a constraint: (q, v) projected onto it (project_on_constraint, to position_tolerance m).
  void project(VecX<double>& q, VecX<double>& v, double position_tolerance) {
    project_on_constraint(model_, data_, *constraint_ws_, *constraint_, q, v, position_tolerance);
  }
  /// Number of acceleration() calls so far.
  long evaluations() const { return evaluations_; }
  /// The drives' rotor kinetic energy at joint velocity v (0 without drives).
  double rotor_kinetic_energy(VecIn<double> v) const;

 private:
  const VecX<double>& with_stiction(VecIn<double> q, VecIn<double> v);
  void solve_held();

  const Model& model_;
  TorqueSource& source_;
  FdMethod method_;
  const drives::DriveSet* drives_ = nullptr;  ///< null: the rigid-body route
  StictionOptions stiction_;
  Data data_;
  FdWorkspace<double> ws_;
  VecX<double> tau_;
  // Stiction mode's workspace: the system with held rows replaced, the right-hand side, the
  // prescribed accelerations and the joints' states (0 free, 1 held, 2 released).
  MatX<double> A_;
  VecX<double> rhs_, inv_diag_, a_hold_, f_;
  Eigen::VectorXi state_;
  long evaluations_ = 0;
  const PointConstraint<double>* constraint_ = nullptr;
  std::unique_ptr<ConstraintWorkspace<double>> constraint_ws_;
  TorqueSource* base_source_ = nullptr;
  VecX<double> base_columns_ = VecX<double>::Zero(12);
  Loads<double> loads_;  ///< set_loads's, with move_base's base motion at t
  std::optional<BaseMotion<double>> fixed_base_;  ///< set_loads's base motion (without a table)
  const Loads<double>* active() const { return has_loads(&loads_) ? &loads_ : nullptr; }
};

}  // namespace armdyn::sim
