// Drives (drives/*.hpp): the joints' gears, rotors and friction a model carries (model.drives,
// from armdyn.load(..., actuators=...) or Model.with_drives), and the dynamics with their
// joint-side terms.
#include <pybind11/stl.h>

#include "armdyn/drives/catalogue.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/mjcf.hpp"
#include "external_wrenches.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

const drives::DriveSet& drives_of(const PyModel& model) {
  static const drives::DriveSet rigid;
  return model.drives ? *model.drives : rigid;
}

drives::Sign sign_arg(const std::string& sign, const char* fn) {
  if (sign == "exact") return drives::Sign::kExact;
  if (sign == "smooth") return drives::Sign::kSmooth;
  throw py::value_error(std::string(fn) + ": sign: expected 'exact' or 'smooth', got '" + sign + "'");
}

py::object drives_dict(const PyModel& model) {
  if (!model.drives || model.drives->empty()) return py::none();
  const drives::DriveSet& set = *model.drives;
  py::list joints;
  for (int j = 0; j < set.size(); ++j) {
    const drives::Drive& d = set[j];
    py::dict joint;
    joint["name"] = set.names()[static_cast<std::size_t>(j)];
    joint["gear_ratio"] = d.gear_ratio;
    joint["rotor_inertia"] = d.rotor_inertia;
    joint["reflected_inertia"] = d.reflected_inertia();
    joint["viscous"] = d.viscous;
    joint["coulomb"] = py::make_tuple(d.coulomb_positive, d.coulomb_negative);
    joint["static"] = py::make_tuple(d.breakaway_positive(), d.breakaway_negative());
    joint["stribeck_velocity"] = d.stribeck_velocity;
    joint["efficiency"] = d.efficiency;
    joint["motor"] = d.motor ? py::object(py::str(drives::to_string(d.motor->type))) : py::object(py::none());
    joints.append(joint);
  }
  py::dict out;
  out["source"] = set.source();
  out["smoothing_velocity"] = set.smoothing_velocity();
  out["joints"] = joints;
  return out;
}

#define ARMDYN_DRIVE_NOTE                                                                                        \
  "\n\nThe drives are model.drives (armdyn.load(spec, actuators=...) or model.with_drives(...)); a model "      \
  "without drives gives the rigid-body result. q, v, a, tau: shape (n,), or (m, n) for a batch (results "        \
  "gain the leading m; computed in parallel, equal bit for bit to a loop). Raises ValueError for a wrong shape " \
  "or a non-finite value, naming the argument."

}  // namespace

void bind_drives(py::module_& m) {
  auto model_class = py::reinterpret_borrow<py::class_<PyModel>>(m.attr("Model"));
  model_class
      .def_property_readonly("drives", &drives_dict,
                             "The joints' drives, or None (rigid joints): {'source', 'smoothing_velocity' (rad/s), "
                             "'joints': per joint {'name', 'gear_ratio', 'rotor_inertia' (motor side, kg m^2), "
                             "'reflected_inertia' (G^2 Jm), 'viscous', 'coulomb' (+, -), 'static' (+, -), "
                             "'stribeck_velocity', 'efficiency', 'motor'}} (the fields of `armdyn info --actuators "
                             "--json`; docs/drives.md).")
      .def("with_drives", [](const PyModel& p, std::optional<std::string> actuators) {
        if (!actuators) return PyModel{p.model, nullptr, p.segments};
        return PyModel{p.model, std::make_shared<const drives::DriveSet>(load_any_drives(*actuators, p.get(), p.get().source)), p.segments};
      }, py::arg("actuators"),
           "with_drives(actuators) -> Model\n\nThe same rigid-body model carrying other drives: an actuator JSON file, "
           "a built-in drive set's name (builtin_drives()), 'urdf' (the <dynamics> of the URDF file the model was "
           "loaded from) or 'mjcf' (the armature, damping, frictionloss of the MJCF file it was loaded from); None: rigid joints. A Data of this model serves the result too.");

  m.def("builtin_drives", [] { return drives::builtin_drive_names(); },
        "builtin_drives() -> list[str]\n\nNames of the built-in drive sets (armdyn.load(..., actuators=name)).");

  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);

  m.def("drive_torque", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_,
                           py::handle f, const std::string& f_ext_axes, const std::string& sign_) {
    const drives::Sign sign = sign_arg(sign_, "drive_torque");
    const drives::DriveSet& set = drives_of(model);
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "drive_torque", "q", model.get().nq()), v = states_arg(v_, "drive_torque", "v", n, &q),
                 a = states_arg(a_, "drive_torque", "a", n, &q);
    const ExternalWrenches fext(model.get(), f, f_ext_axes, "drive_torque");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "drive_torque");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      const std::vector<Force<double>>* fp = fext.at(w, q.row(k));
      const VecX<double>& tau = drives::drive_torque(*w.model, set, w.data, q.row(k), v.row(k), a.row(k), sign);
      if (!fp) {
        store(tau, out);
        return;
      }
      store(tau - external_joint_torques(*w.model, w.data, w.ext, q.row(k), *fp), out);  // - sum J^T f
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("a"), py::arg("f_ext") = py::none(),
        py::arg("f_ext_axes") = "world", py::arg("sign") = "exact",
        "drive_torque(model, data, q, v, a, f_ext=None, f_ext_axes='world', sign='exact') -> tau\n\nInverse dynamics "
        "with the drives' joint-side terms ([Craig] (6.114)): tau = M(q) a + c(q, v) + diag(G^2 Jm) a + f(v) - sum "
        "J^T f_ext, f the friction with sgn(v) ('exact', 0 at rest; as `armdyn eval --actuators`) or tanh(v / v_eps) "
        "('smooth'); f_ext, f_ext_axes as rnea's. Shape (n,) or (m, n); N m or N." ARMDYN_DRIVE_NOTE);

  m.def("drive_mass_matrix", [](const PyModel& model, PyData* data, py::handle q_) {
    const drives::DriveSet& set = drives_of(model);
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "drive_mass_matrix", "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "drive_mass_matrix");
    return evaluate(model, ws, q, {n, n}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(drives::drive_mass_matrix(*w.model, set, w.data, q.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"),
        "drive_mass_matrix(model, data, q) -> M\n\nM(q) + diag(G^2 Jm), the mass matrix with the rotors' reflected "
        "inertia on its diagonal, shape (n, n) or (m, n, n); kg m^2 or kg." ARMDYN_DRIVE_NOTE);

  m.def("drive_forward_dynamics", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_,
                                     py::handle tau_, py::handle f, const std::string& f_ext_axes,
                                     const std::string& sign_) {
    const drives::Sign sign = sign_arg(sign_, "drive_forward_dynamics");
    const drives::DriveSet& set = drives_of(model);
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "drive_forward_dynamics", "q", model.get().nq()),
                 v = states_arg(v_, "drive_forward_dynamics", "v", n, &q),
                 tau = states_arg(tau_, "drive_forward_dynamics", "tau", n, &q);
    const ExternalWrenches fext(model.get(), f, f_ext_axes, "drive_forward_dynamics");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "drive_forward_dynamics");
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t k, double* out) {
      const std::vector<Force<double>>* fp = fext.at(w, q.row(k));
      if (!fp) {
        store(drives::drive_forward_dynamics(*w.model, set, w.data, q.row(k), v.row(k), tau.row(k), sign), out);
        return;
      }
      // the torque tau + sum J^T f_ext, as `armdyn eval` applies "f_ext"
      const VecX<double> applied = tau.row(k) + external_joint_torques(*w.model, w.data, w.ext, q.row(k), *fp);
      store(drives::drive_forward_dynamics(*w.model, set, w.data, q.row(k), v.row(k), applied, sign), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("tau"), py::arg("f_ext") = py::none(),
        py::arg("f_ext_axes") = "world", py::arg("sign") = "smooth",
        "drive_forward_dynamics(model, data, q, v, tau, f_ext=None, f_ext_axes='world', sign='smooth') -> a\n\na = "
        "(M + diag(G^2 Jm))^-1 (tau + sum J^T f_ext - c(q, v) - f(v)) by LDL^T, the friction's sign smooth by "
        "default (as `armdyn eval --actuators` and `armdyn simulate --actuators`); f_ext, f_ext_axes as rnea's; "
        "shape (n,) or (m, n); rad/s^2 or m/s^2." ARMDYN_DRIVE_NOTE);
}

#undef ARMDYN_DRIVE_NOTE

}  // namespace armdyn::python
