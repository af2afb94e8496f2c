#pragma once
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn {

/// From this many joints on, crba() works in base-frame axes (crba_detail::base_axes).
inline constexpr int kCrbaBaseAxesFrom = 13;

namespace crba_detail {

// Composite-rigid-body algorithm in body frames ([Featherstone] RBDA §6.2; Walker-Orin method 3),
// for bodies numbered depth first, so that body i's subtree is the bodies i .. e_i - 1:
//   Ic_i = I_i + sum over children c of X_c^T-transported Ic_c, children before parents     (1)
//   F_i = Ic_i S_i:  revolute [I e_z; -h x e_z] = [Ic.I.col(2); (-h_y, h_x, 0)],
//                    prismatic [h x e_z; m e_z] = [(h_y, -h_x, 0); (0, 0, m)]                (2)
//   M_ij = M_ji = S_i . F_j for j in i .. e_i - 1 (every F_j of the subtree is in frame i by
//   now), zero for j >= e_i; then F_j <- X_i^T F_j for the whole subtree                   (3)
// The same products as carrying each column up on its own (24 mul per ancestor pair), but a
// joint carries its subtree's columns together, row by row (data.F_crb), which vectorises.
template <class S>
void body_frames(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  const int n = model.dof;
  joint_placements(model, data, q.data());
  for (int i = 0; i < n; ++i) data.Ic[i] = model.inertia[i];
  MatX<S>& M = data.M;
  auto& F = data.F_crb;
  S* const nx = F.row(0).data();
  S* const ny = F.row(1).data();
  S* const nz = F.row(2).data();
  S* const fx = F.row(3).data();
  S* const fy = F.row(4).data();
  S* const fz = F.row(5).data();
  for (int i = n - 1; i >= 0; --i) {
    const Inertia<S>& Ic = data.Ic[i];
    const int p = model.parent[i];
    // (2)
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    if (revolute) {
      nx[i] = Ic.I(0, 2);
      ny[i] = Ic.I(1, 2);
      nz[i] = Ic.I(2, 2);
      fx[i] = -Ic.h.y();
      fy[i] = Ic.h.x();
      fz[i] = S(0);
    } else {
      nx[i] = Ic.h.y();
      ny[i] = -Ic.h.x();
      nz[i] = S(0);
      fx[i] = S(0);
      fy[i] = S(0);
      fz[i] = Ic.m;
    }
    // (3)
    const int e = data.subtree_end[i];
    const S* const Si_F = revolute ? nz : fz;
    for (int j = i; j < e; ++j) M(i, j) = M(j, i) = Si_F[j];
    for (int j = e; j < n; ++j) M(i, j) = M(j, i) = S(0);
    if (p < 0) continue;
    const Transform<S>& X = data.X_up[i];
    const Mat3<S>& R = X.R;
    const Vec3<S>& d = X.p;
    for (int j = i; j < e; ++j) {
      const S gx = R(0, 0) * fx[j] + R(0, 1) * fy[j] + R(0, 2) * fz[j];
      const S gy = R(1, 0) * fx[j] + R(1, 1) * fy[j] + R(1, 2) * fz[j];
      const S gz = R(2, 0) * fx[j] + R(2, 1) * fy[j] + R(2, 2) * fz[j];
      const S mx = R(0, 0) * nx[j] + R(0, 1) * ny[j] + R(0, 2) * nz[j] + (d.y() * gz - d.z() * gy);
      const S my = R(1, 0) * nx[j] + R(1, 1) * ny[j] + R(1, 2) * nz[j] + (d.z() * gx - d.x() * gz);
      const S mz = R(2, 0) * nx[j] + R(2, 1) * ny[j] + R(2, 2) * nz[j] + (d.x() * gy - d.y() * gx);
      fx[j] = gx;
      fy[j] = gy;
      fz[j] = gz;
      nx[j] = mx;
      ny[j] = my;
      nz[j] = mz;
    }
    // (1)
    data.Ic[p] += transform_to_parent(X, Ic);
  }
}

// Composite-rigid-body algorithm in body frames ([Featherstone] RBDA §6.2; Walker-Orin method 3):
//   Ic_i = I_i + sum over children c of X_c^T-transported Ic_c, children before parents     (1)
//   F = Ic_i S_i:  revolute [I e_z; -h x e_z] = [Ic.I.col(2); (-h_y, h_x, 0)],
//                  prismatic [h x e_z; m e_z] = [(h_y, -h_x, 0); (0, 0, m)]                  (2)
//   M_ii = S_i . F;  then for each ancestor j of i: F <- X_k^T F (k the child on the path),
//   M_ji = M_ij = S_j . F                                                                  (3)
// With every joint on its body's z axis, S_j . F is one component of F, and (2) costs nothing.
// This form carries each column up on its own, for bodies not numbered depth first.
template <class S>
void body_frames_by_column(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
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
}


// Composite-rigid-body algorithm ([Featherstone] RBDA §6.2; Walker-Orin method 3) with every
// quantity in the base frame's axes. Body i's placement in the base, oMb_i = (R_i, o_i):
//   oMb_i = oMb_p X_i                                                                       (1)
// Its composite inertia Ic_i is taken about its own origin o_i (not the base origin: the
// parallel-axis terms stay as small as the body's reach from its joint), in base axes:
//   Ic_i = R_i I_i R_i^T + sum over children c of Ic_c shifted from o_c to o_i             (2)
// (children before parents; a shift is a translation, no rotation). With z_i = R_i e_z:
//   F_i = Ic_i S_i = (Ic.I z_i, z_i x Ic.h) revolute, (Ic.h x z_i, m z_i) prismatic,       (3)
// a force about o_i. About the base origin its moment is N_i = n_i + o_i x f_i, and joint j's
// axis there is s_j = (z_j, o_j x z_j) revolute, (0, z_j) prismatic, so that for each
// ancestor j of i
//   M_ji = M_ij = s_j . (N_i, f_i),   M_ii = S_i . F_i                                     (4)
// one dot product per entry (Pinocchio's variant), while the inertias never leave their bodies.
template <class S>
void base_axes(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  const int n = model.dof;
  joint_placements(model, data, q.data());
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    Transform<S>& X = data.oMb[i];
    X = p < 0 ? data.X_up[i] : data.oMb[p] * data.X_up[i];  // (1)
    data.Ic[i] = rotate_inertia(X.R, model.inertia[i]);     // (2), the body's own part
    const Vec3<S> z = X.R.col(2);
    Motion<S>& s = data.axis[i];
    if (model.joint_type[i] == JointType::kRevolute) s = Motion<S>{z, X.p.cross(z)};
    else s = Motion<S>{Vec3<S>::Zero(), z};
  }
  MatX<S>& M = data.M;
  for (int i = n - 1; i >= 0; --i) {
    const Inertia<S>& Ic = data.Ic[i];
    const Transform<S>& X = data.oMb[i];
    const Vec3<S> z = X.R.col(2);
    const int p = model.parent[i];
    // (3)
    Force<S> F;
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    if (revolute) {
      F.n = Ic.I * z;
      F.f = z.cross(Ic.h);
      M(i, i) = z.dot(F.n);
    } else {
      F.n = Ic.h.cross(z);
      F.f = Ic.m * z;
      M(i, i) = Ic.m;
    }
    // (4): the ancestors' entries, zeros for the other bodies before i.
    F.n += X.p.cross(F.f);
    for (int j = i - 1, a = p; j >= 0; --j) {
      if (j == a) {
        M(j, i) = dot(data.axis[j], F);
        a = model.parent[j];
      } else {
        M(j, i) = S(0);
      }
      M(i, j) = M(j, i);
    }
    // (2)
    if (p >= 0) data.Ic[p] += translate_inertia(Vec3<S>(X.p - data.oMb[p].p), Ic);
  }
}


}  // namespace crba_detail

// Two formulations of the same algorithm, chosen by the model's size: body frames cost 75 mul per
// joint and 24 per ancestor pair (each off-diagonal column is carried up the chain), base-frame
// axes about twice as much per joint and 6 per pair, so they win from about a dozen joints on
// (docs/benchmarks.md).
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  check_configuration(model, q);
  if (model.dof >= kCrbaBaseAxesFrom) crba_detail::base_axes(model, data, q);
  else if (!data.subtree_end.empty()) crba_detail::body_frames(model, data, q);
  else crba_detail::body_frames_by_column(model, data, q);
  return data.M;
}

}  // namespace armdyn
