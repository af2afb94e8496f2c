#pragma once
// Joint reactions and the gripper-payload wrench ([VP] §3.5).
//
// Joint reactions ([VP] (3.5.5)-(3.5.10)): cutting the arm at joint k, the wrench the parent body
// applies to the child body through the joint balances the rate of momentum of everything the
// joint carries, less gravity and the external wrenches on it. That is the recursive
// Newton-Euler algorithm's transmitted force data.f (rnea.hpp), here re-expressed in the child
// link's own frame (model.frames entry named after the body: the URDF link frame or the DH frame
// {i}), with the moment about that frame's origin. Its component along the joint axis is the
// drive (VP's P_k e_k, the joint torque or force) wherever the origin lies on the joint axis
// (URDF links, modified DH); the rest is what the bearing carries (VP's M_Rk, F_Rk).
//
// Gripper wrench ([VP] (3.5.17)-(3.5.19)): the force and moment the gripper must apply to a rigid
// payload held at a frame for it to follow the frame's motion,
//   F_V = m (w_C - g),   M_V = r x F_V + I_C e + w x (I_C w)          (base axes)
// with r the payload's centre of mass from the frame origin, w_C its acceleration
// (p̈ + e x r + w x (w x r)), w and e the frame's angular velocity and acceleration, I_C the
// payload's inertia about its centre of mass.
#include <vector>

#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"
#include "armdyn/model/payload.hpp"

namespace armdyn {

template <class S> struct FrameWorkspace;

/// Workspace and results of joint_reactions, for one model (one per thread).
template <class S> struct ReactionWorkspace {
  explicit ReactionWorkspace(const ModelTpl<S>& model);

  /// 6 x n: column k = [fx, fy, fz, nx, ny, nz] of joint k's reaction (joint_reactions).
  MatX<S> wrench;
  /// Per body: its link frame's index in model.frames (-1: none, the body frame is used).
  std::vector<int> link_frame;
  /// joint_reactions' loads for rnea (its fext as the per-body wrenches).
  Loads<S> loads;
};

/// Body i's link frame in its body frame (identity when the model has none named after it).
template <class S> Transform<S> link_in_body(const ModelTpl<S>& model, const ReactionWorkspace<S>& ws, int i);

/// The unit joint axis of joint i in its child link's frame (the direction whose component of
/// the reaction's moment, revolute, or force, prismatic, is the joint torque or force).
template <class S> Vec3<S> joint_axis_in_link(const ModelTpl<S>& model, const ReactionWorkspace<S>& ws, int i);

/// The reactions from rnea's transmitted forces data.f (run rnea for the state first, with the
/// external wrenches when there are any): writes ws.wrench and returns it.
template <class S> const MatX<S>& reactions_from_rnea(const ModelTpl<S>& model, const DataTpl<S>& data,
                                                      ReactionWorkspace<S>& ws);

/// rnea(q, v, a, fext), then reactions_from_rnea. Writes what rnea writes and ws.wrench; returns
/// ws.wrench. Allocation-free.
template <class S>
const MatX<S>& joint_reactions(const ModelTpl<S>& model, DataTpl<S>& data, ReactionWorkspace<S>& ws, VecIn<S> q,
                               VecIn<S> v, VecIn<S> a, const std::vector<Force<S>>* fext = nullptr);

/// [F_V; M_V] ([VP] (3.5.17)-(3.5.19)): the wrench the gripper applies to `payload` (given in the
/// frame's axes, see payload.hpp), base axes, moment about the frame origin, for the frame's
/// orientation R (frame axes in base axes), velocity [v; w] and classical acceleration
/// [p̈; e] (jacobian.hpp's frame_velocity and frame_acceleration) and gravity g.
template <class S>
Vec6<S> gripper_wrench(const Payload& payload, const Mat3<S>& R, const Vec6<S>& velocity, const Vec6<S>& acceleration,
                       const Vec3<S>& gravity);

/// The same at the state (q, v, a) of frame `frame`, with the model's gravity: runs
/// frame_acceleration (writes data.oMb, data.oMf, ws.velocity, ws.acceleration).
template <class S>
Vec6<S> gripper_wrench(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                       const Payload& payload, VecIn<S> q, VecIn<S> v, VecIn<S> a);

extern template struct ReactionWorkspace<double>;
extern template Transform<double> link_in_body(const Model&, const ReactionWorkspace<double>&, int);
extern template Vec3<double> joint_axis_in_link(const Model&, const ReactionWorkspace<double>&, int);
extern template const MatX<double>& reactions_from_rnea(const Model&, const Data&, ReactionWorkspace<double>&);
extern template const MatX<double>& joint_reactions(const Model&, Data&, ReactionWorkspace<double>&, VecIn<double>,
                                                    VecIn<double>, VecIn<double>, const std::vector<Force<double>>*);
extern template Vec6<double> gripper_wrench(const Payload&, const Mat3<double>&, const Vec6<double>&,
                                            const Vec6<double>&, const Vec3<double>&);
extern template Vec6<double> gripper_wrench(const Model&, Data&, FrameWorkspace<double>&, int, const Payload&,
                                            VecIn<double>, VecIn<double>, VecIn<double>);

}  // namespace armdyn
