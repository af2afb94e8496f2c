#pragma once
// The complete model of an arm and its actuators ([VP] §3.8, (3.8.1)-(3.8.11)):
//
//   mechanism   W(q) q'' = P + U(q, q')                              (3.8.1)
//   actuators   x' = C x + F P + D N(u)                              (3.8.7)
//   coupling    q'' = T x'                                           (T = diag(T_i))
//
// with x the actuators' states stacked joint by joint (actuator_model.hpp), so that
//
//   P  = (E - W T F)^-1 [W T (C x + D N(u)) - U]                     (3.8.9)
//   x' = C^(x) + D^(x) N(u)                                          (3.8.10)
//   C^ = C x + F (E - W T F)^-1 (W T C x - U)                        (3.8.11)
//   D^ = D + F (E - W T F)^-1 W T D                                  (3.8.11, with the factor F)
//
// W is the rigid-body mass matrix (crba, without the rotors: their inertia is the actuators'
// J), U = -(C(q, q') q' + g(q)) - f_dry(q') with the drives' Coulomb and Stribeck friction in its
// smooth form (friction.hpp; the viscous friction is in the actuators' C). Every joint needs a
// motor (CompleteModel refuses a joint without one). Since T F = -diag(1 / J_j) (J_j the
// actuator's inertia: G^2 Jm or the piston's mass), E - W T F = (W + J) J^-1 and
//
//   (E - W T F)^-1 = J (W + J)^-1,
//
// so every solve is a Cholesky factorisation of the symmetric positive definite W + J.
//
// state_derivative applies each actuator's input as it receives it (ActuatorModel::applied_input:
// N(u), and a DC motor's current limit, which clips the voltage by the joint's speed); C^ and D^
// are the affine decomposition, x' = C^ + D^ u_applied.
// Double only; allocation-free per call once the workspace is built.
#include <string>
#include <vector>

#include "armdyn/drives/actuator_model.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn::drives {

/// An arm and one actuator per joint; immutable. `model` and `drives` must outlive it.
class CompleteModel {
 public:
  /// InputError when `drives` does not have one drive per joint, or for a joint whose drive
  /// has no motor or does not fit the actuator models (actuator_model's messages, naming the
  /// actuator file and joint).
  CompleteModel(const Model& model, const DriveSet& drives);

  const Model& model() const { return model_; }
  const DriveSet& drives() const { return drives_; }
  int dof() const { return model_.dof; }
  /// N = sum of the actuators' orders.
  int state_size() const { return size_; }
  /// Where joint j's actuator state starts in x (its q_j at offset(j), q_j' at offset(j) + 1).
  int offset(int j) const { return offset_[static_cast<std::size_t>(j)]; }
  const ActuatorModel& actuator(int j) const { return actuators_[static_cast<std::size_t>(j)]; }

  /// The stacked state with positions q0, velocities v0 and every other entry (currents,
  /// pressures, valve flows) 0. InputError for wrong sizes.
  VecX<double> state(VecIn<double> q0, VecIn<double> v0) const;
  /// q and v out of x (sized dof).
  void joint_state(VecIn<double> x, VecX<double>& q, VecX<double>& v) const;
  /// The stacked C, F, D, T of (3.8.7) (block diagonal; for tests and inspection).
  MatX<double> C() const;
  MatX<double> F() const;
  MatX<double> D() const;
  MatX<double> T() const;

 private:
  const Model& model_;
  const DriveSet& drives_;
  std::vector<ActuatorModel> actuators_;
  std::vector<int> offset_;
  int size_ = 0;
};

/// Scratch for the complete model's functions, sized once.
struct CompleteWorkspace {
  explicit CompleteWorkspace(const CompleteModel& cm);
  Data data;                   ///< data.M = W, data.c = C q' + g at the last state
  VecX<double> q, v, u;        ///< the state's q, q' and the applied inputs (N(u), current limits)
  VecX<double> U;              ///< -(C q' + g) - f_dry
  VecX<double> y;              ///< C x + D N(u)
  VecX<double> r, inv_diag;    ///< right-hand sides, 1 / diag of the Cholesky factor
  MatX<double> L;              ///< Cholesky factor of W + J
  VecX<double> P;              ///< the torques the actuators deliver, (3.8.9)
  VecX<double> qdd;            ///< q'' = T x'
  VecX<double> xdot;           ///< x'
  VecX<double> C_hat;          ///< C^(x)
  MatX<double> D_hat;          ///< D^(x), N x n
};

/// x' = C^(x) + D^(x) N(u) (3.8.10), computed as x' = C x + D N(u) + F P with P from (3.8.9),
/// N(u) here each actuator's applied_input (with a DC motor's current limit). Writes ws.u (the
/// applied inputs), ws.P (the delivered torques), ws.qdd, ws.xdot (returned), ws.data.M, ws.data.c.
const VecX<double>& state_derivative(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x, VecIn<double> u);

/// C^(x) of (3.8.11) into ws.C_hat (returned).
const VecX<double>& c_hat(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x);

/// D^(x) of (3.8.11) into ws.D_hat (returned), N x n.
const MatX<double>& d_hat(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x);

/// N(u) of every actuator (its max_voltage or max_current; no current limit) into `out` (sized n).
void saturate_inputs(const CompleteModel& cm, VecIn<double> u, VecX<double>& out);

/// The kinetic energy the actuators add to the links': sum 1/2 J_j q_j'^2 (rotors and pistons).
double actuator_kinetic_energy(const CompleteModel& cm, VecIn<double> v);

}  // namespace armdyn::drives
