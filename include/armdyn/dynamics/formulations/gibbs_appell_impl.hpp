#pragma once
#include <algorithm>

#include "armdyn/dynamics/formulations/entry.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/formulations/gibbs_appell.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn::gibbs_appell {
namespace detail {

// Base-frame positions: each link's frame, joint axis z*, TML's origin o* (frame {i-1} =
// (parent body frame) * tree[i], on joint i's axis), centre of mass c*, inertia I*; and which
// joints lie on the path from the base to each link.
template <class S> void kinematics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  const int n = model.dof;
  for (int b = 0; b < n; ++b) {
    const int p = model.parent[b];
    Transform<S> X;
    joint_placement(model, b, q[b], X);
    if (p < 0) {
      ws.oMb[b] = X;
      ws.o[b] = model.tree[b].p;
    } else {
      ws.oMb[b] = ws.oMb[p] * X;
      ws.o[b] = ws.oMb[p].R * model.tree[b].p + ws.oMb[p].p;
    }
    const Transform<S>& B = ws.oMb[b];
    ws.z[b] = B.R.col(2);
    ws.c[b] = B.R * model.com[b] + B.p;
    ws.I[b] = rotate_symmetric(B.R, model.inertia_com[b]);  // I*_q = R_0^q I_q R_q^0
    ws.trace_I[b] = model.inertia_com[b].trace();
  }
  std::fill(ws.on_path.begin(), ws.on_path.end(), char(0));
  for (int l = 0; l < n; ++l)
    for (int j = l; j >= 0; j = model.parent[j]) ws.on_path[j * n + l] = 1;
}

// Partial angular velocity Omega_j: z*_{j-1} (revolute), 0 (prismatic).
template <class S> Vec3<S> omega(const ModelTpl<S>& model, const Workspace<S>& ws, int j) {
  if (model.joint_type[j] == JointType::kRevolute) return ws.z[j];
  return Vec3<S>::Zero();
}

// Partial velocity of link l's centre of mass V_jl: z*_{j-1} x p̄*_{j-1,l} (revolute), z*_{j-1}
// (prismatic).
template <class S> Vec3<S> velocity(const ModelTpl<S>& model, const Workspace<S>& ws, int j, int l) {
  if (model.joint_type[j] == JointType::kRevolute) return ws.z[j].cross(ws.c[l] - ws.o[j]);
  return ws.z[j];
}

// d V_vl / d q_u for joint u at or before joint v: z*_{u-1} x (z*_{v-1} x p̄*_{v-1,l}) (both
// revolute, [TML] (2.23)), z*_{u-1} x z*_{v-1} (u revolute, v prismatic), 0 (u prismatic).
template <class S> Vec3<S> second(const ModelTpl<S>& model, const Workspace<S>& ws, int u, int v, int l) {
  if (model.joint_type[u] == JointType::kPrismatic) return Vec3<S>::Zero();
  if (model.joint_type[v] == JointType::kPrismatic) return ws.z[u].cross(ws.z[v]);
  return ws.z[u].cross(ws.z[v].cross(ws.c[l] - ws.o[v]));
}

// Link l's term in tau_i of (3.14): the thdd, thd thd and gravity parts, split into the
// rotational (I*_l) and translational (m_l) contributions.
template <class S>
void link_term(const ModelTpl<S>& model, const Workspace<S>& ws, int i, int l, VecIn<S> qd, VecIn<S> qdd, S& rot,
               S& trans) {
  const int n = model.dof;
  const Vec3<S> Wi = omega(model, ws, i), Vi = velocity(model, ws, i, l);
  const Mat3<S>& I = ws.I[l];
  const S& m = model.mass[l];
  for (int j = 0; j <= l; ++j) {
    if (!ws.on_path[j * n + l]) continue;
    rot += Wi.dot(I * omega(model, ws, j)) * qdd[j];
    trans += m * Vi.dot(velocity(model, ws, j, l)) * qdd[j];
    for (int k = 0; k <= l; ++k) {
      if (!ws.on_path[k * n + l]) continue;
      const int u = std::min(j, k), v = std::max(j, k);
      const Vec3<S> Wu = omega(model, ws, u), Wv = omega(model, ws, v);
      const Vec3<S> Wuv = Wu.cross(Wv);
      const S rate = qd[j] * qd[k];
      rot += Wi.dot(I * Wuv + Wu.cross(I * Wv) - S(0.5) * ws.trace_I[l] * Wuv) * rate;
      trans += m * Vi.dot(second(model, ws, u, v, l)) * rate;
    }
  }
  trans -= m * Vi.dot(model.gravity);
}

}  // namespace detail

template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  check_formulation_entry(model, "the Gibbs-Appell formulation", q, v, a);
  const int n = model.dof;
  detail::kinematics(model, ws, q);
  for (int i = 0; i < n; ++i) {
    S rot = S(0), trans = S(0);
    for (int l = i; l < n; ++l)  // the links beyond joint i
      if (ws.on_path[i * n + l]) detail::link_term(model, ws, i, l, v, a, rot, trans);
    ws.tau_rot[i] = rot;
    ws.tau_trans[i] = trans;
    ws.tau[i] = rot + trans;
  }
  return ws.tau;
}

template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the Gibbs-Appell formulation", q);
  const int n = model.dof;
  detail::kinematics(model, ws, q);
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) {
      S Mij = S(0);
      const Vec3<S> Wi = detail::omega(model, ws, i), Wj = detail::omega(model, ws, j);
      for (int l = j; l < n; ++l)
        if (ws.on_path[i * n + l] && ws.on_path[j * n + l])
          Mij += Wi.dot(ws.I[l] * Wj) +
                 model.mass[l] * detail::velocity(model, ws, i, l).dot(detail::velocity(model, ws, j, l));
      ws.M(i, j) = ws.M(j, i) = Mij;
    }
  return ws.M;
}

template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the Gibbs-Appell formulation", q);
  const int n = model.dof;
  detail::kinematics(model, ws, q);
  for (int i = 0; i < n; ++i) {
    S Gi = S(0);
    for (int l = i; l < n; ++l)
      if (ws.on_path[i * n + l]) Gi -= model.mass[l] * detail::velocity(model, ws, i, l).dot(model.gravity);
    ws.g[i] = Gi;
  }
  return ws.g;
}

}  // namespace armdyn::gibbs_appell
