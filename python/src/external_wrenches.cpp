#include "external_wrenches.hpp"

#include "armdyn/kinematics/kinematics.hpp"

namespace armdyn::python {

ExternalWrenches::ExternalWrenches(const Model& model, py::handle f_ext, const std::string& axes, const char* fn) {
  if (axes != "world" && axes != "local")
    throw py::value_error(std::string(fn) + ": f_ext_axes: expected 'world' or 'local', got '" + axes + "'");
  local_ = axes == "local";
  if (f_ext.is_none()) return;
  given_ = true;
  if (py::isinstance<py::dict>(f_ext)) {
    const std::string where = std::string(fn) + ": f_ext";
    for (auto [key, value] : f_ext.cast<py::dict>()) {
      const int k = frame_arg(model, key, where.c_str());
      const std::string name = "f_ext['" + model.frames[static_cast<std::size_t>(k)].name + "']";
      const Array w = fixed_arg(value, fn, name.c_str(), {6});
      FrameWrench<double> wrench{k, Vec6<double>()};
      for (int i = 0; i < 6; ++i) wrench.wrench[i] = w.at(i);
      frames_.push_back(wrench);
    }
    return;
  }
  const Array w = fixed_arg(f_ext, fn, "f_ext", {model.dof, 6});
  bodies_.resize(static_cast<std::size_t>(model.dof));
  for (int i = 0; i < model.dof; ++i) {
    bodies_[static_cast<std::size_t>(i)].f = Vec3<double>(w.at(i, 0), w.at(i, 1), w.at(i, 2));
    bodies_[static_cast<std::size_t>(i)].n = Vec3<double>(w.at(i, 3), w.at(i, 4), w.at(i, 5));
  }
}

const std::vector<Force<double>>* ExternalWrenches::at(Workspace& w, VecIn<double> q) const {
  if (!given_) return nullptr;
  if (!bodies_.empty()) return &bodies_;
  if (!local_) return &external_forces_from_frame_wrenches(*w.model, w.data, w.ext, q, frames_);
  // The frame's own axes: turned into the base axes at this state, x_base = R x_frame.
  forward_kinematics(*w.model, w.data, q);
  w.frame_wrenches = frames_;
  for (FrameWrench<double>& f : w.frame_wrenches) {
    const Mat3<double>& R = w.data.oMf[static_cast<std::size_t>(f.frame)].R;
    f.wrench.head<3>() = R * f.wrench.head<3>();
    f.wrench.tail<3>() = R * f.wrench.tail<3>();
  }
  return &external_forces_from_frame_wrenches(*w.model, w.data, w.ext, q, w.frame_wrenches);
}

}  // namespace armdyn::python
