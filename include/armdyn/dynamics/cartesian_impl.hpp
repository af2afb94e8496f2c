#pragma once
#include <string>

#include <Eigen/Eigenvalues>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/cartesian.hpp"
#include "armdyn/dynamics/cholesky.hpp"
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/kinematics/jacobian_impl.hpp"

namespace armdyn {
namespace cartesian_detail {

/// Scalars that can be compared (double, float); dual numbers cannot.
template <class S> constexpr bool kOrdered = requires(const S& a) { bool(a < a); };

/// ws.J, ws.jdot_v: the selected rows of the frame's J and Jdot v, in the requested axes.
template <class S>
void task_rows(const ModelTpl<S>& model, DataTpl<S>& data, CartesianWorkspace<S>& ws, int frame, VecIn<S> q,
               VecIn<S> v, const CartesianOptions& o) {
  const int m = manipulability_detail::checked_row_count(o.rows);
  frame_kinematics(model, data, ws.frame, frame, q, v);
  const MatX<S>& J = ws.frame.J;
  Vec6<S> jdv = ws.frame.jdot_v;
  const Mat3<S>& R = data.oMf[frame].R;
  if (o.axes == Axes::kLocal) {  // d/dt (R^T x) = R^T (xdot - w x x): the linear rows carry w x v_o
    const Vec3<S> w = ws.frame.velocity.template tail<3>();
    const Vec3<S> lin = jdv.template head<3>() - w.cross(ws.frame.velocity.template head<3>());
    const Vec3<S> ang = jdv.template tail<3>();
    jdv.template head<3>().noalias() = R.transpose() * lin;
    jdv.template tail<3>().noalias() = R.transpose() * ang;
  }
  int r = 0;
  for (int k = 0; k < 6; ++k) {
    if (!(o.rows & (1u << k))) continue;
    ws.row_index[static_cast<std::size_t>(r)] = k;
    if (o.axes == Axes::kLocal) {  // row k of blockdiag(R^T, R^T) J
      const int b = k < 3 ? 0 : 3;
      ws.J.row(r) = R(0, k - b) * J.row(b) + R(1, k - b) * J.row(b + 1) + R(2, k - b) * J.row(b + 2);
    } else {
      ws.J.row(r) = J.row(k);
    }
    ws.jdot_v[r] = jdv[k];
    ++r;
  }
  ws.task_rows = m;
}

/// M (data.M), its Cholesky factor, h = c - g, g, M^-1 h, M^-1 g; W = L^-1 J_r^T and
/// Lambda_inv = W^T W.
template <class S>
void mass_side(const ModelTpl<S>& model, DataTpl<S>& data, CartesianWorkspace<S>& ws, VecIn<S> q, VecIn<S> v) {
  const int n = model.dof, m = ws.task_rows;
  ws.L = crba(model, data, q);
  cholesky_factor(ws.L, ws.L_inv_diag);
  ws.g = gravity_torque(model, data, q);
  ws.h = nonlinear_effects(model, data, q, v);
  ws.h -= ws.g;
  ws.Minv_h = ws.h;
  cholesky_solve(ws.L, ws.L_inv_diag, ws.Minv_h);
  ws.Minv_g = ws.g;
  cholesky_solve(ws.L, ws.L_inv_diag, ws.Minv_g);
  for (int r = 0; r < m; ++r)  // forward substitution L W = J_r^T
    for (int i = 0; i < n; ++i) {
      S s = ws.J(r, i);
      for (int k = 0; k < i; ++k) s -= ws.L(i, k) * ws.W(k, r);
      ws.W(i, r) = s * ws.L_inv_diag[i];
    }
  ws.Lambda_inv.resize(m, m);
  for (int a = 0; a < m; ++a)
    for (int b = 0; b <= a; ++b) {
      S s(0);
      for (int i = 0; i < n; ++i) s += ws.W(i, a) * ws.W(i, b);
      ws.Lambda_inv(a, b) = s;
      ws.Lambda_inv(b, a) = s;
    }
}

/// The inverse of a symmetric positive definite A through its Cholesky factor (no pivoting).
template <class S> void spd_inverse(const SmallSquare<S>& A, SmallSquare<S>& out) {
  using std::sqrt;
  const int m = static_cast<int>(A.rows());
  SmallSquare<S> L = A;
  SmallVector<S> inv(m);
  for (int j = 0; j < m; ++j) {
    S d = L(j, j);
    for (int k = 0; k < j; ++k) d -= L(j, k) * L(j, k);
    L(j, j) = sqrt(d);
    inv[j] = S(1) / L(j, j);
    for (int i = j + 1; i < m; ++i) {
      S s = L(i, j);
      for (int k = 0; k < j; ++k) s -= L(i, k) * L(j, k);
      L(i, j) = s * inv[j];
    }
  }
  out.resize(m, m);
  for (int c = 0; c < m; ++c) {  // solve L L^T x = e_c
    SmallVector<S> x = SmallVector<S>::Zero(m);
    x[c] = S(1);
    for (int i = 0; i < m; ++i) {
      S s = x[i];
      for (int k = 0; k < i; ++k) s -= L(i, k) * x[k];
      x[i] = s * inv[i];
    }
    for (int i = m - 1; i >= 0; --i) {
      S s = x[i];
      for (int k = i + 1; k < m; ++k) s -= L(k, i) * x[k];
      x[i] = s * inv[i];
    }
    out.col(c) = x;
  }
}

/// The inverse of a square A by Gauss-Jordan elimination, with partial pivoting on ordered
/// scalars (the caller has checked that A is not singular).
template <class S> void square_inverse(SmallSquare<S> A, SmallSquare<S>& X) {
  using std::abs;
  const int m = static_cast<int>(A.rows());
  X.setIdentity(m, m);
  for (int c = 0; c < m; ++c) {
    int pivot = c;
    if constexpr (kOrdered<S>)
      for (int r = c + 1; r < m; ++r)
        if (abs(A(r, c)) > abs(A(pivot, c))) pivot = r;
    if (pivot != c) {
      A.row(c).swap(A.row(pivot));
      X.row(c).swap(X.row(pivot));
    }
    const S inv = S(1) / A(c, c);
    A.row(c) *= inv;
    X.row(c) *= inv;
    for (int r = 0; r < m; ++r) {
      if (r == c) continue;
      const S f = A(r, c);
      A.row(r) -= f * A.row(c);
      X.row(r) -= f * X.row(c);
    }
  }
}

/// Whether Lambda_inv is singular by the rule of cartesian.hpp; when it is, writes the damped
/// inverse to `Lambda`. Always false on scalars without comparisons.
template <class S> bool damped_if_singular(const SmallSquare<S>& A, double eps, SmallSquare<S>& Lambda) {
  if constexpr (kOrdered<S>) {
    const int m = static_cast<int>(A.rows());
    Eigen::SelfAdjointEigenSolver<SmallSquare<S>> eig(A);
    const auto& lambda = eig.eigenvalues();  // ascending
    const S hi = lambda[m - 1];
    if (lambda[0] > S(eps) * hi && hi > S(0)) return false;
    Lambda.setZero(m, m);
    if (!(hi > S(0))) return true;  // J_r = 0 (e.g. a frame fixed to the base)
    const S delta = S(eps) * hi;
    for (int k = 0; k < m; ++k) {
      const S l = lambda[k] > S(0) ? lambda[k] : S(0);
      const S weight = l / (l * l + delta * delta);
      for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b) Lambda(a, b) += weight * eig.eigenvectors()(a, k) * eig.eigenvectors()(b, k);
    }
    return true;
  } else {
    (void)A, (void)eps, (void)Lambda;
    return false;
  }
}

}  // namespace cartesian_detail

template <class S>
const OperationalSpace<S>& operational_space(const ModelTpl<S>& model, DataTpl<S>& data, CartesianWorkspace<S>& ws,
                                             int frame, VecIn<S> q, VecIn<S> v, const CartesianOptions& options) {
  cartesian_detail::task_rows(model, data, ws, frame, q, v, options);
  cartesian_detail::mass_side(model, data, ws, q, v);
  const int n = model.dof, m = ws.task_rows;
  OperationalSpace<S>& op = ws.op;
  op.singular = cartesian_detail::damped_if_singular(ws.Lambda_inv, options.singular_threshold, op.Lambda);
  if (!op.singular) cartesian_detail::spd_inverse(ws.Lambda_inv, op.Lambda);
  for (int r = 0; r < m; ++r)  // back substitution L^T Y = W: Y = M^-1 J_r^T
    for (int i = n - 1; i >= 0; --i) {
      S s = ws.W(i, r);
      for (int k = i + 1; k < n; ++k) s -= ws.L(k, i) * ws.MinvJt(k, r);
      ws.MinvJt(i, r) = s * ws.L_inv_diag[i];
    }
  SmallVector<S> bh(m), bg(m);  // J_r M^-1 h - Jdot_r v,  J_r M^-1 g
  for (int r = 0; r < m; ++r) {
    bh[r] = ws.J.row(r).dot(ws.Minv_h) - ws.jdot_v[r];
    bg[r] = ws.J.row(r).dot(ws.Minv_g);
  }
  op.mu.noalias() = op.Lambda * bh;
  op.p.noalias() = op.Lambda * bg;
  return op;
}

template <class S>
const CraigCartesian<S>& craig_cartesian_dynamics(const ModelTpl<S>& model, DataTpl<S>& data,
                                                  CartesianWorkspace<S>& ws, int frame, VecIn<S> q, VecIn<S> v,
                                                  const CartesianOptions& options) {
  const int rows = manipulability_detail::checked_row_count(options.rows);
  if (rows != model.dof)
    throw InputError("cartesian dynamics: [Craig] (6.99) needs a square Jacobian, but " + std::to_string(rows) +
                     " rows are selected for the " + std::to_string(model.dof) + " joints of model '" + model.name +
                     "' (operational_space takes any number of rows)");
  cartesian_detail::task_rows(model, data, ws, frame, q, v, options);
  cartesian_detail::mass_side(model, data, ws, q, v);
  const int m = ws.task_rows;
  CraigCartesian<S>& out = ws.craig;
  SmallSquare<S> scratch;
  out.singular = cartesian_detail::damped_if_singular(ws.Lambda_inv, options.singular_threshold, scratch);
  if (out.singular) {
    out.Mx.resize(0, 0);
    out.Vx.resize(0);
    out.Gx.resize(0);
    return out;
  }
  const SmallSquare<S> J = ws.J.topRows(m);
  const SmallSquare<S> M = data.M;  // crba's, untouched by the later passes
  SmallSquare<S> Jinv;
  cartesian_detail::square_inverse(J, Jinv);
  const SmallVector<S> qdd_v = Jinv * ws.jdot_v.head(m);  // J^-1 Jdot v
  const SmallSquare<S> MJinv = M * Jinv;
  out.Mx.noalias() = Jinv.transpose() * MJinv;                 // (6.99)
  const SmallVector<S> rest = SmallVector<S>(ws.h) - M * qdd_v;  // V - M J^-1 Jdot v
  out.Vx.noalias() = Jinv.transpose() * rest;
  out.Gx.noalias() = Jinv.transpose() * SmallVector<S>(ws.g);
  return out;
}

}  // namespace armdyn
