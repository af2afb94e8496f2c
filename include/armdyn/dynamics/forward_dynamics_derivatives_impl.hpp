#pragma once
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/ldlt.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/dynamics/rnea_derivatives_impl.hpp"

namespace armdyn {

template <class S>
const VecX<S>& forward_dynamics_derivatives(const ModelTpl<S>& model, DataTpl<S>& data,
                                            ForwardDynamicsDerivativesWorkspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                            VecIn<S> tau, const Loads<S>* loads) {
  const int n = model.dof;
  check_size(tau, n, "tau");
  // qdd = M^-1 (tau - c) with an LDL^T factor of M of its own (kept for the solves below).
  crba(model, data, q, loads);
  nonlinear_effects(model, data, q, v, loads);
  data.qdd = tau - data.c;
  ldlt_factor_solve(data.M, data.L, data.L_inv_diag, data.qdd);
  rnea_derivatives(model, data, ws.rnea, q, v, data.qdd, loads);
  // M^-1 column by column (M^-1 e_k), then the two products with it (coefficient by coefficient:
  // no blocking buffers, so no allocation at any size).
  for (int k = 0; k < n; ++k) {
    ws.column.setZero();
    ws.column[k] = S(1);
    ldlt_solve(data.L, data.L_inv_diag, ws.column);
    ws.Minv.col(k) = ws.column;
  }
  ws.dqdd_dq.noalias() = -ws.Minv.lazyProduct(ws.rnea.dtau_dq);
  ws.dqdd_dv.noalias() = -ws.Minv.lazyProduct(ws.rnea.dtau_dv);
  return data.qdd;
}

}  // namespace armdyn
