#pragma once
#include <cmath>
#include <string>

#include "armdyn/dynamics/formulations/entry.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"

namespace armdyn::luh_walker_paul {
namespace detail {

template <class S> void check_serial(const ModelTpl<S>& model, const char* method) {
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1) throw InputError(std::string(method) + " handles serial chains only");
}

// The link constants in TML's frames (see the header): link b's data moved from body frame b to
// F_{b+1} = (body frame b) * C, C = tree[b+1]; the last link's F_n is its body frame.
template <class S> void link_constants(const ModelTpl<S>& model, Workspace<S>& ws, bool with_K) {
  const int n = model.dof;
  for (int b = 0; b < n; ++b) {
    if (b + 1 < n) {
      const Transform<S>& C = model.tree[b + 1];
      ws.rbar[b] = C.R.transpose() * (model.com[b] - C.p);
      ws.I[b] = C.R.transpose() * model.inertia_com[b] * C.R;
      ws.w_axis[b] = C.R.row(2).transpose();  // R_i^{i-1} z_{i-1} = C^T Rz^T z = C^T z
      ws.rstar[b] = C.R.transpose() * C.p;     // R_i^{i-1} p_{i-1}^i at d_i = 0
    } else {
      ws.rbar[b] = model.com[b];
      ws.I[b] = model.inertia_com[b];
      ws.w_axis[b] = Vec3<S>::UnitZ();
      ws.rstar[b].setZero();
    }
    if (with_K) ws.K[b] = second_moment(ws.I[b]);  // (2.34)
  }
}

// R_{i-1}^i, the rotation of ^{i-1}A_i = Rz(theta_i) C (revolute) or Tz(d_i) C (prismatic), and
// r_i* = C^T (C.p + z d_i) for a prismatic joint (the translation p_{i-1}^i itself is not needed).
template <class S> void link_transform(const ModelTpl<S>& model, Workspace<S>& ws, int b, const S& q) {
  const int n = model.dof;
  const Mat3<S> C = b + 1 < n ? model.tree[b + 1].R : Mat3<S>::Identity();
  Mat3<S>& R = ws.R[b];
  if (model.joint_type[b] == JointType::kRevolute) {
    using std::cos;
    using std::sin;
    const S c = cos(q), s = sin(q);
    R.row(0) = c * C.row(0) - s * C.row(1);
    R.row(1) = s * C.row(0) + c * C.row(1);
    R.row(2) = C.row(2);
  } else {
    R = C;
    ws.rstar[b] += ws.w_axis[b] * q;
  }
}

// (3.7), (3.8) and, for a prismatic joint, LWP's w, wd; returns R_i^{i-1} a_{i-1} plus the
// prismatic joint's own terms R z ddd + 2 w x R z dd, to which (3.9)/(7.3) add the rotation terms.
template <class S>
Vec3<S> angular_step(const ModelTpl<S>& model, Workspace<S>& ws, int b, const S& qd, const S& qdd, const Vec3<S>& a0) {
  const Vec3<S> zero = Vec3<S>::Zero();
  const Vec3<S>& w_p = b == 0 ? zero : ws.w[b - 1];
  const Vec3<S>& wd_p = b == 0 ? zero : ws.wd[b - 1];
  const Vec3<S>& a_p = b == 0 ? a0 : ws.a[b - 1];
  const Mat3<S>& R = ws.R[b];  // R_{i-1}^i; R^T = R_i^{i-1}
  const Vec3<S> z = Vec3<S>::UnitZ();
  if (model.joint_type[b] == JointType::kRevolute) {
    ws.w[b] = R.transpose() * (w_p + z * qd);                             // (3.7)
    ws.wd[b] = R.transpose() * (wd_p + z * qdd + w_p.cross(z * qd));      // (3.8)
    return R.transpose() * a_p;
  }
  ws.w[b] = R.transpose() * w_p;                                          // [LWP80]
  ws.wd[b] = R.transpose() * wd_p;
  return R.transpose() * (a_p + z * qdd) + S(2) * ws.w[b].cross(ws.w_axis[b] * qd);
}

// Newton-Euler outward step for link b: (3.7)-(3.10) and the rotational term of (3.12).
template <class S>
void forward_ne(const ModelTpl<S>& model, Workspace<S>& ws, int b, const S& qd, const S& qdd, const Vec3<S>& a0) {
  const Vec3<S> carried = angular_step(model, ws, b, qd, qdd, a0);
  const Vec3<S>& w = ws.w[b];
  const Vec3<S>& wd = ws.wd[b];
  const Vec3<S>& rs = ws.rstar[b];
  const Vec3<S>& rb = ws.rbar[b];
  ws.a[b] = wd.cross(rs) + w.cross(w.cross(rs)) + carried;                // (3.9)
  ws.abar[b] = wd.cross(rb) + w.cross(w.cross(rb)) + ws.a[b];             // (3.10)
  ws.rot[b] = ws.I[b] * wd + w.cross(ws.I[b] * w);                        // (3.12), first terms
}

// Modified Newton-Euler outward step: (7.1)-(7.4) and t_i of (7.6).
template <class S>
void forward_modified(const ModelTpl<S>& model, Workspace<S>& ws, int b, const S& qd, const S& qdd,
                      const Vec3<S>& a0) {
  const Vec3<S> carried = angular_step(model, ws, b, qd, qdd, a0);        // (7.1), (7.2)
  const Mat3<S>& A = ws.Acons[b] = consolidation(ws.w[b], ws.wd[b]);      // (4.18)
  ws.a[b] = A * ws.rstar[b] + carried;                                    // (7.3)
  ws.abar[b] = A * ws.rbar[b] + ws.a[b];                                  // (7.4)
  ws.rot[b] = trace_moment(A, ws.K[b]);                                   // (7.6), t_i
}

// Inward recursion (3.11)-(3.13) = (7.5)-(7.6); f_{n+1}, n_{n+1} from the load (or zero).
template <class S>
void backward(const ModelTpl<S>& model, Workspace<S>& ws, const Load<S>* load, VecX<S>& tau) {
  const int n = model.dof;
  for (int b = n - 1; b >= 0; --b) {
    const Vec3<S>& rs = ws.rstar[b];
    const S& m = model.mass[b];
    Vec3<S> Rf = Vec3<S>::Zero(), Rn = Vec3<S>::Zero();  // R_i^{i+1} f_{i+1}, R_i^{i+1} n_{i+1}
    if (b + 1 < n) {
      Rf = ws.R[b + 1] * ws.f[b + 1];
      Rn = ws.R[b + 1] * ws.n[b + 1];
    } else if (load) {
      Rf = load->f;  // frame {n+1} := {n}
      Rn = load->n;
    }
    ws.f[b] = m * ws.abar[b] + Rf;                                                   // (3.11)
    ws.n[b] = ws.rot[b] + m * (rs + ws.rbar[b]).cross(ws.abar[b]) + rs.cross(Rf) + Rn;  // (3.12)
    tau[b] = model.joint_type[b] == JointType::kRevolute ? ws.w_axis[b].dot(ws.n[b])  // (3.13)
                                                         : ws.w_axis[b].dot(ws.f[b]);  // [LWP80]
  }
}

// a_0 = g z_0 in F_0: minus the model's gravity, turned into F_0 = base * tree[0].
template <class S> Vec3<S> base_acceleration(const ModelTpl<S>& model, bool with_gravity) {
  if (!with_gravity || model.dof == 0) return Vec3<S>::Zero();
  return model.tree[0].R.transpose() * (-model.gravity);
}

template <class S>
void newton_euler(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a, bool with_gravity,
                  const Load<S>* load, VecX<S>& tau) {
  link_constants(model, ws, false);
  const Vec3<S> a0 = base_acceleration(model, with_gravity);
  for (int b = 0; b < model.dof; ++b) {
    link_transform(model, ws, b, q[b]);
    forward_ne(model, ws, b, v[b], a[b], a0);
  }
  backward(model, ws, load, tau);
}

}  // namespace detail

template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                                const Load<S>* load) {
  detail::check_serial(model, "luh-walker-paul");
  check_formulation_entry(model, "the Luh-Walker-Paul formulation", q, v, a);
  detail::newton_euler(model, ws, q, v, a, true, load, ws.tau);
  return ws.tau;
}

template <class S>
const VecX<S>& inverse_dynamics_modified(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                         VecIn<S> a, const Load<S>* load) {
  detail::check_serial(model, "modified-newton-euler");
  check_formulation_entry(model, "the Luh-Walker-Paul formulation", q, v, a);
  detail::link_constants(model, ws, true);
  const Vec3<S> a0 = detail::base_acceleration(model, true);
  for (int b = 0; b < model.dof; ++b) {
    detail::link_transform(model, ws, b, q[b]);
    detail::forward_modified(model, ws, b, v[b], a[b], a0);
  }
  detail::backward(model, ws, load, ws.tau);  // (7.5), (7.6)
  return ws.tau;
}

template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  detail::check_serial(model, "luh-walker-paul");
  check_formulation_entry(model, "the Luh-Walker-Paul formulation", q);
  for (int j = 0; j < model.dof; ++j) {
    ws.unit.setZero();
    ws.unit[j] = S(1);
    detail::newton_euler<S>(model, ws, q, ws.zero, ws.unit, false, nullptr, ws.column);
    for (int i = j; i < model.dof; ++i) ws.M(i, j) = ws.M(j, i) = ws.column[i];
  }
  return ws.M;
}

template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q) {
  detail::check_serial(model, "luh-walker-paul");
  check_formulation_entry(model, "the Luh-Walker-Paul formulation", q);
  detail::newton_euler<S>(model, ws, q, ws.zero, ws.zero, true, nullptr, ws.g);
  return ws.g;
}

}  // namespace armdyn::luh_walker_paul
