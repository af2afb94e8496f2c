#include "armdyn/dynamics/formulations/registry.hpp"

#include <memory>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/formulations/list.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

namespace {

template <class F> FormulationInfo info_of() {
  return {F::name, F::source, F::chains_only, F::has_mass_matrix, F::has_gravity_torque};
}

const std::vector<FormulationInfo> kFormulations = [] {
  std::vector<FormulationInfo> out;
  for_each_type(Formulations{}, [&](auto tag) { out.push_back(info_of<typename decltype(tag)::type>()); });
  return out;
}();

bool is_chain(const Model& model) {
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1) return false;
  return true;
}

// Binds formulation F's workspace (one per evaluator, shared by its functions) and functions to
// `model`.
template <class F> FormulationEvaluator bind(const Model& model) {
  using WS = typename F::template Workspace<double>;
  FormulationEvaluator e;
  e.info = info_of<F>();
  auto ws = std::make_shared<WS>(model);
  e.inverse_dynamics = [&model, ws](VecIn<double> q, VecIn<double> v, VecIn<double> a) -> const VecX<double>& {
    return F::inverse_dynamics(model, *ws, q, v, a);
  };
  if constexpr (F::has_mass_matrix)
    e.mass_matrix = [&model, ws](VecIn<double> q) -> const MatX<double>& { return F::mass_matrix(model, *ws, q); };
  if constexpr (F::has_gravity_torque)
    e.gravity_torque = [&model, ws](VecIn<double> q) -> const VecX<double>& { return F::gravity_torque(model, *ws, q); };
  return e;
}

}  // namespace

const std::vector<FormulationInfo>& formulations() { return kFormulations; }

std::string formulation_names() {
  std::string out;
  for (const FormulationInfo& f : kFormulations) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

FormulationEvaluator make_formulation(const std::string& name, const Model& model) {
  FormulationEvaluator e;
  bool found = false;
  for_each_type(Formulations{}, [&](auto tag) {
    using F = typename decltype(tag)::type;
    if (found || name != F::name) return;
    found = true;
    if (F::chains_only && !is_chain(model))
      throw InputError("method '" + name + "' handles serial chains only, and '" + model.name + "' branches");
    e = bind<F>(model);
  });
  if (!found) throw InputError("unknown method '" + name + "' (known: " + formulation_names() + ")");
  return e;
}

}  // namespace armdyn
