// The 3-D view (io/view_scene.hpp) from Python: the page armdyn.view returns (python/armdyn/_view.py
// wraps it for notebooks). Joint positions (n,) or (m, n) with their times, or a trajectory CSV.
#include <pybind11/stl.h>

#include <filesystem>
#include <optional>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/view_scene.hpp"
#include "handles.hpp"

namespace armdyn::python {
namespace {

std::string view_html(const PyModel& handle, py::object q, py::object t, py::object tau, py::object trajectory,
                      std::optional<std::string> frame, long long max_samples) {
  const Model& model = handle.get();
  if (max_samples < 2) throw InputError("view: max_samples: " + std::to_string(max_samples) + ", less than 2");
  view::SceneInput input;
  input.title = "armdyn view " + model.name;
  input.max_samples = static_cast<std::size_t>(max_samples);
  // The visuals are read from the model's file anew; read_urdf_visuals refuses a file that no
  // longer describes the loaded model's joints, bodies and frames (drawn as loaded, or not at all).
  const std::string ext = std::filesystem::path(model.source).extension().string();
  if ((ext == ".urdf" || ext == ".xml") && std::filesystem::is_regular_file(model.source) && !is_mjcf_file(model.source))
    input.visuals = view::read_urdf_visuals(model.source, model);
  if (!trajectory.is_none()) {
    if (!q.is_none()) throw InputError("view: give either q or trajectory, not both");
    input.motion = view::read_view_motion(py::cast<std::string>(trajectory), model);
  } else {
    // The default pose, every joint at 0, as a numpy array (pybind11 casts no Eigen expression).
    const States qs = states_arg(q.is_none() ? py::handle(zeros_array(model.dof)) : q, "view", "q", model.dof);
    for (py::ssize_t k = 0; k < qs.m; ++k) input.motion.q.push_back(qs.row(k));
    if (t.is_none()) {
      for (py::ssize_t k = 0; k < qs.m; ++k) input.motion.t.push_back(static_cast<double>(k));
    } else {
      const Array times = fixed_arg(t, "view", "t", {qs.m});
      input.motion.t.assign(times.data(), times.data() + qs.m);
    }
    if (!tau.is_none()) {
      const States taus = states_arg(tau, "view", "tau", model.dof, &qs);
      for (py::ssize_t k = 0; k < taus.m; ++k) input.motion.tau.push_back(taus.row(k));
    }
  }
  if (frame) {
    input.path_frame = model.frame_index(*frame);
    if (input.path_frame < 0) throw InputError("view: frame: no frame named '" + *frame + "' in model '" + model.name + "'");
  } else if (input.motion.t.size() > 1 && !model.frames.empty()) {
    input.path_frame = static_cast<int>(model.frames.size()) - 1;
  }
  return view::view_html(model, input);
}

}  // namespace

void bind_view(py::module_& m) {
  m.def("_view_html", &view_html, py::arg("model"), py::arg("q") = py::none(), py::arg("t") = py::none(),
        py::arg("tau") = py::none(), py::arg("trajectory") = py::none(), py::arg("frame") = py::none(),
        py::arg("max_samples") = static_cast<long long>(view::kDefaultViewSamples),
        "The self-contained HTML page of the arm in 3-D (see armdyn.view).");
  m.attr("_VIEW_MAX_SAMPLES") = view::kDefaultViewSamples;
}

}  // namespace armdyn::python
