#include "methods.hpp"

#include <memory>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"

namespace armdyn::cli {

void check_tau_method(const std::string& name) {
  for (const FormulationInfo& f : formulations())
    if (f.name == name) return;
  throw InputError("--method: unknown method '" + name + "' (known: " + tau_method_names() + ")");
}

TauFunction make_tau_method(const std::string& name, const Model& model) {
  check_tau_method(name);
  try {
    auto evaluator = std::make_shared<FormulationEvaluator>(make_formulation(name, model));
    if (!evaluator->inverse_dynamics) throw InputError("method '" + name + "' has no inverse dynamics");
    return [evaluator](const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
      return VecX<double>(evaluator->inverse_dynamics(q, v, a));
    };
  } catch (const InputError& e) {
    throw InputError(std::string("--method: ") + e.what());
  }
}

std::string tau_method_names() { return formulation_names(); }

}  // namespace armdyn::cli
