// Craig's iterative Newton-Euler ([Craig] (6.45)-(6.53)), its source-specific checks: the
// intermediate values of §6.7 and the contact wrench of §6.5 against rnea's external forces. The
// comparisons with rnea/crba/gravity_torque, Craig's closed forms, the reference values of [TML]'s arms, the
// perturbed parameters, the wrong sizes and the dual-number run are the typed checks of
// cross_check_test.cpp and cross_check_dual_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/dynamics/formulations/newton_euler.hpp"
#include "dynamics/formulations/checks.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace newton_euler_test {

constexpr double kTol = 1e-10;

// The intermediate values of [Craig] §6.7, (6.54)-(6.56), in Craig's link frames.
TEST(NewtonEuler, CraigTwoLinkIntermediateValues654to656) {
  const Model model = builtin_model("planar2r").model;
  const double l1 = 1, l2 = 0.5, m1 = 2, m2 = 1, g = 9.81;
  const double t1 = 0.3, t2 = 0.8, d1 = 0.7, d2 = -1.1, dd1 = 1.0, dd2 = 2.0;
  newton_euler::Workspace<double> ws(model);
  newton_euler::inverse_dynamics(model, ws, Eigen::Vector2d(t1, t2), Eigen::Vector2d(d1, d2), Eigen::Vector2d(dd1, dd2));
  const double s1 = std::sin(t1), c1 = std::cos(t1), s2 = std::sin(t2), c2 = std::cos(t2);
  const double s12 = std::sin(t1 + t2), c12 = std::cos(t1 + t2);
  const auto near = [](const Vec3<double>& a, const Vec3<double>& b) { return (a - b).cwiseAbs().maxCoeff(); };
  EXPECT_LT(near(ws.vd[0], Vec3<double>(g * s1, g * c1, 0)), 1e-12);                                   // (6.54)
  EXPECT_LT(near(ws.F[0], m1 * Vec3<double>(-l1 * d1 * d1 + g * s1, l1 * dd1 + g * c1, 0)), 1e-12);   // (6.54)
  EXPECT_LT(near(ws.w[1], Vec3<double>(0, 0, d1 + d2)), 1e-12);                                        // (6.55)
  EXPECT_LT(near(ws.wd[1], Vec3<double>(0, 0, dd1 + dd2)), 1e-12);
  EXPECT_LT(near(ws.vd[1], Vec3<double>(l1 * dd1 * s2 - l1 * d1 * d1 * c2 + g * s12,
                                        l1 * dd1 * c2 + l1 * d1 * d1 * s2 + g * c12, 0)), 1e-12);
  const double n2 = m2 * l1 * l2 * c2 * dd1 + m2 * l1 * l2 * s2 * d1 * d1 + m2 * l2 * g * c12 + m2 * l2 * l2 * (dd1 + dd2);
  EXPECT_LT(near(ws.n[1], Vec3<double>(0, 0, n2)), 1e-12);                                             // (6.56)
  EXPECT_LT(near(ws.f[1], ws.F[1]), 1e-15);                                                            // (6.56)
}

// [Craig] §6.5: a nonzero ^{N+1}f_{N+1}, ^{N+1}n_{N+1} is the wrench the end-effector exerts on the
// environment; rnea takes the environment's wrench on the last body, i.e. minus it, moved to the
// body frame's origin.
TEST(NewtonEuler, TipWrenchIsTheEnvironmentsReaction) {
  std::mt19937_64 rng(31);
  double worst = 0, effect = 0;
  std::vector<Model> models = test::random_chains(603);
  for (const Model& m : test::named_models()) models.push_back(m);
  for (const Model& m : models) {
    newton_euler::Workspace<double> ws(m);
    Data data(m);
    newton_euler::TipWrench<double> tip{test::random_placement(rng), test::random_vec3(rng, -20, 20),
                                        test::random_vec3(rng, -5, 5)};
    std::vector<Force<double>> fext(m.dof);
    fext.back().f = -(tip.tool.R * tip.f);
    fext.back().n = -(tip.tool.R * tip.n + tip.tool.p.cross(tip.tool.R * tip.f));
    const VecX<double> q = test::random_vector(rng, m.dof), v = test::random_vector(rng, m.dof),
                       a = test::random_vector(rng, m.dof);
    const VecX<double> free = newton_euler::inverse_dynamics(m, ws, q, v, a);
    const VecX<double> loaded = newton_euler::inverse_dynamics(m, ws, q, v, a, &tip);
    const Loads<double> loads = test::body_loads(fext);
    const double w = test::rel_diff(loaded, rnea(m, data, q, v, a, &loads));
    EXPECT_LT(w, kTol) << m.name;
    worst = std::max(worst, w);
    effect = std::max(effect, test::rel_diff(loaded, free));
  }
  EXPECT_GT(effect, 1e-2);  // the wrench does change tau
  EXPECT_LT(worst, kTol);
}

}  // namespace newton_euler_test
}  // namespace armdyn
