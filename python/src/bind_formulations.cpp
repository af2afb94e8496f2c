// armdyn.formulations: every inverse-dynamics formulation of the library's registry by name.
#include <pybind11/stl.h>

#include "armdyn/dynamics/formulations/registry.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

const FormulationInfo& info_of(const std::string& name) {
  for (const FormulationInfo& f : formulations())
    if (f.name == name) return f;
  throw InputError("unknown method '" + name + "' (known: " + formulation_names() + ")");
}

// A formulation bound to the model, made per call (one state) or per thread (a batch).
struct Evaluator {
  Evaluator(const std::string& name, const Model& model) : f(make_formulation(name, model)) {}
  FormulationEvaluator f;
};

constexpr const char* kBatch =
    "\n\nq, v, a: array-likes of shape (n,), or (m, n) for a batch (results (m, ...), in parallel with the "
    "GIL released, one workspace per thread). Raises armdyn.InputError for an unknown name or a model the "
    "formulation refuses (chains-only formulations on a branching model).";

}  // namespace

void bind_formulations(py::module_& top) {
  py::module_ m = top.def_submodule("formulations", "Every inverse-dynamics formulation of armdyn by name.");

  m.def("names", [] {
    std::vector<std::string> out;
    for (const FormulationInfo& f : formulations()) out.push_back(f.name);
    return out;
  }, "names() -> list[str]\n\nNames of the formulations, 'rnea' (the production recursive Newton-Euler) first.");

  m.def("info", [](const std::string& name) {
    const FormulationInfo& f = info_of(name);
    py::dict d;
    d["name"] = f.name;
    d["source"] = f.source;
    d["chains_only"] = f.chains_only;
    d["has_mass_matrix"] = f.has_mass_matrix;
    d["has_gravity_torque"] = f.has_gravity_torque;
    return d;
  }, py::arg("name"), "info(name) -> dict\n\nWhat is known of a formulation: dict with name, source (where it is stated), chains_only, "
                      "has_mass_matrix, has_gravity_torque.");

  m.def("evaluate", [](const std::string& name, const PyModel& model, py::handle q_, py::handle v_, py::handle a_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "formulations.evaluate", "q", model.get().nq()),
                 v = states_arg(v_, "formulations.evaluate", "v", n, &q),
                 a = states_arg(a_, "formulations.evaluate", "a", n, &q);
    const Model& mm = model.get();
    return evaluate_with<Evaluator>(q, {n}, [&] { return new Evaluator(name, mm); },
                                    [&](Evaluator& e, py::ssize_t k, double* out) {
                                      store(e.f.inverse_dynamics(q.row(k), v.row(k), a.row(k)), out);
                                    });
  }, py::arg("name"), py::arg("model"), py::arg("q"), py::arg("v"), py::arg("a"),
        (std::string("evaluate(name, model, q, v, a) -> tau\n\nInverse dynamics tau (N m or N), shape (n,) or (m, n), "
                     "by the formulation `name` (see names()); q in rad or m, v in rad/s or m/s, a in rad/s^2 or "
                     "m/s^2.") + kBatch).c_str());

  m.def("mass_matrix", [](const std::string& name, const PyModel& model, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "formulations.mass_matrix", "q", model.get().nq());
    const Model& mm = model.get();
    if (!info_of(name).has_mass_matrix) throw py::value_error("formulations.mass_matrix: '" + name + "' has no mass matrix");
    return evaluate_with<Evaluator>(q, {n, n}, [&] { return new Evaluator(name, mm); },
                                    [&](Evaluator& e, py::ssize_t k, double* out) { store(e.f.mass_matrix(q.row(k)), out); });
  }, py::arg("name"), py::arg("model"), py::arg("q"),
        (std::string("mass_matrix(name, model, q) -> M\n\nThe mass matrix (n, n) or (m, n, n) by the formulation "
                     "`name`, when it has one (info(name)['has_mass_matrix']).") + kBatch).c_str());

  m.def("gravity", [](const std::string& name, const PyModel& model, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "formulations.gravity", "q", model.get().nq());
    const Model& mm = model.get();
    if (!info_of(name).has_gravity_torque) throw py::value_error("formulations.gravity: '" + name + "' has no gravity torque");
    return evaluate_with<Evaluator>(q, {n}, [&] { return new Evaluator(name, mm); },
                                    [&](Evaluator& e, py::ssize_t k, double* out) { store(e.f.gravity_torque(q.row(k)), out); });
  }, py::arg("name"), py::arg("model"), py::arg("q"),
        (std::string("gravity(name, model, q) -> g\n\nThe gravity torques (n,) or (m, n), N m or N, by the "
                     "formulation `name`, when it has them (info(name)['has_gravity_torque']).") + kBatch).c_str());
}

}  // namespace armdyn::python
