#pragma once
#include "armdyn/dynamics/aba.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn {
namespace aba_detail {

// Articulated-body algorithm ([RBDA] Table 7.1), angular-first spatial vectors, every quantity
// in the base frame's axes and referred to its body's own origin o_i (oMb_i = (R_i, o_i)), so
// that crossing a joint is a translation by d_i = o_i - o_p, never a rotation:
//   motions   m_i = T_i m_p = (w, v + w x d_i),   forces f_p = T_i^T f_i = (n + d_i x f, f)   (0)
// With z_i = R_i e_z, joint i's motion subspace is S_i = (z_i, 0) (revolute) or (0, z_i).
// Pass 1, outward (velocities, bias terms), I_i = R_i I R_i^T (about o_i):
//   v_i = T_i v_p + S_i qd_i,   c_i = v_i x S_i qd_i,   IA_i = I_i,   pA_i = v_i x* I_i v_i     (1)
// Pass 2, inward (articulated inertias):
//   U_i = IA_i S_i,   D_i = S_i^T U_i,   u_i = tau_i - S_i^T pA_i                             (2)
//   Ia = IA_i - U_i U_i^T / D_i,   pa = pA_i + Ia c_i + U_i u_i / D_i                         (3)
//   IA_p += T_i^T Ia T_i,   pA_p += T_i^T pa                                                  (4)
// Pass 3, outward (accelerations), a_0 = -g:
//   a' = T_i a_p + c_i,   qdd_i = (u_i - U_i^T a') / D_i,   a_i = a' + S_i qdd_i              (5)

/// IA_p += T^T Ia T for the translation T by d (motions m -> (w, v + w x d)). With the blocks
/// Ia = [[A, B], [B^T, C]] and D = d x:  A_p = A + E + E^T - (D C) D,  B_p = B + D C,  C_p = C,
/// where E = D B^T (-B D = E^T, since D^T = -D). Every product by D is a cross product.
template <class S> ARMDYN_INLINE void articulated_to_parent(const Vec3<S>& d, const Mat6<S>& Ia, Mat6<S>& IAp) {
  Mat3<S> DC, E;
  for (int k = 0; k < 3; ++k) {
    DC.col(k) = d.cross(Vec3<S>(Ia.template block<3, 1>(3, 3 + k)));
    E.col(k) = d.cross(Vec3<S>(Ia.template block<1, 3>(k, 3).transpose()));
  }
  // (D C) D, row by row: x^T D = (x x d)^T; symmetric.
  for (int r = 0; r < 3; ++r) {
    const Vec3<S> row = Vec3<S>(DC.row(r).transpose()).cross(d);
    for (int c = r; c < 3; ++c) {
      const S a = Ia(r, c) + E(r, c) + E(c, r) - row(c);
      IAp(r, c) += a;
      if (c != r) IAp(c, r) += a;
    }
  }
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      IAp(r, 3 + c) += Ia(r, 3 + c) + DC(r, c);
      IAp(3 + c, r) += Ia(r, 3 + c) + DC(r, c);
    }
  IAp.template bottomRightCorner<3, 3>() += Ia.template bottomRightCorner<3, 3>();
}

/// Joint i's translation d_i = o_i - o_p (o_p = 0 for a root).
template <class S> ARMDYN_INLINE Vec3<S> offset(const ModelTpl<S>& model, const DataTpl<S>& data, int i) {
  const int p = model.parent[i];
  return p < 0 ? data.oMb[i].p : Vec3<S>(data.oMb[i].p - data.oMb[p].p);
}

// (1)
template <class S>
ARMDYN_INLINE void velocity_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> q, VecIn<S> qd) {
  const int n = model.dof;
  joint_placements(model, data, q.data());
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    Transform<S>& X = data.oMb[i];
    X = p < 0 ? data.X_up[i] : data.oMb[p] * data.X_up[i];
    const Vec3<S> z = X.R.col(2);
    Motion<S>& v = data.v[i];
    if (p < 0) {
      v.w.setZero();
      v.v.setZero();
    } else {
      const Motion<S>& vp = data.v[p];
      v.w = vp.w;
      v.v = vp.v + vp.w.cross(X.p - data.oMb[p].p);
    }
    // c = v x S qd (the joint's own motion drops out of the product)
    Motion<S>& c = ws.c[i];
    const S qdi = qd[i];
    const Vec3<S> zq = z * qdi;
    if (model.joint_type[i] == JointType::kRevolute) {
      c.w = v.w.cross(zq);
      c.v = v.v.cross(zq);
      v.w += zq;
    } else {
      c.w.setZero();
      c.v = v.w.cross(zq);
      v.v += zq;
    }
    const Inertia<S> I = rotate_inertia(X.R, model.inertia[i]);
    write_inertia_matrix(I, ws.IA[i]);
    const Force<S> h = I * v;
    ws.pA[i].n = v.w.cross(h.n) + v.v.cross(h.f);
    ws.pA[i].f = v.w.cross(h.f);
  }
}

// (2)-(4)
template <class S>
ARMDYN_INLINE void inertia_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> tau) {
  for (int i = model.dof - 1; i >= 0; --i) {
    const Vec3<S> z = data.oMb[i].R.col(2);
    const Mat6<S>& IA = ws.IA[i];
    Vec6<S>& U = ws.U[i];
    // (2): U = IA S, a combination of three columns of IA
    const int k = model.joint_type[i] == JointType::kRevolute ? 0 : 3;
    U = IA.col(k) * z.x() + IA.col(k + 1) * z.y() + IA.col(k + 2) * z.z();
    const Vec3<S> Us = U.template segment<3>(k);
    const Vec3<S> ps = k == 0 ? ws.pA[i].n : ws.pA[i].f;
    ws.D_inv[i] = S(1) / Us.dot(z);
    ws.u[i] = tau[i] - ps.dot(z);
    const int p = model.parent[i];
    if (p < 0) continue;
    // (3)
    const Mat6<S> Ia = IA - (U * ws.D_inv[i]) * U.transpose();
    Vec6<S> c6;
    c6 << ws.c[i].w, ws.c[i].v;
    const Vec6<S> pa = Ia * c6 + U * (ws.u[i] * ws.D_inv[i]);
    // (4)
    const Vec3<S> d = offset(model, data, i);
    articulated_to_parent(d, Ia, ws.IA[p]);
    const Vec3<S> pf = ws.pA[i].f + pa.template tail<3>();
    ws.pA[p].n += ws.pA[i].n + pa.template head<3>() + d.cross(pf);
    ws.pA[p].f += pf;
  }
}

// (5)
template <class S> ARMDYN_INLINE void acceleration_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws) {
  for (int i = 0; i < model.dof; ++i) {
    const int p = model.parent[i];
    Motion<S>& a = data.a[i];
    if (p < 0) {
      a.w = ws.c[i].w;
      a.v = ws.c[i].v - model.gravity;
    } else {
      const Motion<S>& ap = data.a[p];
      a.w = ap.w + ws.c[i].w;
      a.v = ap.v + ap.w.cross(offset(model, data, i)) + ws.c[i].v;
    }
    const Vec6<S>& U = ws.U[i];
    const S Ua = U.template head<3>().dot(a.w) + U.template tail<3>().dot(a.v);
    const S qdd = (ws.u[i] - Ua) * ws.D_inv[i];
    data.qdd[i] = qdd;
    const Vec3<S> z = data.oMb[i].R.col(2);
    if (model.joint_type[i] == JointType::kRevolute) a.w += z * qdd;
    else a.v += z * qdd;
  }
}

}  // namespace aba_detail

template <class S>
const VecX<S>& aba(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> q, VecIn<S> qd,
                   VecIn<S> tau) {
  check_size(q, model.dof, "q");
  check_size(qd, model.dof, "v");
  check_size(tau, model.dof, "tau");
  if (static_cast<int>(ws.IA.size()) != model.dof) throw InputError("aba: workspace built for another model");
  aba_detail::velocity_pass(model, data, ws, q, qd);
  aba_detail::inertia_pass(model, data, ws, tau);
  aba_detail::acceleration_pass(model, data, ws);
  return data.qdd;
}

}  // namespace armdyn
