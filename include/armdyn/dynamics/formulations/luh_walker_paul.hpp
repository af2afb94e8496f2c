#pragma once
// The Newton-Euler equations of Luh, Walker and Paul in link coordinates, as Turney, Mudge and Lee
// state them ([TML] §3.3, (3.7)-(3.13)), and TML's "modified Newton-Euler" ([TML] §7, (7.1)-(7.6)).
//
// Frames: STANDARD Denavit-Hartenberg. Frame {i} is fixed to link i at joint i+1's axis and
// joint i turns about (slides along) z_{i-1}: ^{i-1}A_i = Rz(theta_i) C_i (or Tz(d_i) C_i) with a
// constant C_i. From armdyn's body frames (0-based body b = TML link i = b + 1):
//   F_i = (body frame b) * tree[b+1]  (tree[n] := identity, so F_n = body frame n-1),
//   F_0 = (base) * tree[0],   C_i = tree[b+1],
// for ANY model (URDF, modified or standard DH). Link constants in F_i: the centre of mass r̄_i,
// the inertia I_i about it, w_i = R_i^{i-1} z_{i-1} (joint i's axis in F_i) and
// r_i* = R_i^{i-1} p_{i-1}^i (o_{i-1} to o_i in F_i), constant for a revolute joint; they are
// recomputed from the model on every call (the Model stays the only place that holds them).
//
// Newton-Euler, outward (i = 1..n; w_0 = wd_0 = 0, a_0 = g z_0, i.e. minus the gravity vector):
//   (3.7)  w_i  = R_i^{i-1} (w_{i-1} + z thd_i)
//   (3.8)  wd_i = R_i^{i-1} (wd_{i-1} + z thdd_i + w_{i-1} x z thd_i)
//   (3.9)  a_i  = wd_i x r_i* + w_i x (w_i x r_i*) + R_i^{i-1} a_{i-1}          (origin o_i)
//   (3.10) ā_i  = wd_i x r̄_i + w_i x (w_i x r̄_i) + a_i                          (centre of mass)
// inward (i = n..1; f_{n+1}, n_{n+1} = 0 or the load):
//   (3.11) f_i = m_i ā_i + R_i^{i+1} f_{i+1}
//   (3.12) n_i = I_i wd_i + w_i x I_i w_i + m_i (r_i* + r̄_i) x ā_i + r_i* x R_i^{i+1} f_{i+1}
//                + R_i^{i+1} n_{i+1}                  (moment about o_{i-1}, in F_i)
//   (3.13) tau_i = w_i . n_i
// Modified Newton-Euler: the consolidation matrix A_i = [wd_i]x + [w_i]x [w_i]x (4.18) replaces
// the double cross products, (7.3) a_i = A_i r_i* + R a_{i-1}, (7.4) ā_i = A_i r̄_i + a_i, and
// the rotational term of (7.6) is t_i, (t_i)_g = Tr{A_i K_i (Q^g)^T}, K_i = ½ Tr(I_i) E - I_i (2.34).
//
// Prismatic joints are not in TML (revolute only); they follow Luh, Walker and Paul (1980):
//   w_i = R w_{i-1},  wd_i = R wd_{i-1},
//   a_i = R (a_{i-1} + z ddd_i) + wd_i x r_i* + 2 w_i x (R z dd_i) + w_i x (w_i x r_i*),
//   tau_i = w_i . f_i,   with r_i* = R_i^{i-1} p_{i-1}^i variable.
//
// Serial chains only. Cost O(n): [TML] Table 8.1 counts 108n - 12 multiplications and 100n - 9
// additions (Newton-Euler), 90n - 27 and 88n - 24 (modified, diagonal K_i), with the link
// constants precomputed (here they are recomputed per call).
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   luh-walker-paul: 228n - 81 mul, 173n - 57 add, 2n sin/cos
//   modified-newton-euler: 235n - 81 mul, 184n - 57 add, 2n sin/cos
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::luh_walker_paul {

/// The load at the hand, [TML] f_{n+1}, n_{n+1}: the force and the moment about o_n that link n
/// exerts on what it carries or touches, in frame {n} (= armdyn's last body frame).
template <class S> struct Load {
  Vec3<S> f = Vec3<S>::Zero();
  Vec3<S> n = Vec3<S>::Zero();
};

/// Every quantity of (3.7)-(3.13) and (7.1)-(7.6), one per link (index i - 1), in F_i.
template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model)
      : R(model.dof), rbar(model.dof), I(model.dof), K(model.dof), w_axis(model.dof), rstar(model.dof),
        w(model.dof), wd(model.dof), a(model.dof), abar(model.dof), f(model.dof), n(model.dof),
        rot(model.dof), Acons(model.dof), tau(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)),
        M(MatX<S>::Zero(model.dof, model.dof)), zero(VecX<S>::Zero(model.dof)), unit(VecX<S>::Zero(model.dof)),
        column(VecX<S>::Zero(model.dof)) {}

  std::vector<Mat3<S>> R;        ///< R_{i-1}^i, the rotation of ^{i-1}A_i
  std::vector<Vec3<S>> rbar;     ///< r̄_i: centre of mass of link i in F_i
  std::vector<Mat3<S>> I;        ///< I_i: inertia about the centre of mass, F_i axes
  std::vector<Mat3<S>> K;        ///< K_i = ½ Tr(I_i) E - I_i (modified only)
  std::vector<Vec3<S>> w_axis;   ///< w_i = R_i^{i-1} z_{i-1}
  std::vector<Vec3<S>> rstar;    ///< r_i*
  std::vector<Vec3<S>> w, wd;    ///< (3.7), (3.8)
  std::vector<Vec3<S>> a, abar;  ///< (3.9), (3.10)
  std::vector<Vec3<S>> f, n;     ///< (3.11), (3.12): force and moment (about o_{i-1}) on link i
  std::vector<Vec3<S>> rot;      ///< I_i wd_i + w_i x I_i w_i, or t_i of (7.6)
  std::vector<Mat3<S>> Acons;    ///< A_i of (4.18) (modified only)
  VecX<S> tau, g;                ///< inverse_dynamics(_modified); gravity
  MatX<S> M;                     ///< mass_matrix
  VecX<S> zero, unit, column;    ///< scratch for gravity and mass_matrix
};

/// tau by Newton-Euler (3.7)-(3.13), with the optional load. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                                const Load<S>* load = nullptr);

/// tau by the modified Newton-Euler (7.1)-(7.6), with the optional load. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics_modified(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                         VecIn<S> a, const Load<S>* load = nullptr);

/// M(q) by "strobing" ([TML] §8, §9): column j is (3.7)-(3.13) with gravity and load off,
/// thd = 0, thdd = e_j; the lower triangle is mirrored (M is symmetric). Returns ws.M.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// G(q): (3.7)-(3.13) with thd = thdd = 0. Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// [TML] (4.18): A = [wd]x + [w]x [w]x, so that A c = wd x c + w x (w x c).
template <class S> Mat3<S> consolidation(const Vec3<S>& w, const Vec3<S>& wd) {
  Mat3<S> A;
  A << -(w.y() * w.y() + w.z() * w.z()), w.x() * w.y() - wd.z(), w.x() * w.z() + wd.y(),  //
      w.x() * w.y() + wd.z(), -(w.x() * w.x() + w.z() * w.z()), w.y() * w.z() - wd.x(),     //
      w.x() * w.z() - wd.y(), w.y() * w.z() + wd.x(), -(w.x() * w.x() + w.y() * w.y());
  return A;
}

/// [TML] (2.34): K = ½ Tr(I) E - I, the second moment about the centre of mass.
template <class S> Mat3<S> second_moment(const Mat3<S>& I) {
  return S(0.5) * I.trace() * Mat3<S>::Identity() - I;
}

/// [TML] (7.6): (t)_g = Tr{A K (Q^g)^T}, g = x, y, z; componentwise (AK)_zy - (AK)_yz,
/// (AK)_xz - (AK)_zx, (AK)_yx - (AK)_xy (the report's text has the sign reversed; docs/errata.md).
template <class S> Vec3<S> trace_moment(const Mat3<S>& A, const Mat3<S>& K) {
  const Mat3<S> AK = A * K;
  return Vec3<S>(AK(2, 1) - AK(1, 2), AK(0, 2) - AK(2, 0), AK(1, 0) - AK(0, 1));
}

extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>, const Load<double>*);
extern template const VecX<double>& inverse_dynamics_modified(const Model&, Workspace<double>&, VecIn<double>,
                                                              VecIn<double>, VecIn<double>, const Load<double>*);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::luh_walker_paul
