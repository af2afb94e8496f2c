#pragma once
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/kinematics/joint.hpp"

namespace armdyn {

// Composite-rigid-body algorithm in body frames ([Featherstone] RBDA §6.2; Walker-Orin method 3):
//   Ic_i = I_i + sum over children c of X_c^T-transported Ic_c, children before parents     (1)
//   F = Ic_i S_i:  revolute [I e_z; -h x e_z] = [Ic.I.col(2); (-h_y, h_x, 0)],
//                  prismatic [h x e_z; m e_z] = [(h_y, -h_x, 0); (0, 0, m)]                  (2)
//   M_ii = S_i . F;  then for each ancestor j of i: F <- X_k^T F (k the child on the path),
//   M_ji = M_ij = S_j . F                                                                  (3)
// With every joint on its body's z axis, S_j . F is one component of F, and (2) costs nothing.
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  check_size(q, model.dof, "q");
  const int n = model.dof;
  joint_placements(model, data, q.data());
  for (int i = 0; i < n; ++i) data.Ic[i] = model.inertia[i];
  MatX<S>& M = data.M;
  M.setZero();
  for (int i = n - 1; i >= 0; --i) {
    const Inertia<S>& Ic = data.Ic[i];
    const int p = model.parent[i];
    // (2)
    Force<S> F;
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    if (revolute) {
      F.n = Ic.I.col(2);
      F.f = Vec3<S>(-Ic.h.y(), Ic.h.x(), S(0));
    } else {
      F.n = Vec3<S>(Ic.h.y(), -Ic.h.x(), S(0));
      F.f = Vec3<S>(S(0), S(0), Ic.m);
    }
    M(i, i) = revolute ? F.n.z() : F.f.z();
    // (3)
    for (int k = i, j = p; j >= 0; k = j, j = model.parent[j]) {
      const Transform<S>& X = data.X_up[k];
      const Vec3<S> Rf = X.R * F.f;
      F.n = X.R * F.n + X.p.cross(Rf);
      F.f = Rf;
      M(j, i) = model.joint_type[j] == JointType::kRevolute ? F.n.z() : F.f.z();
      M(i, j) = M(j, i);
    }
    // (1)
    if (p >= 0) data.Ic[p] += transform_to_parent(data.X_up[i], Ic);
  }
  return M;
}

}  // namespace armdyn
