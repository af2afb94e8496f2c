#pragma once
// The integrators of integrator.hpp over a general first-order state x' = F(t, x) (the complete
// model of arm and actuators, drives/complete_model.hpp, whose state holds currents, pressures
// and valve flows beside q and q'). Some of x's entries are positions whose velocity is the next
// entry (q_j at x[p], q_j' at x[p + 1]); the two Euler methods treat those pairs as integrator.hpp
// does, every other entry by x += h x':
//   euler             q += h v + h^2 / 2 a ([Craig] (6.117)), every other entry += h x'
//   symplectic-euler  every entry but the positions += h x', then q += h v (the new v)
//   rk4               classic fourth-order Runge-Kutta on the whole x
//   rk45              Dormand-Prince 5(4) with Boost.Odeint's error control, adaptive steps
#include <memory>
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/simulation/integrator.hpp"

namespace armdyn::sim {

/// The right-hand side x' = F(t, x).
class StateField {
 public:
  virtual ~StateField() = default;
  virtual const VecX<double>& derivative(double t, VecIn<double> x) = 0;
};

/// One fixed step of a fixed-step integrator (not rk45) over a state of `size` entries with the
/// positions at `positions` (their velocities right after them); scratch sized once.
class StateStepper {
 public:
  StateStepper(Integrator integrator, int size, std::vector<int> positions);
  /// One step of size h from (t, x), in place.
  void step(StateField& field, double t, double h, VecX<double>& x);

 private:
  Integrator integrator_;
  std::vector<int> positions_;
  std::vector<bool> is_position_;
  VecX<double> k1_, k2_, k3_, k4_, xs_;
};

/// Dormand-Prince 5(4) (Boost.Odeint's controlled stepper; the acceptance test of Rk45).
class StateRk45 {
 public:
  StateRk45(int size, double atol, double rtol);
  ~StateRk45();
  StateRk45(const StateRk45&) = delete;
  StateRk45& operator=(const StateRk45&) = delete;
  /// Tries one step of size dt from (t, x). On success advances t and x and returns true; on
  /// failure leaves them. Either way dt becomes the step to try next.
  bool try_step(StateField& field, double& t, double& dt, VecX<double>& x);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace armdyn::sim
