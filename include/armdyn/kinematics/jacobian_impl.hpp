#pragma once
#include <utility>

#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/kinematics/kinematics_impl.hpp"

namespace armdyn {
namespace frame_detail {

/// InputError unless `frame` names one of the model's frames and `ws` was built for a model of
/// the same size.
template <class S> void check(const ModelTpl<S>& model, const FrameWorkspace<S>& ws, int frame) {
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw InputError("frame: index " + std::to_string(frame) + " out of range (model '" + model.name + "' has " +
                     std::to_string(model.frames.size()) + " frames)");
  if (ws.J.cols() != model.dof || static_cast<int>(ws.path.size()) != model.dof)
    throw InputError("frame workspace: built for " + std::to_string(ws.J.cols()) + " joints, model '" + model.name +
                     "' has " + std::to_string(model.dof));
}

/// ws.path[0 .. path_length): the bodies from the base to the frame's body, root first
/// (parent[i] < i, so walking up from the body visits them in decreasing order).
template <class S> void find_path(const ModelTpl<S>& model, FrameWorkspace<S>& ws, int frame) {
  int len = 0;
  for (int b = model.frames[frame].body; b >= 0; b = model.parent[b]) ws.path[len++] = b;
  for (int k = 0; k < len / 2; ++k) std::swap(ws.path[k], ws.path[len - 1 - k]);
  ws.path_length = len;
}

/// The start of every frame function: the frame and workspace checked, the placements at q
/// (data.oMb, data.oMf) and the frame's path found.
template <class S> void place(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame, VecIn<S> q) {
  check(model, ws, frame);
  forward_kinematics(model, data, q);
  find_path(model, ws, frame);
}

/// Writes the Jacobian columns of the path (others zero), base or frame axes. Needs
/// forward_kinematics and find_path first.
template <class S>
void jacobian_columns(const ModelTpl<S>& model, const DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                      Axes axes) {
  ws.J.setZero();
  const Transform<S>& oMf = data.oMf[frame];
  for (int k = 0; k < ws.path_length; ++k) {
    const int j = ws.path[k];
    const Transform<S>& oMb = data.oMb[j];
    Vec3<S> lin, ang;
    if (model.joint_type[j] == JointType::kRevolute) {
      lin = oMb.R.col(2).cross(oMf.p - oMb.p);
      ang = oMb.R.col(2);
    } else {
      lin = oMb.R.col(2);
      ang.setZero();
    }
    if (axes == Axes::kLocal) {
      ws.J.col(j).template head<3>().noalias() = oMf.R.transpose() * lin;
      ws.J.col(j).template tail<3>().noalias() = oMf.R.transpose() * ang;
    } else {
      ws.J.col(j).template head<3>() = lin;
      ws.J.col(j).template tail<3>() = ang;
    }
  }
}

/// Outward along the path in base axes (body origins p_i, axes z_i; r = p_i - p_parent):
///   w_i  = w_p + z_i v_i                      (revolute; prismatic: w_p)
///   ẇ_i  = ẇ_p + w_p x z_i v_i + z_i a_i      (revolute; prismatic: ẇ_p)
///   ṗ_i  = ṗ_p + w_p x r [+ z_i v_i]
///   p̈_i  = p̈_p + ẇ_p x r + w_p x (w_p x r) [+ 2 w_p x z_i v_i + z_i a_i]
/// (the bracketed terms for a prismatic joint), then from the frame's body to the frame origin; a
/// quaternion joint's bodies take a_i - b_i (joint.hpp: quaternion_bias).
/// a == nullptr: zero joint accelerations (J̇ v); kAcc = false: the velocity alone. Needs
/// forward_kinematics and find_path.
template <bool kAcc, class S>
void path_motion(const ModelTpl<S>& model, const DataTpl<S>& data, const FrameWorkspace<S>& ws, int frame,
                 const S* v, const S* a, Vec6<S>& velocity, Vec6<S>& acceleration) {
  Vec3<S> w = Vec3<S>::Zero(), wd = Vec3<S>::Zero(), pd = Vec3<S>::Zero(), pdd = Vec3<S>::Zero();
  Vec3<S> origin = Vec3<S>::Zero();
  [[maybe_unused]] const bool has_quaternions = model.has_quaternions();
  for (int k = 0; k < ws.path_length; ++k) {
    const int i = ws.path[k];
    const Transform<S>& oMb = data.oMb[i];
    const Vec3<S> r = oMb.p - origin;
    const Vec3<S> wr = w.cross(r);
    pd += wr;
    if constexpr (kAcc) pdd += wd.cross(r) + w.cross(wr);
    const Vec3<S> z = oMb.R.col(2);
    const Vec3<S> zv = z * v[i];
    if (model.joint_type[i] == JointType::kRevolute) {
      if constexpr (kAcc) {
        wd += w.cross(zv);
        if (a) wd += z * a[i];
        if (has_quaternions) wd -= z * quaternion_bias(model, i, v);  // the chart's a - b (joint.hpp)
      }
      w += zv;
    } else {
      pd += zv;
      if constexpr (kAcc) {
        pdd += S(2) * w.cross(zv);
        if (a) pdd += z * a[i];
      }
    }
    origin = oMb.p;
  }
  const Vec3<S> r = data.oMf[frame].p - origin;
  const Vec3<S> wr = w.cross(r);
  velocity.template head<3>() = pd + wr;
  velocity.template tail<3>() = w;
  if constexpr (kAcc) {
    acceleration.template head<3>() = pdd + wd.cross(r) + w.cross(wr);
    acceleration.template tail<3>() = wd;
  }
}

}  // namespace frame_detail

template <class S> int frame_id(const ModelTpl<S>& model, const std::string& name) {
  const int k = model.frame_index(name);
  if (k < 0) throw InputError("frame: no frame named '" + name + "' in model '" + model.name + "'");
  return k;
}

template <class S>
const MatX<S>& frame_jacobian(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                              VecIn<S> q, Axes axes) {
  frame_detail::place(model, data, ws, frame, q);
  frame_detail::jacobian_columns(model, data, ws, frame, axes);
  return ws.J;
}

template <class S>
const Vec6<S>& frame_velocity(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                              VecIn<S> q, VecIn<S> v) {
  check_size(v, model.dof, "v");
  frame_detail::place(model, data, ws, frame, q);
  frame_detail::path_motion<false>(model, data, ws, frame, v.data(), static_cast<const S*>(nullptr), ws.velocity,
                                   ws.acceleration);
  return ws.velocity;
}

template <class S>
const Vec6<S>& frame_jacobian_dot_v(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws,
                                    int frame, VecIn<S> q, VecIn<S> v) {
  check_size(v, model.dof, "v");
  frame_detail::place(model, data, ws, frame, q);
  frame_detail::path_motion<true>(model, data, ws, frame, v.data(), static_cast<const S*>(nullptr), ws.velocity,
                                  ws.jdot_v);
  return ws.jdot_v;
}

template <class S>
const Vec6<S>& frame_acceleration(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws,
                                  int frame, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  check_size(v, model.dof, "v");
  check_size(a, model.dof, "a");
  frame_detail::place(model, data, ws, frame, q);
  frame_detail::path_motion<true>(model, data, ws, frame, v.data(), a.data(), ws.velocity, ws.acceleration);
  return ws.acceleration;
}

template <class S>
void frame_kinematics(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame, VecIn<S> q,
                      VecIn<S> v) {
  check_size(v, model.dof, "v");
  frame_detail::place(model, data, ws, frame, q);
  frame_detail::jacobian_columns(model, data, ws, frame, Axes::kBase);
  frame_detail::path_motion<true>(model, data, ws, frame, v.data(), static_cast<const S*>(nullptr), ws.velocity,
                                  ws.jdot_v);
}

}  // namespace armdyn
