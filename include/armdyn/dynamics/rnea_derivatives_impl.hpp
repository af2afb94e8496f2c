#pragma once
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/kinematics/joint.hpp"

namespace armdyn {
namespace rnea_derivatives_detail {

// Everything in the base frame ([Carpentier], the base-frame RNEA), J_i = S_i there:
//   v_i = v_p + J_i qd_i,   a_i = a_p + J_i qdd_i + Jdot_i qd_i,   Jdot_i = v_i x J_i,
//   a_0 = [0; -g]                                                                            (1)
//   f_i = I_i a_i + v_i x* I_i v_i - fext_i,   F_i = sum of f_k over the subtree of i,
//   tau_i = J_i . F_i                                                                        (2)
// A change of q_j turns the subtree of j rigidly about J_j, so every base-frame quantity of it
// moves by J_j x (.) (J_j x* (.) for forces), except that v and a keep their parent's part;
// with w_j = J_j x v_p(j) = -Jdot_j (J_j x J_j = 0):
//   d v_k / d q_j = J_j x v_k + Jdot_j
//   d a_k / d q_j = J_j x a_k - beta_j + Jdot_j x v_k,   beta_j = J_j x a_p(j) + Jdot_j x v_p(j)  (3)
//   d v_k / d qd_j = J_j,   d a_k / d qd_j = J_j x v_k + 2 Jdot_j                             (4)
// for k in the subtree of j. Both non-rigid parts enter f_k through the one linear map
//   B_k x = I_k (x x v_k) + x x* I_k v_k + v_k x* I_k x = (C_k + C_k^T) x + x x* (I_k v_k),
//   C_k = crf(v_k) I_k,   C_k + C_k^T = [[B11, b12 x], [-b12 x, 0]],
//   B11 = A + A^T - h u^T - u h^T + 2 (u . h) E   (A = [w x] I3),   b12 = w x h + m u           (5)
// (v_k = (w, u), I_k = (m, h, I3)), which sums over a subtree (Bc_i): for j an ancestor of i or
// i itself, d F_i / d q_j = J_j x* F_i - Ic_i beta_j + Bc_i Jdot_j and
// d F_i / d qd_j = Bc_i J_j + 2 Ic_i Jdot_j. With (J_j x J_i) . F + J_i . (J_j x* F) = 0:
//   d tau_i / d q_j  = -r1_i . beta_j + r2_i . Jdot_j,   r1_i = Ic_i J_i,   r2_i = Bc_i^T J_i  (6)
//   d tau_i / d qd_j = r2_i . J_j + 2 r1_i . Jdot_j,      M_ij = r1_i . J_j
// and in the other triangle, with only the subtree of i moving,
//   d tau_j / d q_i  = J_j . D_i,   D_i = J_i x* F_i - Ic_i beta_i + Bc_i Jdot_i                (7)
//   d tau_j / d qd_i = J_j . E_i,   E_i = Bc_i J_i + 2 Ic_i Jdot_i
// With loads (loads.hpp): a moving base gives v_0 and a_0 (loads.hpp (1), constants, so (3)-(7)
// hold as they are); the payload's inertia joins its body's; per-body wrenches turn with their
// bodies as f_k does. A wrench (n, f) at a frame in base axes keeps its direction while its point
// p moves: about O it is F_e = (n + p x f, f) and d F_e / d q_j = ((w_j x p + u_j) x f, 0), J_j =
// (w_j, u_j), which is J_j x* F_e less
//   K(w_j) = (w_j x n + p x (w_j x f), w_j x f) = (w_j x N + Q^T w_j, w_j x Fs)                (8)
// summed over the wrenches of a subtree: N = sum n, Fs = sum f, Q = sum ((f . p) E - p f^T). As F_i
// holds -F_e, d F_i / d q_j gains +K(w_j), so D_i gains K(w_i) and
//   d tau_i / d q_j += J_i . K(w_j) = r3_i . w_j,   r3_i = N x w_i + Q w_i + Fs x u_i         (9)

// The spatial cross products of motion.hpp, always inlined here (12 mul each).
template <class S> [[gnu::always_inline]] inline Motion<S> crm(const Motion<S>& a, const Motion<S>& b) {
  return Motion<S>{a.w.cross(b.w), a.w.cross(b.v) + a.v.cross(b.w)};
}
template <class S> [[gnu::always_inline]] inline Force<S> crf(const Motion<S>& a, const Force<S>& f) {
  return Force<S>{a.w.cross(f.n) + a.v.cross(f.f), a.w.cross(f.f)};
}

/// Bc x = (C + C^T) x + x x* Pc of (5) for the subtree sums B11, b12, Pc.
template <class S>
[[gnu::always_inline]] inline Force<S> apply_B(const Mat3<S>& B11, const Vec3<S>& b12, const Force<S>& Pc,
                                               const Motion<S>& x) {
  return Force<S>{B11 * x.w + b12.cross(x.v) + x.w.cross(Pc.n) + x.v.cross(Pc.f), x.w.cross(b12 + Pc.f)};
}
/// Bc^T x = (C + C^T) x - x x* Pc.
template <class S>
[[gnu::always_inline]] inline Force<S> apply_Bt(const Mat3<S>& B11, const Vec3<S>& b12, const Force<S>& Pc,
                                                const Motion<S>& x) {
  return Force<S>{B11 * x.w + b12.cross(x.v) - x.w.cross(Pc.n) - x.v.cross(Pc.f), x.w.cross(b12 - Pc.f)};
}

/// Column i of a 6 x n matrix = (top; bottom).
template <class S, class A, class B>
[[gnu::always_inline]] inline void put(Eigen::Matrix<S, 6, Eigen::Dynamic>& m, int i, const A& top, const B& bottom) {
  m.template block<3, 1>(0, i) = top;
  m.template block<3, 1>(3, i) = bottom;
}

template <class S>
void outward(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws, const S* qd,
             const S* qdd, const Loads<S>* loads) {
  const int n = model.dof;
  Motion<S> a0, v0;
  a0.v = -model.gravity;
  if (loads && loads->base) loads_detail::base_motion(model, *loads->base, v0, a0);
  const std::vector<Force<S>>* fext = loads && !loads->body_wrenches.empty() ? &loads->body_wrenches : nullptr;
  const int payload_body = loads && loads->payload ? loads->payload->body : -1;
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
    // (1); v_i x J_i = v_p x J_i
    const Motion<S>& Jd = ws.Jdot[i] = crm(vp, J);
    Motion<S>& v = ws.v[i];
    v.w = vp.w + J.w * qd[i];
    v.v = vp.v + J.v * qd[i];
    Motion<S>& a = ws.a[i];
    a.w = ap.w + J.w * qdd[i] + Jd.w * qd[i];
    a.v = ap.v + J.v * qdd[i] + Jd.v * qd[i];
    // (3)
    const Motion<S> ja = crm(J, ap), jv = crm(Jd, vp);
    Motion<S>& beta = ws.beta[i];
    beta.w = ja.w + jv.w;
    beta.v = ja.v + jv.v;
    put(ws.cols_J, i, J.w, J.v);
    put(ws.cols_Jdot, i, Jd.w, Jd.v);
    put(ws.cols_beta, i, beta.w, beta.v);
    // (2)
    Inertia<S> Ib = model.inertia[i];
    if (i == payload_body) Ib += loads->payload->inertia;
    const Inertia<S>& I = ws.Ic[i] = transform_to_parent(X, Ib);
    ws.P[i] = I * v;
    Force<S>& f = ws.F[i];
    f = I * a;
    const Force<S> vP = crf(v, ws.P[i]);
    f.n += vP.n;
    f.f += vP.f;
    if (fext) {
      const Force<S>& fe = (*fext)[i];
      const Vec3<S> Rf = X.R * fe.f;
      f.n -= X.R * fe.n + X.p.cross(Rf);
      f.f -= Rf;
    }
    // (5), the six distinct entries of the symmetric B11
    Mat3<S> A;
    for (int c = 0; c < 3; ++c) A.col(c) = v.w.cross(I.I.col(c));
    const S uh2 = S(2) * v.v.dot(I.h);
    Mat3<S>& B = ws.B11[i];
    for (int c = 0; c < 3; ++c)
      for (int r = 0; r <= c; ++r) {
        S e = A(r, c) + A(c, r) - I.h(r) * v.v(c) - v.v(r) * I.h(c);
        if (r == c) e += uh2;
        B(r, c) = e;
        B(c, r) = e;
      }
    ws.b12[i] = v.w.cross(I.h) + I.m * v.v;
  }
  // The wrenches at frames (8): subtracted from their bodies' F, and their N, Fs, Q.
  if (!ws.at_frames) return;
  for (int i = 0; i < n; ++i) {
    ws.wN[i].setZero();
    ws.wF[i].setZero();
    ws.wQ[i].setZero();
  }
  for (const FrameWrench<S>& w : loads->wrenches) {
    const int b = model.frames[w.frame].body;
    if (b < 0) continue;  // on the base: it moves no joint
    const Vec3<S> f = w.wrench.template head<3>(), nf = w.wrench.template tail<3>();
    const Vec3<S> p = data.oMb[b].apply(model.frames[w.frame].placement.p);
    ws.F[b].f -= f;
    ws.F[b].n -= nf + p.cross(f);
    ws.wN[b] += nf;
    ws.wF[b] += f;
    ws.wQ[b] += f.dot(p) * Mat3<S>::Identity() - p * f.transpose();
  }
}

template <class S> void inward(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws) {
  for (int i = model.dof - 1; i >= 0; --i) {
    const Motion<S>& J = ws.J[i];
    const Motion<S>& Jd = ws.Jdot[i];
    const Inertia<S>& Ic = ws.Ic[i];
    const Force<S>& F = ws.F[i];
    data.tau[i] = dot(J, F);
    // (6)
    const Force<S> r1 = Ic * J, r2 = apply_Bt(ws.B11[i], ws.b12[i], ws.P[i], J);
    put(ws.cols_r1, i, r1.n, r1.f);
    put(ws.cols_r2, i, r2.n, r2.f);
    // (7)
    const Force<S> JF = crf(J, F), Ib = Ic * ws.beta[i], BJd = apply_B(ws.B11[i], ws.b12[i], ws.P[i], Jd);
    if (ws.at_frames) {  // (8), (9)
      const Vec3<S>& N = ws.wN[i];
      const Vec3<S>& Fs = ws.wF[i];
      const Mat3<S>& Q = ws.wQ[i];
      ws.cols_r3.col(i) = N.cross(J.w) + Q * J.w + Fs.cross(J.v);
      const Vec3<S> Kn = J.w.cross(N) + Q.transpose() * J.w, Kf = J.w.cross(Fs);
      put(ws.cols_D, i, JF.n - Ib.n + BJd.n + Kn, JF.f - Ib.f + BJd.f + Kf);
    } else {
      put(ws.cols_D, i, JF.n - Ib.n + BJd.n, JF.f - Ib.f + BJd.f);
    }
    const Force<S> BJ = apply_B(ws.B11[i], ws.b12[i], ws.P[i], J), IJd = Ic * Jd;
    put(ws.cols_E, i, BJ.n + S(2) * IJd.n, BJ.f + S(2) * IJd.f);
    const int p = model.parent[i];
    if (p >= 0) {
      ws.Ic[p] += Ic;
      ws.F[p].n += F.n;
      ws.F[p].f += F.f;
      ws.P[p].n += ws.P[i].n;
      ws.P[p].f += ws.P[i].f;
      ws.B11[p] += ws.B11[i];
      ws.b12[p] += ws.b12[i];
      if (ws.at_frames) {
        ws.wN[p] += ws.wN[i];
        ws.wF[p] += ws.wF[i];
        ws.wQ[p] += ws.wQ[i];
      }
    }
  }
}

// (6), (7) for every pair (i, j), j = i or an ancestor of i; zero elsewhere (other branches). Where
// the ancestors of i are bodies 0 .. i-1 (every body of a chain), row i and column i of each
// result are products of the side-by-side 6-vectors; elsewhere one pair at a time.
template <class S> void pairs(const ModelTpl<S>& model, RneaDerivativesWorkspace<S>& ws) {
  ws.dtau_dq.setZero();
  ws.dtau_dv.setZero();
  ws.M.setZero();
  for (int i = 0; i < model.dof; ++i) {
    const auto r1 = ws.cols_r1.col(i), r2 = ws.cols_r2.col(i);
    if (ws.chain_prefix[i]) {
      const int k = i + 1;
      ws.dtau_dq.row(i).head(k).noalias() = r2.transpose() * ws.cols_Jdot.leftCols(k);
      ws.dtau_dq.row(i).head(k).noalias() -= r1.transpose() * ws.cols_beta.leftCols(k);
      ws.dtau_dv.row(i).head(k).noalias() = r2.transpose() * ws.cols_J.leftCols(k);
      ws.dtau_dv.row(i).head(k).noalias() += S(2) * (r1.transpose() * ws.cols_Jdot.leftCols(k));
      ws.M.row(i).head(k).noalias() = r1.transpose() * ws.cols_J.leftCols(k);
      if (ws.at_frames)  // (9)
        ws.dtau_dq.row(i).head(k).noalias() += ws.cols_r3.col(i).transpose() * ws.cols_J.topRows(3).leftCols(k);
      ws.dtau_dq.col(i).head(i).noalias() = ws.cols_J.leftCols(i).transpose() * ws.cols_D.col(i);
      ws.dtau_dv.col(i).head(i).noalias() = ws.cols_J.leftCols(i).transpose() * ws.cols_E.col(i);
      ws.M.col(i).head(i) = ws.M.row(i).head(i).transpose();
      continue;
    }
    for (int j = i; j >= 0; j = model.parent[j]) {
      const auto Jj = ws.cols_J.col(j), Jdj = ws.cols_Jdot.col(j);
      ws.dtau_dq(i, j) = Jdj.dot(r2) - ws.cols_beta.col(j).dot(r1);
      if (ws.at_frames) ws.dtau_dq(i, j) += ws.cols_r3.col(i).dot(Jj.template head<3>());  // (9)
      ws.dtau_dv(i, j) = Jj.dot(r2) + S(2) * Jdj.dot(r1);
      ws.M(i, j) = Jj.dot(r1);
      if (j != i) {
        ws.dtau_dq(j, i) = Jj.dot(ws.cols_D.col(i));
        ws.dtau_dv(j, i) = Jj.dot(ws.cols_E.col(i));
        ws.M(j, i) = ws.M(i, j);
      }
    }
  }
}

}  // namespace rnea_derivatives_detail

template <class S>
void rnea_derivatives(const ModelTpl<S>& model, DataTpl<S>& data, RneaDerivativesWorkspace<S>& ws, VecIn<S> q,
                      VecIn<S> v, VecIn<S> a, const Loads<S>* loads) {
  require_angle_coordinates(model, "the derivatives of the dynamics");
  check_size(q, model.dof, "q");
  check_size(v, model.dof, "v");
  check_size(a, model.dof, "a");
  if (static_cast<int>(ws.J.size()) != model.dof)
    throw InputError("rnea_derivatives: the workspace was built for another model");
  if (loads) check_loads(model, *loads);
  ws.at_frames = loads && !loads->wrenches.empty();
  joint_placements(model, data, q.data());
  rnea_derivatives_detail::outward(model, data, ws, v.data(), a.data(), loads);
  rnea_derivatives_detail::inward(model, data, ws);
  rnea_derivatives_detail::pairs(model, ws);
}

}  // namespace armdyn
