#pragma once
#include "armdyn/dynamics/formulations/entry.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/formulations/newton_euler.hpp"

namespace armdyn::newton_euler {
namespace detail {

// Outward iteration for link i ({i+1} in Craig's numbering) from its parent p: (6.45)-(6.50).
// `qd`, `qdd` are this joint's rate and acceleration; the parent's w, wd, vd are those of {p}, or
// of the base frame {0} (w = wd = 0, vd = vd0) when p < 0.
template <class S>
void outward_link(const ModelTpl<S>& model, Workspace<S>& ws, int i, const S& qd, const S& qdd,
                  const Vec3<S>& vd0) {
  const int p = model.parent[i];
  const Vec3<S> zero = Vec3<S>::Zero();
  const Vec3<S>& w_p = p < 0 ? zero : ws.w[p];
  const Vec3<S>& wd_p = p < 0 ? zero : ws.wd[p];
  const Vec3<S>& vd_p = p < 0 ? vd0 : ws.vd[p];
  const Mat3<S>& R = ws.X[i].R;  // ^p_iR; its transpose is Craig's ^{i+1}_iR
  const Vec3<S>& P = ws.X[i].p;  // ^pP_i, variable for a prismatic joint
  const Vec3<S> Z = Vec3<S>::UnitZ();
  const Vec3<S> Rt_w = R.transpose() * w_p;
  // (6.47) / the rotated part of (6.35): acceleration of the origin of {i} carried by the parent.
  ws.vd[i] = R.transpose() * (wd_p.cross(P) + w_p.cross(w_p.cross(P)) + vd_p);
  if (model.joint_type[i] == JointType::kRevolute) {
    ws.w[i] = Rt_w + qd * Z;                                               // (6.45)
    ws.wd[i] = R.transpose() * wd_p + Rt_w.cross(qd * Z) + qdd * Z;        // (6.46)
  } else {
    ws.w[i] = Rt_w;                                                        // [Craig] ch. 5
    ws.wd[i] = R.transpose() * wd_p;                                       // (6.33) corrected, docs/errata.md
    ws.vd[i] += S(2) * ws.w[i].cross(qd * Z) + qdd * Z;                    // (6.35) reconstructed, docs/errata.md
  }
  const Vec3<S>& w = ws.w[i];
  const Vec3<S>& wd = ws.wd[i];
  const Vec3<S>& Pc = model.com[i];
  const Mat3<S>& Ic = model.inertia_com[i];
  ws.vdc[i] = wd.cross(Pc) + w.cross(w.cross(Pc)) + ws.vd[i];              // (6.48), docs/errata.md
  ws.F[i] = model.mass[i] * ws.vdc[i];                                     // (6.49)
  ws.N[i] = Ic * wd + w.cross(Ic * w);                                     // (6.50)
}

// Inward iteration for link i, once all its children have reported: (6.51)-(6.53), (6.44). Then
// link i's own child terms R f_i, R n_i + P x R f_i are added to its parent's sums.
template <class S> void inward_link(const ModelTpl<S>& model, Workspace<S>& ws, int i, VecX<S>& tau) {
  ws.f[i] = ws.f_child[i] + ws.F[i];                                       // (6.51)
  ws.n[i] = ws.N[i] + ws.n_child[i] + model.com[i].cross(ws.F[i]);         // (6.52)
  tau[i] = model.joint_type[i] == JointType::kRevolute ? ws.n[i].z()       // (6.53)
                                                       : ws.f[i].z();      // (6.44)
  const int p = model.parent[i];
  if (p < 0) return;
  const Transform<S>& X = ws.X[i];
  const Vec3<S> Rf = X.R * ws.f[i];
  ws.f_child[p] += Rf;
  ws.n_child[p] += X.R * ws.n[i] + X.p.cross(Rf);
}

// Both iterations. `vd0` = ^0vd_0 (-g, or zero to leave gravity out).
template <class S>
void iterate(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a, const Vec3<S>& vd0,
             const TipWrench<S>* tip, VecX<S>& tau) {
  const int n = model.dof;
  for (int i = 0; i < n; ++i) {
    joint_placement(model, i, q[i], ws.X[i]);
    outward_link(model, ws, i, v[i], a[i], vd0);
  }
  for (int i = 0; i < n; ++i) {
    ws.f_child[i].setZero();
    ws.n_child[i].setZero();
  }
  // Boundary condition at the tip ([Craig] §6.5): ^{N+1}f_{N+1}, ^{N+1}n_{N+1} enter (6.51)-(6.52)
  // of link N like a child's force and moment.
  if (tip && n > 0) {
    const Vec3<S> Rf = tip->tool.R * tip->f;
    ws.f_child[n - 1] += Rf;
    ws.n_child[n - 1] += tip->tool.R * tip->n + tip->tool.p.cross(Rf);
  }
  for (int i = n - 1; i >= 0; --i) inward_link(model, ws, i, tau);
}

}  // namespace detail

template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                                const TipWrench<S>* tip) {
  check_formulation_entry(model, "the classical Newton-Euler formulation", q, v, a);
  const Vec3<S> vd0 = -model.gravity;  // ^0vd_0 = G, opposite to gravity ([Craig] §6.5)
  detail::iterate(model, ws, q, v, a, vd0, tip, ws.tau);
  return ws.tau;
}

template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the classical Newton-Euler formulation", q);
  const Vec3<S> vd0 = -model.gravity;
  detail::iterate<S>(model, ws, q, ws.zero, ws.zero, vd0, nullptr, ws.g);
  return ws.g;
}

template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  check_formulation_entry(model, "the classical Newton-Euler formulation", q);
  const Vec3<S> vd0 = Vec3<S>::Zero();
  for (int j = 0; j < model.dof; ++j) {
    ws.unit.setZero();
    ws.unit[j] = S(1);
    detail::iterate<S>(model, ws, q, ws.zero, ws.unit, vd0, nullptr, ws.column);
    for (int i = j; i < model.dof; ++i) ws.M(i, j) = ws.M(j, i) = ws.column[i];  // M is symmetric
  }
  return ws.M;
}

}  // namespace armdyn::newton_euler
