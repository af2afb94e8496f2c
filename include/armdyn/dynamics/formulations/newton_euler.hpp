#pragma once
// Craig's iterative Newton-Euler inverse dynamics ([Craig] §6.5, (6.45)-(6.53); the method of
// Luh, Walker and Paul written in Craig's link frames), with prismatic joints (Craig's
// Exercise 6.4).
//
// Frames. Craig's link frame {i} (modified DH: Z_i along joint axis i, fixed to link i) is
// armdyn's body frame i, so ^{i}_{i+1}R and ^iP_{i+1} are the joint placement of body i+1 in its
// parent, tree[i+1] * Rz(theta_{i+1}) or tree[i+1] * Tz(d_{i+1}). ^iP_{C_i} = model.com[i],
// ^{C_i}I_i = model.inertia_com[i], m_i = model.mass[i]. Frame {0} is the model's base; gravity
// enters as the base acceleration ^0vdot_0 = -g, "the base ... accelerating upward with 1 g"
// ([Craig] §6.5).
//
// Outward iteration, link by link from the base ([Craig] (6.45)-(6.50)):
//   revolute joint i+1  (6.45) w' = R w + thd Z,  (6.46) wd' = R wd + R w x thd Z + thdd Z,
//                       (6.47) vd' = R (wd x P + w x (w x P) + vd)
//   prismatic joint i+1 w' = R w,  (6.33) wd' = R wd  (corrected; docs/errata.md),
//                       (6.35) vd' = R (wd x P + w x (w x P) + vd) + 2 w' x dd Z + ddd Z
//                       (not printed in our copy; reconstructed, docs/errata.md)
//   both                (6.48) vd_C = wd' x P_C + w' x (w' x P_C) + vd'  (corrected (6.36); docs/errata.md),
//                       (6.49) F = m vd_C,  (6.50) N = ^CI wd' + w' x ^CI w'
// Inward iteration, from the tip ([Craig] (6.51)-(6.53), (6.44)):
//   (6.51) f_i = R f_{i+1} + F_i,   (6.52) n_i = N_i + R n_{i+1} + P_C x F_i + P_{i+1} x R f_{i+1}
//   (6.53) tau_i = n_i . Z_i (revolute),   (6.44) tau_i = f_i . Z_i (prismatic)
// Here R, P are the placement of the child in link i's frame and f_{i+1}, n_{i+1} the child's
// force and moment. On a tree the child terms of (6.51)-(6.52) are summed over all children.
//
// Cost: O(n). [Craig] §6.13 counts 126n - 99 multiplications and 106n - 92 additions for
// (6.46)-(6.53) on a revolute chain.
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   newton-euler: 150n - 24 mul, 120n - 24 add, 2n sin/cos
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::newton_euler {

/// The contact wrench of [Craig] §6.5's boundary condition: the force ^{N+1}f_{N+1} and moment
/// ^{N+1}n_{N+1} (about the origin of {N+1}) that the end-effector exerts on the environment,
/// expressed in a tool frame {N+1} placed at `tool` = (^N_{N+1}R, ^NP_{N+1}) in the last link's
/// frame {N} (body model.dof - 1).
template <class S> struct TipWrench {
  Transform<S> tool;
  Vec3<S> f = Vec3<S>::Zero();
  Vec3<S> n = Vec3<S>::Zero();
};

/// Every quantity of (6.45)-(6.53), one per link, in the link's own frame; sized once.
template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model)
      : X(model.dof), w(model.dof), wd(model.dof), vd(model.dof), vdc(model.dof), F(model.dof),
        N(model.dof), f(model.dof), n(model.dof), f_child(model.dof), n_child(model.dof),
        tau(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)), M(MatX<S>::Zero(model.dof, model.dof)),
        zero(VecX<S>::Zero(model.dof)), unit(VecX<S>::Zero(model.dof)), column(VecX<S>::Zero(model.dof)) {}

  std::vector<Transform<S>> X;       ///< {i} in its parent's frame: ^{p}_{i}R, ^pP_i
  std::vector<Vec3<S>> w, wd;        ///< ^iw_i, ^iwd_i
  std::vector<Vec3<S>> vd, vdc;      ///< ^ivd_i (origin), ^ivd_{C_i} (centre of mass)
  std::vector<Vec3<S>> F, N;         ///< (6.49), (6.50)
  std::vector<Vec3<S>> f, n;         ///< (6.51), (6.52): force and moment on link i from its parent
  std::vector<Vec3<S>> f_child;      ///< sum over children c of ^i_cR ^cf_c
  std::vector<Vec3<S>> n_child;      ///< sum over children of ^i_cR ^cn_c + ^iP_c x ^i_cR ^cf_c
  VecX<S> tau;                       ///< inverse_dynamics
  VecX<S> g;                         ///< gravity
  MatX<S> M;                         ///< mass_matrix
  VecX<S> zero, unit, column;        ///< scratch joint vectors for gravity and mass_matrix
};

/// tau = M(q) a + V(q, v) + G(q) ([Craig] (6.59)) by (6.45)-(6.53), plus J^T of the optional
/// contact wrench `tip`. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                                const TipWrench<S>* tip = nullptr);

/// G(q) of (6.59): the iteration with thd = thdd = 0 (gravity only). Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// M(q) of (6.59), "all terms multiplying thdd" ([Craig] §6.8): column j is the iteration with
/// gravity off, thd = 0 and thdd = e_j; its lower triangle is mirrored into the upper one.
/// Returns ws.M.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>, const TipWrench<double>*);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::newton_euler
