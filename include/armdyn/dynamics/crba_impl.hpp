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
// Where body i's joint axis is parallel to a coordinate axis of its parent (model.aligned_axis,
// the common case of arms in DH or quarter-turn URDF placements), its rotation has four zero
// entries and a sign: carrying the columns takes 16 mul per pair instead of 24 and the composite
// inertia 48 mul instead of 77 (carry_columns, transform_to_parent_aligned).

/// (3)'s carry through the joint of body i for the columns j in [i, e): F_j <- X^T F_j, with
/// f' = R f, n' = R n + d x f', rows nf[0..2] = n, nf[3..5] = f. K = -1: a general rotation, 24 mul,
/// 18 add per column. K = 0, 1, 2: a rotation that turns the body's z axis onto the parent's
/// +-e_K (transform_to_parent_aligned, spatial/inertia.hpp), whose other entries of column 2 and
/// row K are zero, so that each rotated vector takes 5 mul: 16 mul, 10 add per column.
template <int K, class S>
ARMDYN_INLINE void carry_columns(const Transform<S>& X, S* const* nf, int i, int e) {
  const Mat3<S>& R = X.R;
  const S d0 = X.p[0], d1 = X.p[1], d2 = X.p[2];
  S* const nx = nf[0];
  S* const ny = nf[1];
  S* const nz = nf[2];
  S* const fx = nf[3];
  S* const fy = nf[4];
  S* const fz = nf[5];
  for (int j = i; j < e; ++j) {
    S g[3], m[3];
    if constexpr (K < 0) {
      for (int r = 0; r < 3; ++r) {
        g[r] = R(r, 0) * fx[j] + R(r, 1) * fy[j] + R(r, 2) * fz[j];
        m[r] = R(r, 0) * nx[j] + R(r, 1) * ny[j] + R(r, 2) * nz[j];
      }
    } else {
      constexpr int a = K == 0 ? 1 : 0, b = K == 2 ? 1 : 2;
      g[a] = R(a, 0) * fx[j] + R(a, 1) * fy[j];
      g[b] = R(b, 0) * fx[j] + R(b, 1) * fy[j];
      g[K] = R(K, 2) * fz[j];
      m[a] = R(a, 0) * nx[j] + R(a, 1) * ny[j];
      m[b] = R(b, 0) * nx[j] + R(b, 1) * ny[j];
      m[K] = R(K, 2) * nz[j];
    }
    fx[j] = g[0];
    fy[j] = g[1];
    fz[j] = g[2];
    nx[j] = m[0] + (d1 * g[2] - d2 * g[1]);
    ny[j] = m[1] + (d2 * g[0] - d0 * g[2]);
    nz[j] = m[2] + (d0 * g[1] - d1 * g[0]);
  }
}

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
  S* const nf[6] = {nx, ny, nz, fx, fy, fz};
  const bool aligned = static_cast<int>(model.aligned_axis.size()) == n;
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
    // (3)'s carry and (1)
    const Transform<S>& X = data.X_up[i];
    switch (aligned ? model.aligned_axis[i] : -1) {
      case 0:
        carry_columns<0>(X, nf, i, e);
        add_transform_to_parent_aligned<0>(X, Ic, data.Ic[p]);
        break;
      case 1:
        carry_columns<1>(X, nf, i, e);
        add_transform_to_parent_aligned<1>(X, Ic, data.Ic[p]);
        break;
      case 2:
        carry_columns<2>(X, nf, i, e);
        add_transform_to_parent_aligned<2>(X, Ic, data.Ic[p]);
        break;
      default:
        carry_columns<-1>(X, nf, i, e);
        add_transform_to_parent(X, Ic, data.Ic[p]);
    }
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
    if (p >= 0) add_transform_to_parent(data.X_up[i], Ic, data.Ic[p]);
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
// The axes s_j are kept one component per row of data.F_crb, so that where the ancestors of i are
// the bodies 0 .. i - 1 (a serial chain, or its first bodies) the entries of (4) are six products
// summed down contiguous rows: a loop that vectorises.
template <class S>
void base_axes(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  const int n = model.dof;
  joint_placements(model, data, q.data());
  auto& A = data.F_crb;
  S* const sw0 = A.row(0).data();
  S* const sw1 = A.row(1).data();
  S* const sw2 = A.row(2).data();
  S* const sv0 = A.row(3).data();
  S* const sv1 = A.row(4).data();
  S* const sv2 = A.row(5).data();
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    Transform<S>& X = data.oMb[i];
    X = p < 0 ? data.X_up[i] : data.oMb[p] * data.X_up[i];  // (1)
    data.Ic[i] = rotate_inertia(X.R, model.inertia[i]);     // (2), the body's own part
    const Vec3<S> z = X.R.col(2);
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    const Vec3<S> v = revolute ? Vec3<S>(X.p.cross(z)) : z;
    sw0[i] = revolute ? z.x() : S(0);
    sw1[i] = revolute ? z.y() : S(0);
    sw2[i] = revolute ? z.z() : S(0);
    sv0[i] = v.x();
    sv1[i] = v.y();
    sv2[i] = v.z();
  }
  // Bodies 0 .. serial - 1 form a chain from the base: body i's ancestors are 0 .. i - 1.
  int serial = 0;
  while (serial < n && model.parent[serial] == serial - 1) ++serial;
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
    // (4): the ancestors' entries, zeros for the other bodies before i; column i, then row i.
    F.n += X.p.cross(F.f);
    const S n0 = F.n.x(), n1 = F.n.y(), n2 = F.n.z(), f0 = F.f.x(), f1 = F.f.y(), f2 = F.f.z();
    S* const col = M.data() + i * M.outerStride();
    if (i < serial) {
      for (int j = 0; j < i; ++j)
        col[j] = sw0[j] * n0 + sw1[j] * n1 + sw2[j] * n2 + sv0[j] * f0 + sv1[j] * f1 + sv2[j] * f2;
    } else {
      for (int j = i - 1, a = p; j >= 0; --j) {
        if (j == a) {
          col[j] = sw0[j] * n0 + sw1[j] * n1 + sw2[j] * n2 + sv0[j] * f0 + sv1[j] * f1 + sv2[j] * f2;
          a = model.parent[j];
        } else {
          col[j] = S(0);
        }
      }
    }
    for (int j = 0; j < i; ++j) M(i, j) = col[j];
    // (2)
    if (p >= 0) add_translate_inertia(Vec3<S>(X.p - data.oMb[p].p), Ic, data.Ic[p]);
  }
}

/// M += J_b^T I_p J_b for a payload I_p on body b (body frame): J_b's column k (k on the path from b
/// to the base) is joint k's axis S_k seen in body b's frame, bMk S_k, bMk carried up by the
/// joint placements data.X_up. The columns are kept in data.F_crb (crba's scratch, free again).
template <class S> void add_payload(const ModelTpl<S>& model, DataTpl<S>& data, const HeldPayload<S>& payload) {
  auto& J = data.F_crb;
  Transform<S> bMk;  // body k in body b's frame: the identity at k = b
  bMk.R.setIdentity();
  bMk.p.setZero();
  for (int k = payload.body; k >= 0; k = model.parent[k]) {
    const Vec3<S> z = bMk.R.col(2);
    Motion<S> s;
    if (model.joint_type[k] == JointType::kRevolute) {
      s.w = z;
      s.v = bMk.p.cross(z);
    } else {
      s.w.setZero();
      s.v = z;
    }
    J.col(k) << s.w, s.v;
    bMk = bMk * data.X_up[k].inverse();
  }
  for (int j = payload.body; j >= 0; j = model.parent[j]) {
    Motion<S> s;
    s.w = J.col(j).template head<3>();
    s.v = J.col(j).template tail<3>();
    const Force<S> Is = payload.inertia * s;
    for (int i = payload.body; i >= 0; i = model.parent[i])
      data.M(i, j) += J.col(i).template head<3>().dot(Is.n) + J.col(i).template tail<3>().dot(Is.f);
  }
}

}  // namespace crba_detail

// Two formulations of the same algorithm, chosen by the model's size: body frames cost 75 mul per
// joint and 24 per ancestor pair (each off-diagonal column is carried up the chain; 48 and 16
// across an aligned joint), base-frame axes about twice as much per joint and 6 per pair, so they
// win from about a dozen joints on (docs/benchmarks.md).
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, const Loads<S>* loads) {
  check_configuration(model, q);
  if (model.dof >= kCrbaBaseAxesFrom) crba_detail::base_axes(model, data, q);
  else if (!data.subtree_end.empty()) crba_detail::body_frames(model, data, q);
  else crba_detail::body_frames_by_column(model, data, q);
  if (loads && loads->payload) {
    check_loads(model, *loads);
    crba_detail::add_payload(model, data, *loads->payload);
  }
  return data.M;
}

}  // namespace armdyn
