#pragma once
// The formulations `armdyn eval --method NAME` can compute the inverse-dynamics torque "tau" with.
// To add one (e.g. "newton-euler", "lagrange"), append an entry to the table in methods.cpp.
#include <functional>
#include <string>
#include <vector>

#include "armdyn/model/data.hpp"

namespace armdyn::cli {

/// tau(q, v, a) for `model`, using `data` as the workspace.
using TauFunction = std::function<VecX<double>(const Model& model, Data& data, const VecX<double>& q,
                                               const VecX<double>& v, const VecX<double>& a)>;

struct TauMethod {
  std::string name;
  std::string description;
  TauFunction tau;
};

/// Every known method, the default ("rnea") first.
const std::vector<TauMethod>& tau_methods();

/// The method called `name`; an InputError listing the known ones when there is none.
const TauMethod& find_tau_method(const std::string& name);

/// The known methods' names, "rnea, ...".
std::string tau_method_names();

}  // namespace armdyn::cli
