#pragma once
// Cartesian-space dynamics of a named frame: [Craig] §6.10 and the operational-space form.
//
// The task is a chosen subset of the frame's six rows (rows 0-2: origin velocity, 3-5: angular
// velocity; masks of manipulability.hpp), in the base axes or the frame's own (Axes). With
// J_r those rows of the frame Jacobian, M the mass matrix, h = C(q, v) v the velocity product
// terms (nonlinear_effects minus gravity_torque) and g the gravity torque:
//
//   operational space, any n:     Lambda = (J_r M^-1 J_r^T)^-1
//                                 mu     = Lambda J_r M^-1 h - Lambda Jdot_r v
//                                 p      = Lambda J_r M^-1 g
//   so that the joint torques tau = J_r^T (Lambda xdd + mu + p) give the task acceleration
//   J_r qdd + Jdot_r v = xdd with qdd = M^-1 (tau - h - g), with no torque in the null space of
//   J_r^T (for a redundant arm: the dynamically consistent choice).
//
//   [Craig] (6.99), square non-singular J_r (as many rows as joints):
//                                 M_x = J^-T M J^-1,  V_x = J^-T (h - M J^-1 Jdot v),  G_x = J^-T g
//   (equal to Lambda, mu, p; computed through J^-1 here, through M's Cholesky factor above).
//   In base axes this is [Craig] Exercise 6.6; in the frame's own axes (Axes::kLocal) Example
//   6.6 (6.100)-(6.103). In local axes "Jdot v" is the derivative of the local Jacobian:
//   blockdiag(R^T, R^T) (Jdot v - [w x v_o; 0]) (w, v_o the frame's angular and origin velocity).
//
// M^-1 J_r^T comes from the Cholesky factor L of M (W = L^-1 J_r^T, J_r M^-1 J_r^T = W^T W); no
// explicit inverse of M is formed.
//
// Near a singularity. Let lambda_1 <= ... <= lambda_m be the eigenvalues of A = J_r M^-1 J_r^T
// and eps = options.singular_threshold. When lambda_1 <= eps lambda_m (J_r has lost rank, to
// that tolerance) the result is flagged `singular` and Lambda is the damped inverse
//   Lambda = sum_k lambda_k / (lambda_k^2 + delta^2) v_k v_k^T,   delta = eps lambda_m,
// (v_k the eigenvectors; Tikhonov damping): A^-1 to a relative (delta / lambda_k)^2 in the
// well-conditioned directions, vanishing in the lost ones, never larger than 1 / (2 delta). Otherwise Lambda = A^-1 through A's Cholesky factor. The test needs an
// ordered scalar; on scalars without comparisons (dual numbers) it is skipped and Lambda = A^-1.
// Craig's M_x, V_x, G_x do not exist at a singularity: they are left empty (0 x 0) and flagged.
//
// O(n^3) (the mass matrix's factor) plus O(n^2 m); no heap allocation once the workspace exists.
#include <array>

#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/manipulability.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// A vector of at most six entries, on the stack.
template <class S> using SmallVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 6, 1>;

/// Which task the Cartesian dynamics describe.
struct CartesianOptions {
  unsigned rows = kAllRows;      ///< bit k selects row k of the frame Jacobian
  Axes axes = Axes::kBase;       ///< the axes of the task rows
  double singular_threshold = 1e-10;  ///< eps of the rule above (relative to the largest eigenvalue)
};

/// The operational-space quantities of the selected m rows.
template <class S> struct OperationalSpace {
  SmallSquare<S> Lambda;  ///< m x m task-space inertia (damped when `singular`)
  SmallVector<S> mu;      ///< m: velocity-product forces
  SmallVector<S> p;       ///< m: gravity forces
  bool singular = false;  ///< lambda_min <= eps lambda_max (see above)
};

/// [Craig] (6.99): M_x, V_x, G_x (empty when `singular`).
template <class S> struct CraigCartesian {
  SmallSquare<S> Mx;
  SmallVector<S> Vx, Gx;
  bool singular = false;
};

/// Workspace and results of the Cartesian dynamics, for one model (one per thread).
template <class S> struct CartesianWorkspace {
  explicit CartesianWorkspace(const ModelTpl<S>& model)
      : frame(model), J(MatX<S>::Zero(6, model.dof)), L(MatX<S>::Zero(model.dof, model.dof)),
        L_inv_diag(VecX<S>::Zero(model.dof)), W(MatX<S>::Zero(model.dof, 6)), MinvJt(MatX<S>::Zero(model.dof, 6)),
        h(VecX<S>::Zero(model.dof)), g(VecX<S>::Zero(model.dof)), Minv_h(VecX<S>::Zero(model.dof)),
        Minv_g(VecX<S>::Zero(model.dof)) {
    require_angle_coordinates(model, "the Cartesian (operational-space) dynamics");
  }

  FrameWorkspace<S> frame;  ///< the frame's J (6 x n), velocity and Jdot v, base axes
  int task_rows = 0;        ///< m, the number of selected rows
  std::array<int, 6> row_index{};  ///< the selected rows of the frame Jacobian, in order
  MatX<S> J;                ///< 6 x n: rows 0..m-1 are J_r, in the requested axes
  Vec6<S> jdot_v;           ///< entries 0..m-1: Jdot_r v, in the requested axes
  MatX<S> L;                ///< n x n: Cholesky factor of M (lower triangle)
  VecX<S> L_inv_diag;       ///< 1 / diag(L)
  MatX<S> W;                ///< n x 6: columns 0..m-1 are L^-1 J_r^T
  MatX<S> MinvJt;           ///< n x 6: columns 0..m-1 are M^-1 J_r^T (operational_space)
  VecX<S> h, g;             ///< C(q, v) v and g(q)
  VecX<S> Minv_h, Minv_g;   ///< M^-1 h, M^-1 g
  SmallSquare<S> Lambda_inv;  ///< m x m: J_r M^-1 J_r^T

  OperationalSpace<S> op;  ///< operational_space's result
  CraigCartesian<S> craig;  ///< craig_cartesian_dynamics's result
};

/// Lambda, mu, p of the selected rows of frame `frame` at (q, v). Writes ws (and data: M, c, g,
/// the kinematics); returns ws.op. InputError for a bad frame index or row mask.
template <class S>
const OperationalSpace<S>& operational_space(const ModelTpl<S>& model, DataTpl<S>& data, CartesianWorkspace<S>& ws,
                                             int frame, VecIn<S> q, VecIn<S> v, const CartesianOptions& options = {});

/// [Craig] (6.99) M_x, V_x, G_x of the selected rows at (q, v); the rows must be as many as the
/// joints (InputError otherwise). Writes ws; returns ws.craig (flagged and empty when singular).
template <class S>
const CraigCartesian<S>& craig_cartesian_dynamics(const ModelTpl<S>& model, DataTpl<S>& data,
                                                  CartesianWorkspace<S>& ws, int frame, VecIn<S> q, VecIn<S> v,
                                                  const CartesianOptions& options = {});

extern template const OperationalSpace<double>& operational_space(const Model&, Data&, CartesianWorkspace<double>&,
                                                                  int, VecIn<double>, VecIn<double>,
                                                                  const CartesianOptions&);
extern template const CraigCartesian<double>& craig_cartesian_dynamics(const Model&, Data&,
                                                                       CartesianWorkspace<double>&, int,
                                                                       VecIn<double>, VecIn<double>,
                                                                       const CartesianOptions&);

}  // namespace armdyn
