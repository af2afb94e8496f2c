// Loads: armdyn.Payload and Model.with_payload, joint_reactions and gripper_wrench.
#include <pybind11/stl.h>

#include <cmath>

#include "armdyn/io/payload.hpp"
#include "external_wrenches.hpp"
#include "handles.hpp"
#include "payload_arg.hpp"

namespace armdyn::python {

namespace {

Mat3<double> inertia_of(py::handle inertia, const char* fn) {
  const py::array a = py::array::ensure(inertia);
  if (!a) PyErr_Clear();  // not array-like: fixed_arg below names it
  if (a && a.ndim() == 1) {
    const Array e = fixed_arg(inertia, fn, "inertia", {6});
    Mat3<double> I;
    I << e.at(0), e.at(3), e.at(4), e.at(3), e.at(1), e.at(5), e.at(4), e.at(5), e.at(2);
    return I;
  }
  const Array m = fixed_arg(inertia, fn, "inertia", {3, 3});
  Mat3<double> I;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) I(r, c) = m.at(r, c);
  return I;
}

}  // namespace

Payload payload_arg(py::handle payload, py::handle com, py::handle inertia, const char* fn) {
  if (py::isinstance<Payload>(payload)) {
    if (!com.is_none() || !inertia.is_none())
      throw py::value_error(std::string(fn) + ": com and inertia are given with a mass, not with an armdyn.Payload");
    return payload.cast<Payload>();
  }
  Payload p;
  if (!PyNumber_Check(payload.ptr()) || py::isinstance<py::bool_>(payload))
    throw py::type_error(std::string(fn) + ": payload: expected a mass in kg (a number) or an armdyn.Payload");
  p.mass = py::float_(py::reinterpret_borrow<py::object>(payload)).cast<double>();
  if (!std::isfinite(p.mass))
    throw py::value_error(std::string(fn) + ": mass is not finite (" + std::to_string(p.mass) + ")");
  if (!com.is_none()) {
    const Array c = fixed_arg(com, fn, "com", {3});
    p.com = Vec3<double>(c.at(0), c.at(1), c.at(2));
  }
  if (!inertia.is_none()) p.inertia = inertia_of(inertia, fn);
  return p;
}

int payload_frame(const Model& model, py::handle frame, const char* fn) {
  if (frame.is_none()) return model.frame_index(model.body_names.back());
  return frame_arg(model, frame, fn);
}

void bind_loads(py::module_& m) {
  py::class_<Payload>(m, "Payload",
                      "A rigid payload held at a frame, in the frame's axes: mass (kg), com (3,), the centre of mass "
                      "from the frame origin (m), inertia (3, 3) about the centre of mass (kg m^2).")
      .def(py::init([](py::handle mass, py::handle com, py::handle inertia) {
             return payload_arg(mass, com, inertia, "Payload");
           }),
           py::arg("mass"), py::arg("com") = py::none(), py::arg("inertia") = py::none(),
           "Payload(mass, com=None, inertia=None)\n\nmass in kg; com (3,) in m (default 0); inertia about the centre "
           "of mass, (3, 3) or its six entries [Ixx, Iyy, Izz, Ixy, Ixz, Iyz] (tensor entries, as URDF's), kg m^2 "
           "(default 0). Whether it is physical is checked by Model.with_payload.")
      .def_static("parse", [](const std::string& text) { return parse_payload(text, "Payload.parse"); },
                  py::arg("text"),
                  "parse(text) -> Payload\n\nThe payload written as `armdyn eval --payload` takes it: "
                  "'MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]]' or a JSON object {\"mass\", \"com\", \"inertia\"}.")
      .def_property_readonly("mass", [](const Payload& p) { return p.mass; }, "Mass, kg.")
      .def_property_readonly("com", [](const Payload& p) {
        py::array_t<double> out = new_array({3});
        store(p.com, out.mutable_data());
        return out;
      }, "Centre of mass from the frame origin, frame axes, shape (3,), m.")
      .def_property_readonly("inertia", [](const Payload& p) {
        py::array_t<double> out = new_array({3, 3});
        store(p.inertia, out.mutable_data());
        return out;
      }, "Inertia about the centre of mass, frame axes, shape (3, 3), kg m^2.")
      .def("__repr__", [](const Payload& p) { return "<armdyn.Payload " + std::to_string(p.mass) + " kg>"; });

  auto model_class = py::reinterpret_borrow<py::class_<PyModel>>(m.attr("Model"));
  model_class.def("with_payload", [](const PyModel& p, py::handle payload, py::handle frame, py::handle com,
                                     py::handle inertia) {
    const Payload load = payload_arg(payload, com, inertia, "with_payload");
    const int index = payload_frame(p.get(), frame, "with_payload");
    return PyModel{std::make_shared<const Model>(with_payload(p.get(), index, load)), p.drives, p.segments};
  }, py::arg("payload"), py::arg("frame") = py::none(), py::arg("com") = py::none(), py::arg("inertia") = py::none(),
     "with_payload(payload, frame=None, com=None, inertia=None) -> Model\n\nA new model with a rigid payload welded "
     "to the body carrying `frame` (name or index; None: the last moving body's frame, as `armdyn eval --payload`): "
     "that body's mass, centre of mass and inertia become the combined ones; joints, frames, names and drives stay. "
     "payload: an armdyn.Payload, or the mass in kg with com (3,), m, and inertia ((3, 3) or [Ixx, Iyy, Izz, Ixy, "
     "Ixz, Iyz]), kg m^2, in the frame's axes. Raises armdyn.ModelError for a frame on the base or a payload "
     "that is not physical.");

  const auto model_arg = py::arg("model"), data_arg = py::arg("data").none(true);

  m.def("joint_reactions", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_,
                              py::handle f, const std::string& f_ext_axes) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "joint_reactions", "q", model.get().nq()), v = states_arg(v_, "joint_reactions", "v", n, &q),
                 a = states_arg(a_, "joint_reactions", "a", n, &q);
    const ExternalWrenches fext(model.get(), f, f_ext_axes, "joint_reactions");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "joint_reactions");
    return evaluate(model, ws, q, {n, 6}, [&](Workspace& w, py::ssize_t k, double* out) {
      const std::vector<Force<double>>* fp = fext.at(w, q.row(k));
      store(joint_reactions(*w.model, w.data, w.reactions(), q.row(k), v.row(k), a.row(k), fp).transpose(), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("a"), py::arg("f_ext") = py::none(),
        py::arg("f_ext_axes") = "world",
        "joint_reactions(model, data, q, v, a, f_ext=None, f_ext_axes='world') -> R\n\nThe wrench the parent body "
        "applies to each joint's child link through the joint ([VP] (3.5.5)-(3.5.10)): row j = [fx, fy, fz, nx, ny, "
        "nz] of joint j, force in N and moment in N m about the origin of the child link's frame, in that frame's "
        "axes (the rows of `armdyn eval --with reactions`); its component along the joint axis is the joint torque "
        "(or force). Shape (n, 6) or (m, n, 6). f_ext, f_ext_axes: as rnea's.\n\nq, v, a: array-likes of shape (n,), "
        "or (m, n) for a batch of m states (computed in parallel, equal bit for bit to a loop). data: "
        "model.create_data() or None. Raises ValueError for a wrong shape or a non-finite value, naming the argument.");

  m.def("gripper_wrench", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_,
                             py::handle payload, py::handle frame, py::handle com, py::handle inertia) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "gripper_wrench", "q", model.get().nq()), v = states_arg(v_, "gripper_wrench", "v", n, &q),
                 a = states_arg(a_, "gripper_wrench", "a", n, &q);
    const Payload load = payload_arg(payload, com, inertia, "gripper_wrench");
    const int index = payload_frame(model.get(), frame, "gripper_wrench");
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "gripper_wrench");
    return evaluate(model, ws, q, {6}, [&](Workspace& w, py::ssize_t k, double* out) {
      store(gripper_wrench(*w.model, w.data, w.frame, index, load, q.row(k), v.row(k), a.row(k)), out);
    });
  }, model_arg, data_arg, py::arg("q"), py::arg("v"), py::arg("a"), py::arg("payload"), py::arg("frame") = py::none(),
        py::arg("com") = py::none(), py::arg("inertia") = py::none(),
        "gripper_wrench(model, data, q, v, a, payload, frame=None, com=None, inertia=None) -> [F; M]\n\nThe wrench the "
        "gripper at `frame` (None: the last moving body's frame) applies to a rigid payload for it to follow the "
        "frame's motion, with the model's gravity ([VP] (3.5.17)-(3.5.19)): F = m (a_C - g) in N, then the moment "
        "in N m about the frame origin, base axes; shape (6,) or (m, 6). payload as Model.with_payload takes it.\n\n"
        "q, v, a: array-likes of shape (n,), or (m, n) for a batch of m states (computed in parallel, equal bit for "
        "bit to a loop). Raises ValueError for a wrong shape or a non-finite value, naming the argument.");
}

}  // namespace armdyn::python
