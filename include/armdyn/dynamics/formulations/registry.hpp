#pragma once
// Every inverse-dynamics formulation by name, for double: what `armdyn eval --method` and
// `armdyn check` iterate over. The table is built from the compile-time list of formulations
// (list.hpp); each method is its own file: rnea.hpp and rnea_classical.hpp ("rnea-lean") in
// include/armdyn/dynamics/, terms.hpp there for "configuration-space",
// include/armdyn/dynamics/formulations/<name>.hpp for the textbook ones and
// formulations/vukobratovic/ for general-theorems, appel and gauss.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "armdyn/model/model.hpp"

namespace armdyn {

struct FormulationInfo {
  std::string name;    ///< method name, e.g. "newton-euler"
  std::string source;  ///< where the formulation is stated, e.g. "[Craig] (6.45)-(6.53)"
  bool chains_only;    ///< refuses branching models
  bool has_mass_matrix;
  bool has_gravity_torque;
};

/// A formulation bound to one model, with its workspace. The model must outlive it. Members
/// that the method does not define are empty std::functions.
struct FormulationEvaluator {
  FormulationInfo info;
  std::function<const VecX<double>&(VecIn<double> q, VecIn<double> v, VecIn<double> a)> inverse_dynamics;
  std::function<const MatX<double>&(VecIn<double> q)> mass_matrix;
  std::function<const VecX<double>&(VecIn<double> q)> gravity_torque;
};

/// The formulations, the production spatial RNEA ("rnea") first.
const std::vector<FormulationInfo>& formulations();

/// "rnea, newton-euler, ..."
std::string formulation_names();

/// The formulation `name` bound to `model`. Throws InputError for an unknown name, or when the
/// formulation cannot handle the model (e.g. a branching model for a chains-only method).
FormulationEvaluator make_formulation(const std::string& name, const Model& model);

}  // namespace armdyn
