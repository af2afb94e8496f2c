#pragma once
// Frame kinematics of a named frame (model.frames): the geometric Jacobian, the frame's velocity
// and classical acceleration, and J̇ v. Every 6-vector and every Jacobian row block is ordered
// linear first, then angular:
//   rows 0-2: velocity of the frame origin,  rows 3-5: angular velocity of the frame,
// in the base axes unless Axes::kLocal asks for the frame's own axes (J_local =
// blockdiag(R^T, R^T) J_base, R the frame's orientation). Only the joints on the path from the
// base to the frame's body contribute; the other columns are zero (trees).
//
// Column j of J for a joint on the path, with z_j its axis and p_j its body origin (base axes)
// and p the frame origin ([VP] (2.4.25)-(2.4.31), "kinematics in the external frame"; their
// B = [Omega; Gamma] and A = J̇ q̇ of (3.1.5)):
//   revolute:  [z_j x (p - p_j); z_j]        prismatic: [z_j; 0]
// Every function here runs forward_kinematics for q first (data.oMb, data.oMf are written) and
// walks the frame's path once: O(n), no heap allocation once the workspace exists.
#include <string>
#include <vector>

#include "armdyn/model/data.hpp"

namespace armdyn {

/// The axes a Jacobian's rows are expressed in: the base frame's or the frame's own.
enum class Axes { kBase, kLocal };

/// Workspace and results of the frame-kinematics functions, for one model (one per thread).
template <class S> struct FrameWorkspace {
  explicit FrameWorkspace(const ModelTpl<S>& model)
      : J(MatX<S>::Zero(6, model.dof)), path(static_cast<std::size_t>(model.dof)) {}

  MatX<S> J;             ///< frame_jacobian, frame_kinematics: 6 x n
  Vec6<S> velocity;      ///< frame_velocity and the others: [origin velocity; angular velocity]
  Vec6<S> jdot_v;        ///< frame_jacobian_dot_v, frame_kinematics: J̇ v (base axes)
  Vec6<S> acceleration;  ///< frame_acceleration: [origin acceleration; angular acceleration]

  std::vector<int> path;  ///< the bodies from the base to the frame's body, root first
  int path_length = 0;    ///< number of entries of `path` in use
};

/// Index of the named frame; InputError naming it (and the model) when there is none.
template <class S> int frame_id(const ModelTpl<S>& model, const std::string& name);

/// The geometric Jacobian of frame `frame` at q, in the base axes or the frame's own axes.
/// Writes ws.J and returns it.
template <class S>
const MatX<S>& frame_jacobian(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                              VecIn<S> q, Axes axes = Axes::kBase);

/// The frame's velocity [v_origin; w] at (q, v), base axes (equal to J v). Writes ws.velocity.
template <class S>
const Vec6<S>& frame_velocity(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame,
                              VecIn<S> q, VecIn<S> v);

/// J̇ v at (q, v), base axes: the classical acceleration of the frame origin and the angular
/// acceleration of the frame when the joint accelerations are zero (no gravity). Writes
/// ws.velocity and ws.jdot_v; returns ws.jdot_v.
template <class S>
const Vec6<S>& frame_jacobian_dot_v(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws,
                                    int frame, VecIn<S> q, VecIn<S> v);

/// The frame's classical acceleration [d²p/dt²; ẇ] at (q, v, a), base axes (equal to
/// J a + J̇ v; not the spatial acceleration, and no gravity). Writes ws.velocity and
/// ws.acceleration; returns ws.acceleration.
template <class S>
const Vec6<S>& frame_acceleration(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws,
                                  int frame, VecIn<S> q, VecIn<S> v, VecIn<S> a);

/// J (base axes), the velocity and J̇ v together, for one forward_kinematics and one walk of
/// the path. Writes ws.J, ws.velocity, ws.jdot_v.
template <class S>
void frame_kinematics(const ModelTpl<S>& model, DataTpl<S>& data, FrameWorkspace<S>& ws, int frame, VecIn<S> q,
                      VecIn<S> v);

extern template int frame_id(const Model&, const std::string&);
extern template const MatX<double>& frame_jacobian(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>, Axes);
extern template const Vec6<double>& frame_velocity(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>,
                                                   VecIn<double>);
extern template const Vec6<double>& frame_jacobian_dot_v(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>,
                                                         VecIn<double>);
extern template const Vec6<double>& frame_acceleration(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>,
                                                       VecIn<double>, VecIn<double>);
extern template void frame_kinematics(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>, VecIn<double>);

}  // namespace armdyn
