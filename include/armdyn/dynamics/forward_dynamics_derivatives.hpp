#pragma once
// Analytical derivatives of forward dynamics qdd = M(q)^-1 (tau - c(q, v)). Differentiating
// M(q) qdd + c(q, v) = tau, i.e. rnea(q, v, qdd) = tau, at fixed tau:
//   d qdd / d q = -M^-1 d tau / d q |_(a = qdd),   d qdd / d v = -M^-1 d tau / d v,
//   d qdd / d tau = M^-1
// (as in [Carpentier]; docs/derivatives.md). One call computes qdd (CRBA, the Newton-Euler bias,
// an LDL^T factorisation, as forward_dynamics does), the inverse-dynamics derivatives at
// a = qdd (rnea_derivatives.hpp), M^-1 by n solves with that LDL^T factor and the two products
// with it. O(n^3); allocation-free once the workspace is built.
#include "armdyn/dynamics/rnea_derivatives.hpp"

namespace armdyn {

template <class S> struct ForwardDynamicsDerivativesWorkspace {
  explicit ForwardDynamicsDerivativesWorkspace(const ModelTpl<S>& model)
      : rnea(model), dqdd_dq(MatX<S>::Zero(model.dof, model.dof)), dqdd_dv(MatX<S>::Zero(model.dof, model.dof)),
        Minv(MatX<S>::Zero(model.dof, model.dof)), column(VecX<S>::Zero(model.dof)) {
    require_angle_coordinates(model, "the derivatives of forward dynamics");
  }

  RneaDerivativesWorkspace<S> rnea;  ///< d tau / d q, d tau / d v at a = qdd, and M
  MatX<S> dqdd_dq;                   ///< rows: qdd, columns: q
  MatX<S> dqdd_dv;                   ///< rows: qdd, columns: v
  MatX<S> Minv;                      ///< d qdd / d tau = M^-1 (full, symmetric)
  VecX<S> column;                    ///< scratch for the solves
};

/// Writes data.qdd (= forward_dynamics(q, v, tau, loads)), data.M, data.L and ws.dqdd_dq,
/// ws.dqdd_dv, ws.Minv (and ws.rnea at a = qdd); returns data.qdd. With `loads` (loads.hpp) the
/// derivatives are those of a = M_L^-1 (tau - c_L), the loads' dependence on q included.
template <class S>
const VecX<S>& forward_dynamics_derivatives(const ModelTpl<S>& model, DataTpl<S>& data,
                                            ForwardDynamicsDerivativesWorkspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                            VecIn<S> tau, const Loads<S>* loads = nullptr);

extern template const VecX<double>& forward_dynamics_derivatives(const Model&, Data&,
                                                                 ForwardDynamicsDerivativesWorkspace<double>&,
                                                                 VecIn<double>, VecIn<double>, VecIn<double>,
                                                                 const Loads<double>*);

}  // namespace armdyn
