#pragma once
#include <cmath>

#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/appel.hpp"

namespace armdyn::appel {

template <class S>
Workspace<S>::Workspace(const ModelTpl<S>& model)
    : chain(vp::make_cog_chain(model, "Appel's method")), A_rel(model.dof), A(model.dof),
      alpha(model.dof), beta(model.dof), J_alpha(model.dof), gamma(Vec3<S>::Zero()),
      delta(Vec3<S>::Zero()), omega(Vec3<S>::Zero()), e(model.dof), S_pos(model.dof), C_pos(model.dof),
      W(MatX<S>::Zero(model.dof, model.dof)), V(VecX<S>::Zero(model.dof)), Y(VecX<S>::Zero(model.dof)),
      U(VecX<S>::Zero(model.dof)), h(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)),
      tau(VecX<S>::Zero(model.dof)) {}

namespace detail {

template <class S> Vec3<S> unit(const Vec3<S>& x) {
  using std::sqrt;
  return x / sqrt(x.squaredNorm());
}

template <class S> Mat3<S> columns(const Vec3<S>& a, const Vec3<S>& b, const Vec3<S>& c) {
  Mat3<S> m;
  m.col(0) = a;
  m.col(1) = b;
  m.col(2) = c;
  return m;
}

// Relative transition matrix A_{i-1,i} (frame i -> frame i-1), as in the Lagrange method; every
// vector here is in the (i-1)-th or the i-th body frame:
//   a_i = -e x (r x e) / |..| (frame i-1),  a~_i = e~ x (r~ x e~) / |..| (frame i)   (2.7.11)
//   A^0_{i-1,i} = [e a b][e~ a~ b~]^-1, b = e x a                                    (2.7.12)-(2.7.14)
//   V_ij = v_ij cos q + (1 - cos q)(e . v_ij) e + (e x v_ij) sin q                    (2.7.15)-(2.7.17)
// with r, r~ the "specificity" vectors r* (cog_chain.hpp). Linear joint: the auxiliary u
// replaces a and no turning follows. The triads are orthonormal: inverse = transpose.
template <class S> Mat3<S> relative_transition(const vp::CogChain<S>& c, int i, const S& q) {
  const Vec3<S>& e = c.e_prev[i];
  const Vec3<S>& et = c.e_own[i];
  if (c.linear[i]) {
    const Vec3<S>& a = c.ref_prev[i];
    const Vec3<S>& at = c.ref_own[i];
    return columns(e, a, Vec3<S>(e.cross(a))) * columns(et, at, Vec3<S>(et.cross(at))).transpose();
  }
  const Vec3<S>& r = c.ref_prev[i];
  const Vec3<S> a = unit(Vec3<S>(-e.cross(r.cross(e))));
  const Vec3<S> at = unit(Vec3<S>(et.cross(c.ref_own[i].cross(et))));
  const Mat3<S> A0 = columns(e, a, Vec3<S>(e.cross(a))) * columns(et, at, Vec3<S>(et.cross(at))).transpose();
  using std::cos;
  using std::sin;
  const S cq = cos(q), sq = sin(q);
  Mat3<S> A;
  for (int j = 0; j < 3; ++j) {
    const Vec3<S> vj = A0.col(j);
    A.col(j) = vj * cq + e * ((S(1) - cq) * e.dot(vj)) + e.cross(vj) * sq;
  }
  return A;
}

// Iteration i: segment i appended, everything in body frame i, A = A_{i,i-1} = A_{i-1,i}^T:
//   omega~_i = A omega~_{i-1} + qd_i (1 - s_i) e~_i                                   (2.9.10)
//   alpha_j^i = A alpha_j^{i-1} (j < i),  alpha_i^i = e~_i (1 - s_i)                    (2.9.24)
//   gamma^i = A gamma^{i-1} + qd_i (1 - s_i)(omega~_i x e~_i)                           (2.9.25)
//   beta_j^i = A beta_j^{i-1} - A(alpha_j^{i-1} x r~~_{i-1,i}) + alpha_j^i x r~'_ii (j < i),
//   beta_i^i = alpha_i^i x r~'_ii + e~_i s_i                                             (2.9.26)
//   delta^i = A delta^{i-1} - A(gamma^{i-1} x r~~_{i-1,i}) + gamma^i x r~'_ii + h,
//   h = -A[omega~_{i-1} x (omega~_{i-1} x r~~_{i-1,i})] + omega~_i x (omega~_i x r~'_ii)
//       + 2 qd_i (omega~_i x e~_i) s_i                                                   (2.9.27)
// with r~'_ii = r~_ii + q_i e~_i s_i (2.9.11). (1 - s_i) and s_i are a branch on the joint type.
template <bool kBias, class S> void append_segment(Workspace<S>& ws, int i, const S& q, const S& qd) {
  const vp::CogChain<S>& c = ws.chain;
  ws.A_rel[i] = relative_transition(c, i, q);
  const Mat3<S> A = ws.A_rel[i].transpose();
  const Vec3<S>& r_up = c.r_up[i];
  const Vec3<S>& e = c.e_own[i];
  Vec3<S> r_own = c.r_own[i];
  if (c.linear[i]) r_own += e * q;
  for (int j = 0; j < i; ++j) {
    const Vec3<S> alpha_prev = ws.alpha[j];
    ws.alpha[j] = A * alpha_prev;
    ws.beta[j] = A * ws.beta[j] - A * alpha_prev.cross(r_up) + ws.alpha[j].cross(r_own);
  }
  if (c.linear[i]) {
    ws.alpha[i].setZero();
    ws.beta[i] = e;
  } else {
    ws.alpha[i] = e;
    ws.beta[i] = e.cross(r_own);
  }
  if constexpr (kBias) {
    const Vec3<S> omega_prev = ws.omega, gamma_prev = ws.gamma;
    ws.omega = A * omega_prev;
    ws.gamma = A * gamma_prev;
    if (!c.linear[i]) {
      ws.omega += e * qd;
      ws.gamma += ws.omega.cross(e) * qd;
    }
    Vec3<S> h = -(A * omega_prev.cross(omega_prev.cross(r_up))) + ws.omega.cross(ws.omega.cross(r_own));
    if (c.linear[i]) h += ws.omega.cross(e) * (S(2) * qd);
    ws.delta = A * ws.delta - A * gamma_prev.cross(r_up) + ws.gamma.cross(r_own) + h;
  }
}

// Segment i's share of G, (2.9.28)-(2.9.29), added to the sums (2.9.36)-(2.9.37):
//   W_i = m_i Omega^T Omega + Gamma^T J~_i Gamma          (lower triangle; mirrored at the end)
//   V_i = m_i Theta^T Omega + Phi^T J~_i Gamma - u~^T Gamma,   u~ = (J~_i omega~_i) x omega~_i
// (the printed coefficient 2 of u~ is an erratum; ws.printed_gyroscopic_coefficient restores it
// for the test that must fail).
template <bool kBias, class S> void add_acceleration_energy(Workspace<S>& ws, int i) {
  const vp::CogChain<S>& c = ws.chain;
  const Mat3<S>& J = c.J[i];
  const S& m = c.m[i];
  for (int j = 0; j <= i; ++j) ws.J_alpha[j] = J * ws.alpha[j];
  for (int s = 0; s <= i; ++s)
    for (int j = 0; j <= s; ++j) ws.W(s, j) += m * ws.beta[s].dot(ws.beta[j]) + ws.alpha[s].dot(ws.J_alpha[j]);
  if constexpr (kBias) {
    Vec3<S> u = (J * ws.omega).cross(ws.omega);
    if (ws.printed_gyroscopic_coefficient) u *= S(2);
    for (int j = 0; j <= i; ++j)
      ws.V[j] += m * ws.delta.dot(ws.beta[j]) + ws.gamma.dot(ws.J_alpha[j]) - u.dot(ws.alpha[j]);
  }
}

// Generalized gravity forces (2.9.38)-(2.9.42), external frame:
//   y_i = sum_{k>=i} [m_k g, e_i, r^i_k]  (revolute),   y_i = e_i . g sum_{k>=i} m_k  (linear),
// r^i_k = S_i C_k (2.9.39). "Without duplicating the summations": the positions S_i, C_i are
// accumulated outward (S_i = C_{i-1} - r_{i-1,i}, C_i = S_i + r'_ii, C_0 at the base origin,
// e_i = A_{i-1} e~~_i, A_i = A_{i-1} A_{i-1,i} (2.7.10)), then inward the mass M_i and first
// moment F_i of segments i..n, so that sum_k m_k r^i_k = F_i - M_i S_i.
template <class S> void gravity_forces(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  const vp::CogChain<S>& c = ws.chain;
  const int n = model.dof;
  Mat3<S> A_prev = Mat3<S>::Identity();
  Vec3<S> C_prev = Vec3<S>::Zero();
  for (int i = 0; i < n; ++i) {
    ws.A[i] = A_prev * ws.A_rel[i];
    ws.e[i] = A_prev * c.e_prev[i];
    ws.S_pos[i] = C_prev - A_prev * c.r_up[i];
    Vec3<S> r_own = ws.A[i] * c.r_own[i];
    if (c.linear[i]) r_own += ws.e[i] * q[i];
    ws.C_pos[i] = ws.S_pos[i] + r_own;
    A_prev = ws.A[i];
    C_prev = ws.C_pos[i];
  }
  S M = S(0);
  Vec3<S> F = Vec3<S>::Zero();
  const Vec3<S>& g = model.gravity;
  for (int i = n - 1; i >= 0; --i) {
    M += c.m[i];
    F += ws.C_pos[i] * c.m[i];
    if (c.linear[i]) ws.Y[i] = ws.e[i].dot(g) * M;
    else ws.Y[i] = g.dot(ws.e[i].cross(F - ws.S_pos[i] * M));
  }
}

// The block scheme of Fig. 2.33: segments appended one by one from (2.9.14) omega_0 = eps_0 =
// w_0 = 0, each adding its W_i, V_i; then Y, and U = Y - V^T (2.9.34).
template <bool kBias, class S> void form(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, const S* qd) {
  const int n = model.dof;
  ws.W.setZero();
  ws.V.setZero();
  ws.omega.setZero();
  ws.gamma.setZero();
  ws.delta.setZero();
  for (int i = 0; i < n; ++i) {
    if constexpr (kBias) append_segment<true>(ws, i, q[i], qd[i]);
    else append_segment<false>(ws, i, q[i], S(0));
    add_acceleration_energy<kBias>(ws, i);
  }
  for (int s = 0; s < n; ++s)
    for (int j = 0; j < s; ++j) ws.W(j, s) = ws.W(s, j);
  if constexpr (kBias) {
    gravity_forces(model, ws, q);
    ws.U = ws.Y - ws.V;
  }
}

}  // namespace detail

template <class S>
void equations(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  vp::check_entry(model, ws.chain.n, "appel", "the Appel formulation", q, &v);
  detail::form<true>(model, ws, q, v.data());
}

template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a) {
  return vp::drives_from_equations(model, ws, q, v, a);  // (2.9.4)
}

template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  vp::check_entry(model, ws.chain.n, "appel", "the Appel formulation", q);
  detail::form<false>(model, ws, q, static_cast<const S*>(nullptr));
  return ws.W;
}

template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  return vp::bias_from_equations(model, ws, q, v);
}

template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  vp::check_entry(model, ws.chain.n, "appel", "the Appel formulation", q);
  for (int i = 0; i < model.dof; ++i) ws.A_rel[i] = detail::relative_transition(ws.chain, i, q[i]);
  detail::gravity_forces(model, ws, q);
  ws.g = -ws.Y;
  return ws.g;
}

}  // namespace armdyn::appel
