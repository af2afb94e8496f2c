#include "methods.hpp"

#include "armdyn/algorithm/rnea.hpp"
#include "armdyn/core/error.hpp"

namespace armdyn::cli {

const std::vector<TauMethod>& tau_methods() {
  static const std::vector<TauMethod> methods = {
      {"rnea", "recursive Newton-Euler in spatial form (the production path)",
       [](const Model& model, Data& data, const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
         return VecX<double>(rnea(model, data, q, v, a));
       }},
  };
  return methods;
}

const TauMethod& find_tau_method(const std::string& name) {
  for (const TauMethod& m : tau_methods())
    if (m.name == name) return m;
  throw InputError("--method: unknown method '" + name + "' (known: " + tau_method_names() + ")");
}

std::string tau_method_names() {
  std::string out;
  for (const TauMethod& m : tau_methods()) out += (out.empty() ? "" : ", ") + m.name;
  return out;
}

}  // namespace armdyn::cli
