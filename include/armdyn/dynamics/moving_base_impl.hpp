#pragma once
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/ldlt.hpp"
#include "armdyn/dynamics/moving_base.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"

namespace armdyn {
namespace moving_base_detail {

/// (1): the base's spatial velocity [w_O; v_O] and acceleration [ε_O; a_O - w_O x v_O - g].
template <class S>
void base_motion(const ModelTpl<S>& model, const BaseMotion<S>& base, Motion<S>& v0, Motion<S>& a0) {
  v0.v = base.v.template head<3>();
  v0.w = base.v.template tail<3>();
  a0.w = base.a.template tail<3>();
  a0.v = base.a.template head<3>() - v0.w.cross(v0.v) - model.gravity;
}

}  // namespace moving_base_detail

template <class S>
const VecX<S>& rnea_moving_base(const ModelTpl<S>& model, DataTpl<S>& data, const BaseMotion<S>& base, VecIn<S> q,
                                VecIn<S> v, VecIn<S> a) {
  require_angle_coordinates(model, "a prescribed base motion");
  check_size(q, model.dof, "q");
  check_size(v, model.dof, "v");
  check_size(a, model.dof, "a");
  Motion<S> v0, a0;
  moving_base_detail::base_motion(model, base, v0, a0);
  rnea_detail::passes<true, true, S, false, true>(model, data, q, v.data(), a.data(), nullptr, data.tau, &v0, &a0);
  return data.tau;
}

template <class S>
const VecX<S>& nonlinear_effects_moving_base(const ModelTpl<S>& model, DataTpl<S>& data, const BaseMotion<S>& base,
                                             VecIn<S> q, VecIn<S> v) {
  require_angle_coordinates(model, "a prescribed base motion");
  check_size(q, model.dof, "q");
  check_size(v, model.dof, "v");
  Motion<S> v0, a0;
  moving_base_detail::base_motion(model, base, v0, a0);
  rnea_detail::passes<true, false, S, false, true>(model, data, q, v.data(), nullptr, nullptr, data.c, &v0, &a0);
  return data.c;
}

template <class S>
const VecX<S>& forward_dynamics_moving_base(const ModelTpl<S>& model, DataTpl<S>& data, const BaseMotion<S>& base,
                                            VecIn<S> q, VecIn<S> v, VecIn<S> tau) {
  check_size(tau, model.dof, "tau");
  check_size(v, model.dof, "v");
  crba(model, data, q);
  Motion<S> v0, a0;
  moving_base_detail::base_motion(model, base, v0, a0);
  rnea_detail::passes<true, false, S, true, true>(model, data, q, v.data(), nullptr, nullptr, data.c, &v0, &a0);
  data.qdd = tau - data.c;
  ldlt_factor_solve(data.M, data.L, data.L_inv_diag, data.qdd);
  return data.qdd;
}

}  // namespace armdyn
