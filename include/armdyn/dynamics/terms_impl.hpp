#pragma once
// Definitions for terms.hpp.
#include <string>

#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn::terms {
namespace detail {

/// What armdyn::rnea reads of a model (structure and inertia), with gravity zero.
template <class S> ModelTpl<S> gravity_free(const ModelTpl<S>& model) {
  ModelTpl<S> out;
  out.name = model.name;
  out.dof = model.dof;
  out.parent = model.parent;
  out.joint_type = model.joint_type;
  out.tree = model.tree;
  out.quaternions = model.quaternions;
  out.q_index = model.q_index;
  out.quaternion_axis = model.quaternion_axis;
  out.mass = model.mass;
  out.com = model.com;
  out.inertia_com = model.inertia_com;
  out.inertia = model.inertia;
  out.gravity.setZero();
  return out;
}

/// Copies the model's current structure and inertia into the gravity-free copy (same sizes: no
/// allocation), so that a workspace never strobes stale parameters.
template <class S> void refresh(const ModelTpl<S>& model, Workspace<S>& ws) {
  if (ws.free.dof != model.dof) throw InputError("terms: the workspace was built for another model");
  ws.free.parent = model.parent;
  ws.free.joint_type = model.joint_type;
  ws.free.tree = model.tree;
  ws.free.inertia = model.inertia;
}

template <class S> bool is_ancestor(const Workspace<S>& ws, int a, int b) {
  return ws.ancestor[static_cast<std::size_t>(a) * ws.s.size() + b] != 0;
}

// Base-frame kinematics and inertias:
//   oMb_i = oMb_p X_p,i(q_i)                                                            (1)
//   s_i = [z_i; o_i x z_i] (revolute), [0; z_i] (prismatic)                              (2)
//   I0_i = body inertia about the base origin; Ic_i = sum of I0 over the subtree of i    (3)
//   ancestor(a, b) = (a == b) or ancestor(a, parent(b))                                  (4)
template <class S> void base_kinematics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  const int n = model.dof;
  Transform<S> X;
  for (int i = 0; i < n; ++i) {
    body_placement(model, i, q.data(), X);
    const int p = model.parent[i];
    ws.oMb[i] = p < 0 ? X : ws.oMb[p] * X;  // (1)
    const Vec3<S> z = ws.oMb[i].R.col(2);
    if (model.joint_type[i] == JointType::kRevolute) ws.s[i] = Motion<S>{z, ws.oMb[i].p.cross(z)};  // (2)
    else ws.s[i] = Motion<S>{Vec3<S>::Zero(), z};
    ws.I0[i] = transform_to_parent(ws.oMb[i], model.inertia[i]);  // (3)
    ws.Ic[i] = ws.I0[i];
  }
  for (int i = n - 1; i >= 0; --i)
    if (model.parent[i] >= 0) ws.Ic[model.parent[i]] += ws.Ic[i];
  for (int b = 0; b < n; ++b)  // (4)
    for (int a = 0; a < n; ++a) {
      const int p = model.parent[b];
      ws.ancestor[static_cast<std::size_t>(a) * n + b] = a == b || (p >= 0 && is_ancestor(ws, a, p));
    }
}

// dM_ij/dq_k for i an ancestor of j (or i = j), the product rule on M_ij = s_i . (Ic_j s_j):
//   ds_x = s_k x s_x             if k is an ancestor of x (or x itself), else 0             (5)
//   dIc_j = s_k x* Ic_c - Ic_c s_k x,  c = j if k is an ancestor of j (or j itself),
//           c = k if j is a proper ancestor of k, else dIc_j = 0                            (6)
//   s_i . (s_k x* F) = -(s_k x s_i) . F                                                     (7)
template <class S> S dM_entry(const Workspace<S>& ws, int i, int j, int k) {
  const Motion<S>& si = ws.s[i];
  const Motion<S>& sj = ws.s[j];
  const Motion<S>& sk = ws.s[k];
  const bool k_i = is_ancestor(ws, k, i), k_j = is_ancestor(ws, k, j), j_k = is_ancestor(ws, j, k);
  S out = S(0);
  if (k_i) out += dot(cross_motion(sk, si), ws.Ic[j] * sj);  // (5) on s_i
  if (k_j) out += dot(si, ws.Ic[j] * cross_motion(sk, sj));  // (5) on s_j
  const int c = k_j ? j : (j_k ? k : -1);
  if (c >= 0)  // (6), (7)
    out -= dot(cross_motion(sk, si), ws.Ic[c] * sj) + dot(si, ws.Ic[c] * cross_motion(sk, sj));
  return out;
}

template <class S> void compute_christoffel(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);
template <class S> void craig_matrices(const ModelTpl<S>& model, Workspace<S>& ws);

}  // namespace detail

namespace detail {

/// Allocates the O(n^3) arrays unless they exist: at construction with Storage::kCubic, else on
/// the first call of a route that needs them (so a kQuadratic workspace never fails, it grows).
template <class S> void reserve_cubic(Workspace<S>& ws) {
  const int n = ws.free.dof;
  if (static_cast<int>(ws.dM.size()) == n && ws.vv.size() == n * (n - 1) / 2) return;
  ws.dM.assign(n, MatX<S>::Zero(n, n));
  ws.christoffel.assign(n, MatX<S>::Zero(n, n));
  ws.C = MatX<S>::Zero(n, n);
  ws.craig_C = MatX<S>::Zero(n, n);
  ws.craig_B = MatX<S>::Zero(n, n * (n - 1) / 2);
  ws.vv = VecX<S>::Zero(n * (n - 1) / 2);
}

}  // namespace detail

template <class S>
Workspace<S>::Workspace(const ModelTpl<S>& model, Storage storage)
    : free(detail::gravity_free(model)), data(free), zero(VecX<S>::Zero(model.dof)), unit(VecX<S>::Zero(model.dof)),
      ancestor(static_cast<std::size_t>(model.dof) * model.dof, 0), oMb(model.dof), s(model.dof), I0(model.dof),
      Ic(model.dof), V(model.dof), M(MatX<S>::Zero(model.dof, model.dof)), g(VecX<S>::Zero(model.dof)),
      tau(VecX<S>::Zero(model.dof)) {
  if (storage == Storage::kCubic) detail::reserve_cubic(*this);
}

// [TML] §8: "M_ij: run NE with the acceleration unit vector e_j, all other inputs zero, gravity
// zero; output tau_i = M_ij" (Walker-Orin method 1).
template <class S> const MatX<S>& mass_matrix_strobing(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_configuration(model, q);
  detail::refresh(model, ws);
  ws.zero.setZero();
  for (int j = 0; j < model.dof; ++j) {
    ws.unit.setZero();
    ws.unit[j] = S(1);
    ws.M.col(j) = rnea(ws.free, ws.data, q, ws.zero, ws.unit);
  }
  return ws.M;
}

template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  return mass_matrix_strobing(model, ws, q);
}

template <class S>
const std::vector<MatX<S>>& mass_matrix_derivatives(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  require_angle_coordinates(model, "the derivatives of the mass matrix (terms::)");
  check_size(q, model.dof, "q");
  detail::refresh(model, ws);
  detail::reserve_cubic(ws);
  detail::base_kinematics(model, ws, q);
  const int n = model.dof;
  for (int k = 0; k < n; ++k) {
    MatX<S>& D = ws.dM[k];
    D.setZero();
    for (int j = 0; j < n; ++j)
      for (int i = 0; i <= j; ++i) {
        if (!detail::is_ancestor(ws, i, j)) continue;  // M_ij = 0 off the ancestor pairs
        D(i, j) = detail::dM_entry(ws, i, j, k);
        D(j, i) = D(i, j);
      }
  }
  return ws.dM;
}

namespace detail {

// c_ijk = 1/2 (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i)                                       (8)
template <class S> void compute_christoffel(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  mass_matrix_derivatives(model, ws, q);
  const int n = model.dof;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        ws.christoffel[i](j, k) = S(0.5) * (ws.dM[k](i, j) + ws.dM[j](i, k) - ws.dM[i](j, k));
}

// [Craig] (6.63)-(6.65) from (8): C_ij = c_ijj; B_i,(jk) = 2 c_ijk, j < k, pairs in row order.
template <class S> void craig_matrices(const ModelTpl<S>& model, Workspace<S>& ws) {
  const int n = model.dof;
  for (int i = 0; i < n; ++i) {
    int col = 0;
    for (int j = 0; j < n; ++j) {
      ws.craig_C(i, j) = ws.christoffel[i](j, j);
      for (int k = j + 1; k < n; ++k) ws.craig_B(i, col++) = S(2) * ws.christoffel[i](j, k);
    }
  }
}

}  // namespace detail

template <class S>
const std::vector<MatX<S>>& christoffel_symbols(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  detail::compute_christoffel(model, ws, q);
  return ws.christoffel;
}

template <class S>
const MatX<S>& coriolis_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  check_size(v, model.dof, "v");
  detail::compute_christoffel(model, ws, q);
  ws.C.setZero();
  for (int i = 0; i < model.dof; ++i)
    for (int j = 0; j < model.dof; ++j)
      for (int k = 0; k < model.dof; ++k) ws.C(i, j) += ws.christoffel[i](j, k) * v[k];
  return ws.C;
}

template <class S> const MatX<S>& centrifugal_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  detail::compute_christoffel(model, ws, q);
  detail::craig_matrices(model, ws);
  return ws.craig_C;
}

template <class S> const MatX<S>& coriolis_coefficients(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  detail::compute_christoffel(model, ws, q);
  detail::craig_matrices(model, ws);
  return ws.craig_B;
}

// g_j = dU/dq_j = -g^T d(sum_i m_i c_i)/dq_j over the subtree of j:
//   revolute  -g^T (z_j x (h_j - m_j o_j)),   prismatic  -m_j g^T z_j                      (9)
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_configuration(model, q);
  detail::refresh(model, ws);
  detail::base_kinematics(model, ws, q);
  for (int j = 0; j < model.dof; ++j) {
    const Inertia<S>& Ic = ws.Ic[j];
    const Vec3<S> z = ws.oMb[j].R.col(2);
    if (model.joint_type[j] == JointType::kRevolute)
      ws.g[j] = -model.gravity.dot(z.cross(Ic.h - Ic.m * ws.oMb[j].p));
    else
      ws.g[j] = -Ic.m * model.gravity.dot(z);
  }
  return ws.g;
}

// [Craig] (6.69)-(6.70): T = sum_i 1/2 V_i . (I0_i V_i), V_i = V_parent + s_i v_i.
template <class S> S kinetic_energy(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  check_configuration(model, q);
  check_size(v, model.dof, "v");
  detail::refresh(model, ws);
  detail::base_kinematics(model, ws, q);
  S T = S(0);
  for (int i = 0; i < model.dof; ++i) {
    const int p = model.parent[i];
    Motion<S>& V = ws.V[i];
    V.w = ws.s[i].w * v[i];
    V.v = ws.s[i].v * v[i];
    if (p >= 0) {
      V.w += ws.V[p].w;
      V.v += ws.V[p].v;
    }
    T += S(0.5) * dot(V, ws.I0[i] * V);
  }
  return T;
}

// [Craig] (6.73)-(6.74), u_ref = 0: U = -sum_i m_i g^T c_i = -g^T sum_i h0_i.
template <class S> S potential_energy(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_configuration(model, q);
  detail::refresh(model, ws);
  detail::base_kinematics(model, ws, q);
  S U = S(0);
  for (int i = 0; i < model.dof; ++i) U -= model.gravity.dot(ws.I0[i].h);
  return U;
}

// [Craig] (6.63): tau = M a + B [v v] + C [v^2] + G.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  require_angle_coordinates(model, "the Lagrangian terms' inverse dynamics (terms::)");
  check_size(q, model.dof, "q");
  check_size(v, model.dof, "v");
  check_size(a, model.dof, "a");
  const int n = model.dof;
  mass_matrix_strobing(model, ws, q);
  detail::compute_christoffel(model, ws, q);  // allocates the O(n^3) arrays if needed
  detail::craig_matrices(model, ws);
  gravity_torque(model, ws, q);
  int col = 0;
  for (int j = 0; j < n; ++j)
    for (int k = j + 1; k < n; ++k) ws.vv[col++] = v[j] * v[k];  // (6.64)
  for (int i = 0; i < n; ++i) {
    S t = ws.g[i];
    for (int j = 0; j < n; ++j) t += ws.M(i, j) * a[j] + ws.craig_C(i, j) * (v[j] * v[j]);
    for (int c = 0; c < col; ++c) t += ws.craig_B(i, c) * ws.vv[c];
    ws.tau[i] = t;
  }
  return ws.tau;
}

}  // namespace armdyn::terms
