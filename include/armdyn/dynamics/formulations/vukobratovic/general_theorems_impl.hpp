#pragma once
#include <cmath>

#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems.hpp"

namespace armdyn::general_theorems {

template <class S>
Workspace<S>::Workspace(const ModelTpl<S>& model)
    : chain(vp::make_cog_chain(model, "the method of general theorems")),
      A(model.dof), e(model.dof), rk(model.dof), alpha(model.dof), beta(model.dof),
      gamma(Vec3<S>::Zero()), delta(Vec3<S>::Zero()), omega(Vec3<S>::Zero()),
      W(MatX<S>::Zero(model.dof, model.dof)), U(VecX<S>::Zero(model.dof)), h(VecX<S>::Zero(model.dof)),
      g(VecX<S>::Zero(model.dof)), tau(VecX<S>::Zero(model.dof)) {}

namespace detail {

/// What a pass forms: W only, W and U, or U with qd = 0 (the gravity terms alone).
enum class Terms { kMass, kAll, kGravity };

/// A unit vector along x (sqrt through ADL, so that other scalars supply their own).
template <class S> Vec3<S> unit(const Vec3<S>& x) {
  using std::sqrt;
  return x / sqrt(x.squaredNorm());
}

/// The matrix with columns a, b, c.
template <class S> Mat3<S> columns(const Vec3<S>& a, const Vec3<S>& b, const Vec3<S>& c) {
  Mat3<S> m;
  m.col(0) = a;
  m.col(1) = b;
  m.col(2) = c;
  return m;
}

// Transition matrix A_i of segment i, from A_{i-1} and the external axis e_i = A_{i-1} e~~_i.
// Revolute ("assembling" the joint at q_i = 0, then "turning" it):
//   a_i = -e x (r x e) / |e x (r x e)|,  a~_i = e~ x (r~ x e~) / |..|      (2.3.7), r = r* here
//   b_i = e x a,  b~_i = e~ x a~;   A_i^0 = [e a b][e~ a~ b~]^-1           (2.3.8)-(2.3.10)
//   V_ij = v_ij cos q + (1 - cos q)(e . v_ij) e + (e x v_ij) sin q          (2.3.11)-(2.3.13)
// Linear: a_i = A_{i-1} u~~_i, a~_i = u~_i, A_i = [e a b][e~ a~ b~]^-1 (no turning).
// The triads are orthonormal (u is normal to e here), so each inverse is a transpose.
template <class S>
Mat3<S> transition(const vp::CogChain<S>& c, int i, const Mat3<S>& A_prev, const Vec3<S>& e, const S& q) {
  const Vec3<S>& et = c.e_own[i];
  if (c.linear[i]) {
    const Vec3<S> a = A_prev * c.ref_prev[i];
    const Vec3<S>& at = c.ref_own[i];
    return columns(e, a, Vec3<S>(e.cross(a))) * columns(et, at, Vec3<S>(et.cross(at))).transpose();
  }
  const Vec3<S> r = A_prev * c.ref_prev[i];  // r*_{i-1,i} in the external frame
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

// Iteration i of the recursion: segment i is appended to the chain (external frame).
//   e_i = A_{i-1} e~~_i, normalised (the book states no normalisation; see general_theorems.hpp)
//   omega_i = omega_{i-1} + qd_i e_i (1 - s_i)                                  (2.3.14)
//   r'_ii = r_ii + q_i e_i s_i                                                  (2.3.15)
//   alpha_j^i = alpha_j^{i-1} (j < i),  alpha_i^i = (1 - s_i) e_i                (2.3.31)
//   gamma^i = gamma^{i-1} + qd_i (omega_{i-1} x e_i)(1 - s_i)                    (2.3.32)
//   beta_j^i = beta_j^{i-1} - alpha_j^{i-1} x r_{i-1,i} + alpha_j^i x r'_ii (j < i),
//   beta_i^i = e_i s_i + alpha_i^i x r'_ii                                        (2.3.33)
//   delta^i = delta^{i-1} - gamma^{i-1} x r_{i-1,i} + gamma^i x r'_ii + h,
//   h = -omega_{i-1} x (omega_{i-1} x r_{i-1,i}) + omega_i x (omega_i x r'_ii)
//       + 2 (omega_{i-1} x e_i) s_i qd_i                                          (2.3.34)
//   r_i^(k) = r_{i-1}^(k) - r_{i-1,i} + r'_ii (k < i),  r_i^(i) = r'_ii           (2.3.24)
// The factors (1 - s_i) and s_i are a branch on the joint type. kMass keeps only what W needs
// (Omega, Gamma), kGravity only the geometry (A_i, e_i, r_i^(k)).
template <Terms kTerms, class S>
void append_segment(Workspace<S>& ws, int i, const S& q, const S& qd) {
  const vp::CogChain<S>& c = ws.chain;
  const Mat3<S> A_prev = i == 0 ? Mat3<S>(Mat3<S>::Identity()) : ws.A[i - 1];
  Vec3<S> e = A_prev * c.e_prev[i];
  if (!ws.literal_axis) e = unit(e);  // e_i is a unit vector (2.3.5); see general_theorems.hpp
  const Vec3<S> r_up = A_prev * c.r_up[i];
  ws.e[i] = e;
  ws.A[i] = transition(c, i, A_prev, e, q);
  Vec3<S> r_own = ws.A[i] * c.r_own[i];
  if (c.linear[i]) r_own += e * q;
  if constexpr (kTerms != Terms::kGravity) {
    for (int j = 0; j < i; ++j) ws.beta[j] += -ws.alpha[j].cross(r_up) + ws.alpha[j].cross(r_own);
    if (c.linear[i]) {
      ws.alpha[i].setZero();
      ws.beta[i] = e;
    } else {
      ws.alpha[i] = e;
      ws.beta[i] = e.cross(r_own);
    }
  }
  for (int k = 0; k < i; ++k) ws.rk[k] += -r_up + r_own;
  ws.rk[i] = r_own;
  if constexpr (kTerms == Terms::kAll) {
    const Vec3<S> omega_prev = ws.omega, gamma_prev = ws.gamma;
    Vec3<S> h = -omega_prev.cross(omega_prev.cross(r_up));
    if (c.linear[i]) {
      h += omega_prev.cross(e) * (S(2) * qd);
    } else {
      ws.omega += e * qd;
      ws.gamma += omega_prev.cross(e) * qd;
    }
    h += ws.omega.cross(ws.omega.cross(r_own));
    ws.delta += -gamma_prev.cross(r_up) + ws.gamma.cross(r_own) + h;
  }
}

// Segment i's contribution to the rows k <= i of W and U ((2.3.23), (2.3.26) summed over
// i >= k), with w_i = Omega qdd + Theta and eps_i = Gamma qdd + Phi:
//   revolute k:  W_k. += e_k^T r_i^(k)x m_i Omega + e_k^T A_i J~_i A_i^-1 Gamma       (2.3.36),
//                U_k  -= e_k^T r_i^(k)x m_i (Theta - g) + e_k^T A_i J~_i A_i^-1 Phi - K  (2.3.39),
//                K = [A_i ((J~_i omega~_i) x omega~_i)] . e_k
//   linear k:    W_k. += m_i e_k^T Omega,  U_k -= m_i e_k^T (Theta - g)                  (2.3.41)
// where r x is the cross-product matrix (2.3.37), so e^T r x = (e x r)^T, and A^-1 = A^T.
// With qd = 0 (kGravity) Theta = Phi = K = 0 and only the gravity terms remain.
template <Terms kTerms, class S>
void add_rows(const ModelTpl<S>& model, Workspace<S>& ws, int i) {
  constexpr bool kW = kTerms != Terms::kGravity, kU = kTerms != Terms::kMass, kVel = kTerms == Terms::kAll;
  const vp::CogChain<S>& c = ws.chain;
  const Mat3<S>& A = ws.A[i];
  Mat3<S> J;
  if constexpr (kW || kVel) J = A * c.J[i] * A.transpose();
  Vec3<S> theta_g = -model.gravity, K = Vec3<S>::Zero();
  if constexpr (kVel) {
    theta_g = ws.delta - model.gravity;
    const Vec3<S> omega_t = A.transpose() * ws.omega;
    K = A * (c.J[i] * omega_t).cross(omega_t);
  }
  for (int k = 0; k <= i; ++k) {
    const Vec3<S>& ek = ws.e[k];
    if (c.linear[k]) {
      const Vec3<S> d = ek * c.m[i];
      if constexpr (kW)
        for (int j = 0; j <= i; ++j) ws.W(k, j) += d.dot(ws.beta[j]);
      if constexpr (kU) ws.U[k] -= d.dot(theta_g);
    } else {
      const Vec3<S> rho = ek.cross(ws.rk[k]) * c.m[i];
      if constexpr (kW || kVel) {
        const Vec3<S> ej = J.transpose() * ek;
        if constexpr (kW)
          for (int j = 0; j <= i; ++j) ws.W(k, j) += rho.dot(ws.beta[j]) + ej.dot(ws.alpha[j]);
        if constexpr (kVel) ws.U[k] -= rho.dot(theta_g) + ej.dot(ws.gamma) - K.dot(ek);
      } else {
        ws.U[k] -= rho.dot(theta_g);
      }
    }
  }
}

// The flow chart of Fig. 2.9: segments appended one by one, (2.3.18) v_0 = omega_0 = eps_0 =
// w_0 = 0, each segment's rows added as soon as it is in the chain.
template <Terms kTerms, class S>
void form(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, const S* qd) {
  ws.W.setZero();
  ws.U.setZero();
  ws.omega.setZero();
  ws.gamma.setZero();
  ws.delta.setZero();
  for (int i = 0; i < model.dof; ++i) {
    if constexpr (kTerms == Terms::kAll) append_segment<kTerms>(ws, i, q[i], qd[i]);
    else append_segment<kTerms>(ws, i, q[i], S(0));
    add_rows<kTerms>(model, ws, i);
  }
}

}  // namespace detail

template <class S>
void equations(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  vp::check_entry(model, ws.chain.n, "general_theorems", "the general theorems of mechanics formulation", q, &v);
  detail::form<detail::Terms::kAll>(model, ws, q, v.data());
}

template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a) {
  return vp::drives_from_equations(model, ws, q, v, a);  // (2.3.4)
}

template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  vp::check_entry(model, ws.chain.n, "general_theorems", "the general theorems of mechanics formulation", q);
  detail::form<detail::Terms::kMass>(model, ws, q, static_cast<const S*>(nullptr));
  return ws.W;
}

template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  vp::check_entry(model, ws.chain.n, "general_theorems", "the general theorems of mechanics formulation", q);
  detail::form<detail::Terms::kGravity>(model, ws, q, static_cast<const S*>(nullptr));
  ws.g = -ws.U;
  return ws.g;
}

template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  return vp::bias_from_equations(model, ws, q, v);
}

}  // namespace armdyn::general_theorems
