#pragma once
#include "armdyn/dynamics/rnea_classical.hpp"
#include "armdyn/kinematics/joint.hpp"

namespace armdyn {
namespace inverse_dynamics_detail {

// Newton-Euler in body frames, in the classical form of [Craig] (6.45)-(6.53) and [TML] (7.1)-
// (7.6): angular velocity w_i, angular acceleration wd_i and the acceleration a_i of the body
// origin (no linear velocities), gravity entering as the base acceleration a_0 = -g ([Craig]
// §6.5). With R the rotation and p the origin of body i in its parent p, z = (0, 0, 1):
//   w_i  = R^T w_p + qd z                              revolute         (1)
//   wd_i = R^T wd_p + qd (R^T w_p) x z + qdd z          revolute         (2)
//   a_i  = R^T u_i,  u_i = a_p + W_p p                 (+ 2 qd w_i x z + qdd z, prismatic)  (3)
//   W_i  = [wd_i]x + [w_i]x [w_i]x, so that W c = wd x c + w x (w x c)  ([TML] (4.18))  (4)
//   F_i  = m a_i + W_i h_i                              (h = m c)                         (5)
//   N_i  = I wd + w x (I w) + h x a_i                   about the origin, I about it      (6)
//   f_p += R f_i,  n_p += R n_i + p x R f_i,  tau_i = n_i.z (revolute) or f_i.z  (inward) (7)
// (6)'s Euler part in the tensor form of [TML] (7.6), t = vex(W K - K W^T) with K = tr(I)/2 - I,
// written with I's entries: t_x = I_xx wd_x + (I_zz - I_yy) w_y w_z + I_xy (wd_y - w_x w_z)
// + I_xz (wd_z + w_x w_y) + I_yz (w_y^2 - w_z^2), and cyclically (15 mul for a full I).
// u_i (3) is made by the parent right after W_p (4) when i = p + 1, else from w_p, wd_p again.
// Per general link: rotations 3 x 6 + 2 x 6 mul, (2) 2, W 6, (5) 12, (6) 21, u 9, p x Rf 6 = 86.
// kVel = false drops every velocity term, kAcc = false the joint accelerations.

/// W = [wd]x + [w]x^2 (4), entry by entry, and the products of w's components: 6 mul, 9 add.
template <class S> struct Spin {
  S xx, yy, zz, xy, yz, xz;
  S W00, W01, W02, W10, W11, W12, W20, W21, W22;
  Spin(const Vec3<S>& w, const Vec3<S>& wd)
      : xx(w.x() * w.x()), yy(w.y() * w.y()), zz(w.z() * w.z()), xy(w.x() * w.y()), yz(w.y() * w.z()),
        xz(w.x() * w.z()), W00(-(yy + zz)), W01(xy - wd.z()), W02(xz + wd.y()), W10(xy + wd.z()), W11(-(xx + zz)),
        W12(yz - wd.x()), W20(xz - wd.y()), W21(yz + wd.x()), W22(-(xx + yy)) {}
  /// W c = wd x c + w x (w x c): 9 mul, 6 add.
  Vec3<S> times(const Vec3<S>& c) const {
    return Vec3<S>(W00 * c.x() + W01 * c.y() + W02 * c.z(), W10 * c.x() + W11 * c.y() + W12 * c.z(),
                   W20 * c.x() + W21 * c.y() + W22 * c.z());
  }
};

/// t = I wd + w x (I w) (6) from W's entries, for a symmetric I: 15 mul, 24 add.
template <class S> Vec3<S> euler_moment(const Mat3<S>& I, const Vec3<S>& wd, const Spin<S>& s) {
  return Vec3<S>(I(0, 0) * wd.x() + (I(2, 2) - I(1, 1)) * s.yz - I(0, 1) * s.W20 + I(0, 2) * s.W10 +
                     I(1, 2) * (s.yy - s.zz),
                 I(1, 1) * wd.y() + (I(0, 0) - I(2, 2)) * s.xz - I(1, 2) * s.W01 + I(0, 1) * s.W21 +
                     I(0, 2) * (s.zz - s.xx),
                 I(2, 2) * wd.z() + (I(1, 1) - I(0, 0)) * s.xy - I(0, 2) * s.W12 + I(1, 2) * s.W02 +
                     I(0, 1) * (s.xx - s.yy));
}

/// R^T v (parent to body i) and R v (body i to parent), factored or dense.
template <class S>
inline Vec3<S> to_child(const ModelTpl<S>& model, const DataTpl<S>& data, int i, bool factored, const Vec3<S>& v) {
  if (factored) return dh_to_child(model.dh_rotation[i], data.angle[i], v);
  return data.X_up[i].R.transpose() * v;
}
template <class S>
inline Vec3<S> to_parent(const ModelTpl<S>& model, const DataTpl<S>& data, int i, bool factored, const Vec3<S>& v) {
  if (factored) return dh_to_parent(model.dh_rotation[i], data.angle[i], v);
  return data.X_up[i].R * v;
}

/// Joint placements: factored joints keep only their angle (1 add, 2 add for c +- s, one
/// sine/cosine pair) and their origin; the others their dense placement. The sines and cosines
/// first (joint_sines).
template <class S> void placements(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  for (int i = 0; i < model.dof; ++i) data.phi[i] = dh_factored(model, i) ? S(model.dh_rotation[i].theta + q[i]) : q[i];
  joint_sines(model, data, data.phi.data());
  for (int i = 0; i < model.dof; ++i) {
    if (dh_factored(model, i)) {
      data.angle[i].set(data.cos_phi[i], data.sin_phi[i]);
      data.X_up[i].p = model.tree[i].p;
    } else if (model.joint_type[i] == JointType::kRevolute) {
      revolute_placement(model, i, data.cos_phi[i], data.sin_phi[i], data.X_up[i]);
    } else {
      prismatic_placement(model, i, q[i], data.X_up[i]);
    }
  }
}

/// Forces (5), (6) of a revolute body on the base, where w = qd z, wd = qdd z and W has five
/// zeros; and u (3) of its serial child at p_next.
template <bool kAcc, class S>
void root_forces(const Inertia<S>& I, const S& qd, const S* qdd, const Vec3<S>& a, Force<S>& f,
                 const Vec3<S>* p_next, Vec3<S>& u_next) {
  const S q2 = qd * qd;  // W = [[-q2, -qdd, 0], [qdd, -q2, 0], [0, 0, 0]]
  const Vec3<S>& h = I.h;
  const Mat3<S>& J = I.I;
  f.f = Vec3<S>(I.m * a.x() - q2 * h.x(), I.m * a.y() - q2 * h.y(), I.m * a.z());
  f.n = h.cross(a);  // (6): + qdd J e_z + q2 e_z x (J e_z)
  f.n.x() -= J(1, 2) * q2;
  f.n.y() += J(0, 2) * q2;
  if (p_next) u_next = Vec3<S>(a.x() - q2 * p_next->x(), a.y() - q2 * p_next->y(), a.z());
  if constexpr (kAcc) {
    f.f.x() -= *qdd * h.y();
    f.f.y() += *qdd * h.x();
    f.n += *qdd * J.col(2);
    if (p_next) {
      u_next.x() -= *qdd * p_next->y();
      u_next.y() += *qdd * p_next->x();
    }
  }
}

/// The outward recursion (1)-(6), body by body.
template <bool kVel, bool kAcc, class S>
void outward(const ModelTpl<S>& model, DataTpl<S>& data, const S* qd, const S* qdd) {
  const int n = model.dof;
  const Vec3<S> a0 = -model.gravity;
  Vec3<S> u;  // (3)'s u of body i + 1, made by body i when it is its parent
  for (int i = 0; i < n; ++i) {
    const int p = model.parent[i];
    const bool revolute = model.joint_type[i] == JointType::kRevolute;
    const bool factored = dh_factored(model, i);
    Vec3<S>& w = data.w[i];
    Vec3<S>& wd = data.wd[i];
    Vec3<S>& a = data.ao[i];
    if (p < 0) {  // w_0 = wd_0 = 0, a_0 = -g
      a = to_child(model, data, i, factored, a0);
      w = Vec3<S>(S(0), S(0), kVel && revolute ? qd[i] : S(0));
      wd = Vec3<S>(S(0), S(0), kAcc && revolute ? qdd[i] : S(0));
      if (kAcc && !revolute) a.z() += qdd[i];
    } else if constexpr (kVel) {
      const Vec3<S>& wp = data.w[p];
      const Vec3<S>& wdp = data.wd[p];
      a = to_child(model, data, i, factored,
                   p == i - 1 ? u : Vec3<S>(data.ao[p] + Spin<S>(wp, wdp).times(data.X_up[i].p)));
      w = to_child(model, data, i, factored, wp);
      wd = to_child(model, data, i, factored, wdp);
      if (revolute) {
        wd.x() += qd[i] * w.y();  // (2): qd (R^T w_p) x z
        wd.y() -= qd[i] * w.x();
        w.z() += qd[i];
        if constexpr (kAcc) wd.z() += qdd[i];
      } else {
        const S qd2 = qd[i] + qd[i];  // (3): 2 qd w x z + qdd z
        a.x() += qd2 * w.y();
        a.y() -= qd2 * w.x();
        if constexpr (kAcc) a.z() += qdd[i];
      }
    } else {  // no velocities: w = wd = 0, u = a_p
      a = to_child(model, data, i, factored, p == i - 1 ? u : data.ao[p]);
      w.setZero();
      wd.setZero();
    }
    const Vec3<S>* p_next = i + 1 < n && model.parent[i + 1] == i ? &data.X_up[i + 1].p : nullptr;
    const Inertia<S>& I = model.inertia[i];
    Force<S>& f = data.f[i];
    if (kVel && p < 0 && revolute) {
      root_forces<kAcc>(I, qd[i], qdd ? qdd + i : nullptr, a, f, p_next, u);
    } else if (kVel && p >= 0) {  // (4)-(6)
      const Spin<S> s(w, wd);
      f.f.noalias() = I.m * a + s.times(I.h);
      f.n.noalias() = euler_moment(I.I, wd, s) + I.h.cross(a);
      if (p_next) u = a + s.times(*p_next);
    } else {  // W = 0
      f.f = I.m * a;
      f.n = I.h.cross(a);
      if (p_next) u = a;
    }
  }
}

/// The inward recursion (7).
template <class S> void inward(const ModelTpl<S>& model, DataTpl<S>& data, VecX<S>& tau) {
  for (int i = model.dof - 1; i >= 0; --i) {
    const Force<S>& f = data.f[i];
    tau[i] = model.joint_type[i] == JointType::kRevolute ? f.n.z() : f.f.z();
    const int p = model.parent[i];
    if (p < 0) continue;
    const bool factored = dh_factored(model, i);
    const Vec3<S> Rf = to_parent(model, data, i, factored, f.f);
    data.f[p].n += to_parent(model, data, i, factored, f.n) + data.X_up[i].p.cross(Rf);
    data.f[p].f += Rf;
  }
}

template <bool kVel, bool kAcc, class S>
void passes(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, const S* qd, const S* qdd,
            const std::vector<Force<S>>* fext, VecX<S>& tau) {
  static_assert(kVel || !kAcc, "joint accelerations without velocities are not a case of their own");
  placements(model, data, q);
  outward<kVel, kAcc>(model, data, qd, qdd);
  if (fext)
    for (int i = 0; i < model.dof; ++i) {
      data.f[i].n -= (*fext)[i].n;
      data.f[i].f -= (*fext)[i].f;
    }
  inward(model, data, tau);
}

}  // namespace inverse_dynamics_detail

template <class S>
const VecX<S>& rnea_classical(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd,
                                VecIn<S> qdd, const std::vector<Force<S>>* fext) {
  require_angle_coordinates(model, "rnea_classical");
  check_size(q, model.dof, "q");
  check_size(qd, model.dof, "v");
  check_size(qdd, model.dof, "a");
  if (fext && static_cast<int>(fext->size()) != model.dof)
    throw InputError("fext: expected one wrench per body");
  inverse_dynamics_detail::passes<true, true, S>(model, data, q, qd.data(), qdd.data(), fext, data.tau);
  return data.tau;
}

}  // namespace armdyn
