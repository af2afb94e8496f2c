#pragma once
#include "armdyn/algorithm/crba.hpp"
#include "armdyn/algorithm/joint.hpp"

namespace armdyn {

// Base-frame composite-rigid-body algorithm:
//   ^0X_i = ^0X_p X_i,  Ic_i = ^0X_i . I_i  (inertia carried to the base frame)      (1)
//   Ic_p += Ic_i, children before parents                                          (2)
//   S_i = [z_i; p_i x z_i] (revolute) or [0; z_i] (prismatic), z_i = ^0R_i e_z       (3)
//   F_j = Ic_j S_j,  M_ij = M_ji = S_i . F_j for i = j and every ancestor of j       (4)
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  check_size(q, model.dof, "q");
  const int n = model.dof;
  // (1)
  for (int i = 0; i < n; ++i) {
    joint_placement(model, i, q[i], data.X_up[i]);
    const int p = model.parent[i];
    data.oMb[i] = p < 0 ? data.X_up[i] : data.oMb[p] * data.X_up[i];
    data.Ic[i] = transform_to_parent(data.oMb[i], model.inertia[i]);
  }
  // (2), (3)
  for (int i = n - 1; i >= 0; --i) {
    const int p = model.parent[i];
    if (p >= 0) data.Ic[p] += data.Ic[i];
    const Transform<S>& X = data.oMb[i];
    Motion<S>& s = data.S_o[i];
    if (model.joint_type[i] == JointType::kRevolute) {
      s.w = X.R.col(2);
      s.v = X.p.cross(s.w);
    } else {
      s.w.setZero();
      s.v = X.R.col(2);
    }
  }
  // (4)
  MatX<S>& M = data.M;
  M.setZero();
  for (int j = 0; j < n; ++j) {
    const Force<S> F = data.Ic[j] * data.S_o[j];
    data.Fc[j] = F;
    M(j, j) = dot(data.S_o[j], F);
    for (int i = model.parent[j]; i >= 0; i = model.parent[i]) {
      M(i, j) = dot(data.S_o[i], F);
      M(j, i) = M(i, j);
    }
  }
  return M;
}

}  // namespace armdyn
