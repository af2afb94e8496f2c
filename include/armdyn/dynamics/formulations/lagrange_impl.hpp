#pragma once
// Definitions for lagrange.hpp: [TML] §3.1, eq. (3.1), and its Appendix's evaluation order.
#include <cmath>
#include <string>

#include "armdyn/dynamics/formulations/entry.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn::lagrange {
namespace detail {

template <class S> void require_serial_chain(const ModelTpl<S>& model) {
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1) throw InputError("lagrange handles serial chains only");
}

/// tree_{i+1}: the constant factor of T_{i-1}^i (links 1-based; identity after the last link).
template <class S> Transform<S> next_placement(const ModelTpl<S>& model, int i) {
  return i < model.dof ? model.tree[i] : Transform<S>::identity();
}

/// T_{i-1}^i = Rz(q_i) tree_{i+1} or Tz(q_i) tree_{i+1}: [TML] (2.16) for standard-DH frames.
template <class S> void link_transform(const ModelTpl<S>& model, int i, const S& qi, Mat4<S>& A) {
  using std::cos;
  using std::sin;
  const Mat4<S> N = next_placement(model, i).matrix();
  A = N;
  if (model.joint_type[i - 1] == JointType::kRevolute) {
    const S c = cos(qi), s = sin(qi);
    for (int col = 0; col < 4; ++col) {
      A(0, col) = c * N(0, col) - s * N(1, col);
      A(1, col) = s * N(0, col) + c * N(1, col);
    }
  } else {
    A(2, 3) += qi;
  }
}

/// Q X: the 4x4 derivative operator of joint type `t` from the left (a row shuffle, not counted).
template <class S> void q_left(JointType t, const Mat4<S>& X, Mat4<S>& out) {
  out.setZero();
  if (t == JointType::kRevolute) {
    out.row(0) = -X.row(1);
    out.row(1) = X.row(0);
  } else {
    out.row(2) = X.row(3);
  }
}

/// X Q: the derivative operator from the right (a column shuffle).
template <class S> void q_right(JointType t, const Mat4<S>& X, Mat4<S>& out) {
  out.setZero();
  if (t == JointType::kRevolute) {
    out.col(0) = X.col(1);
    out.col(1) = -X.col(0);
  } else {
    out.col(3) = X.col(2);
  }
}

template <class S> const Mat4<S>& T(const Workspace<S>& ws, int a, int c) { return ws.T[a * (ws.n + 1) + c]; }
template <class S> const Mat4<S>& U(const Workspace<S>& ws, int q, int j) { return ws.U[q * (ws.n + 1) + j]; }

// Kinematics, links and joints 1-based:
//   T_a^c = T_a^{c-1} T_{c-1}^c                          [TML] (2.18)                      (1)
//   U_qj  = T_0^{j-1} Q_j T_{j-1}^q                       [TML] (2.14) in 4x4 form          (2)
// and the pseudo-inertias Jbar_q = [[J_q, h_q], [h_q^T, m_q]] in frame {q}, J = tr(I)/2 E - I
// about the origin of {q}, h = m r ([TML] (2.31)-(2.37)); gravity in frame {0}.
template <class S> void kinematics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  const int n = model.dof, N = n + 1;
  for (int i = 1; i <= n; ++i) link_transform(model, i, q[i - 1], ws.A[i]);
  // (1): pairs, triples, ... ([TML] Appendix: n(n-1)/2 products)
  for (int a = 0; a <= n; ++a) {
    ws.T[a * N + a].setIdentity();
    for (int c = a + 1; c <= n; ++c)
      ws.T[a * N + c] = c == a + 1 ? ws.A[c] : Mat4<S>(ws.T[a * N + c - 1] * ws.A[c]);
  }
  // (2): Q_1 T_0^q is a shuffle; otherwise one product per (q, j)
  Mat4<S> P;
  for (int j = 1; j <= n; ++j) {
    const JointType t = model.joint_type[j - 1];
    if (j > 1) q_right(t, T(ws, 0, j - 1), P);
    for (int qq = j; qq <= n; ++qq) {
      Mat4<S>& out = ws.U[qq * N + j];
      if (j == 1) q_left(t, T(ws, 0, qq), out);
      else out.noalias() = P * T(ws, j - 1, qq);
    }
  }
  // pseudo-inertias and gravity
  for (int i = 1; i <= n; ++i) {
    const Inertia<S> I = transform_to_parent(next_placement(model, i).inverse(), model.inertia[i - 1]);
    Mat4<S>& J = ws.Jbar[i];
    J.template topLeftCorner<3, 3>() = S(0.5) * I.I.trace() * Mat3<S>::Identity() - I.I;
    J.template topRightCorner<3, 1>() = I.h;
    J.template bottomLeftCorner<1, 3>() = I.h.transpose();
    J(3, 3) = I.m;
  }
  ws.g0.noalias() = model.tree[0].R.transpose() * model.gravity;
}

// U_qjk = T_0^{u-1} Q_u T_{u-1}^{v-1} Q_v T_{v-1}^q, u = min(j,k), v = max(j,k)  [TML] (2.15)
//       = (U_{v-1,u} Q_v) T_{v-1}^q                    for u < v
//       = (T_0^{u-1} Q_u Q_u) T_{u-1}^q                for u = v (Q_1 Q_1 T_0^q a shuffle)
template <class S> void second_derivative(const ModelTpl<S>& model, Workspace<S>& ws, int u, int v, int q,
                                          Mat4<S>& out) {
  const JointType tv = model.joint_type[v - 1];
  Mat4<S> P, PQ;
  if (u < v) {
    q_right(tv, U(ws, v - 1, u), P);
    out.noalias() = P * T(ws, v - 1, q);
  } else if (u == 1) {
    q_left(tv, T(ws, 0, q), P);
    q_left(tv, P, out);
  } else {
    q_right(tv, T(ws, 0, u - 1), P);
    q_right(tv, P, PQ);
    out.noalias() = PQ * T(ws, u - 1, q);
  }
}

/// Tr{X Y^T} = sum of the elementwise products.
template <class S> S trace_xyt(const Mat4<S>& X, const Mat4<S>& Y) { return X.cwiseProduct(Y).sum(); }

/// gbar^T U_qi Jbar_q e_4 = g0 . (top three rows of U_qi) (m r, m).
template <class S> S gravity_term(const Workspace<S>& ws, int q, int i) {
  const Vec3<S> x = U(ws, q, i).template topRows<3>() * ws.Jbar[q].col(3);
  return ws.g0.dot(x);
}

}  // namespace detail

template <class S>
Workspace<S>::Workspace(const ModelTpl<S>& model)
    : n(model.dof), A(model.dof + 1), T((model.dof + 1) * (model.dof + 1)), U((model.dof + 1) * (model.dof + 1)),
      Jbar(model.dof + 1), tau(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)),
      M(MatX<S>::Zero(model.dof, model.dof)), C(model.dof, MatX<S>::Zero(model.dof, model.dof)) {
  detail::require_serial_chain(model);
}

// [TML] (3.1), evaluated per link q as in the Appendix:
//   W_q = sum_{j<=q} U_qj a_j + sum_{j<=q} U_qjj v_j^2 + 2 sum_{j<k<=q} U_qjk v_j v_k      (3)
//   tau_i += Tr{W_q Jbar_q U_qi^T} - gbar^T U_qi Jbar_q e_4,   i <= q                      (4)
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  check_formulation_entry(model, "the Lagrange formulation", q, v, a);
  detail::require_serial_chain(model);
  detail::kinematics(model, ws, q);
  const int n = model.dof;
  ws.tau.setZero();
  for (int qq = 1; qq <= n; ++qq) {
    // (3)
    ws.W.setZero();
    for (int j = 1; j <= qq; ++j) ws.W += detail::U(ws, qq, j) * a[j - 1];
    for (int u = 1; u <= qq; ++u)
      for (int w = u; w <= qq; ++w) {
        detail::second_derivative(model, ws, u, w, qq, ws.X);
        ws.W += ws.X * (u == w ? v[u - 1] * v[u - 1] : S(2) * v[u - 1] * v[w - 1]);
      }
    ws.B.noalias() = ws.W * ws.Jbar[qq];
    // (4)
    for (int i = 1; i <= qq; ++i)
      ws.tau[i - 1] += detail::trace_xyt(ws.B, detail::U(ws, qq, i)) - detail::gravity_term(ws, qq, i);
  }
  return ws.tau;
}

// D_ij = sum_{q>=max(i,j)} Tr{U_qj Jbar_q U_qi^T}   (the a_j coefficient of (3.1))
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the Lagrange formulation", q);
  detail::require_serial_chain(model);
  detail::kinematics(model, ws, q);
  const int n = model.dof;
  ws.M.setZero();
  for (int qq = 1; qq <= n; ++qq)
    for (int j = 1; j <= qq; ++j) {
      ws.B.noalias() = detail::U(ws, qq, j) * ws.Jbar[qq];
      for (int i = 1; i <= j; ++i) ws.M(i - 1, j - 1) += detail::trace_xyt(ws.B, detail::U(ws, qq, i));
    }
  ws.M.template triangularView<Eigen::StrictlyLower>() = ws.M.transpose();
  return ws.M;
}

// c_i = -sum_{q>=i} gbar^T U_qi Jbar_q e_4   (the gravity term of (3.1))
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the Lagrange formulation", q);
  detail::require_serial_chain(model);
  detail::kinematics(model, ws, q);
  const int n = model.dof;
  ws.g.setZero();
  for (int qq = 1; qq <= n; ++qq)
    for (int i = 1; i <= qq; ++i) ws.g[i - 1] -= detail::gravity_term(ws, qq, i);
  return ws.g;
}

// C^i_jk = sum_{q>=max(i,j,k)} Tr{U_qjk Jbar_q U_qi^T}   (the v_j v_k coefficient of (3.1))
template <class S>
const std::vector<MatX<S>>& velocity_coefficients(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the Lagrange formulation", q);
  detail::require_serial_chain(model);
  detail::kinematics(model, ws, q);
  const int n = model.dof;
  for (MatX<S>& c : ws.C) c.setZero();
  for (int qq = 1; qq <= n; ++qq)
    for (int u = 1; u <= qq; ++u)
      for (int w = u; w <= qq; ++w) {
        detail::second_derivative(model, ws, u, w, qq, ws.X);
        ws.B.noalias() = ws.X * ws.Jbar[qq];
        for (int i = 1; i <= qq; ++i) {
          const S t = detail::trace_xyt(ws.B, detail::U(ws, qq, i));
          ws.C[i - 1](u - 1, w - 1) += t;
          if (u != w) ws.C[i - 1](w - 1, u - 1) += t;
        }
      }
  return ws.C;
}

}  // namespace armdyn::lagrange
