#pragma once
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/kinematics/kinematics_impl.hpp"

namespace armdyn {

template <class S>
const std::vector<Force<S>>& external_forces_from_frame_wrenches(const ModelTpl<S>& model, DataTpl<S>& data,
                                                                 ExternalForceWorkspace<S>& ws, VecIn<S> q,
                                                                 const std::vector<FrameWrench<S>>& wrenches) {
  require_angle_coordinates(model, "the external-force dynamics");
  check_size(q, model.dof, "q");
  if (static_cast<int>(ws.fext.size()) != model.dof)
    throw InputError("external force workspace: built for " + std::to_string(ws.fext.size()) + " joints, model '" +
                     model.name + "' has " + std::to_string(model.dof));
  for (const FrameWrench<S>& w : wrenches)
    if (w.frame < 0 || w.frame >= static_cast<int>(model.frames.size()))
      throw InputError("frame wrench: frame index " + std::to_string(w.frame) + " out of range (model '" +
                       model.name + "' has " + std::to_string(model.frames.size()) + " frames)");
  forward_kinematics(model, data, q);
  for (Force<S>& f : ws.fext) {
    f.n.setZero();
    f.f.setZero();
  }
  for (const FrameWrench<S>& w : wrenches) {
    const int b = model.frames[w.frame].body;
    if (b < 0) continue;  // on the base
    const Transform<S>& oMb = data.oMb[b];
    const Vec3<S> f = w.wrench.template head<3>();
    const Vec3<S> n = w.wrench.template tail<3>() + (data.oMf[w.frame].p - oMb.p).cross(f);
    ws.fext[b].f.noalias() += oMb.R.transpose() * f;
    ws.fext[b].n.noalias() += oMb.R.transpose() * n;
  }
  return ws.fext;
}

template <class S>
const VecX<S>& external_joint_torques(const ModelTpl<S>& model, DataTpl<S>& data, ExternalForceWorkspace<S>& ws,
                                      VecIn<S> q, const std::vector<Force<S>>& fext) {
  require_angle_coordinates(model, "the external-force dynamics");
  check_size(q, model.dof, "q");
  if (static_cast<int>(fext.size()) != model.dof) throw InputError("fext: expected one wrench per body");
  if (static_cast<int>(ws.subtree.size()) != model.dof || ws.tau.size() != model.dof)
    throw InputError("external force workspace: built for " + std::to_string(ws.subtree.size()) +
                     " joints, model '" + model.name + "' has " + std::to_string(model.dof));
  joint_placements(model, data, q.data());
  for (int i = 0; i < model.dof; ++i) ws.subtree[i] = fext[i];
  // Inward, as rnea's (4): tau_i = S_i . f_i, f_parent += X_i^T f_i (body frames).
  for (int i = model.dof - 1; i >= 0; --i) {
    const Force<S>& f = ws.subtree[i];
    ws.tau[i] = model.joint_type[i] == JointType::kRevolute ? f.n.z() : f.f.z();
    const int p = model.parent[i];
    if (p >= 0) {
      const Transform<S>& X = data.X_up[i];
      const Vec3<S> Rf = X.R * f.f;
      ws.subtree[p].n += X.R * f.n + X.p.cross(Rf);
      ws.subtree[p].f += Rf;
    }
  }
  return ws.tau;
}

}  // namespace armdyn
