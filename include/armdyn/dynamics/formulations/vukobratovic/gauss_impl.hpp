#pragma once
#include <cmath>

#include "armdyn/dynamics/formulations/vukobratovic/entry.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/gauss.hpp"

namespace armdyn::gauss {

template <class S> Mat4<S> pseudo_inertia(const S& m, const Vec3<S>& c, const Mat3<S>& Ic) {
  // int r r^T dm about the origin = 1/2 tr(I_c) E - I_c + m c c^T (the corrected (2.8.11)).
  Mat4<S> H;
  H.template topLeftCorner<3, 3>() = Mat3<S>::Identity() * (S(0.5) * Ic.trace()) - Ic + c * c.transpose() * m;
  H.template topRightCorner<3, 1>() = c * m;
  H.template bottomLeftCorner<1, 3>() = c.transpose() * m;
  H(3, 3) = m;
  return H;
}

template <class S>
Workspace<S>::Workspace(const ModelTpl<S>& model)
    : n(model.dof), T0(model.dof > 0 ? model.tree[0].matrix() : Mat4<S>::Identity()), X(model.dof),
      H(model.dof), rho(model.dof), m(model.mass), A(model.dof), T(model.dof), Td(model.dof),
      Tdd(model.dof), B(model.dof), V(model.dof * (model.dof + 1) / 2), zero(Mat4<S>::Zero()),
      lambda(Mat4<S>::Zero()), W(MatX<S>::Zero(model.dof, model.dof)), U(VecX<S>::Zero(model.dof)),
      h(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)), tau(VecX<S>::Zero(model.dof)) {
  // Link i's data in F_i = (body frame i) * tree[i+1] (gauss.hpp): c_F = R^T (c - p), I_F = R^T I R.
  for (int i = 0; i < n; ++i) {
    if (model.parent[i] != i - 1) throw InputError("Gauss' method handles serial chains only");
    linear.push_back(model.joint_type[i] == JointType::kPrismatic);
    const Transform<S> next = i + 1 < n ? model.tree[i + 1] : Transform<S>::identity();
    X[i] = next.matrix();
    const Vec3<S> c = next.R.transpose() * (model.com[i] - next.p);
    const Mat3<S> Ic = next.R.transpose() * model.inertia_com[i] * next.R;
    H[i] = pseudo_inertia(model.mass[i], c, Ic);
    rho[i] << c, S(1);
  }
}

namespace detail {

// T_{i-1,i}(q) = Rz(q) X (revolute) or Tz(q) X (linear): the structure of (2.8.27), a motion
// about / along z of frame {i-1} followed by the constant part X = tree[i+1].
template <class S> Mat4<S> joint_matrix(bool linear, const S& q, const Mat4<S>& X) {
  Mat4<S> out = X;
  if (linear) {
    out(2, 3) += q;
    return out;
  }
  using std::cos;
  using std::sin;
  const S c = cos(q), s = sin(q);
  out.row(0) = X.row(0) * c - X.row(1) * s;
  out.row(1) = X.row(0) * s + X.row(1) * c;
  return out;
}

// theta M for the derivative operators of (2.8.32): theta_3 (rotation about z: entries
// (1,2) = -1, (2,1) = 1) takes rows (-M_2, M_1, 0, 0); theta_6 (translation along z: entry
// (3,4) = 1) takes row M_4 into row 3. (1-based entries, as in the book.)
template <class S> Mat4<S> theta_times(bool linear, const Mat4<S>& M) {
  Mat4<S> out = Mat4<S>::Zero();
  if (linear) {
    out.row(2) = M.row(3);
  } else {
    out.row(0) = -M.row(1);
    out.row(1) = M.row(0);
  }
  return out;
}

/// tr(P Q^T) = sum_ab P_ab Q_ab.
template <class S> S trace_abt(const Mat4<S>& P, const Mat4<S>& Q) {
  S t = P(0, 0) * Q(0, 0);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b)
      if (a != 0 || b != 0) t += P(a, b) * Q(a, b);
  return t;
}

// Kinematics of the chain, i = 1..n, from T''_0 = T'_0 = 0 (2.8.38):
//   T_i = T_{i-1} T_{i-1,i}                                                          (2.8.39)
//   B_{i-1} = T_{i-1} theta T_{i-1,i}                                                  (2.8.31)
//   C_{i-1} = 2 T'_{i-1} theta T_{i-1,i} q'_i + T_{i-1} theta^2 T_{i-1,i} q'_i^2       (2.8.31)
//   T'_i = T'_{i-1} T_{i-1,i} + B_{i-1} q'_i       (the first derivative of (2.8.39))
//   T''_i = T''_{i-1} T_{i-1,i} + B_{i-1} q''_i + C_{i-1}                             (2.8.29)
// kVel = false: positions and B only; kAcc = false: q'' = 0 (then T''_i = sum V_ijk q'_j q'_k).
template <bool kVel, bool kAcc, class S>
void kinematics(Workspace<S>& ws, VecIn<S> q, const S* qd, const S* qdd) {
  for (int i = 0; i < ws.n; ++i) {
    const Mat4<S>& Tp = i == 0 ? ws.T0 : ws.T[i - 1];
    ws.A[i] = joint_matrix(ws.linear[i], q[i], ws.X[i]);
    ws.T[i] = Tp * ws.A[i];
    const Mat4<S> thA = theta_times(ws.linear[i], ws.A[i]);
    ws.B[i] = Tp * thA;
    if constexpr (kVel) {
      const Mat4<S>& Tdp = i == 0 ? ws.zero : ws.Td[i - 1];
      const Mat4<S>& Tddp = i == 0 ? ws.zero : ws.Tdd[i - 1];
      Mat4<S> C = Tdp * thA * (S(2) * qd[i]);
      if (!ws.linear[i]) C += Tp * theta_times(false, thA) * (qd[i] * qd[i]);  // theta_6^2 = 0
      ws.Td[i] = Tdp * ws.A[i] + ws.B[i] * qd[i];
      ws.Tdd[i] = Tddp * ws.A[i] + C;
      if constexpr (kAcc) ws.Tdd[i] += ws.B[i] * qdd[i];
    }
  }
}

// V_ij = T_{0,1} .. theta T_{j-1,j} .. T_{i-1,i} (2.8.42): V_jj = B_{j-1}, V_ij = V_{i-1,j} T_{i-1,i}.
template <class S> Mat4<S>& v_at(Workspace<S>& ws, int i, int j) { return ws.V[i * (i + 1) / 2 + j]; }

template <class S> void velocity_matrices(Workspace<S>& ws) {
  for (int i = 0; i < ws.n; ++i) {
    for (int j = 0; j < i; ++j) v_at(ws, i, j) = v_at(ws, i - 1, j) * ws.A[i];
    v_at(ws, i, i) = ws.B[i];
  }
}

/// phi_i = m_i [g; 0] rho~_i^T (see gauss.hpp).
template <class S> Mat4<S> gravity_matrix(const ModelTpl<S>& model, const Workspace<S>& ws, int i) {
  Vec4<S> g;
  g << model.gravity * ws.m[i], S(0);
  return g * ws.rho[i].transpose();
}

}  // namespace detail

// The direct problem by the necessary conditions of min Z** (2.8.34), from lambda_{n+1} = 0:
//   lambda_i = lambda_{i+1} T_{i,i+1}^T + phi_i - T''_i H~_i        (2.8.35)
//   P_i = -tr(lambda_i B_{i-1}^T)                                    (2.8.36), derived sign
// (lambda_0, the base's multiplier, is not needed for a fixed base.)
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a) {
  vp::check_entry(model, ws.n, "gauss", "the Gauss principle formulation", q, &v, &a);
  detail::kinematics<true, true>(ws, q, v.data(), a.data());
  for (int i = ws.n - 1; i >= 0; --i) {
    Mat4<S> lambda = detail::gravity_matrix(model, ws, i) - ws.Tdd[i] * ws.H[i];
    if (i + 1 < ws.n) lambda += ws.lambda * ws.A[i + 1].transpose();
    ws.lambda = lambda;
    ws.tau[i] = -detail::trace_abt(ws.lambda, ws.B[i]);
  }
  return ws.tau;
}

// W_sj = sum_{i >= max(s,j)} tr(V_ij H~_i V_is^T) (2.8.47). W_sj = W_js (H~ is symmetric), so
// only j <= s is formed and mirrored.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  vp::check_entry(model, ws.n, "gauss", "the Gauss principle formulation", q);
  detail::kinematics<false, false>(ws, q, static_cast<const S*>(nullptr), static_cast<const S*>(nullptr));
  detail::velocity_matrices(ws);
  ws.W.setZero();
  for (int i = 0; i < ws.n; ++i)
    for (int j = 0; j <= i; ++j) {
      const Mat4<S> VH = detail::v_at(ws, i, j) * ws.H[i];
      for (int s = j; s <= i; ++s) ws.W(s, j) += detail::trace_abt(VH, detail::v_at(ws, i, s));
    }
  for (int s = 0; s < ws.n; ++s)
    for (int j = 0; j < s; ++j) ws.W(j, s) = ws.W(s, j);
  return ws.W;
}

namespace detail {

// U_s = sum_{i >= s} [tr(phi_i V_is^T) - sum_j sum_k tr(V_ijk H~_i V_is^T) q'_j q'_k]  (2.8.47),
// sign from dZ/dq'' = 0 (docs/errata.md). The double sum sum_jk V_ijk q'_j q'_k is T''_i at q'' = 0
// (2.8.43), formed by the kinematic connection (2.8.29) instead of n^2 products V_ijk.
// kVel = false: q' = 0, only the gravity terms tr(phi_i V_is^T).
template <bool kVel, class S> void reduced_u(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, const S* qd) {
  kinematics<kVel, false>(ws, q, qd, static_cast<const S*>(nullptr));
  velocity_matrices(ws);
  ws.U.setZero();
  for (int i = 0; i < ws.n; ++i) {
    Mat4<S> G = gravity_matrix(model, ws, i);
    if constexpr (kVel) G -= ws.Tdd[i] * ws.H[i];
    for (int s = 0; s <= i; ++s) ws.U[s] += trace_abt(G, v_at(ws, i, s));
  }
}

}  // namespace detail

template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  vp::check_entry(model, ws.n, "gauss", "the Gauss principle formulation", q, &v);
  detail::reduced_u<true>(model, ws, q, v.data());
  ws.h = -ws.U;
  return ws.h;
}

template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  vp::check_entry(model, ws.n, "gauss", "the Gauss principle formulation", q);
  detail::reduced_u<false>(model, ws, q, static_cast<const S*>(nullptr));
  ws.g = -ws.U;
  return ws.g;
}

}  // namespace armdyn::gauss
