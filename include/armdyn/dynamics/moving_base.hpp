#pragma once
// A manipulator on a moving base, the base's motion prescribed ([VP] (2.3.48):
// H q̈ = H₁P + H₂ w_O + H₃ ε_O + ξ, a ship's or a vehicle's platform): the base frame {0} moves
// with linear velocity v_O and angular velocity w_O, linear acceleration a_O (of its origin) and
// angular acceleration ε_O, all in the base frame's own axes; gravity stays the model's (in the
// same axes: a base that turns relative to the ground turns g with it, which the caller updates).
//
// The recursive Newton-Euler algorithm then starts from the base's spatial velocity and
// acceleration instead of (0, -g) (rnea.hpp's (1), (2) with p = base):
//   v_0 = [w_O; v_O],   a_0 = [ε_O; a_O - w_O x v_O - g]                                    (1)
// (a_0 the spatial acceleration: the classical a_O less w_O x v_O). Everything else is rnea's
// recursion, shared through a template parameter: the fixed-base rnea, nonlinear_effects and
// forward_dynamics compile exactly as before. M(q) does not depend on the base's motion, so
//   tau = M(q) q̈ + c_B(q, q̇),     q̈ = M(q)^-1 (tau - c_B(q, q̇))                              (2)
// with c_B = rnea with (1) at q̈ = 0. O(n) and O(n^3) as rnea and forward_dynamics.
#include "armdyn/model/data.hpp"

namespace armdyn {

/// The base's motion, each 6-vector [linear; angular] in the base frame's axes: v = [v_O; w_O],
/// a = [a_O; ε_O] (a_O the classical acceleration of the base origin).
template <class S> struct BaseMotion {
  Vec6<S> v = Vec6<S>::Zero();
  Vec6<S> a = Vec6<S>::Zero();
};

/// tau = M(q) a + c_B(q, v) for the arm on the moving base. Writes what rnea writes; returns data.tau.
template <class S>
const VecX<S>& rnea_moving_base(const ModelTpl<S>& model, DataTpl<S>& data, const BaseMotion<S>& base, VecIn<S> q,
                                VecIn<S> v, VecIn<S> a);

/// c_B(q, v): the torques at zero joint acceleration on the moving base (gravity included).
/// Writes data.c; returns it.
template <class S>
const VecX<S>& nonlinear_effects_moving_base(const ModelTpl<S>& model, DataTpl<S>& data, const BaseMotion<S>& base,
                                             VecIn<S> q, VecIn<S> v);

/// (2): the joint accelerations on the moving base under tau (CRBA, LDL^T). Writes data.M,
/// data.c, data.L, data.qdd; returns data.qdd.
template <class S>
const VecX<S>& forward_dynamics_moving_base(const ModelTpl<S>& model, DataTpl<S>& data, const BaseMotion<S>& base,
                                            VecIn<S> q, VecIn<S> v, VecIn<S> tau);

extern template const VecX<double>& rnea_moving_base(const Model&, Data&, const BaseMotion<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);
extern template const VecX<double>& nonlinear_effects_moving_base(const Model&, Data&, const BaseMotion<double>&,
                                                                  VecIn<double>, VecIn<double>);
extern template const VecX<double>& forward_dynamics_moving_base(const Model&, Data&, const BaseMotion<double>&,
                                                                 VecIn<double>, VecIn<double>, VecIn<double>);

}  // namespace armdyn
