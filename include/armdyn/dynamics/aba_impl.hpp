#pragma once
#include "armdyn/dynamics/aba.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn {
namespace aba_detail {

// Articulated-body algorithm ([RBDA] Table 7.1), angular-first spatial vectors, every quantity
// in the base frame's axes and about the base frame's origin O (the algorithm holds in any one
// frame, [RBDA] §7.3), so that crossing a joint moves nothing: the parent's motion is the
// child's, and a child's force or inertia is added to its parent's as it is. Body i's placement
// is oMb_i = (R_i, o_i), z_i = R_i e_z its joint axis, and
//   S_i = (z_i, o_i x z_i) (revolute, the axis line about O),   S_i = (0, z_i) (prismatic).
// Each body's rigid inertia is moved to O once (as transform_to_parent(oMb_i, I) does, the
// parallel-axis theorem), which costs fewer operations than moving every articulated inertia
// across its joint.
// The price is round-off: the parallel-axis terms grow with a body's distance from O (on the
// 96-joint test chain ABA still agrees with CRBA + LDL^T to 1e-11).
// Pass 1, outward (velocities, bias terms), v_0 = 0:
//   v_i = v_p + S_i qd_i,   c_i = v_p x S_i qd_i,   IA_i = I_i,   pA_i = v_i x* I_i v_i        (1)
// (c_i = v_i x S_i qd_i, as S_i qd_i x S_i qd_i = 0).
// Pass 2, inward (articulated inertias):
//   U_i = IA_i S_i,   D_i = S_i^T U_i,   u_i = tau_i - S_i^T pA_i                             (2)
//   Ia = IA_i - U_i U_i^T / D_i,   pa = pA_i + Ia c_i + U_i u_i / D_i                         (3)
//   IA_p += Ia,   pA_p += pa                                                                  (4)
// Pass 3, outward (accelerations), a_0 = (0, -g):
//   a' = a_p + c_i,   qdd_i = (u_i - U_i^T a') / D_i,   a_i = a' + S_i qdd_i                  (5)
// A quaternion joint's accelerations are then qdd_i + b_i (joint.hpp: quaternion_bias).
// With loads (kLoads; loads.hpp): on a moving base v_0 and a_0 are the base's (loads.hpp (1), in
// these axes as they are), the root bodies' c_i = v_0 x S_i qd_i; the payload's inertia joins its
// body's I_i in (1); each external wrench, moved to O in base axes, is subtracted from its body's
// pA_i after (1).
// IA and Ia are symmetric: kept and updated as their 21 distinct entries
// (spatial/articulated_inertia.hpp). Every step is written entry by entry, as scalars: Eigen's
// packets over 3-vectors, read back from scalar stores, stalled on every body.

// (1)
template <bool kLoads, class S>
ARMDYN_INLINE void velocity_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> q, VecIn<S> qd,
                                 [[maybe_unused]] const Loads<S>* loads, [[maybe_unused]] const Motion<S>& v0) {
  const int n = model.dof;
  joint_placements(model, data, q.data());
  [[maybe_unused]] bool moving = false;
  [[maybe_unused]] int payload_body = -1;
  [[maybe_unused]] Inertia<S> loaded;  // the payload's body's inertia with the payload
  if constexpr (kLoads) {
    moving = loads->base.has_value();
    if (loads->payload) payload_body = loads->payload->body;
  }
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    Transform<S>& X = data.oMb[i];
    X = p < 0 ? data.X_up[i] : data.oMb[p] * data.X_up[i];
    const Vec3<S> z(X.R(0, 2), X.R(1, 2), X.R(2, 2));
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    Motion<S>& s = ws.s[i];
    const S qdi = qd[i];
    Motion<S> sq;  // S_i qd_i
    if (revolute) {
      s.w = z;
      s.v = cross(X.p, z);
      for (int r = 0; r < 3; ++r) {
        sq.w[r] = s.w[r] * qdi;
        sq.v[r] = s.v[r] * qdi;
      }
    } else {
      s.w = Vec3<S>(S(0), S(0), S(0));
      s.v = z;
      for (int r = 0; r < 3; ++r) sq.v[r] = s.v[r] * qdi;
    }
    Motion<S>& v = data.v[i];
    Motion<S>& c = ws.c[i];
    if (p < 0 && !(kLoads && moving)) {
      v = sq;
      c = Motion<S>{Vec3<S>(S(0), S(0), S(0)), Vec3<S>(S(0), S(0), S(0))};
    } else {
      const Motion<S>& vp = p < 0 ? v0 : data.v[p];
      if (revolute) {
        c.w = cross(vp.w, sq.w);
        const Vec3<S> a = cross(vp.w, sq.v), b = cross(vp.v, sq.w);
        for (int r = 0; r < 3; ++r) c.v[r] = a[r] + b[r];
        for (int r = 0; r < 3; ++r) {
          v.w[r] = vp.w[r] + sq.w[r];
          v.v[r] = vp.v[r] + sq.v[r];
        }
      } else {
        c.w = Vec3<S>(S(0), S(0), S(0));
        c.v = cross(vp.w, sq.v);
        for (int r = 0; r < 3; ++r) {
          v.w[r] = vp.w[r];
          v.v[r] = vp.v[r] + sq.v[r];
        }
      }
    }
    // The rigid inertia about O, (m, g, J) = transform_to_parent(X, I) with its products written
    // here, so that J and g stay in registers: written into IA_i (A = J, B = g x, C = m E) and
    // used for the momentum J v = (J w + g x v, m v - g x w).
    ArticulatedInertia<S>& IA = ws.IA[i];
    const Inertia<S>* Ibp = &model.inertia[i];
    if constexpr (kLoads) {
      if (i == payload_body) {
        loaded = model.inertia[i];
        loaded += loads->payload->inertia;
        Ibp = &loaded;
      }
    }
    const Inertia<S>& Ib = *Ibp;
    const Mat3<S>& R = X.R;
    S RI[3][3];  // R I
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k) RI[r][k] = R(r, 0) * Ib.I(0, k) + R(r, 1) * Ib.I(1, k) + R(r, 2) * Ib.I(2, k);
    const Vec3<S> hR = times(R, Ib.h);
    const S m = Ib.m;
    const Vec3<S>& d = X.p;
    const Vec3<S> g(m * d[0] + hR[0], m * d[1] + hR[1], m * d[2] + hR[2]);  // h about O
    const S sh = m * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + S(2) * (d[0] * hR[0] + d[1] * hR[1] + d[2] * hR[2]);
    S J[3][3];
    for (int r = 0; r < 3; ++r)
      for (int k = r; k < 3; ++k) {
        S e = RI[r][0] * R(k, 0) + RI[r][1] * R(k, 1) + RI[r][2] * R(k, 2) - g[r] * d[k] - d[r] * hR[k];
        if (r == k) e += sh;
        J[r][k] = e;
        J[k][r] = e;
      }
    using AI = ArticulatedInertia<S>;
    for (int r = 0; r < 3; ++r)
      for (int k = r; k < 3; ++k) {
        IA.A[AI::sym(r, k)] = J[r][k];
        IA.C[AI::sym(r, k)] = r == k ? m : S(0);
      }
    IA.B[0] = S(0), IA.B[1] = -g[2], IA.B[2] = g[1];
    IA.B[3] = g[2], IA.B[4] = S(0), IA.B[5] = -g[0];
    IA.B[6] = -g[1], IA.B[7] = g[0], IA.B[8] = S(0);
    const Vec3<S> hv = cross(g, v.v), hw = cross(g, v.w);
    Vec3<S> hn, hf;
    for (int r = 0; r < 3; ++r) {
      hn[r] = J[r][0] * v.w[0] + J[r][1] * v.w[1] + J[r][2] * v.w[2] + hv[r];
      hf[r] = m * v.v[r] - hw[r];
    }
    const Vec3<S> a = cross(v.w, hn), b = cross(v.v, hf);
    for (int r = 0; r < 3; ++r) ws.pA[i].n[r] = a[r] + b[r];
    ws.pA[i].f = cross(v.w, hf);
  }
}

// (2)-(4)
template <class S>
ARMDYN_INLINE void inertia_pass(const ModelTpl<S>& model, AbaWorkspace<S>& ws, VecIn<S> tau) {
  using AI = ArticulatedInertia<S>;
  for (int i = model.dof - 1; i >= 0; --i) {
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    const AI& IA = ws.IA[i];
    const Motion<S>& s = ws.s[i];
    const Force<S>& pA = ws.pA[i];
    Force<S>& U = ws.U[i];
    // (2)
    S D, Sp;
    if (revolute) {
      times(IA, s.w, s.v, U.n, U.f);
      D = dot(s.w, U.n) + dot(s.v, U.f);
      Sp = dot(s.w, pA.n) + dot(s.v, pA.f);
    } else {  // S = (0, z): U = (B z, C z)
      for (int r = 0; r < 3; ++r) {
        U.n[r] = IA.B[3 * r] * s.v[0] + IA.B[3 * r + 1] * s.v[1] + IA.B[3 * r + 2] * s.v[2];
        U.f[r] = IA.C[AI::sym(r, 0)] * s.v[0] + IA.C[AI::sym(r, 1)] * s.v[1] + IA.C[AI::sym(r, 2)] * s.v[2];
      }
      D = dot(s.v, U.f);
      Sp = dot(s.v, pA.f);
    }
    const S D_inv = S(1) / D;
    const S u = tau[i] - Sp;
    ws.D_inv[i] = D_inv;
    ws.u[i] = u;
    const int p = model.parent[i];
    if (p < 0) continue;
    // (3): Ia on one triangle of each symmetric block
    Vec3<S> Un, Uf;  // U / D
    for (int r = 0; r < 3; ++r) {
      Un[r] = U.n[r] * D_inv;
      Uf[r] = U.f[r] * D_inv;
    }
    AI Ia;
    for (int r = 0; r < 3; ++r) {
      for (int c = r; c < 3; ++c) {
        Ia.A[AI::sym(r, c)] = IA.A[AI::sym(r, c)] - Un[r] * U.n[c];
        Ia.C[AI::sym(r, c)] = IA.C[AI::sym(r, c)] - Uf[r] * U.f[c];
      }
      for (int c = 0; c < 3; ++c) Ia.B[3 * r + c] = IA.B[3 * r + c] - Un[r] * U.f[c];
    }
    Vec3<S> Icn, Icf;  // Ia c
    times(Ia, ws.c[i].w, ws.c[i].v, Icn, Icf);
    // (4)
    AI& IAp = ws.IA[p];
    for (int k = 0; k < 6; ++k) {
      IAp.A[k] += Ia.A[k];
      IAp.C[k] += Ia.C[k];
    }
    for (int k = 0; k < 9; ++k) IAp.B[k] += Ia.B[k];
    Force<S>& pAp = ws.pA[p];
    for (int r = 0; r < 3; ++r) {
      pAp.n[r] += pA.n[r] + Icn[r] + Un[r] * u;
      pAp.f[r] += pA.f[r] + Icf[r] + Uf[r] * u;
    }
  }
}

// The external wrenches of `loads`, moved to O in base axes, subtracted from pA (after (1)).
template <class S> void subtract_wrenches(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws,
                                          const Loads<S>& loads) {
  for (std::size_t i = 0; i < loads.body_wrenches.size(); ++i) {
    const Transform<S>& X = data.oMb[i];
    const Force<S>& fb = loads.body_wrenches[i];
    const Vec3<S> f = X.R * fb.f;
    ws.pA[i].f -= f;
    ws.pA[i].n -= X.R * fb.n + X.p.cross(f);
  }
  for (const FrameWrench<S>& w : loads.wrenches) {
    const int b = model.frames[w.frame].body;
    if (b < 0) continue;  // on the base: it moves no joint
    const Vec3<S> f = w.wrench.template head<3>();
    const Vec3<S> p = data.oMb[b].apply(model.frames[w.frame].placement.p);
    ws.pA[b].f -= f;
    ws.pA[b].n -= w.wrench.template tail<3>() + p.cross(f);
  }
}

// (5)
template <bool kLoads, class S>
ARMDYN_INLINE void acceleration_pass(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws,
                                     [[maybe_unused]] const Loads<S>* loads, [[maybe_unused]] const Motion<S>& a0) {
  [[maybe_unused]] bool moving = false;
  if constexpr (kLoads) moving = loads->base.has_value();
  for (int i = 0; i < model.dof; ++i) {
    const int p = model.parent[i];
    Motion<S>& a = data.a[i];
    const Motion<S>& c = ws.c[i];
    if (p < 0 && kLoads && moving) {  // the base's a_0, plus c_i = v_0 x S_i qd_i
      for (int r = 0; r < 3; ++r) {
        a.w[r] = a0.w[r] + c.w[r];
        a.v[r] = a0.v[r] + c.v[r];
      }
    } else if (p < 0) {  // c_i = 0
      a.w = Vec3<S>(S(0), S(0), S(0));
      a.v = Vec3<S>(-model.gravity[0], -model.gravity[1], -model.gravity[2]);
    } else {
      const Motion<S>& ap = data.a[p];
      for (int r = 0; r < 3; ++r) {
        a.w[r] = ap.w[r] + c.w[r];
        a.v[r] = ap.v[r] + c.v[r];
      }
    }
    const Force<S>& U = ws.U[i];
    const S qdd = (ws.u[i] - (dot(U.n, a.w) + dot(U.f, a.v))) * ws.D_inv[i];
    data.qdd[i] = qdd;
    const Motion<S>& s = ws.s[i];
    if (model.joint_type[i] == JointType::kRevolute)
      for (int r = 0; r < 3; ++r) a.w[r] += s.w[r] * qdd;
    for (int r = 0; r < 3; ++r) a.v[r] += s.v[r] * qdd;
  }
}

}  // namespace aba_detail

template <class S>
const VecX<S>& aba(const ModelTpl<S>& model, DataTpl<S>& data, AbaWorkspace<S>& ws, VecIn<S> q, VecIn<S> qd,
                   VecIn<S> tau, const Loads<S>* loads) {
  check_configuration(model, q);
  check_size(qd, model.dof, "v");
  check_size(tau, model.dof, "tau");
  if (static_cast<int>(ws.IA.size()) != model.dof) throw InputError("aba: workspace built for another model");
  if (has_loads(loads)) {
    check_loads(model, *loads);
    Motion<S> v0, a0;
    if (loads->base) loads_detail::base_motion(model, *loads->base, v0, a0);
    aba_detail::velocity_pass<true>(model, data, ws, q, qd, loads, v0);
    aba_detail::subtract_wrenches(model, data, ws, *loads);
    aba_detail::inertia_pass(model, ws, tau);
    aba_detail::acceleration_pass<true>(model, data, ws, loads, a0);
  } else {
    const Motion<S> none;
    aba_detail::velocity_pass<false, S>(model, data, ws, q, qd, nullptr, none);
    aba_detail::inertia_pass(model, ws, tau);
    aba_detail::acceleration_pass<false, S>(model, data, ws, nullptr, none);
  }
  // The chart's accelerations to a quaternion joint's (joint.hpp: quaternion_bias).
  if (model.has_quaternions()) add_quaternion_bias(model, qd.data(), data.qdd.data());
  return data.qdd;
}

}  // namespace armdyn
