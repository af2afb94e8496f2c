// The analytical derivatives of inverse and forward dynamics, for one state (n,) or a batch
// (m, n): rnea_derivatives -> (dtau_dq, dtau_dv, M), aba_derivatives -> (dqdd_dq, dqdd_dv, Minv),
// each (n, n) or (m, n, n), rows the outputs.
#include <optional>

#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

// The caller's Data (one state, when given) or an own one, and the derivatives' workspace.
template <class DerivativesWorkspace> struct DerivativesWork {
  DerivativesWork(const Model& model, Data* caller) : ws(model) {
    if (caller) {
      data = caller;
    } else {
      data = &own.emplace(model);
    }
  }
  std::optional<Data> own;
  Data* data = nullptr;
  DerivativesWorkspace ws;
};

// The three (n, n) blocks of a (3, n, n) or (m, 3, n, n) result, each its own C-order array.
py::tuple split(const States& q, const py::object& out) {
  py::tuple parts(3);
  const py::module_ np = py::module_::import("numpy");
  for (int i = 0; i < 3; ++i) {
    const py::object block = q.batch ? out[py::make_tuple(py::slice(py::none(), py::none(), py::none()), i)]
                                     : out[py::int_(i)];
    parts[i] = np.attr("ascontiguousarray")(block);
  }
  return parts;
}

constexpr const char* kRneaDoc =
    "rnea_derivatives(model, data, q, v, a) -> dtau_dq, dtau_dv, M\n\n"
    "The derivatives of inverse dynamics tau = rnea(q, v, a) by an analytical recursion (Carpentier & "
    "Mansard 2018, base-frame form; docs/derivatives.md): d tau / d q, d tau / d v and d tau / d a = M, each "
    "(n, n) with rows tau_i and columns q_j (v_j, a_j). q, v, a: (n,) or (m, n) for a batch (results (m, n, n), "
    "in parallel with the GIL released, one workspace per thread). data: an armdyn.Data of the model (written "
    "for one state) or None. External wrenches are not taken.";

constexpr const char* kAbaDoc =
    "aba_derivatives(model, data, q, v, tau) -> dqdd_dq, dqdd_dv, Minv\n\n"
    "The derivatives of forward dynamics qdd = M^-1 (tau - c(q, v)): d qdd / d q = -M^-1 d tau / d q at "
    "a = qdd, d qdd / d v = -M^-1 d tau / d v and d qdd / d tau = M^-1, each (n, n) with rows qdd_i, by the "
    "analytical inverse-dynamics derivatives and solves with the LDL^T factor of M (docs/derivatives.md). "
    "q, v, tau: (n,) or (m, n) for a batch (results (m, n, n), in parallel). data: an armdyn.Data of the "
    "model or None.";

}  // namespace

void bind_derivatives(py::module_& m) {
  m.def("rnea_derivatives", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "rnea_derivatives", "q", model.get().nq()), v = states_arg(v_, "rnea_derivatives", "v", n, &q),
                 a = states_arg(a_, "rnea_derivatives", "a", n, &q);
    Data* caller = data ? &workspace_of(model, *data, "rnea_derivatives").data : nullptr;  // checked even for a batch
    if (q.batch) caller = nullptr;  // one Data per thread
    const Model& mm = model.get();
    using Work = DerivativesWork<RneaDerivativesWorkspace<double>>;
    const py::object out = evaluate_with<Work>(q, {3, n, n}, [&] { return new Work(mm, caller); },
                                               [&](Work& w, py::ssize_t k, double* dst) {
                                                 rnea_derivatives(mm, *w.data, w.ws, q.row(k), v.row(k), a.row(k));
                                                 store(w.ws.dtau_dq, dst);
                                                 store(w.ws.dtau_dv, dst + n * n);
                                                 store(w.ws.M, dst + 2 * n * n);
                                               });
    return split(q, out);
  }, py::arg("model"), py::arg("data").none(true), py::arg("q"), py::arg("v"), py::arg("a"), kRneaDoc);

  m.def("aba_derivatives", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle tau_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "aba_derivatives", "q", model.get().nq()), v = states_arg(v_, "aba_derivatives", "v", n, &q),
                 tau = states_arg(tau_, "aba_derivatives", "tau", n, &q);
    Data* caller = data ? &workspace_of(model, *data, "aba_derivatives").data : nullptr;  // checked even for a batch
    if (q.batch) caller = nullptr;  // one Data per thread
    const Model& mm = model.get();
    using Work = DerivativesWork<ForwardDynamicsDerivativesWorkspace<double>>;
    const py::object out = evaluate_with<Work>(q, {3, n, n}, [&] { return new Work(mm, caller); },
                                               [&](Work& w, py::ssize_t k, double* dst) {
                                                 forward_dynamics_derivatives(mm, *w.data, w.ws, q.row(k), v.row(k),
                                                                              tau.row(k));
                                                 store(w.ws.dqdd_dq, dst);
                                                 store(w.ws.dqdd_dv, dst + n * n);
                                                 store(w.ws.Minv, dst + 2 * n * n);
                                               });
    return split(q, out);
  }, py::arg("model"), py::arg("data").none(true), py::arg("q"), py::arg("v"), py::arg("tau"), kAbaDoc);
}

}  // namespace armdyn::python
