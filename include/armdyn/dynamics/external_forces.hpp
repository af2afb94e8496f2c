#pragma once
// External wrenches on the links: from the user's form (a force and a moment at a named frame,
// base axes) to the recursive Newton-Euler algorithm's (one spatial force per body, body frame,
// about the body origin; rnea.hpp), and the joint torques they produce, sum_i J_i^T f_i.
//
// (The dynamics algorithms take the wrenches themselves, at frames or per body, in Loads:
// loads.hpp.) With these, inverse and forward dynamics under external wrenches are
//   tau = M(q) a + c(q, v) - sum_i J_i^T f_i      (rnea with Loads::body_wrenches = fext)
//   a   = M(q)^-1 (tau + sum_i J_i^T f_i - c(q, v))  (any forward-dynamics route, torque tau + sum J^T f)
// ([Craig] (6.117) with the wrench's generalised force; [VP] §3.5: a known external force "is
// applied to the model" this way). O(n) each, allocation-free once the workspace exists.
#include <vector>

#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// Workspace and results of the functions below, for one model (one per thread).
template <class S> struct ExternalForceWorkspace {
  explicit ExternalForceWorkspace(const ModelTpl<S>& model)
      : fext(static_cast<std::size_t>(model.dof)), subtree(static_cast<std::size_t>(model.dof)),
        tau(VecX<S>::Zero(model.dof)) {}

  std::vector<Force<S>> fext;     ///< external_forces_from_frame_wrenches: rnea's fext, one per body
  std::vector<Force<S>> subtree;  ///< external_joint_torques: the wrench on the subtree of body i
  VecX<S> tau;                    ///< external_joint_torques: sum_i J_i^T f_i
};

/// rnea's fext for the wrenches at frames at joint positions q: each moved to its frame's body
/// (body axes, moment about the body origin: n_b = R^T (n + (p_f - p_b) x f), f_b = R^T f) and
/// summed per body; bodies without a wrench get zero. A frame fixed to the base takes its wrench
/// with no body (the base carries it): it moves no joint. Runs forward_kinematics (data.oMb,
/// data.oMf); writes ws.fext and returns it. InputError for a frame index out of range.
template <class S>
const std::vector<Force<S>>& external_forces_from_frame_wrenches(const ModelTpl<S>& model, DataTpl<S>& data,
                                                                 ExternalForceWorkspace<S>& ws, VecIn<S> q,
                                                                 const std::vector<FrameWrench<S>>& wrenches);

/// sum_i J_i^T fext_i: the joint torques of the external wrenches fext (rnea's form, one per body),
/// by one inward pass (the subtree wrench of each body, projected on its joint axis). Writes
/// data.X_up, ws.subtree and ws.tau; returns ws.tau.
template <class S>
const VecX<S>& external_joint_torques(const ModelTpl<S>& model, DataTpl<S>& data, ExternalForceWorkspace<S>& ws,
                                      VecIn<S> q, const std::vector<Force<S>>& fext);

extern template const std::vector<Force<double>>& external_forces_from_frame_wrenches(
    const Model&, Data&, ExternalForceWorkspace<double>&, VecIn<double>, const std::vector<FrameWrench<double>>&);
extern template const VecX<double>& external_joint_torques(const Model&, Data&, ExternalForceWorkspace<double>&,
                                                           VecIn<double>, const std::vector<Force<double>>&);

}  // namespace armdyn
