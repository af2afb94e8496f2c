#pragma once
#include "armdyn/algorithm/cholesky.hpp"
#include "armdyn/algorithm/crba_impl.hpp"
#include "armdyn/algorithm/forward_dynamics.hpp"
#include "armdyn/algorithm/rnea_impl.hpp"

namespace armdyn {

template <class S>
const VecX<S>& forward_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd,
                                VecIn<S> tau) {
  check_size(tau, model.dof, "tau");
  crba(model, data, q);
  nonlinear_effects(model, data, q, qd);
  data.L = data.M;
  cholesky_factor(data.L);
  data.qdd = tau - data.c;
  cholesky_solve(data.L, data.qdd);
  return data.qdd;
}

}  // namespace armdyn
