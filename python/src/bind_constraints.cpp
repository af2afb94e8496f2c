// Closed chains ([VP] §2.10; docs/constraints.md): armdyn.Constraint (a constraint document read
// for a model), load_constraint, and constrained_forward_dynamics, constrained_inverse_dynamics and
// constraint_error for one state (n,) or a batch (m, n).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "armdyn/io/constraint_json.hpp"
#include "constraint_arg.hpp"

namespace armdyn::python {
namespace {

#define ARMDYN_CONSTRAINT_NOTE                                                                                   \
  "\n\nconstraint: an armdyn.Constraint (load_constraint), or what load_constraint reads: a constraint file's "   \
  "path, its JSON text or a dict (docs/constraints.md). k = constraint.count, the force components: 1 on a "       \
  "surface, 2 on a line, 3 for a loop (6 with aligned axes). q, v, a, tau: (n,) or (m, n) for a batch (computed " \
  "in parallel, equal bit for bit to a loop); N: (k,) or (m, k) like q. data: model.create_data() or None. "       \
  "Raises ValueError for a wrong shape or a non-finite value, naming the argument. Where a normal is undefined "   \
  "(the point at a sphere's centre or on a cylinder's axis) the results are NaN."

// A 3-vector as a new (3,) array.
py::array_t<double> constraint_vec3(const Vec3<double>& x) {
  py::array_t<double> out = new_array({3});
  store(x, out.mutable_data());
  return out;
}

// The frames of `model` by index (what a constraint's frame indices point into).
std::vector<std::string> constraint_frame_names(const Model& model) {
  std::vector<std::string> names;
  for (const Frame<double>& f : model.frames) names.push_back(f.name);
  return names;
}

// "<armdyn.Constraint fourbar_loop.json: loop, frame 'coupler' on frame 'rocker', 3 force components>".
std::string constraint_repr(const PyConstraint& c) {
  const PointConstraint<double>& pc = *c.constraint;
  std::string text = "<armdyn.Constraint " + c.source + ": " + constraint_shape_name(pc) + ", frame '" +
                     c.frame_names[static_cast<std::size_t>(pc.frame)] + "'";
  if (pc.is_loop()) text += " on frame '" + c.frame_names[static_cast<std::size_t>(pc.other_frame)] + "'";
  return text + ", " + std::to_string(pc.count) + (pc.count == 1 ? " force component>" : " force components>");
}

// A str holding JSON text rather than a path: its first non-blank character is '{'.
bool is_json_text(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t\r\n");
  return first != std::string::npos && s[first] == '{';
}

// The (n + k) numbers per state of constrained_forward_dynamics split into qdd (n,) and N (k,)
// (a batch: (m, n) and (m, k)), each its own C-order array.
py::tuple split_qdd_and_force(const py::object& out, py::ssize_t n) {
  const py::module_ np = py::module_::import("numpy");
  const py::object qdd = out[py::make_tuple(py::ellipsis(), py::slice(0, n, 1))];
  const py::object force = out[py::make_tuple(py::ellipsis(), py::slice(py::int_(n), py::none(), py::none()))];
  return py::make_tuple(np.attr("ascontiguousarray")(qdd), np.attr("ascontiguousarray")(force));
}

}  // namespace

PyConstraint constraint_arg(const PyModel& model, py::handle constraint, const char* fn) {
  const Model& m = model.get();
  if (py::isinstance<PyConstraint>(constraint)) {
    const PyConstraint& c = constraint.cast<const PyConstraint&>();
    if (c.frame_names != constraint_frame_names(m))
      throw py::value_error(std::string(fn) + ": constraint: read for model '" + c.model_name +
                            "', whose frames are not those of model '" + m.name + "'; load it for this model");
    return c;
  }
  PyConstraint out;
  out.frame_names = constraint_frame_names(m);
  out.model_name = m.name;
  const py::module_ os = py::module_::import("os");
  if (py::isinstance(constraint, py::module_::import("collections.abc").attr("Mapping"))) {
    const std::string text = py::module_::import("json").attr("dumps")(constraint).cast<std::string>();
    out.source = kConstraintTextSource;
    out.constraint = std::make_shared<const PointConstraint<double>>(parse_constraint(text, out.source, m));
  } else if (py::isinstance<py::str>(constraint) || py::isinstance(constraint, os.attr("PathLike"))) {
    const std::string text = os.attr("fspath")(constraint).cast<std::string>();
    const bool inline_json = is_json_text(text);
    out.source = inline_json ? kConstraintTextSource : text;
    out.constraint = std::make_shared<const PointConstraint<double>>(
        inline_json ? parse_constraint(text, out.source, m) : read_constraint(text, m));
  } else {
    throw py::type_error(std::string(fn) + ": constraint: expected an armdyn.Constraint, a file path, JSON text or a "
                         "dict, got an object of type " + py::str(py::type::of(constraint).attr("__name__")).cast<std::string>());
  }
  return out;
}

void bind_constraints(py::module_& m) {
  py::class_<PyConstraint>(m, "Constraint",
                           "A point of a frame held on a surface (plane, sphere, cylinder), on a line, or on a point of "
                           "another frame (a loop), read for a model (docs/constraints.md; [VP] §2.10). Make one with "
                           "armdyn.load_constraint(model, constraint).")
      .def_property_readonly("source", [](const PyConstraint& c) { return c.source; },
                             "The file it was read from, or '<constraint>' (JSON text or a dict).")
      .def_property_readonly("shape", [](const PyConstraint& c) { return constraint_shape_name(*c.constraint); },
                             "'plane', 'sphere', 'cylinder', 'line' or 'loop'.")
      .def_property_readonly("frame", [](const PyConstraint& c) {
        return c.frame_names[static_cast<std::size_t>(c.constraint->frame)];
      }, "The frame whose point is held (a loop: the first frame, where the reaction N acts).")
      .def_property_readonly("point", [](const PyConstraint& c) { return constraint_vec3(c.constraint->offset); },
                             "The held point in the frame's axes, from its origin (3,), m.")
      .def_property_readonly("other_frame", [](const PyConstraint& c) -> py::object {
        if (!c.constraint->is_loop()) return py::none();
        return py::str(c.frame_names[static_cast<std::size_t>(c.constraint->other_frame)]);
      }, "A loop: the frame whose point the first one meets (it feels -N); otherwise None.")
      .def_property_readonly("other_point", [](const PyConstraint& c) -> py::object {
        if (!c.constraint->is_loop()) return py::none();
        return constraint_vec3(c.constraint->other_offset);
      }, "A loop: the point of other_frame in its axes (3,), m; otherwise None.")
      .def_property_readonly("count", [](const PyConstraint& c) { return c.constraint->count; },
                             "The force components k (the length of N; simulate's contact_force<k> columns): 1 on a "
                             "surface, 2 on a line, 3 for a loop, 6 for a loop with aligned axes.")
      .def_property_readonly("baumgarte_rate", [](const PyConstraint& c) { return c.constraint->baumgarte_rate; },
                             "The stabilisation rate w of constrained_forward_dynamics, 1/s.")
      .def_property_readonly("projection", [](const PyConstraint& c) { return c.constraint->project; },
                             "Whether simulate projects (q, v) onto the constraint after every step.")
      .def("__repr__", constraint_repr);

  m.def("load_constraint", [](const PyModel& model, py::handle constraint) {
    return constraint_arg(model, constraint, "load_constraint");
  }, py::arg("model"), py::arg("constraint"),
        "load_constraint(model, constraint) -> Constraint\n\nReads a constraint for `model` as `armdyn simulate "
        "--constraint` does (docs/constraints.md): a file path (str or os.PathLike), its JSON text (a str starting "
        "with '{') or a dict. Raises armdyn.InputError naming the file (or '<constraint>') and the JSON path, e.g. "
        "'c.json: surface.normal: must not be zero (a direction)'.");

  m.def("constrained_forward_dynamics", [](const PyModel& model, PyData* data, py::handle constraint, py::handle q_,
                                           py::handle v_, py::handle tau_) {
    const char* fn = "constrained_forward_dynamics";
    const PyConstraint c = constraint_arg(model, constraint, fn);
    const PointConstraint<double>& pc = *c.constraint;
    const py::ssize_t n = model.get().dof, k = pc.count;
    const States q = states_arg(q_, fn, "q", model.get().nq()), v = states_arg(v_, fn, "v", n, &q), tau = states_arg(tau_, fn, "tau", n, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, fn);
    const py::object out = evaluate(model, ws, q, {n + k}, [&](Workspace& w, py::ssize_t s, double* dst) {
      ConstraintWorkspace<double>& cw = w.constraint();
      store(constrained_forward_dynamics(*w.model, w.data, cw, pc, q.row(s), v.row(s), tau.row(s)), dst);
      store(cw.force.head(k), dst + n);
    }, Results::kAsDocumented);  // NaN where a normal is undefined
    return split_qdd_and_force(out, n);
  }, py::arg("model"), py::arg("data").none(true), py::arg("constraint"), py::arg("q"), py::arg("v"), py::arg("tau"),
        "constrained_forward_dynamics(model, data, constraint, q, v, tau) -> qdd, N\n\nThe constrained motion: "
        "M qdd + c = tau + G^T N with the constraint held at the acceleration level, stabilised after Baumgarte at "
        "constraint.baumgarte_rate (the KKT system by its Schur complement; docs/constraints.md, [VP] (2.10.2)). "
        "qdd (n,) in rad/s^2, m/s^2; N (k,) in N: the normal forces on the arm, a loop's reaction on its first "
        "frame in base axes. A batch gives (m, n) and (m, k)." ARMDYN_CONSTRAINT_NOTE);

  m.def("constrained_inverse_dynamics", [](const PyModel& model, PyData* data, py::handle constraint, py::handle q_,
                                           py::handle v_, py::handle a_, py::handle N_) {
    const char* fn = "constrained_inverse_dynamics";
    const PyConstraint c = constraint_arg(model, constraint, fn);
    const PointConstraint<double>& pc = *c.constraint;
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, fn, "q", model.get().nq()), v = states_arg(v_, fn, "v", n, &q), a = states_arg(a_, fn, "a", n, &q),
                 N = states_arg(N_, fn, "N", pc.count, &q);
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, fn);
    return evaluate(model, ws, q, {n}, [&](Workspace& w, py::ssize_t s, double* dst) {
      store(constrained_inverse_dynamics(*w.model, w.data, w.constraint(), pc, q.row(s), v.row(s), a.row(s), N.row(s)),
            dst);
    }, Results::kAsDocumented);
  }, py::arg("model"), py::arg("data").none(true), py::arg("constraint"), py::arg("q"), py::arg("v"), py::arg("a"),
        py::arg("N"),
        "constrained_inverse_dynamics(model, data, constraint, q, v, a, N) -> tau\n\nThe torques that move the "
        "arm with acceleration a while the constraint pushes it with the forces N, tau = ID(q, v, a) - G^T N "
        "([VP] (2.10.5); docs/constraints.md): (n,) or (m, n), N m, N." ARMDYN_CONSTRAINT_NOTE);

  m.def("constraint_error", [](const PyModel& model, PyData* data, py::handle constraint, py::handle q_) {
    const char* fn = "constraint_error";
    const PyConstraint c = constraint_arg(model, constraint, fn);
    const PointConstraint<double>& pc = *c.constraint;
    const States q = states_arg(q_, fn, "q", model.get().nq());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, fn);
    return evaluate(model, ws, q, {}, [&](Workspace& w, py::ssize_t s, double* dst) {
      *dst = constraint_error(*w.model, w.data, w.constraint(), pc, q.row(s));
    }, Results::kAsDocumented);
  }, py::arg("model"), py::arg("data").none(true), py::arg("constraint"), py::arg("q"),
        "constraint_error(model, data, constraint, q) -> float\n\nmax_k |h_k(q)|, how far the point is off its "
        "surface or line (a loop: the largest component of the gap x_A - x_B, and with aligned axes of the axis "
        "points' gap), m: simulate's constraint_error column. A batch (m, n) gives (m,)." ARMDYN_CONSTRAINT_NOTE);
}

#undef ARMDYN_CONSTRAINT_NOTE

}  // namespace armdyn::python
