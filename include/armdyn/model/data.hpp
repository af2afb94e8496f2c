#pragma once
// The workspace of the algorithms for one Model: every result and temporary, allocated once here
// so that no algorithm allocates afterwards. One Model may serve any number of Data (one per
// thread). Each field names the algorithm that writes it.
//
// Where an algorithm's scratch lives: the production algorithms that share body-frame quantities
// (kinematics, rnea, the classical Newton-Euler, crba, forward dynamics) keep theirs here, in
// Data. Every other algorithm owns a workspace built from the Model that holds all its scratch
// and results: `<Name>Workspace<S>` for a free function (AbaWorkspace), `<ns>::Workspace<S>` for
// an algorithm in its own namespace (each formulation of dynamics/formulations/, terms::). Its
// functions return references into it; nothing allocates after it is built.
#include <algorithm>
#include <vector>

#include "armdyn/spatial/plane_rotation.hpp"
#include "armdyn/model/model.hpp"
#include "armdyn/spatial/inertia.hpp"
#include "armdyn/spatial/motion.hpp"

namespace armdyn {

/// end[i] such that body i's subtree is the bodies i .. end[i] - 1, for bodies numbered depth
/// first (every parent before its children, each subtree contiguous); empty when they are not.
inline std::vector<int> depth_first_subtree_ends(const std::vector<int>& parent) {
  const int n = static_cast<int>(parent.size());
  std::vector<int> end(n), size(n, 1);
  for (int i = n - 1; i >= 0; --i) {
    end[i] = std::max(end[i], i + 1);
    const int p = parent[i];
    if (p >= 0) {
      if (p >= i) return {};
      end[p] = std::max(end[p], end[i]);
      size[p] += size[i];
    }
  }
  for (int i = 0; i < n; ++i)
    if (end[i] - i != size[i]) return {};
  return end;
}

template <class S> struct DataTpl {
  explicit DataTpl(const ModelTpl<S>& model)
      : X_up(model.dof), oMb(model.dof), oMf(model.frames.size()), phi(VecX<S>::Zero(model.dof)),
        sin_phi(VecX<S>::Zero(model.dof)), cos_phi(VecX<S>::Zero(model.dof)), v(model.dof), a(model.dof),
        f(model.dof), angle(model.dof), w(model.dof), wd(model.dof), ao(model.dof), Ic(model.dof),
        subtree_end(depth_first_subtree_ends(model.parent)), F_crb(6, model.dof),
        tau(VecX<S>::Zero(model.dof)), c(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)),
        qdd(VecX<S>::Zero(model.dof)), M(MatX<S>::Zero(model.dof, model.dof)),
        L(MatX<S>::Zero(model.dof, model.dof)), L_inv_diag(VecX<S>::Zero(model.dof)) {}

  // Kinematics.
  std::vector<Transform<S>> X_up;  ///< body i in its parent's body frame (rnea, crba, kinematics)
  std::vector<Transform<S>> oMb;   ///< body i in the base frame (forward_kinematics, crba)
  std::vector<Transform<S>> oMf;   ///< named frame k in the base frame (forward_kinematics)

  // Joint angles (joint_placements, rnea_classical): phi_i (q_i, or theta_i + q_i when a
  // joint's rotation is applied factored), and their sines and cosines, computed together.
  VecX<S> phi, sin_phi, cos_phi;

  // Recursive Newton-Euler (body frames).
  std::vector<Motion<S>> v, a;  ///< spatial velocity and acceleration of body i
  std::vector<Force<S>> f;      ///< force transmitted from the parent to body i (rnea, rnea_classical)

  // Classical Newton-Euler (rnea_classical; body frames).
  std::vector<PlaneAngle<S>> angle;  ///< joint i's angle theta_i + q_i, when it is applied factored
  std::vector<Vec3<S>> w, wd;        ///< angular velocity and acceleration of body i
  std::vector<Vec3<S>> ao;           ///< acceleration of body i's origin, -g included

  // Composite-rigid-body algorithm (body frames below 13 joints, base-frame axes from 13 on: crba.hpp).
  std::vector<Inertia<S>> Ic;     ///< composite inertia of the subtree rooted at body i, about its origin
  /// Body i's descendants are the bodies i + 1 .. subtree_end[i] - 1 (empty: the bodies are not
  /// numbered depth first, and crba carries its columns one by one).
  std::vector<int> subtree_end;
  /// Body frames: column j is Ic_j S_j, carried up to the body being visited; one row per
  /// component, so that carrying a subtree's columns through a joint is six loops over a row.
  /// Base-frame axes (from 13 joints on): column j is joint j's motion subspace about the base
  /// origin, angular part in rows 0-2.
  Eigen::Matrix<S, 6, Eigen::Dynamic, Eigen::RowMajor> F_crb;

  // Joint-space results.
  VecX<S> tau;  ///< rnea: inverse dynamics
  VecX<S> c;    ///< nonlinear_effects: C(q, v) v + g(q)
  VecX<S> g;    ///< gravity_torque: g(q)
  VecX<S> qdd;  ///< forward_dynamics
  MatX<S> M;    ///< crba: joint-space mass matrix, full and symmetric
  /// forward_dynamics: M = L D L^T (dynamics/ldlt.hpp), L's strict lower triangle below the
  /// diagonal, D on it, D L^T above it
  MatX<S> L;
  VecX<S> L_inv_diag;  ///< forward_dynamics: 1 / diag(L) (= 1 / D)
};

using Data = DataTpl<double>;

}  // namespace armdyn
