#pragma once
// The integrators of `armdyn simulate`, over the state (q, v) with qdd from a Plant:
//   euler             [Craig] (6.117): v' = v + a h,  q' = q + v h + a h^2 / 2   (first order)
//   symplectic-euler  v' = v + a(q, v) h,  q' = q + v' h   (semi-implicit; bounded energy error)
// (q + dq is q (+) dq on a model with quaternion joints: kinematics/configuration.hpp.)
//   rk4               classic fourth-order Runge-Kutta ([TML] §9's "Runge-Kutta four point")
//   rk45              Dormand-Prince 5(4) with error control (Boost.Odeint), adaptive steps
#include <memory>
#include <string>
#include <vector>

#include "armdyn/simulation/plant.hpp"

namespace armdyn::sim {

enum class Integrator { kEuler, kSymplecticEuler, kRk4, kRk45 };

/// "euler", "symplectic-euler", "rk4", "rk45".
const char* to_string(Integrator integrator);
std::vector<std::string> integrator_names();
/// The integrator named `name`; InputError "unknown integrator 'x' (one of: ...)" otherwise.
Integrator integrator_from_name(const std::string& name);
/// True for rk45 (its step is chosen by error control; --dt is only its first step).
bool is_adaptive(Integrator integrator);

/// The right-hand side the integrators step: qdd at time t and state (q, v). A Plant gives it by
/// forward dynamics; the task runner (tasks/run.hpp) by resolved acceleration.
class AccelerationField {
 public:
  virtual ~AccelerationField() = default;
  virtual const VecX<double>& acceleration(double t, VecIn<double> q, VecIn<double> v) = 0;
};

/// One fixed step of size h from (t, q, v), in place.
class FixedStepper {
 public:
  virtual ~FixedStepper() = default;
  virtual void step(AccelerationField& field, double t, double h, VecX<double>& q, VecX<double>& v) = 0;
  /// The same with the plant's forward dynamics as the right-hand side.
  void step(Plant& plant, double t, double h, VecX<double>& q, VecX<double>& v);
};

/// The stepper of a fixed-step integrator (not rk45) for n joints, q and v of n entries; scratch
/// sized once.
std::unique_ptr<FixedStepper> make_fixed_stepper(Integrator integrator, int n);
/// The same for `model` (which must outlive it), whose q may have more entries than v: its
/// quaternions move as q' = 1/2 q (x) (0, w) (kinematics/configuration.hpp) and are scaled to
/// unit length after each step.
std::unique_ptr<FixedStepper> make_fixed_stepper(Integrator integrator, const Model& model);

/// Dormand-Prince 5(4) with the error control of Boost.Odeint's controlled stepper:
/// a step is accepted when |err_i| <= atol + rtol (|x_i| + h |xdot_i|) for every component.
class Rk45 {
 public:
  Rk45(int n, double atol, double rtol);
  /// For `model` (which must outlive it), whose q may have more entries than v (as
  /// make_fixed_stepper's); the error control then reads the quaternions' four numbers.
  Rk45(const Model& model, double atol, double rtol);
  ~Rk45();
  Rk45(const Rk45&) = delete;
  Rk45& operator=(const Rk45&) = delete;
  /// Tries one step of size dt from (t, q, v). On success advances t, q, v and returns true; on
  /// failure leaves them. Either way dt becomes the step to try next.
  bool try_step(AccelerationField& field, double& t, double& dt, VecX<double>& q, VecX<double>& v);
  bool try_step(Plant& plant, double& t, double& dt, VecX<double>& q, VecX<double>& v);
  /// Forgets the derivative kept from the last step (call when the torque source's held value
  /// changed: the right-hand side is new).
  void reset();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace armdyn::sim
