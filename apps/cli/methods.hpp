#pragma once
// The formulations `armdyn eval --method NAME` can compute the inverse-dynamics torque "tau" with:
// the library's registry (armdyn/dynamics/formulations/registry.hpp), "rnea" (the production spatial
// recursive Newton-Euler) first and the default. A formulation added there is available here.
#include <functional>
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn::cli {

/// tau(q, v, a) by one formulation, bound to one model.
using TauFunction = std::function<VecX<double>(const VecX<double>& q, const VecX<double>& v, const VecX<double>& a)>;

/// Throws an InputError "--method: unknown method 'x' (known: ...)" unless `name` is a method.
void check_tau_method(const std::string& name);

/// The method `name` bound to `model`, which must outlive the result. InputError for an unknown
/// name or a model the method cannot handle (e.g. a branching model for a chains-only method).
TauFunction make_tau_method(const std::string& name, const Model& model);

/// The known methods' names, "rnea, ...".
std::string tau_method_names();

}  // namespace armdyn::cli
