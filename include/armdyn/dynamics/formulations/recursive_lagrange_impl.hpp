#pragma once
// Definitions for recursive_lagrange.hpp: [TML] §3.2, eqs. (3.2)-(3.6).
#include <cmath>

#include "armdyn/dynamics/formulations/entry.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn::recursive_lagrange {
namespace detail {

template <class S> void require_serial_chain(const ModelTpl<S>& model) {
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1) throw InputError("recursive_lagrange handles serial chains only");
}

/// tree_{i+1}: the constant factor of T_{i-1}^i (links 1-based; identity after the last link).
template <class S> Transform<S> next_placement(const ModelTpl<S>& model, int i) {
  return i < model.dof ? model.tree[i] : Transform<S>::identity();
}

/// X Q (Q = Q^z, [TML] (2.5)): columns (X_y, -X_x, 0).
template <class S> Mat3<S> times_q(const Mat3<S>& X) {
  Mat3<S> out;
  out.col(0) = X.col(1);
  out.col(1) = -X.col(0);
  out.col(2).setZero();
  return out;
}

/// X Q^2: columns (-X_x, -X_y, 0).
template <class S> Mat3<S> times_q2(const Mat3<S>& X) {
  Mat3<S> out;
  out.col(0) = -X.col(0);
  out.col(1) = -X.col(1);
  out.col(2).setZero();
  return out;
}

// Link data in TML's frame {i} (links 1-based), for R_{i-1}^i = Rz(q_i) R_N or R_N and
// p_{i-1}^i = Rz(q_i) p_N or p_N + q_i z (N = tree_{i+1}):
//   r*_i = R_i^{i-1} p_{i-1}^i = R_N^T p_N (revolute: constant) or R_N^T (p_N + q_i z)   (2.17)
//   w_i  = R_i^{i-1} z = third row of R_{i-1}^i
//   J_i  = tr(I_i)/2 E - I_i (I_i about the origin of {i}), h_i = m_i rbar_i            (2.31)
template <class S> void link_data(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  using std::cos;
  using std::sin;
  for (int i = 1; i <= model.dof; ++i) {
    const Transform<S> N = next_placement(model, i);
    Mat3<S>& R = ws.Rl[i];
    R = N.R;
    Vec3<S> p = N.p;
    if (model.joint_type[i - 1] == JointType::kRevolute) {
      const S c = cos(q[i - 1]), s = sin(q[i - 1]);
      R.row(0) = c * N.R.row(0) - s * N.R.row(1);
      R.row(1) = s * N.R.row(0) + c * N.R.row(1);
    } else {
      p.z() += q[i - 1];
    }
    ws.rstar[i].noalias() = N.R.transpose() * p;
    ws.w[i] = R.row(2).transpose();
    const Inertia<S> I = transform_to_parent(N.inverse(), model.inertia[i - 1]);
    ws.m[i] = I.m;
    ws.h[i] = I.h;
    ws.J[i] = S(0.5) * I.I.trace() * Mat3<S>::Identity() - I.I;
  }
  ws.g0.noalias() = model.tree[0].R.transpose() * model.gravity;
}

// Forward recursion (3.5), (3.6) and pdd_0^i; the prismatic extension as in the header.
template <class S> void forward(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> v, VecIn<S> a) {
  ws.R0[0].setIdentity();
  ws.R0d[0].setZero();
  ws.R0dd[0].setZero();
  ws.pdd[0] = -ws.g0;
  for (int i = 1; i <= model.dof; ++i) {
    const Mat3<S>& R = ws.Rl[i];
    const Mat3<S>& Rp = ws.R0[i - 1];
    if (model.joint_type[i - 1] == JointType::kRevolute) {
      const S vi = v[i - 1], ai = a[i - 1];
      const Mat3<S> RpQ = times_q(Rp);
      // (3.6)
      ws.R0d[i].noalias() = (ws.R0d[i - 1] + RpQ * vi) * R;
      // (3.5)
      ws.R0dd[i].noalias() =
          (ws.R0dd[i - 1] + times_q(ws.R0d[i - 1]) * (S(2) * vi) + times_q2(Rp) * (vi * vi) + RpQ * ai) * R;
      // dR_0^i/dq_i = R_0^{i-1} Q R_{i-1}^i   [TML] (2.13)
      ws.dR0[i].noalias() = RpQ * R;
    } else {
      ws.R0d[i].noalias() = ws.R0d[i - 1] * R;
      ws.R0dd[i].noalias() = ws.R0dd[i - 1] * R;
      ws.dR0[i].setZero();
    }
    ws.R0[i].noalias() = Rp * R;
    // pdd_0^i = pdd_0^{i-1} + d2/dt2 (R_0^i r*_i)
    ws.pdd[i] = ws.pdd[i - 1] + ws.R0dd[i] * ws.rstar[i];
    if (model.joint_type[i - 1] == JointType::kPrismatic)
      ws.pdd[i] += ws.R0d[i] * ws.w[i] * (S(2) * v[i - 1]) + ws.R0[i] * ws.w[i] * a[i - 1];
  }
}

// Backward recursion (3.4), (3.3), (3.2).
template <class S> void backward(const ModelTpl<S>& model, Workspace<S>& ws) {
  const int n = model.dof;
  ws.D[n + 1].setZero();
  ws.e[n + 1].setZero();
  for (int i = n; i >= 1; --i) {
    const Vec3<S>& rs = ws.rstar[i];
    const Vec3<S> Rddh = ws.R0dd[i] * ws.h[i];
    Mat3<S>& D = ws.D[i];
    // (3.3)
    if (i < n) D.noalias() = ws.Rl[i + 1] * ws.D[i + 1];
    else D.setZero();
    D.noalias() += rs * ws.e[i + 1].transpose();
    D.noalias() += ws.J[i] * ws.R0dd[i].transpose();
    D.noalias() += ws.h[i] * ws.pdd[i].transpose();
    D.noalias() += (ws.m[i] * rs) * ws.pdd[i].transpose();
    D.noalias() += rs * Rddh.transpose();
    // (3.4)
    ws.e[i] = ws.e[i + 1] + ws.m[i] * ws.pdd[i] + Rddh;
    // (3.2): Tr{dR D} = sum of dR(r, c) D(c, r); prismatic: (R_0^i w_i) . e_i
    if (model.joint_type[i - 1] == JointType::kRevolute)
      ws.tau[i - 1] = ws.dR0[i].cwiseProduct(D.transpose()).sum();
    else
      ws.tau[i - 1] = (ws.R0[i] * ws.w[i]).dot(ws.e[i]);
  }
}

}  // namespace detail

template <class S>
Workspace<S>::Workspace(const ModelTpl<S>& model)
    : n(model.dof), Rl(model.dof + 1), rstar(model.dof + 1), w(model.dof + 1), R0(model.dof + 1),
      R0d(model.dof + 1), R0dd(model.dof + 1), dR0(model.dof + 1), pdd(model.dof + 1), m(model.dof + 1),
      h(model.dof + 1), J(model.dof + 1), D(model.dof + 2), e(model.dof + 2), tau(VecX<S>::Zero(model.dof)) {
  detail::require_serial_chain(model);
}

template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  check_formulation_entry(model, "the recursive Lagrange formulation", q, v, a);
  detail::require_serial_chain(model);
  detail::link_data(model, ws, q);
  detail::forward(model, ws, v, a);
  detail::backward(model, ws);
  return ws.tau;
}

}  // namespace armdyn::recursive_lagrange
