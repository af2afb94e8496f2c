#pragma once
// Forward dynamics by the articulated-body algorithm (Featherstone, RBDA §7.3), every quantity in
// the base frame's axes and about the base frame's origin:
// a = M(q)^-1 (tau - c(q, v)) in O(n) without forming M. Three passes over the tree; with one
// frame for every body, crossing a joint moves nothing (a child's articulated inertia and bias
// force are added to its parent's as they are), and S_i is joint i's axis line about the base
// origin. Allocation-free once the workspace is built; trees are handled through model.parent.
#include <vector>

#include <Eigen/Core>

#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"
#include "armdyn/spatial/articulated_inertia.hpp"

namespace armdyn {

/// The articulated-body quantities of one Model, sized once (RBDA's IA, pA, U, D, u, c and the
/// joint axes S). All spatial 6-vectors and 6x6 matrices are angular-first, in the base frame's
/// axes about the base frame's origin.
template <class S> struct AbaWorkspace {
  explicit AbaWorkspace(const ModelTpl<S>& model)
      : IA(model.dof), pA(model.dof), U(model.dof), c(model.dof), s(model.dof), D_inv(VecX<S>::Zero(model.dof)),
        u(VecX<S>::Zero(model.dof)) {}

  std::vector<ArticulatedInertia<S>> IA;  ///< articulated inertia of the subtree rooted at body i
  std::vector<Force<S>> pA;               ///< articulated bias force of body i
  std::vector<Force<S>> U;                ///< IA_i S_i
  std::vector<Motion<S>> c;               ///< velocity-product acceleration v_i x S_i qd_i
  std::vector<Motion<S>> s;               ///< S_i, joint i's motion subspace (its axis line)
  VecX<S> D_inv;                          ///< 1 / (S_i^T IA_i S_i)
  VecX<S> u;                              ///< tau_i - S_i^T pA_i
};

/// a of the free (unconstrained) tree under joint torques `tau` and gravity model.gravity (with
/// `loads`, loads.hpp (3): a = M_L^-1 (tau - c_L)).
/// Writes data.X_up, data.oMb, data.v, data.a (the kinematics of the three passes, in the base
/// frame's axes about the base frame's origin), data.qdd and the workspace; returns data.qdd.
/// On the general chain of n >= 2 revolute joints: 327n - 123 mul, 292n - 141 add, n div,
/// 2n sin/cos (tests/codegen/opcount_test.cpp; 350n - 193 mul and 353n - 243 add when each
/// body's quantities were about its own origin and the articulated inertias dense), against the
/// n^3/6 + 27n^2/2 + ... of CRBA + LDL^T (forward_dynamics.hpp), fewer from n = 8 on: it wins
/// for long chains and loses to crba + LDL^T for short arms.
template <class S>
const VecX<S>& aba(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> q, VecIn<S> v,
                   VecIn<S> tau, const Loads<S>* loads = nullptr);

extern template const VecX<double>& aba(const Model&, Data&, AbaWorkspace<double>&, VecIn<double>, VecIn<double>,
                                        VecIn<double>, const Loads<double>*);

}  // namespace armdyn
