#pragma once
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/dynamics/walker_orin.hpp"

namespace armdyn {
namespace walker_orin_detail {

// Strobe j ([TML] §8: "all inputs except qdd_j set to zero", gravity and load zeroed): with
// v = 0 and a_0 = 0 the Newton-Euler recursion reduces to
//   a_j = S_j,   a_k = X_k a_p (k in the subtree of j; zero elsewhere)                   (1)
//   f_k = I_k a_k,   f_p += X_k^T f_k,   M_ij = S_i . f_i                                   (2)
// and, by the symmetry of M, only rows i >= j are needed: the inward pass stops at body j. A
// payload (loads.hpp) adds its inertia's I_p a_b to its body's f_b.
template <class S>
void strobe_column(const ModelTpl<S>& model, DataTpl<S>& data, int j, const HeldPayload<S>* payload = nullptr) {
  const int n = model.dof;
  // (1)
  Motion<S>& aj = data.a[j];
  aj.w.setZero();
  aj.v.setZero();
  if (model.joint_type[j] == JointType::kRevolute) aj.w.z() = S(1);
  else aj.v.z() = S(1);
  for (int k = j + 1; k < n; ++k) {
    const int p = model.parent[k];
    Motion<S>& a = data.a[k];
    if (p < j) {  // not below j: at rest
      a.w.setZero();
      a.v.setZero();
      continue;
    }
    const Transform<S>& X = data.X_up[k];
    const Motion<S>& ap = data.a[p];
    a.w.noalias() = X.R.transpose() * ap.w;
    a.v.noalias() = X.R.transpose() * (ap.v - X.p.cross(ap.w));
  }
  // (2)
  for (int k = j; k < n; ++k) data.f[k] = model.inertia[k] * data.a[k];
  if (payload && payload->body >= j) {
    const Force<S> fp = payload->inertia * data.a[payload->body];
    data.f[payload->body].n += fp.n;
    data.f[payload->body].f += fp.f;
  }
  for (int i = n - 1; i >= j; --i) {
    const Force<S>& f = data.f[i];
    data.M(i, j) = model.joint_type[i] == JointType::kRevolute ? f.n.z() : f.f.z();
    data.M(j, i) = data.M(i, j);
    const int p = model.parent[i];
    if (i == j || p < j) continue;
    const Transform<S>& X = data.X_up[i];
    const Vec3<S> Rf = X.R * f.f;
    data.f[p].n += X.R * f.n + X.p.cross(Rf);
    data.f[p].f += Rf;
  }
}

// Gaussian elimination without pivoting ([TML] §9, after Hollerbach-Tomizuka), A x = b:
//   for k: l_ik = A_ik / A_kk, A_i. -= l_ik A_k., b_i -= l_ik b_k   (i > k)                (3)
//   x_i = (b_i - sum_{j > i} A_ij x_j) / A_ii                                               (4)
template <class S> void solve_without_pivoting(MatX<S>& A, VecX<S>& b, VecX<S>& x) {
  const int n = static_cast<int>(A.rows());
  // (3)
  for (int k = 0; k < n; ++k) {
    const S inv = S(1) / A(k, k);
    for (int i = k + 1; i < n; ++i) {
      const S l = A(i, k) * inv;
      A(i, k) = l;
      for (int c = k + 1; c < n; ++c) A(i, c) -= l * A(k, c);
      b[i] -= l * b[k];
    }
  }
  // (4)
  for (int i = n - 1; i >= 0; --i) {
    S s = b[i];
    for (int c = i + 1; c < n; ++c) s -= A(i, c) * x[c];
    x[i] = s / A(i, i);
  }
}

}  // namespace walker_orin_detail

template <class S>
const VecX<S>& forward_dynamics_walker_orin(const ModelTpl<S>& model, DataTpl<S>& data, WalkerOrinWorkspace<S>& ws,
                                            VecIn<S> q, VecIn<S> qd, VecIn<S> tau, const Loads<S>* loads) {
  check_configuration(model, q);
  check_size(qd, model.dof, "v");
  check_size(tau, model.dof, "tau");
  if (ws.A.rows() != model.dof) throw InputError("forward_dynamics_walker_orin: workspace built for another model");
  // C + G: one Newton-Euler pass with qdd = 0 and gravity on ([TML] §9, step 1); with loads c_L.
  const HeldPayload<S>* payload = nullptr;
  if (has_loads(loads)) {
    check_loads(model, *loads);
    rnea_detail::passes<true, false, S, false, true>(model, data, q, qd.data(), nullptr, loads, data.c);
    if (loads->payload) payload = &*loads->payload;
  } else {
    rnea_detail::passes<true, false, S>(model, data, q, qd.data(), nullptr, nullptr, data.c);
  }
  // M: n strobes on the joint placements of that pass (step 2).
  for (int j = 0; j < model.dof; ++j) walker_orin_detail::strobe_column(model, data, j, payload);
  // qdd = M^-1 (tau - C - G) ([TML] (9.5), step 3).
  ws.A = data.M;
  ws.b = tau - data.c;
  walker_orin_detail::solve_without_pivoting(ws.A, ws.b, data.qdd);
  return data.qdd;
}

}  // namespace armdyn
