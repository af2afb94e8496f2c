#pragma once
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/kinematics/joint.hpp"

namespace armdyn {
namespace rnea_derivatives_detail {

// Everything in the base frame (Carpentier & Mansard 2018, base-frame RNEA), J_i = S_i there:
//   v_i = v_p + J_i qd_i,   a_i = a_p + J_i qdd_i + (v_i x J_i) qd_i,   a_0 = [0; -g]          (1)
//   f_i = I_i a_i + v_i x* I_i v_i - fext_i,   F_i = sum of f_k over the subtree of i,
//   tau_i = J_i . F_i                                                                        (2)
// A change of q_j turns the subtree of j rigidly about J_j, so every base-frame quantity of it
// moves by J_j x (.) (J_j x* (.) for forces), except that v and a keep their parent's part:
//   d v_k / d q_j = J_j x v_k - w_j,   w_j = J_j x v_p(j)
//   d a_k / d q_j = J_j x a_k - beta_j - w_j x v_k,   beta_j = J_j x a_p(j) - w_j x v_p(j)     (3)
//   d v_k / d qd_j = J_j,   d a_k / d qd_j = J_j x v_k + 2 v_j x J_j                         (4)
// for k in the subtree of j. Both non-rigid parts enter f_k through the one linear map
//   B_k x = I_k (x x v_k) + x x* I_k v_k + v_k x* I_k x = (C_k + C_k^T) x + x x* (I_k v_k),
//   C_k = crf(v_k) I_k,   C_k + C_k^T = [[B11, b12 x], [-b12 x, 0]],
//   B11 = A + A^T - h u^T - u h^T + 2 (u . h) E   (A = [w x] I3),   b12 = w x h + m u           (5)
// (v_k = (w, u), I_k = (m, h, I3)), which sums over a subtree (Bc_i): for j an ancestor of i or
// i itself, d F_i / d q_j = J_j x* F_i - Ic_i beta_j - Bc_i w_j and
// d F_i / d qd_j = Bc_i J_j + 2 Ic_i Jdot_j. With (J_j x J_i) . F + J_i . (J_j x* F) = 0:
//   d tau_i / d q_j  = -(Ic_i J_i) . beta_j - (Bc_i^T J_i) . w_j                              (6)
//   d tau_i / d qd_j = (Bc_i^T J_i) . J_j + 2 (Ic_i J_i) . Jdot_j,   M_ij = (Ic_i J_i) . J_j
// and in the other triangle, with only the subtree of i moving,
//   d tau_j / d q_i  = J_j . D_i,   D_i = J_i x* F_i - Ic_i beta_i - Bc_i w_i                   (7)
//   d tau_j / d qd_i = J_j . E_i,   E_i = Bc_i J_i + 2 Ic_i Jdot_i

/// Sc x = (C + C^T) x of (5) for the subtree sums B11, b12.
template <class S> Force<S> sym_part(const Mat3<S>& B11, const Vec3<S>& b12, const Motion<S>& x) {
  return Force<S>{B11 * x.w + b12.cross(x.v), x.w.cross(b12)};
}

/// [w x] M, column by column: 18 mul.
template <class S> Mat3<S> skew_times(const Vec3<S>& w, const Mat3<S>& M) {
  Mat3<S> out;
  for (int c = 0; c < 3; ++c) out.col(c) = w.cross(M.col(c));
  return out;
}

template <class S> Force<S> operator+(const Force<S>& a, const Force<S>& b) { return Force<S>{a.n + b.n, a.f + b.f}; }
template <class S> Force<S> operator-(const Force<S>& a, const Force<S>& b) { return Force<S>{a.n - b.n, a.f - b.f}; }

template <class S>
void outward(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws, const S* qd,
             const S* qdd, const std::vector<Force<S>>* fext) {
  const int n = model.dof;
  Motion<S> a0;
  a0.v = -model.gravity;
  const Motion<S> v0;
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    Transform<S>& X = data.oMb[i];
    if (p < 0) X = data.X_up[i];
    else X = data.oMb[p] * data.X_up[i];
    Motion<S>& J = ws.J[i];
    J.w = X.R.col(2);
    if (model.joint_type[i] == JointType::kRevolute) {
      J.v = X.p.cross(J.w);
    } else {
      J.v = J.w;
      J.w.setZero();
    }
    const Motion<S>& vp = p < 0 ? v0 : ws.v[p];
    const Motion<S>& ap = p < 0 ? a0 : ws.a[p];
    // (1)
    Motion<S>& v = ws.v[i];
    v.w = vp.w + J.w * qd[i];
    v.v = vp.v + J.v * qd[i];
    ws.Jdot[i] = cross_motion(v, J);
    Motion<S>& a = ws.a[i];
    a.w = ap.w + J.w * qdd[i] + ws.Jdot[i].w * qd[i];
    a.v = ap.v + J.v * qdd[i] + ws.Jdot[i].v * qd[i];
    // (3)
    ws.w[i] = cross_motion(J, vp);
    const Motion<S> ja = cross_motion(J, ap), wv = cross_motion(ws.w[i], vp);
    ws.beta[i].w = ja.w - wv.w;
    ws.beta[i].v = ja.v - wv.v;
    // (2)
    const Inertia<S>& I = ws.Ic[i] = transform_to_parent(X, model.inertia[i]);
    ws.P[i] = I * v;
    Force<S>& f = ws.F[i];
    f = I * a + cross_force(v, ws.P[i]);
    if (fext) {
      const Force<S>& fe = (*fext)[i];
      const Vec3<S> Rf = X.R * fe.f;
      f.n -= X.R * fe.n + X.p.cross(Rf);
      f.f -= Rf;
    }
    // (5)
    const Mat3<S> A = skew_times(v.w, I.I);
    ws.B11[i] = A + A.transpose() - I.h * v.v.transpose() - v.v * I.h.transpose();
    ws.B11[i].diagonal().array() += S(2) * v.v.dot(I.h);
    ws.b12[i] = v.w.cross(I.h) + I.m * v.v;
  }
}

template <class S> void inward(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws) {
  for (int i = model.dof - 1; i >= 0; --i) {
    const Motion<S>& J = ws.J[i];
    const Inertia<S>& Ic = ws.Ic[i];
    data.tau[i] = dot(J, ws.F[i]);
    // Bc x = Sc x + x x* Pc,  Bc^T x = Sc x - x x* Pc
    const Force<S> ScJ = sym_part(ws.B11[i], ws.b12[i], J), JP = cross_force(J, ws.P[i]);
    ws.r1[i] = Ic * J;
    ws.r2[i] = ScJ - JP;
    // (7)
    const Force<S> Bw = sym_part(ws.B11[i], ws.b12[i], ws.w[i]) + cross_force(ws.w[i], ws.P[i]);
    ws.D[i] = cross_force(J, ws.F[i]) - Ic * ws.beta[i] - Bw;
    const Force<S> IJd = Ic * ws.Jdot[i];
    ws.E[i] = ScJ + JP + IJd + IJd;
    const int p = model.parent[i];
    if (p >= 0) {
      ws.Ic[p] += Ic;
      ws.F[p] = ws.F[p] + ws.F[i];
      ws.P[p] = ws.P[p] + ws.P[i];
      ws.B11[p] += ws.B11[i];
      ws.b12[p] += ws.b12[i];
    }
  }
}

// (6), (7) for every pair (i, j), j = i or an ancestor of i; zero elsewhere (other branches).
template <class S> void pairs(const ModelTpl<S>& model, RneaDerivativesWorkspace<S>& ws) {
  ws.dtau_dq.setZero();
  ws.dtau_dv.setZero();
  ws.M.setZero();
  for (int i = 0; i < model.dof; ++i) {
    const Force<S>& r1 = ws.r1[i];
    const Force<S>& r2 = ws.r2[i];
    for (int j = i; j >= 0; j = model.parent[j]) {
      const Motion<S>& Jj = ws.J[j];
      ws.dtau_dq(i, j) = -(dot(ws.beta[j], r1) + dot(ws.w[j], r2));
      ws.dtau_dv(i, j) = dot(Jj, r2) + S(2) * dot(ws.Jdot[j], r1);
      ws.M(i, j) = dot(Jj, r1);
      if (j != i) {
        ws.dtau_dq(j, i) = dot(Jj, ws.D[i]);
        ws.dtau_dv(j, i) = dot(Jj, ws.E[i]);
        ws.M(j, i) = ws.M(i, j);
      }
    }
  }
}

}  // namespace rnea_derivatives_detail

template <class S>
void rnea_derivatives(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws, VecIn<S> q,
                      VecIn<S> v, VecIn<S> a, const std::vector<Force<S>>* fext) {
  check_size(q, model.dof, "q");
  check_size(v, model.dof, "v");
  check_size(a, model.dof, "a");
  if (fext && static_cast<int>(fext->size()) != model.dof)
    throw InputError("fext: expected one wrench per body");
  if (static_cast<int>(ws.J.size()) != model.dof)
    throw InputError("rnea_derivatives: the workspace was built for another model");
  joint_placements(model, data, q.data());
  rnea_derivatives_detail::outward(model, data, ws, v.data(), a.data(), fext);
  rnea_derivatives_detail::inward(model, data, ws);
  rnea_derivatives_detail::pairs(model, ws);
}

}  // namespace armdyn
