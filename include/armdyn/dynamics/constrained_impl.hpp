#pragma once
#include <cmath>
#include <string>
#include <type_traits>

#include <Eigen/Eigenvalues>

#include "armdyn/core/error.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/ldlt.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/kinematics/jacobian_impl.hpp"

namespace armdyn {
namespace constrained_detail {

/// The signed distance h of x from the surface, its unit normal n = grad h and the curvature
/// term ẋ^T H ẋ of h'' (H the Hessian of h):
///   plane     H = 0
///   sphere    H = (I - n n^T) / |d|,  d = x - p             ẋ^T H ẋ = (|ẋ|^2 - (n.ẋ)^2) / |d|
///   cylinder  H = (P - n n^T) / |d|,  d = P (x - p)         ẋ^T H ẋ = (|P ẋ|^2 - (n.ẋ)^2) / |d|
template <class S>
void surface_terms(const Surface<S>& s, const Vec3<S>& x, const Vec3<S>& xd, S& h, Vec3<S>& n, S& curvature) {
  using std::sqrt;
  if (s.type == SurfaceType::kPlane) {
    n = s.direction;
    h = n.dot(x - s.point);
    curvature = S(0);
    return;
  }
  Vec3<S> d = x - s.point;
  Vec3<S> xd_normal_plane = xd;  // P ẋ (the cylinder), ẋ (the sphere)
  if (s.type == SurfaceType::kCylinder) {
    d -= s.direction * s.direction.dot(d);
    xd_normal_plane -= s.direction * s.direction.dot(xd);
  }
  const S rho = sqrt(d.dot(d));
  n = d / rho;
  h = rho - s.radius;
  const S xn = n.dot(xd);
  curvature = (xd_normal_plane.dot(xd_normal_plane) - xn * xn) / rho;
}

template <class S> void check_frame_index(const ModelTpl<S>& model, int frame) {
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw InputError("constraint: frame index " + std::to_string(frame) + " out of range (model '" + model.name +
                     "' has " + std::to_string(model.frames.size()) + " frames)");
}

template <class S> void check(const ModelTpl<S>& model, const ConstraintWorkspace<S>& ws, const PointConstraint<S>& c) {
  if (c.is_loop() ? c.count != 3 && c.count != 6 : c.count != 1 && c.count != 2)
    throw InputError("constraint: " + std::to_string(c.count) +
                     (c.is_loop() ? " loop rows (3: points, 6: points and axes)" : " surfaces (1: a surface, 2: a line)"));
  check_frame_index(model, c.frame);
  if (c.is_loop()) check_frame_index(model, c.other_frame);
  if (ws.G.cols() != model.dof)
    throw InputError("constraint workspace: built for " + std::to_string(ws.G.cols()) + " joints, model '" +
                     model.name + "' has " + std::to_string(model.dof));
}

/// The point V of the frame (base axes) after forward kinematics.
template <class S>
Vec3<S> point_position(const DataTpl<S>& data, const PointConstraint<S>& c) {
  const Transform<S>& oMf = data.oMf[c.frame];
  return oMf.p + oMf.R * c.offset;
}

/// x = A^+ r, the minimum-norm (least-squares) solution for the symmetric positive semidefinite
/// Schur matrix A = G M^-1 G^T (rows and columns m.. zero, as r's): A = V diag(l) V^T, and
/// A^+ = V diag(1/l_k for l_k > kSchurRankTolerance max_k l_k, else 0) V^T. Fixed size: no
/// allocation. The only branch on values is the rank decision.
template <class S>
void solve_schur(const Eigen::Matrix<S, kMaxConstraintRows, kMaxConstraintRows>& A,
                 const Eigen::Matrix<S, kMaxConstraintRows, 1>& r, Eigen::Matrix<S, kMaxConstraintRows, 1>& x) {
  using Square = Eigen::Matrix<S, kMaxConstraintRows, kMaxConstraintRows>;
  const Eigen::SelfAdjointEigenSolver<Square> eigen(A);
  const auto& l = eigen.eigenvalues();  // ascending
  const S floor = S(kSchurRankTolerance) * l[kMaxConstraintRows - 1];
  Eigen::Matrix<S, kMaxConstraintRows, 1> y = eigen.eigenvectors().transpose() * r;
  for (int k = 0; k < kMaxConstraintRows; ++k) y[k] = l[k] > floor && l[k] > S(0) ? y[k] / l[k] : S(0);
  x.noalias() = eigen.eigenvectors() * y;
}

/// The point X = o + R r of a frame (r = R offset, base axes), its velocity o' + w x r, its
/// translational Jacobian J_X = J_lin - [r]x J_ang written into rows [row, row + 3) of G with the
/// sign `sign`, and its J̇_X v = (J̇ v)_lin + (J̇ v)_ang x r + w x (w x r).
template <class S>
void point_terms(const Transform<S>& oMf, const FrameWorkspace<S>& fw, const Vec3<S>& offset, S sign, int row,
                 MatX<S>& G, Vec3<S>& x, Vec3<S>& xd, Vec3<S>& jdot_v) {
  const Vec3<S> r = oMf.R * offset;
  const Vec3<S> w = fw.velocity.template tail<3>();
  const Vec3<S> wr = w.cross(r);
  x = oMf.p + r;
  xd = fw.velocity.template head<3>() + wr;
  jdot_v = fw.jdot_v.template head<3>() + fw.jdot_v.template tail<3>().cross(r) + w.cross(wr);
  for (Eigen::Index j = 0; j < G.cols(); ++j) {
    const Vec3<S> column = fw.J.col(j).template head<3>() + fw.J.col(j).template tail<3>().cross(r);
    G.col(j).template segment<3>(row) += sign * column;
  }
}

/// A loop's h = x_A - x_B, ḣ, G = J_A - J_B and J̇_A v - J̇_B v, for the pair of points and, with
/// axes (count 6), the pair one metre along a1 and a2. frame_kinematics already ran for both.
template <class S>
void loop_kinematics(const DataTpl<S>& data, ConstraintWorkspace<S>& ws, const PointConstraint<S>& c) {
  ws.G.setZero();
  ws.h.setZero();
  ws.hdot.setZero();
  ws.bias.setZero();
  const Transform<S>& oMa = data.oMf[c.frame];
  const Transform<S>& oMb = data.oMf[c.other_frame];
  for (int pair = 0; 3 * pair < c.count; ++pair) {
    const Vec3<S> offset_a = pair == 0 ? c.offset : (c.offset + c.axis).eval();
    const Vec3<S> offset_b = pair == 0 ? c.other_offset : (c.other_offset + c.other_axis).eval();
    Vec3<S> xa, va, ja, xb, vb, jb;
    point_terms(oMa, ws.frame, offset_a, S(1), 3 * pair, ws.G, xa, va, ja);
    point_terms(oMb, ws.other_frame, offset_b, S(-1), 3 * pair, ws.G, xb, vb, jb);
    if (pair == 0) {
      ws.position = xa;
      ws.velocity = va;
    }
    ws.h.template segment<3>(3 * pair) = xa - xb;
    ws.hdot.template segment<3>(3 * pair) = va - vb;
    ws.bias.template segment<3>(3 * pair) = ja - jb;
  }
}

// `x` divided by its length: on double of any finite non-zero length, else InputError "<what> is
// zero" or "<what> is not finite" (core/vector_length.hpp); on the other scalars the plain formula.
template <class S> Vec3<S> unit_direction(const Vec3<S>& x, const char* what) {
  if constexpr (std::is_same_v<S, double>) {
    return unit_vector_or_throw(x, what);
  } else {
    using std::sqrt;
    return x / sqrt(x.dot(x));
  }
}

}  // namespace constrained_detail

template <class S>
PointConstraint<S> line_constraint(int frame, const Vec3<S>& offset, const Vec3<S>& point, const Vec3<S>& direction) {
  using std::abs;
  using std::sqrt;
  const Vec3<S> d = constrained_detail::unit_direction(direction, "line constraint: the direction");
  // e: the base axis least aligned with d (structure of the input, double-only callers).
  int axis = 0;
  for (int k = 1; k < 3; ++k)
    if (abs(d[k]) < abs(d[axis])) axis = k;
  Vec3<S> n1 = d.cross(Vec3<S>::Unit(axis));
  n1 /= sqrt(n1.dot(n1));
  PointConstraint<S> c;
  c.frame = frame;
  c.offset = offset;
  c.count = 2;
  c.surfaces[0] = Surface<S>{SurfaceType::kPlane, point, n1, S(0)};
  c.surfaces[1] = Surface<S>{SurfaceType::kPlane, point, d.cross(n1), S(0)};
  return c;
}

template <class S>
PointConstraint<S> loop_constraint(int frame, const Vec3<S>& offset, int other_frame, const Vec3<S>& other_offset,
                                   bool align_axes, const Vec3<S>& axis, const Vec3<S>& other_axis) {
  using std::sqrt;
  PointConstraint<S> c;
  c.frame = frame;
  c.offset = offset;
  c.other_frame = other_frame;
  c.other_offset = other_offset;
  c.count = align_axes ? 6 : 3;
  c.axis = constrained_detail::unit_direction(axis, "loop constraint: the axis");
  c.other_axis = constrained_detail::unit_direction(other_axis, "loop constraint: the other axis");
  c.project = true;
  return c;
}

template <class S>
void constraint_kinematics(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                           const PointConstraint<S>& c, VecIn<S> q, VecIn<S> v) {
  constrained_detail::check(model, ws, c);
  if (c.is_loop()) {  // both frames (frame_kinematics runs the forward kinematics each time)
    frame_kinematics(model, data, ws.other_frame, c.other_frame, q, v);
    frame_kinematics(model, data, ws.frame, c.frame, q, v);
    constrained_detail::loop_kinematics(data, ws, c);
    return;
  }
  frame_kinematics(model, data, ws.frame, c.frame, q, v);
  // V = o + r: v_V = v_o + w x r, J̇_V v = (J̇ v)_o + ẇ0 x r + w x (w x r) (ẇ0: at a = 0).
  const Transform<S>& oMf = data.oMf[c.frame];
  const Vec3<S> r = oMf.R * c.offset;
  const Vec3<S> w = ws.frame.velocity.template tail<3>();
  const Vec3<S> wr = w.cross(r);
  ws.position = oMf.p + r;
  ws.velocity = ws.frame.velocity.template head<3>() + wr;
  const Vec3<S> jdot_v = ws.frame.jdot_v.template head<3>() + ws.frame.jdot_v.template tail<3>().cross(r) + w.cross(wr);
  for (int k = 0; k < c.count; ++k) {
    Vec3<S> n;
    S curvature;
    constrained_detail::surface_terms(c.surfaces[k], ws.position, ws.velocity, ws.h[k], n, curvature);
    ws.hdot[k] = n.dot(ws.velocity);
    ws.bias[k] = n.dot(jdot_v) + curvature;
    // n . (J_lin a + (J_ang a) x r) = n^T J_lin a + (r x n)^T J_ang a: [VP] (2.10.3)'s u_i . n.
    const Vec3<S> rn = r.cross(n);
    ws.G.row(k).noalias() = n.transpose() * ws.frame.J.template topRows<3>() +
                            rn.transpose() * ws.frame.J.template bottomRows<3>();
  }
  for (int k = c.count; k < kMaxConstraintRows; ++k) {
    ws.h[k] = ws.hdot[k] = ws.bias[k] = S(0);
    ws.G.row(k).setZero();
  }
}

template <class S>
const VecX<S>& constrained_inverse_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                                            const PointConstraint<S>& c, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                                            VecIn<S> N, const Loads<S>* loads) {
  check_size(N, c.count, "N");
  constraint_kinematics(model, data, ws, c, q, v);
  ws.tau = rnea(model, data, q, v, a, loads);
  // [VP] (2.10.5): P = W q̈ - U - D R, R = sum_k N_k n_k.
  for (int k = 0; k < c.count; ++k) ws.tau.noalias() -= ws.G.row(k).transpose() * N[k];
  return ws.tau;
}

template <class S>
const VecX<S>& constrained_forward_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                                            const PointConstraint<S>& c, VecIn<S> q, VecIn<S> v, VecIn<S> tau,
                                            const Loads<S>* loads) {
  constraint_kinematics(model, data, ws, c, q, v);
  const VecX<S>& a0 = forward_dynamics(model, data, q, v, tau, loads);  // M^-1 (tau - c); data.L = M's LDL^T factor
  const int m = c.count;
  for (int k = 0; k < m; ++k) {
    ws.column = ws.G.row(k).transpose();
    ldlt_solve(data.L, data.L_inv_diag, ws.column);
    ws.Minv_Gt.col(k) = ws.column;
  }
  ws.schur.setZero();
  typename ConstraintWorkspace<S>::Rows rhs = ConstraintWorkspace<S>::Rows::Zero();
  const S w = c.baumgarte_rate;
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < m; ++j) ws.schur(i, j) = ws.G.row(i).dot(ws.Minv_Gt.col(j));
    // (2): gamma_i - G_i a0.
    rhs[i] = -ws.bias[i] - S(2) * w * ws.hdot[i] - w * w * ws.h[i] - ws.G.row(i).dot(a0);
  }
  constrained_detail::solve_schur(ws.schur, rhs, ws.force);  // minimum-norm N (rank-deficient G)
  ws.qdd = a0;
  for (int k = 0; k < m; ++k) ws.qdd.noalias() += ws.Minv_Gt.col(k) * ws.force[k];
  return ws.qdd;
}

template <class S>
S constraint_error(const ModelTpl<S>& model, DataTpl<S>& data, ConstraintWorkspace<S>& ws,
                   const PointConstraint<S>& c, VecIn<S> q) {
  using std::abs;
  constrained_detail::check(model, ws, c);
  forward_kinematics(model, data, q);
  S worst = S(0);
  if (c.is_loop()) {  // x_A - x_B for each pair
    const Transform<S>& oMa = data.oMf[c.frame];
    const Transform<S>& oMb = data.oMf[c.other_frame];
    for (int pair = 0; 3 * pair < c.count; ++pair) {
      const Vec3<S> a = pair == 0 ? c.offset : (c.offset + c.axis).eval();
      const Vec3<S> b = pair == 0 ? c.other_offset : (c.other_offset + c.other_axis).eval();
      const Vec3<S> d = oMa.p + oMa.R * a - oMb.p - oMb.R * b;
      for (int k = 0; k < 3; ++k)
        if (abs(d[k]) > worst) worst = abs(d[k]);
    }
    return worst;
  }
  const Vec3<S> x = constrained_detail::point_position(data, c);
  for (int k = 0; k < c.count; ++k) {
    Vec3<S> n;
    S h, curvature;
    constrained_detail::surface_terms(c.surfaces[k], x, Vec3<S>::Zero().eval(), h, n, curvature);
    if (abs(h) > worst) worst = abs(h);
  }
  return worst;
}

}  // namespace armdyn
