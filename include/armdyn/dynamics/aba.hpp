#pragma once
// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA §7.3), in the base frame's
// axes with each body's quantities about its own origin:
// a = M(q)^-1 (tau - c(q, v)) in O(n) without forming M. Three passes over the tree; with
// every quantity about its body's own origin, crossing a joint is a translation (no rotation of
// the articulated inertias), and S_i is joint i's unit axis z_i in the base frame's axes.
// Allocation-free once the workspace is built; trees are handled through model.parent.
#include <vector>

#include <Eigen/Core>

#include "armdyn/model/data.hpp"

namespace armdyn {

/// The articulated-body quantities of one Model, sized once (RBDA's IA, pA, U, D, u, c).
/// All spatial 6-vectors and 6x6 matrices are angular-first, in the base frame's axes about body
/// i's origin.
template <class S> struct AbaWorkspace {
  explicit AbaWorkspace(const ModelTpl<S>& model)
      : IA(model.dof, Mat6<S>::Zero()), pA(model.dof), U(model.dof, Vec6<S>::Zero()), c(model.dof),
        D_inv(VecX<S>::Zero(model.dof)), u(VecX<S>::Zero(model.dof)) {}

  std::vector<Mat6<S>> IA;     ///< articulated inertia of the subtree rooted at body i
  std::vector<Force<S>> pA;    ///< articulated bias force of body i
  std::vector<Vec6<S>> U;      ///< IA_i S_i
  std::vector<Motion<S>> c;    ///< velocity-product acceleration v_i x S_i qd_i
  VecX<S> D_inv;               ///< 1 / (S_i^T IA_i S_i)
  VecX<S> u;                   ///< tau_i - S_i^T pA_i
};

/// a of the free (unconstrained) tree under joint torques `tau` and gravity model.gravity.
/// Writes data.X_up, data.oMb, data.v, data.a (the kinematics of the three passes, in the base
/// frame's axes about each body's origin), data.qdd and the
/// workspace; returns data.qdd. On the general chain of n >= 2 revolute joints: 350n - 193 mul,
/// 353n - 243 add, n div, 2n sin/cos (tests/codegen/opcount_test.cpp), against the
/// n^3/6 + 27n^2/2 + ... of CRBA + Cholesky (forward_dynamics.hpp), fewer from n = 9 on: it wins
/// for long chains and loses to crba + Cholesky for short arms.
template <class S>
const VecX<S>& aba(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> q, VecIn<S> v,
                   VecIn<S> tau);

extern template const VecX<double>& aba(const Model&, Data&, AbaWorkspace<double>&, VecIn<double>, VecIn<double>,
                                        VecIn<double>);

}  // namespace armdyn
