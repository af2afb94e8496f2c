// [VP] §2.8, the method of Gauss' principle (chain case, 4x4 homogeneous matrices), its
// source-specific checks: the book's two routes (multipliers, reduced W and U) agree with each
// other; the corrected H~ is the second moment; the printed readings (the inertia tensor in H~,
// P_j = tr(lambda_j B_{j-1})) must disagree; trees and wrong sizes are refused. The comparisons
// with rnea/crba/nonlinear_effects/gravity_torque (random chains, long chains, URDF arms,
// built-ins), every perturbed link, Craig's closed forms (6.58), (6.60), (6.88), the dual-number
// checks with power balance and the symmetric positive definite W are the typed checks of
// cross_check_test.cpp and cross_check_dual_test.cpp (tag Gauss).
#include <gtest/gtest.h>

#include "armdyn/dynamics/formulations/vukobratovic/gauss.hpp"
#include "dynamics/formulations/checks.hpp"

namespace armdyn {
namespace gauss_test {

TEST(Gauss, MultiplierRouteEqualsReducedRoute) {
  double worst = 0;
  for (const Model& model : test::random_chains(808)) {
    gauss::Workspace<double> ws(model);
    std::mt19937_64 rng(1);
    const test::State s = test::random_state(rng, model);
    const VecX<double> P = gauss::inverse_dynamics(model, ws, s.q, s.v, s.a);
    const VecX<double> reduced = gauss::mass_matrix(model, ws, s.q) * s.a + gauss::nonlinear_effects(model, ws, s.q, s.v);
    worst = std::max(worst, test::rel_diff(P, reduced));
  }
  EXPECT_LE(worst, 1e-10);
}

// The corrected (2.8.11) block is the second moment int r r^T dm: for a body made of point
// masses it equals sum m_k r_k r_k^T exactly, while the inertia tensor named by the text does not.
TEST(Gauss, PseudoInertiaIsTheSecondMoment) {
  std::mt19937_64 rng(6);
  Mat4<double> direct = Mat4<double>::Zero();
  double mass = 0;
  Vec3<double> first = Vec3<double>::Zero();
  Mat3<double> I_origin = Mat3<double>::Zero();
  for (int k = 0; k < 7; ++k) {
    const double mk = test::uniform(rng, 0.1, 2.0);
    const Vec3<double> r = test::random_vec3(rng, -1, 1);
    Eigen::Vector4d rh;
    rh << r, 1.0;
    direct += mk * rh * rh.transpose();
    mass += mk;
    first += mk * r;
    I_origin += mk * (r.squaredNorm() * Mat3<double>::Identity() - r * r.transpose());
  }
  const Vec3<double> c = first / mass;
  const Mat3<double> Ic = I_origin - mass * (c.squaredNorm() * Mat3<double>::Identity() - c * c.transpose());
  const Mat4<double> H = gauss::pseudo_inertia(mass, c, Ic);
  EXPECT_LE((H - direct).cwiseAbs().maxCoeff(), 1e-13);
  Mat4<double> printed = H;
  printed.topLeftCorner<3, 3>() = I_origin;
  EXPECT_GT((printed - direct).cwiseAbs().maxCoeff(), 1e-2);
}

// The erratum of (2.8.11): with the inertia tensor (about the frame origin) where the second
// moment belongs, both W and P are wrong.
TEST(Gauss, PrintedInertiaTensorDisagrees) {
  double least_M = 1e300, least_tau = 1e300;
  for (const Model& model : test::random_chains(4711)) {
    gauss::Workspace<double> ws(model);
    int revolute = 0;
    for (int i = 0; i < model.dof; ++i) {
      const Mat3<double> J = ws.H[i].topLeftCorner<3, 3>();
      ws.H[i].topLeftCorner<3, 3>() = J.trace() * Mat3<double>::Identity() - J;  // I = tr(J) E - J
      revolute += model.joint_type[i] == JointType::kRevolute;
    }
    if (revolute == 0) continue;  // pure translations never feel the rotational block
    Data data(model);
    std::mt19937_64 rng(2);
    const test::State s = test::random_state(rng, model);
    least_M = std::min(least_M, test::rel_diff(gauss::mass_matrix(model, ws, s.q), crba(model, data, s.q)));
    least_tau = std::min(least_tau,
                         test::rel_diff(gauss::inverse_dynamics(model, ws, s.q, s.v, s.a), rnea(model, data, s.q, s.v, s.a)));
  }
  EXPECT_GT(least_M, 1e-4);
  EXPECT_GT(least_tau, 1e-4);
}

// The printed (2.8.36), P_j = tr(lambda_j B_{j-1}), with lambda from (2.8.35), is not the drive:
// the multipliers are recomputed here from the workspace's kinematics (T'', T_{i,i+1}, B, H~).
TEST(Gauss, PrintedDriveFormulaDisagrees) {
  std::mt19937_64 rng(21);
  for (const Model& model : {test::random_dh_chain(rng, 6, DhConvention::kStandard, true), test::urdf("ur5")}) {
    gauss::Workspace<double> ws(model);
    Data data(model);
    const test::State s = test::random_state(rng, model);
    const VecX<double> P = gauss::inverse_dynamics(model, ws, s.q, s.v, s.a);
    const VecX<double> tau = rnea(model, data, s.q, s.v, s.a);
    VecX<double> derived(model.dof), printed(model.dof);
    Mat4<double> lambda = Mat4<double>::Zero();
    for (int i = model.dof - 1; i >= 0; --i) {
      Eigen::Vector4d g;
      g << model.gravity * model.mass[i], 0.0;
      Mat4<double> next = g * ws.rho[i].transpose() - ws.Tdd[i] * ws.H[i];
      if (i + 1 < model.dof) next += lambda * ws.A[i + 1].transpose();
      lambda = next;
      derived[i] = -(lambda * ws.B[i].transpose()).trace();
      printed[i] = (lambda * ws.B[i]).trace();
    }
    EXPECT_LE(test::rel_diff(derived, tau), 1e-10) << model.name;
    EXPECT_LE(test::rel_diff(P, tau), 1e-10) << model.name;
    EXPECT_GT(test::rel_diff(printed, tau), 1e-2) << model.name;
  }
}

TEST(Gauss, RejectsTreesAndWrongSizes) {
  std::mt19937_64 rng(3);
  EXPECT_THROW(gauss::Workspace<double>{test::random_tree(rng, 5)}, InputError);
  const Model model = test::urdf("panda");
  gauss::Workspace<double> ws(model);
  const int n = model.dof;
  const VecX<double> ok = VecX<double>::Zero(n), bad = VecX<double>::Zero(n - 1);
  EXPECT_THROW(gauss::inverse_dynamics(model, ws, bad, ok, ok), InputError);
  EXPECT_THROW(gauss::inverse_dynamics(model, ws, ok, ok, bad), InputError);
  EXPECT_THROW(gauss::mass_matrix(model, ws, bad), InputError);
  EXPECT_THROW(gauss::nonlinear_effects(model, ws, ok, bad), InputError);
  EXPECT_NO_THROW(gauss::inverse_dynamics(model, ws, ok, ok, ok));
}

}  // namespace gauss_test
}  // namespace armdyn
