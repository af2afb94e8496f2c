#pragma once
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/kinematics/jacobian_impl.hpp"

namespace armdyn {

template <class S>
ReactionWorkspace<S>::ReactionWorkspace(const ModelTpl<S>& model)
    : wrench(MatX<S>::Zero(6, model.dof)), link_frame(static_cast<std::size_t>(model.dof), -1) {
  for (int i = 0; i < model.dof; ++i) {
    const int k = model.frame_index(model.body_names[i]);
    if (k >= 0 && model.frames[k].body == i) link_frame[i] = k;
  }
  loads.body_wrenches.reserve(static_cast<std::size_t>(model.dof));  // filled by joint_reactions without allocating
}

template <class S> Transform<S> link_in_body(const ModelTpl<S>& model, const ReactionWorkspace<S>& ws, int i) {
  const int k = ws.link_frame[i];
  return k >= 0 ? model.frames[k].placement : Transform<S>::identity();
}

template <class S> Vec3<S> joint_axis_in_link(const ModelTpl<S>& model, const ReactionWorkspace<S>& ws, int i) {
  return link_in_body(model, ws, i).R.transpose().col(2);  // the body frame's z axis
}

template <class S>
const MatX<S>& reactions_from_rnea(const ModelTpl<S>& model, const DataTpl<S>& data, ReactionWorkspace<S>& ws) {
  if (ws.wrench.cols() != model.dof || static_cast<int>(ws.link_frame.size()) != model.dof)
    throw InputError("reaction workspace: built for " + std::to_string(ws.wrench.cols()) + " joints, model '" +
                     model.name + "' has " + std::to_string(model.dof));
  for (int i = 0; i < model.dof; ++i) {
    // data.f[i]: body frame, moment about the body origin. Link frame L (placement X in the body
    // frame): f_L = R^T f, n_L = R^T (n - p x f).
    const Force<S>& f = data.f[i];
    const int k = ws.link_frame[i];
    if (k < 0) {
      ws.wrench.col(i).template head<3>() = f.f;
      ws.wrench.col(i).template tail<3>() = f.n;
      continue;
    }
    const Transform<S>& X = model.frames[k].placement;
    ws.wrench.col(i).template head<3>().noalias() = X.R.transpose() * f.f;
    ws.wrench.col(i).template tail<3>().noalias() = X.R.transpose() * (f.n - X.p.cross(f.f));
  }
  return ws.wrench;
}

template <class S>
const MatX<S>& joint_reactions(const ModelTpl<S>& model, DataTpl<S>& data, ReactionWorkspace<S>& ws, VecIn<S> q,
                               VecIn<S> v, VecIn<S> a, const std::vector<Force<S>>* fext) {
  if (fext) ws.loads.body_wrenches = *fext;
  rnea(model, data, q, v, a, fext ? &ws.loads : nullptr);
  return reactions_from_rnea(model, data, ws);
}

template <class S>
Vec6<S> gripper_wrench(const Payload& payload, const Mat3<S>& R, const Vec6<S>& velocity, const Vec6<S>& acceleration,
                       const Vec3<S>& gravity) {
  const S m = S(payload.mass);
  const Vec3<S> r = R * payload.com.template cast<S>();  // frame origin V -> centre of mass, base axes
  const Mat3<S> I = R * payload.inertia.template cast<S>() * R.transpose();
  const Vec3<S> w = velocity.template tail<3>(), e = acceleration.template tail<3>();
  const Vec3<S> acc_com = acceleration.template head<3>() + e.cross(r) + w.cross(w.cross(r));
  const Vec3<S> F = m * (acc_com - gravity);   // (3.5.17)
  const Vec3<S> euler = I * e + w.cross(I * w);  // (3.5.19), in base axes
  Vec6<S> out;
  out.template head<3>() = F;
  out.template tail<3>() = r.cross(F) + euler;  // (3.5.18)
  return out;
}

template <class S>
Vec6<S> gripper_wrench(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                       const Payload& payload, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  const Vec6<S> acceleration = frame_acceleration(model, data, ws, frame, q, v, a);
  return gripper_wrench<S>(payload, data.oMf[frame].R, ws.velocity, acceleration, model.gravity);
}

}  // namespace armdyn
