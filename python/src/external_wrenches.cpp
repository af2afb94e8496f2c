#include "external_wrenches.hpp"

#include "armdyn/kinematics/kinematics.hpp"

namespace armdyn::python {

ExternalWrenches::ExternalWrenches(const Model& model, py::handle f_ext, const std::string& axes) {
  if (axes != "world" && axes != "local")
    throw py::value_error("rnea: f_ext_axes: expected 'world' or 'local', got '" + axes + "'");
  local_ = axes == "local";
  if (f_ext.is_none()) return;
  given_ = true;
  if (py::isinstance<py::dict>(f_ext)) {
    for (auto [key, value] : f_ext.cast<py::dict>()) {
      const int k = frame_arg(model, key, "rnea: f_ext");
      const std::string name = "f_ext['" + model.frames[static_cast<std::size_t>(k)].name + "']";
      const Array w = fixed_arg(value, "rnea", name.c_str(), {6});
      if (model.frames[static_cast<std::size_t>(k)].body < 0) continue;  // on the fixed base: moves no joint
      frames_.push_back(AtFrame{k, Vec3<double>(w.at(0), w.at(1), w.at(2)), Vec3<double>(w.at(3), w.at(4), w.at(5))});
    }
    return;
  }
  const Array w = fixed_arg(f_ext, "rnea", "f_ext", {model.dof, 6});
  bodies_.resize(static_cast<std::size_t>(model.dof));
  for (int i = 0; i < model.dof; ++i) {
    bodies_[static_cast<std::size_t>(i)].f = Vec3<double>(w.at(i, 0), w.at(i, 1), w.at(i, 2));
    bodies_[static_cast<std::size_t>(i)].n = Vec3<double>(w.at(i, 3), w.at(i, 4), w.at(i, 5));
  }
}

const std::vector<Force<double>>* ExternalWrenches::at(const Model& model, Data& data, VecIn<double> q,
                                                      std::vector<Force<double>>& forces) const {
  if (!given_) return nullptr;
  if (!bodies_.empty()) return &bodies_;
  for (Force<double>& f : forces) f = Force<double>{};
  if (frames_.empty()) return &forces;
  forward_kinematics(model, data, q);
  for (const AtFrame& w : frames_) {
    const Transform<double>& oMf = data.oMf[static_cast<std::size_t>(w.frame)];
    const int body = model.frames[static_cast<std::size_t>(w.frame)].body;
    const Transform<double>& oMb = data.oMb[static_cast<std::size_t>(body)];
    // In the base axes, moment about the frame origin; then moved to the body origin, body axes:
    // f_b = R_b^T f, n_b = R_b^T (n + (p_f - p_b) x f).
    const Vec3<double> f = local_ ? Vec3<double>(oMf.R * w.f) : w.f;
    const Vec3<double> n = local_ ? Vec3<double>(oMf.R * w.n) : w.n;
    Force<double>& out = forces[static_cast<std::size_t>(body)];
    out.f += oMb.R.transpose() * f;
    out.n += oMb.R.transpose() * (n + (oMf.p - oMb.p).cross(f));
  }
  return &forces;
}

}  // namespace armdyn::python
