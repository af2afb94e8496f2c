// Segments: armdyn.Segments (a segment file read for a model, docs/segments.md), Model.segments,
// load_segments, and segment_stresses ([VP] (3.5.11)-(3.5.16)) from the joint reactions of a state.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "armdyn/io/segments_json.hpp"
#include "armdyn/segments/stress.hpp"
#include "handles.hpp"
#include "segments_arg.hpp"

namespace armdyn::python {

namespace {

// The body indices of the links that have a segment, in link order.
std::vector<int> segment_bodies(const segments::SegmentSet& set) {
  std::vector<int> out;
  for (int b = 0; b < set.size(); ++b)
    if (set[b]) out.push_back(b);
  return out;
}

// One number per segment (link order) from f(segment, geometry).
template <class F> py::array_t<double> per_segment(const segments::SegmentSet& set, F f) {
  const std::vector<int> bodies = segment_bodies(set);
  py::array_t<double> out = new_array({static_cast<py::ssize_t>(bodies.size())});
  for (std::size_t i = 0; i < bodies.size(); ++i) out.mutable_data()[i] = f(*set[bodies[i]], set.geometry(bodies[i]));
  return out;
}

}  // namespace

std::shared_ptr<const segments::SegmentSet> segments_arg(const PyModel& model, py::handle segments, const char* fn) {
  const Model& m = model.get();
  if (segments.is_none()) {
    if (!model.segments)
      throw py::value_error(std::string(fn) + ": segments: the model carries none (armdyn.load(..., segments=FILE)); "
                            "give a segment file or an armdyn.Segments");
    return model.segments;
  }
  if (py::isinstance<PySegments>(segments)) {
    std::shared_ptr<const segments::SegmentSet> set = segments.cast<const PySegments&>().set;
    bool same = set->size() == m.dof;
    for (int b = 0; same && b < m.dof; ++b) same = set->name(b) == m.body_names[static_cast<std::size_t>(b)];
    if (!same)
      throw py::value_error(std::string(fn) + ": segments: made for a model with other links than model '" + m.name + "'");
    return set;
  }
  const py::object path = py::module_::import("os").attr("fspath")(segments);
  return std::make_shared<const segments::SegmentSet>(load_segments(path.cast<std::string>(), m));
}

void bind_segments(py::module_& m) {
  py::class_<PySegments>(m, "Segments",
                         "A segment file read for a model (docs/segments.md): per link a cross-section, a material, "
                         "point masses. Make one with armdyn.load_segments(path, model), or load a model with "
                         "armdyn.load(spec, segments=path) (model.segments).")
      .def_property_readonly("source", [](const PySegments& s) { return s.set->source(); }, "The file it was read from.")
      .def_property_readonly("link_names", [](const PySegments& s) {
        std::vector<std::string> names;
        for (int b : segment_bodies(*s.set)) names.push_back(s.set->name(b));
        return names;
      }, "The links that have a segment, in link order (the rows of segment_stresses), list of str.")
      .def_property_readonly("joints", [](const PySegments& s) { return segment_bodies(*s.set); },
                             "Each segment's joint (body) index, 0-based; the task CSV's sigma_max<k> has k = index + 1.")
      .def_property_readonly("lengths", [](const PySegments& s) {
        return per_segment(*s.set, [](const segments::Segment&, const segments::SegmentGeometry& g) { return g.length; });
      }, "Each segment's length (k,), m.")
      .def_property_readonly("masses", [](const PySegments& s) {
        return per_segment(*s.set, [](const segments::Segment& seg, const segments::SegmentGeometry& g) {
          return segments::segment_mass(seg, g);
        });
      }, "Each segment's mass, section and point masses (k,), kg.")
      .def_property_readonly("allowed_stresses", [](const PySegments& s) {
        const std::vector<int> bodies = segment_bodies(*s.set);
        py::array_t<double> out = new_array({static_cast<py::ssize_t>(bodies.size()), 2});
        for (std::size_t i = 0; i < bodies.size(); ++i) {
          out.mutable_data()[2 * i] = (*s.set)[bodies[i]]->material.allowed_normal_stress;
          out.mutable_data()[2 * i + 1] = (*s.set)[bodies[i]]->material.allowed_shear_stress;
        }
        return out;
      }, "Each segment's material's allowed [normal, shear] stress (k, 2), Pa.")
      .def("__len__", [](const PySegments& s) { return segment_bodies(*s.set).size(); })
      .def("__repr__", [](const PySegments& s) {
        return "<armdyn.Segments " + s.set->source() + ": " + std::to_string(segment_bodies(*s.set).size()) + " segments>";
      });

  auto model_class = py::reinterpret_borrow<py::class_<PyModel>>(m.attr("Model"));
  model_class.def_property_readonly("segments", [](const PyModel& p) -> py::object {
    if (!p.segments) return py::none();
    return py::cast(PySegments{p.segments});
  }, "The segments the model was loaded with (armdyn.load(..., segments=FILE)), an armdyn.Segments, or None.");

  m.def("load_segments", [](py::handle path, const PyModel& model) {
    return PySegments{segments_arg(model, path, "load_segments")};
  }, py::arg("path"), py::arg("model"),
        "load_segments(path, model) -> Segments\n\nReads a segment file (docs/segments.md) for `model`, without changing "
        "the model's masses (armdyn.load(spec, segments=path) applies mass_from_section). Raises armdyn.InputError "
        "naming the file and the field.");

  m.def("segment_stresses", [](const PyModel& model, PyData* data, py::handle q_, py::handle v_, py::handle a_,
                               py::handle segs) {
    const py::ssize_t n = model.get().dof;
    const States q = states_arg(q_, "segment_stresses", "q", model.get().nq()), v = states_arg(v_, "segment_stresses", "v", n, &q),
                 a = states_arg(a_, "segment_stresses", "a", n, &q);
    const std::shared_ptr<const segments::SegmentSet> set = segments_arg(model, segs, "segment_stresses");
    const auto k = static_cast<py::ssize_t>(segment_bodies(*set).size());
    std::optional<Workspace> temp;
    Workspace& ws = single_ws(model, data, temp, "segment_stresses");
    return evaluate(model, ws, q, {k, 2}, [&](Workspace& w, py::ssize_t s, double* out) {
      const MatX<double>& reactions = joint_reactions(*w.model, w.data, w.reactions(), q.row(s), v.row(s), a.row(s));
      for (const std::optional<segments::SegmentStress>& st : segments::segment_stresses(*w.model, *set, q.row(s), reactions))
        if (st) {
          *out++ = st->sigma_max;
          *out++ = st->tau_max;
        }
    });
  }, py::arg("model"), py::arg("data").none(true), py::arg("q"), py::arg("v"), py::arg("a"),
        py::arg("segments") = py::none(),
        "segment_stresses(model, data, q, v, a, segments=None) -> S\n\nEach segment's largest normal stress "
        "(bending plus axial) and torsion stress over its two ends, [sigma_max, tau_max] in Pa, from the joint "
        "reactions of the state ([VP] (3.5.11)-(3.5.16); docs/segments.md): shape (k, 2), one row per link with a "
        "segment in link order (Segments.link_names), or (m, k, 2) for a batch: the sigma_max<k>, tau_max<k> columns "
        "of `armdyn task --with stresses`. segments: None (the model's, armdyn.load(..., segments=FILE)), an "
        "armdyn.Segments or a segment file. A payload belongs in the model (Model.with_payload).\n\nq, v, a: "
        "array-likes of shape (n,), or (m, n) for a batch of m states (computed in parallel, equal bit for bit to a "
        "loop). Raises ValueError for a wrong shape or a non-finite value, naming the argument.");
}

}  // namespace armdyn::python
