// Forward kinematics, frame placements and frame Jacobians, for one state (n,) or a batch (m, n).
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "docstrings.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

void store_placement(const Transform<double>& X, double* out) { store(X.matrix(), out); }

Axes axes_arg(const std::string& name) {
  if (name == "world") return Axes::kBase;
  if (name == "local") return Axes::kLocal;
  throw py::value_error("jacobian: frame_axes: expected 'world' or 'local', got '" + name + "'");
}

}  // namespace

void bind_kinematics(py::module_& m) {
  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);

  m.def("forward_kinematics", [](const PyModel& model, PyData* data, py::handle q_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "forward_kinematics", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "forward_kinematics");
    return evaluate(model, ws, q, {n, 4, 4}, [&](Workspace& w, py::ssize_t k, double* out) {
      forward_kinematics(*w.model, w.data, q.row(k));
      for (py::ssize_t i = 0; i < n; ++i) store_placement(w.data.oMb[static_cast<std::size_t>(i)], out + 16 * i);
    });
  }, model_arg, data_arg, py::arg("q"), doc::forward_kinematics);

  m.def("frame_placement", [](const PyModel& model, PyData* data, py::handle q_, py::handle frame_) {
    const States q = states_arg(q_, "frame_placement", "q", model.get().nq());
    const int frame = frame_arg(model.get(), frame_, "frame_placement");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "frame_placement");
    return evaluate(model, ws, q, {4, 4}, [&](Workspace& w, py::ssize_t k, double* out) {
      forward_kinematics(*w.model, w.data, q.row(k));
      store_placement(w.data.oMf[static_cast<std::size_t>(frame)], out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("frame"), doc::frame_placement);

  m.def("jacobian", [](const PyModel& model, PyData* data, py::handle q_, py::handle frame_,
                       const std::string& frame_axes) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "jacobian", "q", model.get().nq());
    const int frame = frame_arg(model.get(), frame_, "jacobian");
    const Axes axes = axes_arg(frame_axes);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "jacobian");
    return evaluate(model, ws, q, {6, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(frame_jacobian(*w.model, w.data, w.frame, frame, q.row(k), axes), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("frame"), py::arg("frame_axes") = "world", doc::jacobian);

  m.def("frame_velocity", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle frame_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "frame_velocity", "q", model.get().nq()), v = states_arg(v_, "frame_velocity", "v", n, &q);
    const int frame = frame_arg(model.get(), frame_, "frame_velocity");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "frame_velocity");
    return evaluate(model, ws, q, {6}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(frame_velocity(*w.model, w.data, w.frame, frame, q.row(k), v.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("frame"), doc::frame_velocity);

  m.def("frame_acceleration", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_,
                                 py::handle frame_) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "frame_acceleration", "q", model.get().nq()), v = states_arg(v_, "frame_acceleration", "v", n, &q),
                 a = states_arg(a_, "frame_acceleration", "a", n, &q);
    const int frame = frame_arg(model.get(), frame_, "frame_acceleration");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "frame_acceleration");
    return evaluate(model, ws, q, {6}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(frame_acceleration(*w.model, w.data, w.frame, frame, q.row(k), v.row(k), a.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("a"), py::arg("frame"), doc::frame_acceleration);
}

}  // namespace armdyn::python
