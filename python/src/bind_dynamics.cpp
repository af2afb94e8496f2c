// Inverse and forward dynamics, the terms of the equations of motion and the energies, for one
// state (n,) or a batch (m, n).
#include <pybind11/stl.h>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "docstrings.hpp"
#include "external_wrenches.hpp"
#include "handles.hpp"

namespace armdyn::python {

void bind_dynamics(py::module_& m) {
  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);

  m.def("rnea", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_, py::handle f,
                   const std::string& f_ext_axes) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "rnea", "q", model.get().nq()), v = states_arg(v_, "rnea", "v", n, &q),
                 a = states_arg(a_, "rnea", "a", n, &q);
    const ExternalWrenches fext(model.get(), f, f_ext_axes);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "rnea");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      const std::vector<Force<double>>* fp = fext.at(w, q.row(k));
      if (fp) w.loads.body_wrenches = *fp;  // the same size at every state: no allocation after the first
      store(rnea(*w.model, w.data, q.row(k), v.row(k), a.row(k), fp ? &w.loads : nullptr), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("a"), py::arg("f_ext") = py::none(),
        py::arg("f_ext_axes") = "world", doc::rnea);

  m.def("crba", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "crba", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "crba");
    return evaluate(model, ws, q, {n, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(crba(*w.model, w.data, q.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), doc::crba);

  m.def("nonlinear_effects", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "nonlinear_effects", "q", model.get().nq()), v = states_arg(v_, "nonlinear_effects", "v", n, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "nonlinear_effects");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(nonlinear_effects(*w.model, w.data, q.row(k), v.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), doc::nonlinear_effects);

  m.def("gravity", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "gravity", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "gravity");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(gravity_torque(*w.model, w.data, q.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), doc::gravity);

  m.def("coriolis_matrix", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "coriolis_matrix", "q", model.get().nq()), v = states_arg(v_, "coriolis_matrix", "v", n, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "coriolis_matrix");
    return evaluate(model, ws, q, {n, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(terms::coriolis_matrix(*w.model, w.terms(), q.row(k), v.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), doc::coriolis_matrix);

  m.def("forward_dynamics", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle tau_,
                               const std::string& method) {
    const FdMethod fd = fd_method_from_name(method);
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "forward_dynamics", "q", model.get().nq()), v = states_arg(v_, "forward_dynamics", "v", n, &q),
                 tau = states_arg(tau_, "forward_dynamics", "tau", n, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "forward_dynamics");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(forward_dynamics(fd, *w.model, w.data, w.fd, q.row(k), v.row(k), tau.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("tau"), py::arg("method") = "aba",
        doc::forward_dynamics);

  m.def("aba", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle tau_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "aba", "q", model.get().nq()), v = states_arg(v_, "aba", "v", n, &q),
                 tau = states_arg(tau_, "aba", "tau", n, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "aba");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(aba(*w.model, w.data, w.fd.aba, q.row(k), v.row(k), tau.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("tau"), doc::aba);

  m.def("kinetic_energy", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "kinetic_energy", "q", model.get().nq()), v = states_arg(v_, "kinetic_energy", "v", n, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "kinetic_energy");
    return evaluate(model, ws, q, {}, [&](Workspace& w, py::ssize_t k, double* out) {
      *out = terms::kinetic_energy(*w.model, w.terms(), q.row(k), v.row(k));
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), doc::kinetic_energy);

  m.def("potential_energy", [](const PyModel& model, PyData* data, py::handle q_) {
    const States q = states_arg(q_, "potential_energy", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "potential_energy");
    return evaluate(model, ws, q, {}, [&](Workspace& w, py::ssize_t k, double* out) {
      *out = terms::potential_energy(*w.model, w.terms(), q.row(k));
    });
  }, model_arg, data_arg, py::arg("q"), doc::potential_energy);

  m.def("mass_matrix_derivatives", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "mass_matrix_derivatives", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "mass_matrix_derivatives");
    return evaluate(model, ws, q, {n, n, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      const std::vector<MatX<double>>& dM = terms::mass_matrix_derivatives(*w.model, w.terms(), q.row(k));
      for (py::ssize_t i = 0; i < n; ++i) store(dM[static_cast<std::size_t>(i)], out + i * n * n);
    });
  }, model_arg, data_arg, py::arg("q"), doc::mass_matrix_derivatives);

  m.def("christoffel_symbols", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "christoffel_symbols", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "christoffel_symbols");
    return evaluate(model, ws, q, {n, n, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      const std::vector<MatX<double>>& c = terms::christoffel_symbols(*w.model, w.terms(), q.row(k));
      for (py::ssize_t i = 0; i < n; ++i) store(c[static_cast<std::size_t>(i)], out + i * n * n);
    });
  }, model_arg, data_arg, py::arg("q"), doc::christoffel_symbols);

  m.def("centrifugal_matrix", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "centrifugal_matrix", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "centrifugal_matrix");
    return evaluate(model, ws, q, {n, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(terms::centrifugal_matrix(*w.model, w.terms(), q.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), doc::centrifugal_matrix);

  m.def("coriolis_coefficients", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "coriolis_coefficients", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "coriolis_coefficients");
    return evaluate(model, ws, q, {n, n * (n - 1) / 2}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(terms::coriolis_coefficients(*w.model, w.terms(), q.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), doc::coriolis_coefficients);

  m.def("forward_dynamics_methods", [] { return fd_method_names(); },
        "forward_dynamics_methods() -> list[str]\n\nNames of the forward-dynamics routes: 'aba', 'crba', 'walker-orin'.");
}

}  // namespace armdyn::python
