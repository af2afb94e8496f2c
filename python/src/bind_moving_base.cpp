// A manipulator on a moving base ([VP] (2.3.48); docs/moving-base.md): inverse dynamics, the bias
// torques and forward dynamics with the base's velocity and acceleration, for one state (n,) or a
// batch (m, n); one base motion (6,) for every state or one per state (m, 6). Each is the library's
// rnea, nonlinear_effects or forward_dynamics with the base motion as its Loads (dynamics/loads.hpp).
#include <algorithm>
#include <array>
#include <string>

#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

#define ARMDYN_BASE_NOTE                                                                                        \
  "\n\nbase_v = [v_O; w_O] and base_a = [a_O; e_O] (each [linear; angular], m/s and rad/s, m/s^2 and "          \
  "rad/s^2, in the base frame's axes; a_O the classical acceleration of the base origin; None: zero): shape "   \
  "(6,) for every state, or (m, 6), one per state of a batch. A base that only translates with "               \
  "acceleration a_O is the fixed arm under gravity g - a_O. q, v, a, tau: (n,) or (m, n), computed in "        \
  "parallel for a batch, equal bit for bit to a loop. data: model.create_data() or None. Raises ValueError "   \
  "for a wrong shape or a non-finite value, naming the argument."

// One of base_v, base_a: (6,) for every state or (m, 6) like q's batch; None is zero.
States base_arg(py::handle obj, const char* fn, const char* name, const States& q) {
  if (obj.is_none()) {
    Array zero(6);
    std::fill(zero.mutable_data(), zero.mutable_data() + 6, 0.0);
    return states_arg(zero, fn, name, 6);
  }
  const States b = states_arg(obj, fn, name, 6);
  if (b.batch && (!q.batch || b.m != q.m))
    throw py::value_error(std::string(fn) + ": " + name + ": expected shape (6,)" +
                          (q.batch ? " or (" + std::to_string(q.m) + ", 6) like q's batch" : std::string(" for one state")) +
                          ", got (" + std::to_string(b.m) + ", 6)");
  return b;
}

struct BaseArgs {
  States v, a;
  Loads<double> at(py::ssize_t k) const {  // a base motion alone: no allocation
    Loads<double> loads;
    loads.base.emplace();
    loads.base->v = v.row(v.batch ? k : 0);
    loads.base->a = a.row(a.batch ? k : 0);
    return loads;
  }
};

BaseArgs base_args(py::handle v, py::handle a, const char* fn, const States& q) {
  return {base_arg(v, fn, "base_v", q), base_arg(a, fn, "base_a", q)};
}

// fn evaluated at every state: the K joint-space arguments (named by `names`; the first is q,
// whose batch the others follow), the base's motion, then f(workspace, base, arguments, k).
template <std::size_t K, class F>
py::object evaluate_on_base(const char* fn, const PyModel& model, PyData* data, const std::array<py::handle, K>& args,
                            const std::array<const char*, K>& names, py::handle bv, py::handle ba, F f) {
  const py::ssize_t n = model.get().dof;
  std::array<States, K> s;
  s[0] = states_arg(args[0], fn, names[0], model.get().nq());  // q: nq numbers
  for (std::size_t i = 1; i < K; ++i) s[i] = states_arg(args[i], fn, names[i], n, &s[0]);
  const BaseArgs base = base_args(bv, ba, fn, s[0]);
  std::optional<Workspace> temp;
  Workspace& ws = single_ws(model, data, temp, fn);
  return evaluate(model, ws, s[0], {n}, [&](Workspace& w, py::ssize_t k, double* out) {
    store(f(w, base.at(k), s, k), out);
  });
}

}  // namespace

void bind_moving_base(py::module_& m) {
  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);
  const auto base_v = py::arg("base_v") = py::none(), base_a = py::arg("base_a") = py::none();

  m.def("rnea_moving_base", [](const PyModel& model, PyData* data, py::handle q, py::handle v, py::handle a,
                               py::handle bv, py::handle ba) {
    return evaluate_on_base<3>("rnea_moving_base", model, data, {q, v, a}, {"q", "v", "a"}, bv, ba,
                               [](Workspace& w, const Loads<double>& b, const auto& x, py::ssize_t k) {
                                 return rnea(*w.model, w.data, x[0].row(k), x[1].row(k), x[2].row(k), &b);
                               });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("a"), base_v, base_a,
        "rnea_moving_base(model, data, q, v, a, base_v=None, base_a=None) -> tau\n\nInverse dynamics of the arm "
        "on a moving base, tau = M(q) a + c_B(q, v), shape (n,) or (m, n); N m, N." ARMDYN_BASE_NOTE);

  m.def("nonlinear_effects_moving_base", [](const PyModel& model, PyData* data, py::handle q, py::handle v,
                                            py::handle bv, py::handle ba) {
    return evaluate_on_base<2>("nonlinear_effects_moving_base", model, data, {q, v}, {"q", "v"}, bv, ba,
                               [](Workspace& w, const Loads<double>& b, const auto& x, py::ssize_t k) {
                                 return nonlinear_effects(*w.model, w.data, x[0].row(k), x[1].row(k), &b);
                               });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), base_v, base_a,
        "nonlinear_effects_moving_base(model, data, q, v, base_v=None, base_a=None) -> c_B\n\nThe torques at "
        "zero joint acceleration on a moving base (gravity included), shape (n,) or (m, n); N m, N." ARMDYN_BASE_NOTE);

  m.def("forward_dynamics_moving_base", [](const PyModel& model, PyData* data, py::handle q, py::handle v,
                                           py::handle tau, py::handle bv, py::handle ba) {
    return evaluate_on_base<3>("forward_dynamics_moving_base", model, data, {q, v, tau}, {"q", "v", "tau"}, bv, ba,
                               [](Workspace& w, const Loads<double>& b, const auto& x, py::ssize_t k) {
                                 return forward_dynamics(*w.model, w.data, x[0].row(k), x[1].row(k), x[2].row(k), &b);
                               });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("tau"), base_v, base_a,
        "forward_dynamics_moving_base(model, data, q, v, tau, base_v=None, base_a=None) -> a\n\nThe joint "
        "accelerations on a moving base, M(q)^-1 (tau - c_B(q, v)) (mass matrix and LDL^T), shape (n,) or "
        "(m, n); rad/s^2, m/s^2." ARMDYN_BASE_NOTE);
}

#undef ARMDYN_BASE_NOTE

}  // namespace armdyn::python
