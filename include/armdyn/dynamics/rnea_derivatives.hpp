#pragma once
// Analytical derivatives of inverse dynamics: d tau / d q, d tau / d v and d tau / d a = M(q), by
// one outward and one inward pass in the base frame and one sweep over the ancestor pairs
// ([Carpentier], "Analytical derivatives of rigid body dynamics algorithms", RSS 2018,
// in the base-frame form; derivation in docs/derivatives.md). O(n) passes plus O(n d) pairs (d
// the depth of the tree, n^2/2 pairs on a chain), allocation-free once the workspace is built,
// templated on the scalar. Chains and trees, revolute and prismatic joints, optional loads as in
// rnea() (loads.hpp).
#include <vector>

#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// The base-frame quantities of one Model, sized once, and the three n x n results. Motions and
/// forces are referred to the base origin and expressed in base axes (body k's own inertia,
/// velocity and acceleration, then the subtree sums of the inward pass).
template <class S> struct RneaDerivativesWorkspace {
  explicit RneaDerivativesWorkspace(const ModelTpl<S>& model)
      : J(model.dof), Jdot(model.dof), v(model.dof), a(model.dof), beta(model.dof), Ic(model.dof), F(model.dof),
        P(model.dof), B11(model.dof), b12(model.dof), cols_J(6, model.dof), cols_Jdot(6, model.dof),
        cols_beta(6, model.dof), cols_r1(6, model.dof), cols_r2(6, model.dof), cols_D(6, model.dof),
        cols_E(6, model.dof), cols_r3(3, model.dof), wN(model.dof), wF(model.dof), wQ(model.dof),
        chain_prefix(model.dof), dtau_dq(MatX<S>::Zero(model.dof, model.dof)),
        dtau_dv(MatX<S>::Zero(model.dof, model.dof)), M(MatX<S>::Zero(model.dof, model.dof)) {
    require_angle_coordinates(model, "the derivatives of the dynamics");
    for (int i = 0; i < model.dof; ++i)
      chain_prefix[i] = model.parent[i] == i - 1 && (i == 0 || chain_prefix[i - 1]);
  }

  std::vector<Motion<S>> J;     ///< joint i's motion axis S_i in the base frame (column i of the Jacobian)
  std::vector<Motion<S>> Jdot;  ///< its rate v_i x J_i
  std::vector<Motion<S>> v, a;  ///< spatial velocity and acceleration of body i (a_0 = -g)
  std::vector<Motion<S>> beta;  ///< J_i x a_parent + Jdot_i x v_parent
  std::vector<Inertia<S>> Ic;   ///< inertia of body i, then of the subtree rooted at i
  std::vector<Force<S>> F;      ///< net force on body i, then on the subtree (f_ext subtracted)
  std::vector<Force<S>> P;      ///< momentum of body i, then of the subtree
  std::vector<Mat3<S>> B11;     ///< of the subtree's velocity-derivative matrix (see the _impl)
  std::vector<Vec3<S>> b12;     ///< likewise
  // 6-vectors side by side (column i: body i), for the products over the ancestors.
  Eigen::Matrix<S, 6, Eigen::Dynamic> cols_J, cols_Jdot, cols_beta;  ///< J, Jdot, beta
  Eigen::Matrix<S, 6, Eigen::Dynamic> cols_r1, cols_r2;  ///< Ic_i J_i and Bc_i^T J_i
  Eigen::Matrix<S, 6, Eigen::Dynamic> cols_D, cols_E;    ///< d F_i / d q_i and d F_i / d qd_i
  Eigen::Matrix<S, 3, Eigen::Dynamic> cols_r3;  ///< wrenches at frames: r3_i of (9) (see the _impl)
  std::vector<Vec3<S>> wN, wF;  ///< wrenches at frames: their moments and forces, body i then its subtree
  std::vector<Mat3<S>> wQ;      ///< likewise, sum (f . p) E - p f^T of (8)
  bool at_frames = false;       ///< the last call had wrenches at frames
  std::vector<char> chain_prefix;  ///< body i's ancestors are exactly bodies 0 .. i-1
  MatX<S> dtau_dq;                 ///< rows: tau, columns: q
  MatX<S> dtau_dv;                 ///< rows: tau, columns: v
  MatX<S> M;                       ///< d tau / d a: the mass matrix (equal to crba's)
};

/// Fills ws.dtau_dq, ws.dtau_dv, ws.M at (q, v, a) and data.tau = rnea(q, v, a, loads) (the same
/// value, computed in the base frame). With `loads` (loads.hpp): ws.M = M_L, and the derivatives
/// include the loads' dependence on q: per-body wrenches fixed to their bodies (they turn with
/// q), wrenches at frames fixed in direction in the base axes while their points move with q, the
/// base's motion and the payload. Writes data.X_up and data.oMb.
template <class S>
void rnea_derivatives(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws, VecIn<S> q,
                      VecIn<S> v, VecIn<S> a, const Loads<S>* loads = nullptr);

extern template void rnea_derivatives(const Model&, Data&, RneaDerivativesWorkspace<double>&, VecIn<double>,
                                      VecIn<double>, VecIn<double>, const Loads<double>*);

}  // namespace armdyn
