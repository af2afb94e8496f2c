// The integrators' names (the integrators: stepper.cpp).
#include "armdyn/core/error.hpp"
#include "armdyn/simulation/integrator.hpp"

namespace armdyn::sim {

const char* to_string(Integrator integrator) {
  switch (integrator) {
    case Integrator::kEuler:
      return "euler";
    case Integrator::kSymplecticEuler:
      return "symplectic-euler";
    case Integrator::kRk4:
      return "rk4";
    case Integrator::kRk45:
      return "rk45";
  }
  return "?";
}

std::vector<std::string> integrator_names() { return {"euler", "symplectic-euler", "rk4", "rk45"}; }

Integrator integrator_from_name(const std::string& name) {
  for (Integrator i : {Integrator::kEuler, Integrator::kSymplecticEuler, Integrator::kRk4, Integrator::kRk45})
    if (name == to_string(i)) return i;
  throw InputError("unknown integrator '" + name + "' (one of: euler, symplectic-euler, rk4, rk45)");
}

bool is_adaptive(Integrator integrator) { return integrator == Integrator::kRk45; }

}  // namespace armdyn::sim
