// armdyn.load, armdyn.Model, armdyn.Data.
#include <pybind11/stl.h>

#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/mjcf.hpp"
#include "armdyn/io/segments_json.hpp"
#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/model/catalogue.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

py::array_t<double> vector_of(const std::vector<double>& x) {
  py::array_t<double> out = new_array({static_cast<py::ssize_t>(x.size())});
  std::copy(x.begin(), x.end(), out.mutable_data());
  return out;
}

template <class Matrix> py::array_t<double> copy_of(const Matrix& x) {
  py::array_t<double> out = x.cols() == 1 ? new_array({static_cast<py::ssize_t>(x.rows())})
                                          : new_array({static_cast<py::ssize_t>(x.rows()), static_cast<py::ssize_t>(x.cols())});
  store(x, out.mutable_data());
  return out;
}

template <class Field> py::array_t<double> limits_of(const Model& model, Field field) {
  std::vector<double> x;
  for (const JointLimits& l : model.limits) x.push_back(l.*field);
  return vector_of(x);
}

}  // namespace

void bind_model(py::module_& m) {
  py::class_<PyModel>(m, "Model",
                      "A manipulator model (immutable): a kinematic tree of rigid bodies joined by revolute or "
                      "prismatic joints. Make one with armdyn.load(); its workspace with create_data().")
      .def_property_readonly("name", [](const PyModel& p) { return p.get().name; }, "Model name.")
      .def_property_readonly("source", [](const PyModel& p) { return p.get().source; },
                             "File or built-in name the model was loaded from.")
      .def_property_readonly("nq", [](const PyModel& p) { return p.get().nq(); },
                             "Number of configuration coordinates, the size of q (nv, plus one per quaternion joint).")
      .def_property_readonly("nv", [](const PyModel& p) { return p.get().dof; }, "Number of joint velocities, the size of v.")
      .def_property_readonly("configuration_names", [](const PyModel& p) { return p.get().configuration_names(); },
                             "The name of each entry of q (a quaternion joint's four: '<joint>/qw', '/qx', '/qy', '/qz').")
      .def("neutral_configuration", [](const PyModel& p) {
             const VecX<double> q = neutral_configuration(p.get());
             py::array_t<double> out = new_array({static_cast<py::ssize_t>(q.size())});
             std::copy(q.data(), q.data() + q.size(), out.mutable_data());
             return out;
           },
           "The zero configuration: every angle and offset 0, every quaternion (1, 0, 0, 0).")
      .def_property_readonly("nbodies", [](const PyModel& p) { return p.get().dof; },
                             "Number of moving bodies (one per joint).")
      .def_property_readonly("joint_names", [](const PyModel& p) { return p.get().joint_names; },
                             "Joint names, list of nq str (the order of q, v, a, tau).")
      .def_property_readonly("body_names", [](const PyModel& p) { return p.get().body_names; },
                             "Body names, list of nbodies str (the order of a per-body f_ext).")
      .def_property_readonly("frame_names", [](const PyModel& p) {
        std::vector<std::string> names;
        for (const Frame<double>& f : p.get().frames) names.push_back(f.name);
        return names;
      }, "Named frames (every link's own frame and the fixed frames), list of str.")
      .def_property_readonly("joint_types", [](const PyModel& p) {
        std::vector<std::string> types;
        for (JointType t : p.get().joint_type) types.push_back(to_string(t));
        return types;
      }, "'revolute' or 'prismatic' per joint.")
      .def_property_readonly("compound_joints", [](const PyModel& p) {
        py::list out;
        for (const CompoundJoint& j : p.get().compound_joints) {
          py::dict d;
          d["name"] = j.name;
          d["type"] = to_string(j.kind);
          d["first"] = j.first;
          d["count"] = j.count;
          d["euler"] = j.euler.empty() ? py::object(py::none()) : py::object(py::str(j.euler));
          d["q_first"] = j.q_first;
          out.append(d);
        }
        return out;
      }, "The joints of several coordinates (cylindrical, universal, spherical, planar, floating), list of dict:\n"
         "name, type, first (index of its first coordinate in v), count, euler (the Euler sequence, 'quaternion' or None),\n"
         "q_first (index of its first coordinate in q).")
      .def_property_readonly("parents", [](const PyModel& p) { return p.get().parent; },
                             "Parent body index per body (-1: the base).")
      .def_property_readonly("gravity", [](const PyModel& p) {
        const Vec3<double>& g = p.get().gravity;
        return vector_of({g.x(), g.y(), g.z()});
      }, "Gravity vector in the base frame, shape (3,), m/s^2.")
      .def_property_readonly("lower_limits", [](const PyModel& p) { return limits_of(p.get(), &JointLimits::lower); },
                             "Lower position limits, shape (nq,), rad or m (-inf: none).")
      .def_property_readonly("upper_limits", [](const PyModel& p) { return limits_of(p.get(), &JointLimits::upper); },
                             "Upper position limits, shape (nq,), rad or m (+inf: none).")
      .def_property_readonly("velocity_limits", [](const PyModel& p) { return limits_of(p.get(), &JointLimits::velocity); },
                             "Velocity limits, shape (nv,), rad/s or m/s (inf: none).")
      .def_property_readonly("effort_limits", [](const PyModel& p) { return limits_of(p.get(), &JointLimits::effort); },
                             "Effort limits, shape (nv,), N m or N (inf: none).")
      .def_property_readonly("warnings", [](const PyModel& p) { return p.get().warnings; },
                             "What the loader ignored (list of str).")
      .def("with_gravity", [](const PyModel& p, py::handle g) {
        const Array a = fixed_arg(g, "with_gravity", "gravity", {3});
        return PyModel{std::make_shared<const Model>(p.get().with_gravity(Vec3<double>(a.at(0), a.at(1), a.at(2)))), p.drives, p.segments};
      }, py::arg("gravity"), "with_gravity(gravity) -> Model\n\nThe same model (and drives) with another gravity vector (shape (3,), m/s^2, base frame).")
      .def("create_data", [](const PyModel& p) { return PyData(p.model); },
           "create_data() -> Data\n\nA new workspace (armdyn.Data) for this model; one per thread.")
      .def("__repr__", [](const PyModel& p) {
        return "<armdyn.Model '" + p.get().name + "' with " + std::to_string(p.get().dof) + " joints>";
      });

  py::class_<PyData>(m, "Data",
                     "The workspace of the algorithms for one model (model.create_data()). Not shared between "
                     "threads; batches make their own and leave it untouched. Its results (tau, M, nle, g, ddq, oMf) "
                     "are those of the last one-state call that wrote them, as copies.")
      .def_property_readonly("model", [](const PyData& d) { return PyModel{d.model, nullptr, nullptr}; },
                             "The model it belongs to (its rigid-body part: without drives).")
      .def_property_readonly("tau", [](const PyData& d) { return copy_of(d.ws.data.tau); },
                             "tau of the last one-state rnea on this Data, a copy, shape (n,).")
      .def_property_readonly("M", [](const PyData& d) { return copy_of(d.ws.data.M); },
                             "M of the last one-state crba on this Data, a copy, shape (n, n).")
      .def_property_readonly("nle", [](const PyData& d) { return copy_of(d.ws.data.c); },
                             "c of the last one-state nonlinear_effects on this Data, a copy, shape (n,).")
      .def_property_readonly("g", [](const PyData& d) { return copy_of(d.ws.data.g); },
                             "g of the last one-state gravity on this Data, a copy, shape (n,).")
      .def_property_readonly("ddq", [](const PyData& d) { return copy_of(d.ws.data.qdd); },
                             "a of the last one-state aba or forward_dynamics on this Data, a copy, shape (n,).")
      .def_property_readonly("oMf", [](const PyData& d) {
        const std::vector<Transform<double>>& X = d.ws.data.oMf;
        py::array_t<double> out = new_array({static_cast<py::ssize_t>(X.size()), 4, 4});
        for (std::size_t k = 0; k < X.size(); ++k) store(X[k].matrix(), out.mutable_data() + 16 * k);
        return out;
      }, "Placements of the named frames (model.frame_names order) after the last one-state forward_kinematics, "
         "frame_placement or jacobian on this Data, a copy, shape (nframes, 4, 4).")
      .def("__repr__", [](const PyData& d) { return "<armdyn.Data of '" + d.model->name + "'>"; });

  m.def("load", [](const std::string& spec, std::optional<std::string> actuators, std::optional<std::string> segment_file) {
    auto model = std::make_shared<const Model>(load_any_model(spec));
    std::shared_ptr<const segments::SegmentSet> segs;
    if (segment_file) {  // as the CLI's --segments: mass_from_section applied
      segs = std::make_shared<const segments::SegmentSet>(load_segments(*segment_file, *model));
      model = std::make_shared<const Model>(segments::with_section_masses(*model, *segs));
    }
    std::shared_ptr<const drives::DriveSet> drives;
    if (actuators) drives = std::make_shared<const drives::DriveSet>(load_any_drives(*actuators, *model, spec));
    return PyModel{model, drives, segs};
  }, py::arg("spec"), py::arg("actuators") = py::none(), py::arg("segments") = py::none(),
        "load(spec, actuators=None, segments=None) -> Model\n\nLoads a model: a built-in name (see builtin_models()), a "
        ".urdf file, an MJCF .xml file (docs/models.md) or a .json DH file; actuators (as `armdyn eval --actuators`): the "
        "joints' drives, an actuator JSON file, a built-in drive set's name (builtin_drives()), 'urdf' (the URDF file's "
        "<dynamics damping friction>) or 'mjcf' (the MJCF file's armature, damping, frictionloss), "
        "kept as model.drives for the drive_* functions; segments (as `armdyn eval --segments`): a segment file "
        "(docs/segments.md) whose links with mass_from_section get their section's mass and inertia, kept as "
        "model.segments for segment_stresses and run_task. Raises armdyn.InputError / armdyn.ModelError with the "
        "loader's message.");
  m.def("builtin_models", [] { return builtin_names(); }, "builtin_models() -> list[str]\n\nNames of the built-in models.");
}

}  // namespace armdyn::python
