#include "armdyn/model/gravity_axes.hpp"

#include <cmath>
#include <cstdio>
#include <optional>

#include "armdyn/core/vector_length.hpp"
#include "armdyn/model/dh.hpp"

namespace armdyn {

GravityAxes gravity_axes(const Model& model, double tolerance) {
  GravityAxes out;
  std::vector<Mat3<double>> rotation(static_cast<std::size_t>(model.dof));  // body frames in the base at q = 0
  for (int i = 0; i < model.dof; ++i) {
    const Mat3<double>& R = model.tree[i].R;
    rotation[i] = model.parent[i] < 0 ? R : Mat3<double>(rotation[model.parent[i]] * R);
    out.joint_axes.push_back(rotation[i].col(2).normalized());  // the joint axis is the body frame's z
  }
  const std::optional<Vec3<double>> unit = unit_vector(model.gravity);  // gravity of any non-zero size
  if (!unit) return out;
  const Vec3<double> down = *unit;
  bool any_revolute = false, parallel = true, perpendicular = true;
  for (int i = 0; i < model.dof; ++i) {
    const Vec3<double>& axis = out.joint_axes[i];
    if (model.joint_type[i] == JointType::kRevolute) {
      any_revolute = true;
      parallel = parallel && down.cross(axis).norm() <= tolerance;
    } else {
      perpendicular = perpendicular && std::abs(down.dot(axis)) <= tolerance;
    }
  }
  out.revolute_torques_vanish = any_revolute && parallel;
  out.all_vanish = out.revolute_torques_vanish && perpendicular;
  return out;
}

namespace {
std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", x == 0 ? 0.0 : x);  // no "-0"
  return buffer;
}
}  // namespace

std::string gravity_warning(const Model& model) {
  const GravityAxes axes = gravity_axes(model);
  if (!axes.revolute_torques_vanish) return "";
  const Vec3<double>& g = model.gravity;
  return "gravity [" + number(g[0]) + ", " + number(g[1]) + ", " + number(g[2]) +
         "] m/s^2 is parallel to every revolute joint axis, so the gravity torques are identically zero" +
         (axes.all_vanish ? " (and so are the prismatic joints' gravity forces)" : "") +
         "; gravity is given in the base frame (the DH table's base or the URDF root link), not in DH frame {0} "
         "or a link's frame";
}

std::optional<Transform<double>> dh_base_placement(const Model& model) {
  if (!model.dh || model.dh->rows.empty() || model.dof < 1 || model.parent[0] >= 0) return std::nullopt;
  Transform<double> origin, link_in_joint;
  dh_row_placements(model.dh->convention, model.dh->rows[0], origin, link_in_joint);
  return model.tree[0] * origin.inverse();  // tree[0] = base * origin (model_from_dh)
}

std::string axis_name(const Vec3<double>& v) {
  const std::optional<Vec3<double>> u = unit_vector(v);  // of any non-zero size
  if (!u) return "";
  static const char* names[3] = {"x", "y", "z"};
  for (int k = 0; k < 3; ++k)
    if ((*u - (*u)[k] * Vec3<double>::Unit(k)).norm() <= 1e-9) return std::string((*u)[k] > 0 ? "+" : "-") + names[k];
  return "";
}

}  // namespace armdyn
