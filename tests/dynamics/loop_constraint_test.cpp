// Loops between bodies (dynamics/constrained.hpp): the shipped four-bar (examples/models/
// fourbar.urdf, a tree of two branches closed coupler tip on rocker tip) against its
// one-degree-of-freedom Lagrange equation in the crank angle, solved by hand: the closure
// Phi(q) = a e(t1) + b e(t1 + t2) - (d, 0) - c e(t3) written in the plane of motion, q' = S theta'
// with S from Phi_q S = 0, and the reaction from the two rows the crank's equation leaves. The
// solve's pseudo-inverse with the always-zero out-of-plane row, and with the parallelogram's six
// rows of rank two (aligned axes), gives the same motion and minimum-norm forces. Projection
// brings a state back onto the loop; no allocation in the constrained forward dynamics.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "armdyn/io/load.hpp"
#include "support/allocation_counter.hpp"

namespace armdyn {
namespace {

std::string example(const std::string& name) {
  return std::string(ARMDYN_EXAMPLES_DIR) + "/models/" + name;
}

// The four-bar's lengths and the joint origins' angles (fourbar.urdf). In the plane of motion
// (X, Y) = (x, -z) a joint angle t about +y turns x to e(t) = (cos t, sin t).
struct FourBar {
  double a = 0.1, b = 0.35, c = 0.3, d = 0.4;
  double o1 = 1.0471975511965976, o2 = -0.41848242355105714, o3 = 1.7957749733962085;
};

Eigen::Vector2d e(double t) { return {std::cos(t), std::sin(t)}; }
Eigen::Vector2d e_prime(double t) { return {-std::sin(t), std::cos(t)}; }

// Phi_q (2 x 3) and the term Phi_qq(q', q') of Phi'' = Phi_q q'' + gamma, by hand.
void closure_terms(const FourBar& g, const VecX<double>& q, const VecX<double>& v, Eigen::Matrix<double, 2, 3>& Phi_q,
                   Eigen::Vector2d& gamma) {
  const double t1 = g.o1 + q[0], t12 = t1 + g.o2 + q[1], t3 = g.o3 + q[2];
  Phi_q.col(0) = g.a * e_prime(t1) + g.b * e_prime(t12);
  Phi_q.col(1) = g.b * e_prime(t12);
  Phi_q.col(2) = -g.c * e_prime(t3);
  gamma = -g.a * e(t1) * v[0] * v[0] - g.b * e(t12) * (v[0] + v[1]) * (v[0] + v[1]) + g.c * e(t3) * v[2] * v[2];
}

// The crank's equation: q' = S theta' (S = [1, s2, s3], Phi_q S = 0), q'' = S theta'' + w with
// Phi_q w = -gamma, w_1 = 0; S^T (M q'' + c - tau) = 0 gives theta''. Then the reaction lambda
// (plane axes) from the coupler and rocker rows of M q'' + c - tau = Phi_q^T lambda.
void by_hand(const Model& model, Data& data, const FourBar& g, const VecX<double>& q, const VecX<double>& v,
             const VecX<double>& tau, VecX<double>& qdd, Eigen::Vector2d& lambda) {
  Eigen::Matrix<double, 2, 3> Phi_q;
  Eigen::Vector2d gamma;
  closure_terms(g, q, v, Phi_q, gamma);
  const Eigen::Matrix2d P23 = Phi_q.rightCols<2>();
  Eigen::Vector3d S(1, 0, 0), w(0, 0, 0);
  S.tail<2>() = P23.lu().solve(-Phi_q.col(0));
  w.tail<2>() = P23.lu().solve(-gamma);
  const MatX<double> M = crba(model, data, q);
  const VecX<double> bias = rnea(model, data, q, v, VecX<double>::Zero(3));  // c + g
  const double theta_dd = S.dot(tau - bias - M * w) / S.dot(M * S);
  qdd = S * theta_dd + w;
  const Eigen::Vector3d residual = M * qdd + bias - tau;
  lambda = P23.transpose().lu().solve(residual.tail<2>());
}

// A state on the loop: crank angle q1 (closure solved by Newton on the hand Phi), crank rate w.
void on_loop(const FourBar& g, double q1, double w, VecX<double>& q, VecX<double>& v) {
  q = VecX<double>::Zero(3);
  q[0] = q1;
  for (int it = 0; it < 50; ++it) {
    const double t1 = g.o1 + q[0], t12 = t1 + g.o2 + q[1], t3 = g.o3 + q[2];
    const Eigen::Vector2d Phi = g.a * e(t1) + g.b * e(t12) - Eigen::Vector2d(g.d, 0) - g.c * e(t3);
    Eigen::Matrix<double, 2, 3> Phi_q;
    Eigen::Vector2d gamma;
    closure_terms(g, q, VecX<double>::Zero(3), Phi_q, gamma);
    q.tail<2>() -= Phi_q.rightCols<2>().lu().solve(Phi);
  }
  Eigen::Matrix<double, 2, 3> Phi_q;
  Eigen::Vector2d gamma;
  closure_terms(g, q, VecX<double>::Zero(3), Phi_q, gamma);
  v = VecX<double>::Zero(3);
  v[0] = w;
  v.tail<2>() = Phi_q.rightCols<2>().lu().solve(-Phi_q.col(0) * w);
}

TEST(LoopConstraint, FourBarLoadsClosedAtZero) {
  const Model model = load_model(example("fourbar.urdf"));
  ASSERT_EQ(model.dof, 3);
  EXPECT_EQ(model.joint_names[0], "j1_crank");
  EXPECT_EQ(model.joint_names[1], "j2_coupler");
  EXPECT_EQ(model.joint_names[2], "j3_rocker");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  const PointConstraint<double> c = read_constraint(example("fourbar_loop.json"), model);
  EXPECT_LT(constraint_error(model, data, ws, c, VecX<double>::Zero(3)), 1e-15);
  // Sensitivity: a crank turned by 1 mrad opens the loop by about a * 1e-3.
  EXPECT_GT(constraint_error(model, data, ws, c, Eigen::Vector3d(1e-3, 0, 0)), 3e-5);
}

TEST(LoopConstraint, FourBarMatchesTheCrankAngleEquation) {
  const Model model = load_model(example("fourbar.urdf"));
  Data data(model), hand_data(model);
  ConstraintWorkspace<double> ws(model);
  const PointConstraint<double> c = read_constraint(example("fourbar_loop.json"), model);
  const FourBar g;
  int trial = 0;
  for (const double q1 : {0.0, 0.7, 2.0, -2.5, 4.0}) {
    for (const double w : {0.0, 3.0, -7.0}) {
      VecX<double> q, v;
      on_loop(g, q1, w, q, v);
      const VecX<double> tau = Eigen::Vector3d(0.3 * std::sin(trial), -0.2, 0.1 * trial);
      ++trial;
      const VecX<double> qdd = constrained_forward_dynamics(model, data, ws, c, q, v, tau);
      ASSERT_LT(ws.h.head<3>().cwiseAbs().maxCoeff(), 1e-14) << q1;
      ASSERT_LT(ws.hdot.head<3>().cwiseAbs().maxCoeff(), 1e-13) << q1;
      VecX<double> qdd_hand;
      Eigen::Vector2d lambda;
      by_hand(model, hand_data, g, q, v, tau, qdd_hand, lambda);
      const double scale = 1 + qdd_hand.cwiseAbs().maxCoeff();
      EXPECT_LT((qdd - qdd_hand).cwiseAbs().maxCoeff(), 1e-10 * scale) << "q1 " << q1 << " w " << w;
      // N on the coupler at its tip, base axes: (N_x, N_z) = (lambda_X, -lambda_Y); N_y = 0.
      const double force_scale = 1 + lambda.cwiseAbs().maxCoeff();
      EXPECT_NEAR(ws.force[0], lambda[0], 1e-10 * force_scale) << "q1 " << q1 << " w " << w;
      EXPECT_NEAR(ws.force[2], -lambda[1], 1e-10 * force_scale) << "q1 " << q1 << " w " << w;
      EXPECT_LT(std::abs(ws.force[1]), 1e-12 * force_scale);  // the out-of-plane row is zero: no force
      // Inverse dynamics with that reaction gives the torques back.
      const VecX<double> back = constrained_inverse_dynamics(model, data, ws, c, q, v, qdd, ws.force.head<3>());
      EXPECT_LT((back - tau).cwiseAbs().maxCoeff(), 1e-10 * force_scale);
    }
  }
  // Sensitivity: the hand equation for a rocker 1 mm longer disagrees.
  FourBar longer;
  longer.c += 1e-3;
  VecX<double> q, v, qdd_hand;
  on_loop(g, 0.7, 3.0, q, v);
  Eigen::Vector2d lambda;
  by_hand(model, hand_data, longer, q, v, VecX<double>::Zero(3), qdd_hand, lambda);
  const VecX<double> qdd = constrained_forward_dynamics(model, data, ws, c, q, v, VecX<double>::Zero(3));
  EXPECT_GT((qdd - qdd_hand).cwiseAbs().maxCoeff(), 1e-4);
}

TEST(LoopConstraint, RedundantRowsGiveTheSameMotionAndMinimumNormForces) {
  // The parallelogram with aligned axes: six rows, rank two (the axis pair repeats the in-plane
  // rows). The same motion as the three-row loop; each pair carries half of its force.
  const Model model = load_model(example("parallelogram.urdf"));
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  const PointConstraint<double> with_axes = read_constraint(example("parallelogram_loop.json"), model);
  ASSERT_EQ(with_axes.count, 6);
  PointConstraint<double> points = with_axes;
  points.count = 3;
  const VecX<double> q = Eigen::Vector3d(0.4, -0.4, 0.4), v = Eigen::Vector3d(2.0, -2.0, 2.0);
  const VecX<double> tau = Eigen::Vector3d(0.5, 0.1, -0.3);
  const VecX<double> qdd3 = constrained_forward_dynamics(model, data, ws, points, q, v, tau);
  const Vec3<double> force3 = ws.force.head<3>();
  EXPECT_LT(ws.h.head<3>().cwiseAbs().maxCoeff(), 1e-15);
  const VecX<double> qdd6 = constrained_forward_dynamics(model, data, ws, with_axes, q, v, tau);
  EXPECT_LT(ws.h.cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((qdd6 - qdd3).cwiseAbs().maxCoeff(), 1e-10 * (1 + qdd3.cwiseAbs().maxCoeff()));
  const double scale = 1 + force3.cwiseAbs().maxCoeff();
  EXPECT_LT((ws.force.head<3>() - 0.5 * force3).cwiseAbs().maxCoeff(), 1e-10 * scale);
  EXPECT_LT((ws.force.tail<3>() - 0.5 * force3).cwiseAbs().maxCoeff(), 1e-10 * scale);
  // The parallelogram moves as one: q2'' = -q1'', q3'' = q1''.
  EXPECT_NEAR(qdd3[1], -qdd3[0], 1e-10 * (1 + std::abs(qdd3[0])));
  EXPECT_NEAR(qdd3[2], qdd3[0], 1e-10 * (1 + std::abs(qdd3[0])));
  // Sensitivity: the free tree (no loop) does not.
  const VecX<double> free = rnea(model, data, q, v, VecX<double>::Zero(3));
  EXPECT_GT(std::abs(free[0] / data.M(0, 0) - free[2] / data.M(2, 2)), 1e-2);
}

TEST(LoopConstraint, ProjectionClosesTheLoopAndItsVelocity) {
  const Model model = load_model(example("fourbar.urdf"));
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  const PointConstraint<double> c = read_constraint(example("fourbar_loop.json"), model);
  VecX<double> q, v;
  on_loop(FourBar{}, 1.2, 2.5, q, v);
  // A closed state stays where it is.
  VecX<double> q1 = q, v1 = v;
  EXPECT_LT(project_on_constraint(model, data, ws, c, q1, v1, 1e-12), 1e-12);
  EXPECT_LT((q1 - q).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((v1 - v).cwiseAbs().maxCoeff(), 1e-13);
  // An open one is closed (the loop 1e-3 m open, its ends moving apart).
  q1 = q + Eigen::Vector3d(0.004, -0.003, 0.002);
  v1 = v + Eigen::Vector3d(0.3, 0.1, -0.2);
  EXPECT_GT(constraint_error(model, data, ws, c, q1), 1e-4);
  const double error = project_on_constraint(model, data, ws, c, q1, v1, 1e-12);
  EXPECT_LT(error, 1e-12);
  EXPECT_LT(constraint_error(model, data, ws, c, q1), 1e-12);
  constraint_kinematics(model, data, ws, c, q1, v1);
  EXPECT_LT(ws.hdot.cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((q1 - q).cwiseAbs().maxCoeff(), 1e-2);  // near where it started
}

TEST(LoopConstraint, SpatialLoopsKeepTheirSecondDerivativeZero) {
  // A loop in 3-D between two frames of the PUMA 560 (link6 and link2: the paths share joints 1-2),
  // with and without aligned axes, at random states on the loop: h(s) along q + v s + a s^2/2 has
  // h''(0) = 0 (central differences, Richardson-extrapolated) for the solved a, not for another.
  const Model model = load_model("puma560");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  const int f6 = model.frame_index("link6"), f2 = model.frame_index("link2");
  for (const bool axes : {false, true})
    for (int trial = 0; trial < 5; ++trial) {
      const VecX<double> q = VecX<double>::NullaryExpr(6, [&] { return u(rng); });
      VecX<double> v = VecX<double>::NullaryExpr(6, [&] { return 2 * u(rng); });
      // B and a2 placed where A and a1 are at q: the loop closed there.
      forward_kinematics(model, data, q);
      const Transform<double>& o6 = data.oMf[f6];
      const Transform<double>& o2 = data.oMf[f2];
      const Vec3<double> offset(0.05, -0.02, 0.1), a1 = Vec3<double>(u(rng), u(rng), u(rng)).normalized();
      const Vec3<double> other = o2.R.transpose() * (o6.p + o6.R * offset - o2.p);
      const PointConstraint<double> c =
          loop_constraint(f6, offset, f2, other, axes, a1, (o2.R.transpose() * o6.R * a1).eval());
      // v on the loop: its component in G's row space removed (G may be rank-deficient).
      constraint_kinematics(model, data, ws, c, q, v);
      const MatX<double> G = ws.G.topRows(c.count);
      v -= G.completeOrthogonalDecomposition().pseudoInverse() * (G * v);
      const VecX<double> tau = VecX<double>::NullaryExpr(6, [&] { return 20 * u(rng); });
      const VecX<double> a = constrained_forward_dynamics(model, data, ws, c, q, v, tau);
      ASSERT_LT(ws.h.cwiseAbs().maxCoeff(), 1e-14);
      ASSERT_LT(ws.hdot.cwiseAbs().maxCoeff(), 1e-12);
      auto h_at = [&](const VecX<double>& acc, double e) {
        constraint_kinematics(model, data, ws, c, (q + v * e + 0.5 * acc * e * e).eval(), VecX<double>::Zero(6));
        return ws.h.head(c.count).eval();
      };
      auto hdd = [&](const VecX<double>& acc) {
        auto D = [&](double e) { return ((h_at(acc, e) + h_at(acc, -e)) / (e * e)).eval(); };
        return ((4 * D(1e-5) - D(2e-5)) / 3).eval();
      };
      EXPECT_LT(hdd(a).cwiseAbs().maxCoeff(), 1e-5 * (1 + a.cwiseAbs().maxCoeff())) << axes << " " << trial;
      EXPECT_GT(hdd(a + VecX<double>::Constant(6, 0.5)).cwiseAbs().maxCoeff(), 1e-3) << axes;  // sensitivity
      // The reaction is a force of the loop: tau = ID(a) - G^T N gives the torques back.
      const VecX<double> N = ws.force.head(c.count);
      const VecX<double> back = constrained_inverse_dynamics(model, data, ws, c, q, v, a, N);
      EXPECT_LT((back - tau).cwiseAbs().maxCoeff(), 1e-9 * (1 + N.cwiseAbs().maxCoeff()));
    }
}

TEST(LoopConstraint, ForwardDynamicsAllocatesNothing) {
  const Model model = load_model(example("parallelogram.urdf"));
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  const PointConstraint<double> c = read_constraint(example("parallelogram_loop.json"), model);
  const VecX<double> q = Eigen::Vector3d(0.4, -0.4, 0.4), v = Eigen::Vector3d(2.0, -2.0, 2.0);
  const VecX<double> tau = Eigen::Vector3d(0.5, 0.1, -0.3);
  constrained_forward_dynamics(model, data, ws, c, q, v, tau);
  EXPECT_EQ(test::allocations_during([&] { constrained_forward_dynamics(model, data, ws, c, q, v, tau); }), 0);
}

}  // namespace
}  // namespace armdyn
