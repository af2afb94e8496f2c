#pragma once
// The integrators' names. Every time-stepping path (simulate, the actuated simulation, the task
// runner) steps with the one Stepper of stepper.hpp through the one event loop of integrate.hpp:
//   euler             [Craig] (6.117): v' = v + a h,  q' = q + v h + a h^2 / 2   (first order)
//   symplectic-euler  v' = v + a(q, v) h,  q' = q + v' h   (semi-implicit; bounded energy error)
//   rk4               classic fourth-order Runge-Kutta ([TML] §9's "Runge-Kutta four point")
//   rk45              Dormand-Prince 5(4) with error control (Boost.Odeint), adaptive steps
#include <string>
#include <vector>

namespace armdyn::sim {

enum class Integrator { kEuler, kSymplecticEuler, kRk4, kRk45 };

/// "euler", "symplectic-euler", "rk4", "rk45".
const char* to_string(Integrator integrator);
std::vector<std::string> integrator_names();
/// The integrator named `name`; InputError "unknown integrator 'x' (one of: ...)" otherwise.
Integrator integrator_from_name(const std::string& name);
/// True for rk45 (its step is chosen by error control; --dt is only its first step).
bool is_adaptive(Integrator integrator);

}  // namespace armdyn::sim
