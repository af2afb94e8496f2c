#include "armdyn/simulation/plant.hpp"

#include <cmath>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/dynamics/cholesky.hpp"
#include "armdyn/dynamics/rnea.hpp"

namespace armdyn::sim {

namespace {

enum : int { kFree = 0, kHeld = 1, kReleased = 2 };

}  // namespace

Plant::Plant(const Model& model, TorqueSource& source, FdMethod method)
    : model_(model), source_(source), method_(method), data_(model), ws_(model),
      tau_(VecX<double>::Zero(model.dof)) {}

Plant::Plant(const Model& model, TorqueSource& source, FdMethod method, const drives::DriveSet* drives,
             StictionOptions stiction)
    : Plant(model, source, method) {
  if (drives && !drives->empty()) {
    drives::check_drives(model, *drives);
    drives_ = drives;
  }
  stiction_ = stiction;
  if (!stiction_.enabled) return;
  require_angle_coordinates(model, "stiction");
  if (!(stiction_.stick_velocity > 0) || !std::isfinite(stiction_.stick_velocity))
    throw InputError("stiction: the stick velocity must be positive and finite");
  if (!(stiction_.hold_time > 0) || !std::isfinite(stiction_.hold_time))
    throw InputError("stiction: the hold time must be positive and finite");
  const int n = model.dof;
  A_.setZero(n, n);
  rhs_.setZero(n);
  inv_diag_.setZero(n);
  a_hold_.setZero(n);
  f_.setZero(n);
  state_.setZero(n);
}

const VecX<double>& Plant::acceleration(double t, VecIn<double> q, VecIn<double> v) {
  ++evaluations_;
  source_.torque(t, q, v, tau_);
  if (base_source_) {
    base_source_->torque(t, q, v, base_columns_);
    loads_.base->v = base_columns_.head<6>();
    loads_.base->a = base_columns_.tail<6>();
  }
  const Loads<double>* loads = active();
  if (constraint_)
    return constrained_forward_dynamics(model_, data_, *constraint_ws_, *constraint_, q, v, tau_, loads);
  if (stiction_.enabled) return with_stiction(q, v);
  if (!drives_) return forward_dynamics(method_, model_, data_, ws_, q, v, tau_, loads);
  return drives::drive_forward_dynamics(model_, *drives_, data_, q, v, tau_, drives::Sign::kSmooth, loads);
}

void Plant::set_loads(const Loads<double>& loads) {
  check_loads(model_, loads);
  loads_ = loads;
  fixed_base_ = loads.base;
  if (base_source_) loads_.base.emplace();
}

void Plant::hold_on(const PointConstraint<double>* constraint) {
  if (constraint && (drives_ || stiction_.enabled))
    throw InputError("constraint: a constrained arm is simulated without drives and stiction (not supported yet)");
  constraint_ = constraint;
  if (constraint_ && !constraint_ws_) constraint_ws_ = std::make_unique<ConstraintWorkspace<double>>(model_);
}

void Plant::move_base(TorqueSource* base_motion) {
  if (base_motion) require_angle_coordinates(model_, "a prescribed base motion");
  base_source_ = base_motion;
  if (base_source_) loads_.base.emplace();
  else loads_.base = fixed_base_;
}

double Plant::rotor_kinetic_energy(VecIn<double> v) const {
  return drives_ ? drives::rotor_kinetic_energy(*drives_, v) : 0.0;
}

// The free joints' accelerations with the held ones prescribed (a*): the held rows and columns of
// M replaced by the identity, their coupling moved to the right-hand side.
void Plant::solve_held() {
  const int n = model_.dof;
  A_ = data_.M;
  rhs_ = tau_ - data_.c - f_;
  for (int j = 0; j < n; ++j) {
    if (state_[j] != kHeld) continue;
    for (int k = 0; k < n; ++k)
      if (state_[k] != kHeld) rhs_[k] -= data_.M(k, j) * a_hold_[j];
  }
  for (int j = 0; j < n; ++j) {
    if (state_[j] != kHeld) continue;
    A_.row(j).setZero();
    A_.col(j).setZero();
    A_(j, j) = 1;
    rhs_[j] = a_hold_[j];
  }
  cholesky_factor(A_, inv_diag_);
  data_.qdd = rhs_;
  cholesky_solve(A_, inv_diag_, data_.qdd);
}

const VecX<double>& Plant::with_stiction(VecIn<double> q, VecIn<double> v) {
  const int n = model_.dof;
  static const drives::DriveSet kNone;  // stiction without drives: nothing is ever held
  const drives::DriveSet& set = drives_ ? *drives_ : kNone;
  drives::drive_mass_matrix(model_, set, data_, q, active());
  nonlinear_effects(model_, data_, q, v, active());
  for (int j = 0; j < n; ++j) {
    const bool has = j < set.size();
    const bool held = has && set[j].has_dry_friction() && std::abs(v[j]) < stiction_.stick_velocity;
    state_[j] = held ? kHeld : kFree;
    a_hold_[j] = held ? -v[j] / stiction_.hold_time : 0.0;
    f_[j] = has && !held ? drives::friction_torque(set[j], v[j], drives::Sign::kExact, set.smoothing_velocity()) : 0.0;
  }
  for (int round = 0; round <= n; ++round) {
    solve_held();
    bool released = false;
    for (int j = 0; j < n; ++j) {
      if (state_[j] != kHeld) continue;
      const drives::Drive& d = set[j];
      const double h = tau_[j] - data_.c[j] - data_.M.row(j).dot(data_.qdd) - d.viscous * v[j];
      const bool positive = h >= 0;
      const double breakaway = positive ? d.breakaway_positive() : d.breakaway_negative();
      if (std::abs(h) <= breakaway) continue;
      state_[j] = kReleased;
      f_[j] = d.viscous * v[j] + (positive ? 1.0 : -1.0) * drives::dry_level(d, std::abs(v[j]), positive);
      released = true;
    }
    if (!released) break;
  }
  return data_.qdd;
}

}  // namespace armdyn::sim
