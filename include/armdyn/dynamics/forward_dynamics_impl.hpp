#pragma once
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/ldlt.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"

namespace armdyn {

template <class S>
const VecX<S>& forward_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd,
                                VecIn<S> tau, const Loads<S>* loads) {
  check_size(tau, model.dof, "tau");
  check_size(qd, model.dof, "v");
  if (has_loads(loads)) {
    check_loads(model, *loads);
    crba(model, data, q, loads);
    rnea_detail::passes<true, false, S, true, true>(model, data, q, qd.data(), nullptr, loads, data.c);
  } else {
    crba(model, data, q);
    // c(q, qd) by the Newton-Euler passes on the joint placements crba just computed.
    rnea_detail::passes<true, false, S, true>(model, data, q, qd.data(), nullptr, nullptr, data.c);
  }
  // M = L D L^T factored and M qdd = tau - c solved in one sweep (ldlt.hpp).
  data.qdd = tau - data.c;
  ldlt_factor_solve(data.M, data.L, data.L_inv_diag, data.qdd);
  return data.qdd;
}

}  // namespace armdyn
