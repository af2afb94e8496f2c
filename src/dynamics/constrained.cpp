// Closed chains ([VP] §2.10): the double instantiations, the consistency check of a constrained
// state and [VP]'s search on the normal force as the reference method (constrained.hpp).
#include "armdyn/dynamics/constrained_impl.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/ldlt.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace armdyn {

template PointConstraint<double> line_constraint(int, const Vec3<double>&, const Vec3<double>&, const Vec3<double>&);
template PointConstraint<double> loop_constraint(int, const Vec3<double>&, int, const Vec3<double>&, bool,
                                                 const Vec3<double>&, const Vec3<double>&);
template void constraint_kinematics(const Model&, Data&, ConstraintWorkspace<double>&, const PointConstraint<double>&,
                                    VecIn<double>, VecIn<double>);
template const VecX<double>& constrained_inverse_dynamics(const Model&, Data&, ConstraintWorkspace<double>&,
                                                          const PointConstraint<double>&, VecIn<double>,
                                                          VecIn<double>, VecIn<double>, VecIn<double>,
                                                          const Loads<double>*);
template const VecX<double>& constrained_forward_dynamics(const Model&, Data&, ConstraintWorkspace<double>&,
                                                          const PointConstraint<double>&, VecIn<double>,
                                                          VecIn<double>, VecIn<double>, const Loads<double>*);
template double constraint_error(const Model&, Data&, ConstraintWorkspace<double>&, const PointConstraint<double>&,
                                 VecIn<double>);

namespace {

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

// h_k at the point of q (forward kinematics only): the residual of [VP] (2.10.14).
Eigen::Vector2d residual(const Model& model, Data& data, const PointConstraint<double>& c, const VecX<double>& q) {
  forward_kinematics(model, data, q);
  const Vec3<double> x = constrained_detail::point_position(data, c);
  Eigen::Vector2d h = Eigen::Vector2d::Zero();
  for (int k = 0; k < c.count; ++k) {
    Vec3<double> n;
    double curvature;
    constrained_detail::surface_terms(c.surfaces[k], x, Vec3<double>::Zero().eval(), h[k], n, curvature);
  }
  return h;
}

// A loop at (q, v) (constraint_kinematics ran): the points (and axis points) together and
// moving together. Redundant rows are allowed (the solve takes the pseudo-inverse).
void check_loop(const Model& model, const ConstraintWorkspace<double>& ws, const PointConstraint<double>& c,
                double position_tolerance, double velocity_tolerance, const std::string& when) {
  const std::string who = "constraint: the loop between frames '" + model.frames[c.frame].name + "' and '" +
                          model.frames[c.other_frame].name + "'";
  for (int pair = 0; 3 * pair < c.count; ++pair) {
    const std::string what = pair == 0 ? "points" : "points one metre along the axes";
    const double gap = ws.h.segment<3>(3 * pair).norm(), rate = ws.hdot.segment<3>(3 * pair).norm();
    if (!(gap <= position_tolerance))
      throw InputError(who + " is open: its " + what + " are " + number(gap) + " m apart " + when + " (at most " +
                       number(position_tolerance) + " m): start with the loop closed");
    if (!(rate <= velocity_tolerance))
      throw InputError(who + ": its " + what + " move apart at " + number(rate) + " m/s " + when + " (at most " +
                       number(velocity_tolerance) + " m/s): the velocity must keep the loop closed");
  }
}

}  // namespace

double project_on_constraint(const Model& model, Data& data, ConstraintWorkspace<double>& ws,
                             const PointConstraint<double>& c, VecX<double>& q, VecX<double>& v,
                             double position_tolerance) {
  const int m = c.count;
  // M^-1 G^T and the Schur matrix G M^-1 G^T at q (constraint_kinematics ran there).
  auto factor = [&]() {
    crba(model, data, q);
    ldlt_factor(data.M, data.L, data.L_inv_diag);
    ws.schur.setZero();
    for (int k = 0; k < m; ++k) {
      ws.column = ws.G.row(k).transpose();
      ldlt_solve(data.L, data.L_inv_diag, ws.column);
      ws.Minv_Gt.col(k) = ws.column;
    }
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < m; ++j) ws.schur(i, j) = ws.G.row(i).dot(ws.Minv_Gt.col(j));
  };
  // The step -M^-1 G^T (G M^-1 G^T)^+ r added to x.
  auto correct = [&](const ConstraintWorkspace<double>::Rows& r, VecX<double>& x) {
    ConstraintWorkspace<double>::Rows y;
    constrained_detail::solve_schur(ws.schur, r, y);
    for (int k = 0; k < m; ++k) x.noalias() -= ws.Minv_Gt.col(k) * y[k];
  };
  // Newton steps on h(q) = 0 (quadratic convergence: one or two from an integration step's drift).
  constraint_kinematics(model, data, ws, c, q, v);
  double error = ws.h.head(m).cwiseAbs().maxCoeff();
  for (int it = 0; it < 10 && error > position_tolerance; ++it) {
    factor();
    const ConstraintWorkspace<double>::Rows h = ws.h;
    correct(h, q);
    constraint_kinematics(model, data, ws, c, q, v);
    const double next = ws.h.head(m).cwiseAbs().maxCoeff();
    if (!(next < error)) {  // no progress (round-off floor or a singular configuration)
      error = next;
      break;
    }
    error = next;
  }
  // G v = 0 at the new q: one linear correction (ws.hdot = G v).
  factor();
  const ConstraintWorkspace<double>::Rows hdot = ws.hdot;
  correct(hdot, v);
  return error;
}

std::string constraint_shape_name(const PointConstraint<double>& c) {
  if (c.is_loop()) return "loop";
  if (c.count == 2) return "line";
  switch (c.surfaces[0].type) {
    case SurfaceType::kPlane: return "plane";
    case SurfaceType::kSphere: return "sphere";
    case SurfaceType::kCylinder: return "cylinder";
  }
  return "surface";
}

void check_constraint(const Model& model, Data& data, ConstraintWorkspace<double>& ws, const PointConstraint<double>& c,
                      VecIn<double> q, VecIn<double> v, double position_tolerance, double velocity_tolerance,
                      const std::string& when) {
  constraint_kinematics(model, data, ws, c, q, v);
  if (c.is_loop()) {
    check_loop(model, ws, c, position_tolerance, velocity_tolerance, when);
    return;
  }
  const std::string who = "constraint: the point of frame '" + model.frames[c.frame].name + "'";
  const std::string shape = constraint_shape_name(c);
  for (int k = 0; k < c.count; ++k) {
    if (!(std::abs(ws.h[k]) <= position_tolerance))
      throw InputError(who + " is " + number(ws.h[k]) + " m off the " + shape + (c.count == 2 ? " (normal " : "") +
                       (c.count == 2 ? std::to_string(k + 1) + ")" : "") + " " + when + " (at most " +
                       number(position_tolerance) + " m): start on the constraint");
    if (!(std::abs(ws.hdot[k]) <= velocity_tolerance))
      throw InputError(who + " moves off the " + shape + " at " + number(ws.hdot[k]) + " m/s " + when +
                       " (at most " + number(velocity_tolerance) + " m/s): the velocity must be tangent to it");
  }
  // G M^-1 G^T invertible: every normal reachable, and on a line the two independently.
  const VecX<double> zero = VecX<double>::Zero(model.dof);
  constrained_forward_dynamics(model, data, ws, c, q, v, zero);
  const double scale = data.M.diagonal().maxCoeff();
  for (int k = 0; k < c.count; ++k)
    if (!(ws.schur(k, k) * scale > 1e-12 * ws.G.row(k).squaredNorm()) || ws.G.row(k).norm() < 1e-12)
      throw InputError(who + " cannot move along the " + shape + "'s normal " + when +
                       " (the joints give it no velocity there): the constraint cannot be held");
  if (c.count == 2) {
    const double det = ws.schur(0, 0) * ws.schur(1, 1) - ws.schur(0, 1) * ws.schur(1, 0);
    if (!(det > 1e-10 * ws.schur(0, 0) * ws.schur(1, 1)))
      throw InputError(who + " cannot move across the line in two independent directions " + when +
                       ": the constraint cannot be held");
  }
}

void vp_search_step(const Model& model, Data& data, ConstraintWorkspace<double>& ws, const PointConstraint<double>& c,
                    VecIn<double> q0, VecIn<double> v0, VecIn<double> tau, double dt, VecX<double>& q1,
                    VecX<double>& v1) {
  if (c.is_loop()) throw InputError("constraint: [VP]'s search on the normal force is for a surface or a line, not a loop");
  const int m = c.count;
  constrained_forward_dynamics(model, data, ws, c, q0, v0, tau);  // for M^-1 G^T
  // (2.10.9): a(N) = W^-1 (P + U) + W^-1 D n N; (2.10.12)-(2.10.13): q1 = E + H N.
  const VecX<double> a0 = data.qdd;
  const VecX<double> E = q0 + v0 * dt + 0.5 * dt * dt * a0;
  MatX<double> H = 0.5 * dt * dt * ws.Minv_Gt.leftCols<2>();  // a surface's or a line's columns
  if (m == 1) H.col(1).setZero();  // one surface: N2 = 0
  Eigen::Vector2d N = Eigen::Vector2d::Zero();
  auto h_of = [&](const Eigen::Vector2d& n) {
    q1 = E + H * n;
    return residual(model, data, c, q1);  // h_2 = 0 on a surface
  };
  // (2.10.14): h(eta(E + H N)) = 0 searched in N, by secant steps in 1-D and Newton steps with a
  // difference Jacobian in 2-D (h is nearly linear in N: a step or two).
  Eigen::Vector2d f = h_of(N);
  const double tol = 1e-14 * (1 + ws.position.norm());
  int it = 0;
  for (; it < 50 && f.cwiseAbs().maxCoeff() > tol; ++it) {
    Eigen::Matrix2d J = Eigen::Matrix2d::Identity();
    for (int k = 0; k < m; ++k) {
      Eigen::Vector2d Nk = N;
      const double delta = 1 + std::abs(N[k]);
      Nk[k] += delta;
      J.col(k) = (h_of(Nk) - f) / delta;
    }
    const Eigen::Vector2d step = J.partialPivLu().solve(f);
    N -= step;
    f = h_of(N);
    if (step.cwiseAbs().maxCoeff() <= 1e-13 * (1 + N.cwiseAbs().maxCoeff())) break;
  }
  if (!(f.cwiseAbs().maxCoeff() <= 1e3 * tol) || !N.allFinite())
    throw InputError("constraint: the search on the normal force did not converge (|h| = " +
                     number(f.cwiseAbs().maxCoeff()) + " m after " + std::to_string(it) + " iterations)");
  ws.force.setZero();
  ws.force.head<2>() = N;
  ws.qdd = a0 + ws.Minv_Gt.col(0) * N[0];
  if (m == 2) ws.qdd += ws.Minv_Gt.col(1) * N[1];
  q1 = E + H * N;
  v1 = v0 + dt * ws.qdd;
}

}  // namespace armdyn
