#pragma once
// The one stepper of every time-stepping path, over the state
//
//   q  (nq entries: the configuration; a quaternion joint's four numbers move on the group),
//   v  (nv: the joint velocities),
//   z  (nz: further first-order states, e.g. the actuators' currents, pressures and valve flows of
//       drives/complete_model.hpp; none for the arm alone),
//
// with q' = G(q) v (G = I without quaternion joints; kinematics/configuration.hpp), and q'' and
// z' from a Field:
//   euler             [Craig] (6.117): v(t + h) = v + a h,  q(t + h) = q (+) (v h + a h^2 / 2),
//                     z(t + h) = z + z' h                                               (first order)
//   symplectic-euler  v(t + h) = v + a h,  z(t + h) = z + z' h,  q(t + h) = q (+) v(t + h) h
//                     (semi-implicit; bounded energy error)
//   rk4               classic fourth-order Runge-Kutta on y = (q, v, z) ([TML] §9's "Runge-Kutta
//                     four point")
//   rk45              Dormand-Prince 5(4) with the error control of Boost.Odeint's controlled
//                     stepper: a step is accepted when |err_i| <= atol + rtol (|y_i| + h |y'_i|)
//                     for every component of y = (q, v, z); adaptive steps
// (q (+) dq is q + dq, or on a model with quaternion joints the group's move; after rk4's and
// rk45's steps the quaternions are scaled to unit length: the exact flow keeps their length, so
// the scaling moves q by the step's own error only.)
// Allocation-free per step once the first rk45 step has sized Boost.Odeint's buffers.
#include <memory>

#include "armdyn/model/model.hpp"
#include "armdyn/simulation/integrator.hpp"

namespace armdyn::sim {

/// The state the stepper advances.
struct State {
  VecX<double> q, v, z;
};

/// The right-hand side: q'' and z' at (t, q, v, z).
class Field {
 public:
  virtual ~Field() = default;
  /// Writes q'' into `a` (nv entries) and z' into `zdot` (nz entries).
  virtual void derivative(double t, VecIn<double> q, VecIn<double> v, VecIn<double> z, Eigen::Ref<VecX<double>> a,
                          Eigen::Ref<VecX<double>> zdot) = 0;
  /// The step [ta, tb] about to be tried: every derivative() until end_step() lies in it (the
  /// task runner samples its reference inside the step, for one-sided limits at breakpoints).
  virtual void begin_step(double ta, double tb) {
    (void)ta;
    (void)tb;
  }
  virtual void end_step() {}
};

class Stepper {
 public:
  /// A stepper for states of `model`'s nq and nv (model.nq(), model.dof) and nz further entries;
  /// `model` must outlive it. rtol and atol are rk45's (unused by the fixed-step integrators).
  Stepper(Integrator integrator, const Model& model, int nz = 0, double rtol = 1e-6, double atol = 1e-8);
  ~Stepper();
  Stepper(const Stepper&) = delete;
  Stepper& operator=(const Stepper&) = delete;

  Integrator integrator() const { return integrator_; }
  bool adaptive() const { return is_adaptive(integrator_); }
  /// A state of the right sizes, zero (q: zero too; set it before stepping).
  State state() const;

  /// A fixed-step integrator's (not rk45's) step of size h from (t, x), in place.
  void step(Field& field, double t, double h, State& x);
  /// rk45: tries a step of size dt from (t, x). On success advances t and x and returns true; on
  /// failure leaves them. Either way dt becomes the step to try next.
  bool try_step(Field& field, double& t, double& dt, State& x);
  /// rk45 forgets the derivative kept from its last step (the right-hand side or the state
  /// changed: a controller sample, a breakpoint, a projection).
  void reset();

 private:
  struct Rk45;
  void rate(VecIn<double> q, VecIn<double> v, VecX<double>& qdot) const;
  void advance(VecX<double>& q, VecIn<double> dq) const;
  void normalize(VecX<double>& q) const;

  Integrator integrator_;
  const Model* model_;  ///< with quaternion joints, else null
  int nq_, nv_, nz_;
  // rk4's stages (a = q'', z = z', r = q') and midpoint state; the Euler methods' velocity-space move dq_.
  VecX<double> a1_, a2_, a3_, a4_, z1_, z2_, z3_, z4_, r1_, r2_, r3_, r4_, dq_;
  State mid_;
  std::unique_ptr<Rk45> rk45_;
};

}  // namespace armdyn::sim
