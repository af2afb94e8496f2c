// The operational-space dynamics (armdyn/dynamics/cartesian.hpp) against dense linear algebra
// (Eigen's inverse of M) and against the joint-space dynamics (rnea, forward dynamics):
//   - Lambda^-1 = J M^-1 J^T, and mu, p by their definitions, for every row subset tried
//     (equal to the full computation on the sub-Jacobian), base and local axes;
//   - square J (puma560, ur5: 6 rows; planar2r: 2 rows): J^T (Lambda xdd + mu + p) = rnea(q, v, a)
//     with xdd = J a + Jdot v, and Craig's route agrees;
//   - redundant (panda with 6 rows, ur5 with 3): tau = J^T (Lambda xdd + mu + p) and
//     qdd = M^-1 (tau - c) give J qdd + Jdot v = xdd;
//   - local-axes Jdot v against the dual-number derivative of the local Jacobian;
//   - dual numbers: Lambda's derivative against finite differences;
//   - the singular flag at ur5's wrist singularity (q5 = 0), and the errors.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/dynamics/cartesian_impl.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/dual.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace cartesian_test {

using test::Dual;

struct Arm {
  std::string label;
  Model model;
  std::string frame;
};

Arm ur5() { return {"ur5", load_urdf(test::data_path("models/ur5.urdf")), "tool0"}; }
Arm panda() { return {"panda", load_urdf(test::data_path("models/panda.urdf")), "panda_hand_tcp"}; }
Arm puma() { return {"puma560", builtin_model("puma560").model, "link6"}; }

/// The selected rows of J (6 x n) in the order of the mask.
MatX<double> rows_of(const MatX<double>& J, unsigned mask) {
  MatX<double> out(0, J.cols());
  for (int k = 0; k < 6; ++k)
    if (mask & (1u << k)) {
      out.conservativeResize(out.rows() + 1, Eigen::NoChange);
      out.row(out.rows() - 1) = J.row(k);
    }
  return out;
}

/// Lambda, mu, p computed densely from J_r, Jdot_r v and Eigen's inverse of M.
struct Dense {
  MatX<double> Lambda;
  VecX<double> mu, p;
};
Dense dense(const Model& model, const VecX<double>& q, const VecX<double>& v, const MatX<double>& Jr,
            const VecX<double>& jdv_r) {
  Data d(model);
  const MatX<double> Minv = crba(model, d, q).inverse();
  const VecX<double> g = gravity_torque(model, d, q);
  const VecX<double> h = nonlinear_effects(model, d, q, v) - g;
  Dense out;
  out.Lambda = (Jr * Minv * Jr.transpose()).inverse();
  out.mu = out.Lambda * (Jr * Minv * h - jdv_r);
  out.p = out.Lambda * Jr * Minv * g;
  return out;
}

double rel(const MatX<double>& a, const MatX<double>& b) { return (a - b).norm() / std::max(b.norm(), 1.0); }

TEST(OperationalSpace, SubsetsEqualTheDenseComputation) {
  for (const Arm& arm : {ur5(), panda(), puma()}) {
    const Model& model = arm.model;
    Data data(model);
    CartesianWorkspace<double> ws(model);
    FrameWorkspace<double> fw(model);
    const int f = frame_id(model, arm.frame);
    for (const test::State& s : test::random_states(model, 10, 11)) {
      for (const unsigned mask : {kAllRows, kLinearRows, kAngularRows, 0x15u, 0x21u}) {
        for (const Axes axes : {Axes::kBase, Axes::kLocal}) {
          const OperationalSpace<double>& op = operational_space(model, data, ws, f, s.q, s.v, {mask, axes});
          ASSERT_FALSE(op.singular) << arm.label;
          const MatX<double> Jr = rows_of(frame_jacobian(model, data, fw, f, s.q, axes), mask);
          const int m = static_cast<int>(Jr.rows());
          ASSERT_EQ(ws.task_rows, m);
          EXPECT_LE(rel(ws.J.topRows(m), Jr), 1e-15) << arm.label;
          // Lambda^-1 = J M^-1 J^T.
          const MatX<double> Minv = crba(model, data, s.q).inverse();
          EXPECT_LE(rel(ws.Lambda_inv, Jr * Minv * Jr.transpose()), 1e-12) << arm.label << " mask " << mask;
          const MatX<double> I = op.Lambda * ws.Lambda_inv;
          EXPECT_LE(rel(I, MatX<double>::Identity(m, m)), 1e-10) << arm.label << " mask " << mask;
          const Dense d = dense(model, s.q, s.v, Jr, ws.jdot_v.head(m));
          const double scale = 1e-10;  // errors found: below 1e-14 at condition numbers of Lambda up to 1e7
          EXPECT_LE(rel(op.Lambda, d.Lambda), scale) << arm.label << " mask " << mask;
          EXPECT_LE(rel(op.mu, d.mu), scale) << arm.label << " mask " << mask;
          EXPECT_LE(rel(op.p, d.p), scale) << arm.label << " mask " << mask;
          if (axes == Axes::kBase) {  // base axes: the frame's own J-dot-v rows
            EXPECT_LE(rel(ws.jdot_v.head(m), rows_of(ws.frame.jdot_v, mask)), 1e-15);
          }
        }
      }
    }
  }
}

/// J^T (Lambda xdd + mu + p) for the current ws.
VecX<double> task_torque(const CartesianWorkspace<double>& ws, const VecX<double>& xdd) {
  const int m = ws.task_rows;
  return ws.J.topRows(m).transpose() * (ws.op.Lambda * xdd + ws.op.mu + ws.op.p);
}

TEST(OperationalSpace, SquareJacobianReproducesInverseDynamics) {
  std::vector<std::pair<Arm, unsigned>> cases = {{ur5(), kAllRows}, {puma(), kAllRows}};
  cases.push_back({{"planar2r", builtin_model("planar2r").model, "tool"}, 0x05u});
  for (const auto& [arm, mask] : cases) {
    const Model& model = arm.model;
    Data data(model);
    CartesianWorkspace<double> ws(model);
    FrameWorkspace<double> fw(model);
    const int f = frame_id(model, arm.frame);
    for (const test::State& s : test::random_states(model, 20, 12)) {
      const OperationalSpace<double>& op = operational_space(model, data, ws, f, s.q, s.v, {mask, Axes::kBase});
      ASSERT_FALSE(op.singular) << arm.label;
      const VecX<double> xdd = rows_of(frame_acceleration(model, data, fw, f, s.q, s.v, s.a), mask);
      const VecX<double> tau = task_torque(ws, xdd);
      const VecX<double> expected = rnea(model, data, s.q, s.v, s.a);
      EXPECT_LE(rel(tau, expected), 1e-10) << arm.label;
      EXPECT_GT(rel(task_torque(ws, 1.001 * xdd), expected), 1e-6) << arm.label;
      // Craig's route gives the same M_x, V_x, G_x.
      const CraigCartesian<double>& c = craig_cartesian_dynamics(model, data, ws, f, s.q, s.v, {mask, Axes::kBase});
      ASSERT_FALSE(c.singular);
      EXPECT_LE(rel(c.Mx, ws.op.Lambda), 1e-10) << arm.label;
      EXPECT_LE(rel(c.Vx, ws.op.mu), 1e-10) << arm.label;
      EXPECT_LE(rel(c.Gx, ws.op.p), 1e-10) << arm.label;
    }
  }
}

TEST(OperationalSpace, RedundantArmsAreDynamicallyConsistent) {
  for (const auto& [arm, mask] : {std::pair{panda(), kAllRows}, std::pair{ur5(), kLinearRows}}) {
    const Model& model = arm.model;
    Data data(model);
    CartesianWorkspace<double> ws(model);
    FrameWorkspace<double> fw(model);
    const int f = frame_id(model, arm.frame);
    std::mt19937_64 rng(13);
    for (const test::State& s : test::random_states(model, 20, 14)) {
      for (const Axes axes : {Axes::kBase, Axes::kLocal}) {
        const OperationalSpace<double>& op = operational_space(model, data, ws, f, s.q, s.v, {mask, axes});
        ASSERT_FALSE(op.singular);
        const int m = ws.task_rows;
        const VecX<double> xdd = test::random_vector(rng, m, -5, 5);
        const VecX<double> tau = task_torque(ws, xdd);
        const VecX<double> qdd = forward_dynamics(model, data, s.q, s.v, tau);
        // The task acceleration of qdd, in the task's axes (local: d/dt (J_local v)).
        VecX<double> task;
        if (axes == Axes::kBase)
          task = rows_of(frame_acceleration(model, data, fw, f, s.q, s.v, qdd), mask);
        else
          task = rows_of(frame_jacobian(model, data, fw, f, s.q, Axes::kLocal), mask) * qdd + ws.jdot_v.head(m);
        EXPECT_LE(rel(task, xdd), 1e-10) << arm.label;
        EXPECT_GT(rel(task, 1.001 * xdd), 1e-6) << arm.label;
      }
    }
  }
}

TEST(OperationalSpace, LocalJdotVIsTheDerivativeOfTheLocalJacobian) {
  for (const Arm& arm : {ur5(), panda()}) {
    const ModelTpl<Dual> dm = arm.model.cast<Dual>();
    DataTpl<Dual> dd(dm);
    FrameWorkspace<Dual> dw(dm);
    Data data(arm.model);
    CartesianWorkspace<double> ws(arm.model);
    const int f = frame_id(arm.model, arm.frame);
    for (const test::State& s : test::random_states(arm.model, 10, 15)) {
      VecX<Dual> q(arm.model.dof);
      for (int i = 0; i < arm.model.dof; ++i) q[i] = Dual(s.q[i], s.v[i]);  // q(t) = q + t v
      const MatX<double> Jdot = test::tangent_of(frame_jacobian(dm, dd, dw, f, q, Axes::kLocal));
      operational_space(arm.model, data, ws, f, s.q, s.v, {kAllRows, Axes::kLocal});
      EXPECT_LE(rel(ws.jdot_v, Jdot * s.v), 1e-13) << arm.label;
    }
  }
}

TEST(OperationalSpace, DualNumbersGiveTheDerivativeOfLambda) {
  const Arm arm = ur5();
  const ModelTpl<Dual> dm = arm.model.cast<Dual>();
  DataTpl<Dual> dd(dm);
  CartesianWorkspace<Dual> dws(dm);
  Data data(arm.model);
  CartesianWorkspace<double> ws(arm.model);
  const int f = frame_id(arm.model, arm.frame);
  for (const test::State& s : test::random_states(arm.model, 5, 16)) {
    const VecX<double> dir = s.a / s.a.norm();
    VecX<Dual> q(arm.model.dof), v(arm.model.dof);
    for (int i = 0; i < arm.model.dof; ++i) {
      q[i] = Dual(s.q[i], dir[i]);
      v[i] = Dual(s.v[i]);
    }
    const OperationalSpace<Dual>& op = operational_space(dm, dd, dws, f, q, v);
    const auto lambda_at = [&](double t) {
      return MatX<double>(operational_space(arm.model, data, ws, f, s.q + t * dir, s.v).Lambda);
    };
    const double h = 1e-4;
    const MatX<double> fd = (lambda_at(-2 * h) - lambda_at(2 * h) + 8.0 * (lambda_at(h) - lambda_at(-h))) / (12 * h);
    EXPECT_LE(rel(test::value_of(op.Lambda), lambda_at(0)), 1e-12);
    EXPECT_LE(rel(test::tangent_of(op.Lambda), fd), 1e-6);
    // Craig's route on dual numbers (Gauss-Jordan without pivoting there) has the same value.
    const CraigCartesian<Dual>& c = craig_cartesian_dynamics(dm, dd, dws, f, q, v);
    EXPECT_LE(rel(test::value_of(c.Mx), lambda_at(0)), 1e-10);
    EXPECT_LE(rel(test::tangent_of(c.Mx), fd), 1e-6);
  }
}

TEST(OperationalSpace, SingularAtTheUr5WristSingularity) {
  const Arm arm = ur5();
  Data data(arm.model);
  CartesianWorkspace<double> ws(arm.model);
  const int f = frame_id(arm.model, arm.frame);
  VecX<double> q = test::vec({0.3, -1.0, 1.2, -0.7, 0.0, 0.4});  // q5 = 0: axes 4 and 6 aligned
  const VecX<double> v = test::vec({0.1, 0.2, -0.3, 0.4, 0.5, -0.6});
  const OperationalSpace<double>& op = operational_space(arm.model, data, ws, f, q, v);
  EXPECT_TRUE(op.singular);
  EXPECT_TRUE(op.Lambda.allFinite() && op.mu.allFinite() && op.p.allFinite());
  EXPECT_TRUE(craig_cartesian_dynamics(arm.model, data, ws, f, q, v).singular);
  // The linear rows alone are not singular there.
  EXPECT_FALSE(operational_space(arm.model, data, ws, f, q, v, {kLinearRows, Axes::kBase}).singular);
  q[4] = 0.3;
  EXPECT_FALSE(operational_space(arm.model, data, ws, f, q, v).singular);
}

TEST(OperationalSpace, Errors) {
  const Arm arm = panda();
  Data data(arm.model);
  CartesianWorkspace<double> ws(arm.model);
  const VecX<double> q = VecX<double>::Zero(7);
  const int f = frame_id(arm.model, arm.frame);
  EXPECT_THROW(craig_cartesian_dynamics(arm.model, data, ws, f, q, q), InputError);  // 6 rows, 7 joints
  EXPECT_THROW(operational_space(arm.model, data, ws, f, q, q, {0u, Axes::kBase}), InputError);
  EXPECT_THROW(operational_space(arm.model, data, ws, f, q, q, {0x40u, Axes::kBase}), InputError);
  EXPECT_THROW(operational_space(arm.model, data, ws, 999, q, q), InputError);
}

}  // namespace cartesian_test
}  // namespace armdyn
