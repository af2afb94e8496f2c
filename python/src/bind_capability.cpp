// What the joint effort limits allow (dynamics/capability.hpp): the largest acceleration of a
// frame along a direction and the largest payload it holds, for one state or a batch.
#include <pybind11/stl.h>

#include <cmath>

#include "armdyn/core/vector_length.hpp"
#include "armdyn/dynamics/capability.hpp"
#include "handles.hpp"
#include "payload_arg.hpp"

namespace armdyn::python {
namespace {

/// Per state: [value, feasible, limiting_joint, tau (n), tau0 (n), tau1 (n)].
py::ssize_t packed_size(py::ssize_t n) { return 3 + 3 * n; }

void pack(const Capability& c, double* out) {
  const py::ssize_t n = c.tau.size();
  out[0] = c.value;
  out[1] = c.feasible ? 1.0 : 0.0;
  out[2] = c.limiting_joint;
  store(c.tau, out + 3);
  store(c.tau0, out + 3 + n);
  store(c.tau1, out + 3 + 2 * n);
}

/// The dict of the results: scalars and (n,) arrays for one state, (m,) and (m, n) for a batch
/// (limiting_joint: a list of names or None).
py::dict unpack(const Model& model, const States& q, const py::array_t<double>& packed) {
  const py::ssize_t n = model.dof, m = q.batch ? q.m : 1, size = packed_size(n);
  const double* src = packed.data();
  std::vector<py::ssize_t> scalar{}, vec{n};
  if (q.batch) {
    scalar.insert(scalar.begin(), m);
    vec.insert(vec.begin(), m);
  }
  py::array_t<double> value = new_array(scalar), tau = new_array(vec), tau0 = new_array(vec), tau1 = new_array(vec);
  py::array_t<bool> feasible(scalar), bounded(scalar);
  py::list limiting;
  for (py::ssize_t k = 0; k < m; ++k) {
    const double* s = src + k * size;
    value.mutable_data()[k] = s[0];
    feasible.mutable_data()[k] = s[1] != 0;
    bounded.mutable_data()[k] = std::isfinite(s[0]);
    const int j = static_cast<int>(s[2]);
    limiting.append(j >= 0 ? py::object(py::str(model.joint_names[static_cast<std::size_t>(j)])) : py::object(py::none()));
    std::copy(s + 3, s + 3 + n, tau.mutable_data() + k * n);
    std::copy(s + 3 + n, s + 3 + 2 * n, tau0.mutable_data() + k * n);
    std::copy(s + 3 + 2 * n, s + 3 + 3 * n, tau1.mutable_data() + k * n);
  }
  py::dict out;
  if (q.batch) {
    out["value"] = value;
    out["feasible"] = feasible;
    out["bounded"] = bounded;
    out["limiting_joint"] = limiting;
  } else {
    out["value"] = value.data()[0];
    out["feasible"] = py::bool_(feasible.data()[0]);
    out["bounded"] = py::bool_(bounded.data()[0]);
    out["limiting_joint"] = limiting[0];
  }
  out["tau"] = tau;
  out["tau0"] = tau0;
  out["tau1"] = tau1;
  return out;
}

#define ARMDYN_CAPABILITY_NOTE                                                                                     \
  " q, v: shape (n,), or (m, n) for a batch (computed in parallel, equal bit for bit to a loop): 'value', "       \
  "'feasible', 'bounded' are then arrays (m,), 'limiting_joint' a list, 'tau', 'tau0', 'tau1' arrays (m, n). "    \
  "Raises armdyn.InputError when no joint has an effort limit, ValueError for a wrong shape or a non-finite value."

}  // namespace

void bind_capability(py::module_& m) {
  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);

  m.def("max_frame_acceleration", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_,
                                     py::handle direction_, py::handle frame_) {
    const Model& mdl = model.get();
    const py::ssize_t n = mdl.dof;
    const States q = states_arg(q_, "max_frame_acceleration", "q", model.get().nq()),
                 v = states_arg(v_, "max_frame_acceleration", "v", n, &q);
    const py::array d0 = py::array::ensure(direction_);
    if (!d0) PyErr_Clear();  // not array-like: fixed_arg below names it
    const py::ssize_t dn = d0 && d0.ndim() == 1 && d0.shape(0) == 6 ? 6 : 3;
    const Array d = fixed_arg(direction_, "max_frame_acceleration", "direction", {dn});
    VecX<double> direction = Eigen::Map<const VecX<double>>(d.data(), dn);
    direction = unit_vector_or_throw(direction, "max_frame_acceleration: direction");  // as `armdyn capability` does
    const int frame = payload_frame(mdl, frame_, "max_frame_acceleration");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "max_frame_acceleration");
    const py::ssize_t size = packed_size(n);
    const auto packed = py::reinterpret_borrow<py::array_t<double>>(
        evaluate(model, ws, q, {size}, [&](Workspace& w, py::ssize_t k, double* out) {
          pack(max_frame_acceleration(*w.model, w.data, w.cartesian(), frame, q.row(k), v.row(k), direction), out);
        }, Results::kAsDocumented));  // inf when unbounded
    py::dict out = unpack(mdl, q, packed);
    const py::ssize_t m_states = q.batch ? q.m : 1;
    std::vector<py::ssize_t> shape{dn};
    if (q.batch) shape.insert(shape.begin(), m_states);
    py::array_t<double> unit = new_array({dn}), acceleration = new_array(shape);
    store(direction, unit.mutable_data());
    for (py::ssize_t k = 0; k < m_states; ++k) {
      const VecX<double> a = packed.data()[k * size] * direction;  // the tool's value * direction
      store(a, acceleration.mutable_data() + k * dn);
    }
    out["direction"] = unit;
    out["acceleration"] = acceleration;
    return out;
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("direction"), py::arg("frame") = py::none(),
        "max_frame_acceleration(model, data, q, v, direction, frame=None) -> dict\n\nThe largest acceleration s of "
        "a frame (None: the last moving body's frame) along `direction` (3 numbers: its origin, orientation free; "
        "6: linear then angular; base axes; normalised) that the joint effort limits allow at (q, v), as `armdyn "
        "capability --direction` ([TML] (10.3)): {'value': s (m/s^2; inf when unbounded, 0 when not feasible), "
        "'feasible', 'bounded', 'limiting_joint' (name or None), 'tau' (n,) = tau(s), 'tau0', 'tau1' with tau(s) = "
        "tau0 + s tau1, 'direction' (unit, (3,) or (6,)), 'acceleration' = s direction}. Also raises "
        "armdyn.InputError when the frame's rows are singular at a state." ARMDYN_CAPABILITY_NOTE);

  m.def("max_payload", [](const PyModel& model, PyData* data, py::handle q_, py::handle frame_) {
    const Model& mdl = model.get();
    const py::ssize_t n = mdl.dof;
    const States q = states_arg(q_, "max_payload", "q", model.get().nq());
    const int frame = payload_frame(mdl, frame_, "max_payload");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "max_payload");
    const auto packed = py::reinterpret_borrow<py::array_t<double>>(
        evaluate(model, ws, q, {packed_size(n)}, [&](Workspace& w, py::ssize_t k, double* out) {
          pack(max_payload(*w.model, w.data, w.frame, frame, q.row(k)), out);
        }, Results::kAsDocumented));  // inf when unbounded
    return unpack(mdl, q, packed);
  }, model_arg, data_arg, py::arg("q"), py::arg("frame") = py::none(),
        "max_payload(model, data, q, frame=None) -> dict\n\nThe largest point mass (kg) at the origin of a frame "
        "(None: the last moving body's frame) that the arm holds at rest at q within its effort limits, as `armdyn "
        "capability --payload-capacity`: {'value' (kg; inf when unbounded), 'feasible', 'bounded', 'limiting_joint', "
        "'tau', 'tau0', 'tau1'} as max_frame_acceleration's." ARMDYN_CAPABILITY_NOTE);
}

#undef ARMDYN_CAPABILITY_NOTE

}  // namespace armdyn::python
