// Model validation, the legitimate edge cases that must load (src/model/builder.cpp), and give
// the right dynamics: point-mass arms, massless links with rotational inertia, massless
// intermediate links.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "support/test_util.hpp"
#include "support/validation_util.hpp"

namespace armdyn {
namespace validation_edge_cases_test {

using namespace armdyn::test;  // NOLINT: the validation helpers

// ---------------------------------------------------------------------------------------------
// Legitimate edge cases that must load.

// [Craig] §6.7: two links with point masses at their distal ends (zero rotational inertia), in
// the vertical X0-Y0 plane with gravity along -Y0. Closed form (6.60):
//   M = [l2² m2 + 2 l1 l2 m2 c2 + l1² (m1 + m2),  l2² m2 + l1 l2 m2 c2;   sym,  l2² m2]
//   V = [-m2 l1 l2 s2 qd2² - 2 m2 l1 l2 s2 qd1 qd2,  m2 l1 l2 s2 qd1²]
//   G = [m2 l2 g c12 + (m1 + m2) l1 g c1,  m2 l2 g c12]
Model craig_2r(double l1, double l2, double m1, double m2) {
  ModelBuilder b("craig2r", "craig2r");
  LinkInertial p1, p2;  // point masses
  p1.mass = m1;
  p1.com = Vec3<double>(l1, 0, 0);
  p2.mass = m2;
  p2.com = Vec3<double>(l2, 0, 0);
  b.add_link("base", revolute("j1", Vec3<double>::Zero()), "l1", p1);
  b.add_link("l1", revolute("j2", Vec3<double>(l1, 0, 0)), "l2", p2);
  b.set_gravity(Vec3<double>(0, -9.81, 0));
  return b.build();
}

TEST(ValidationEdgeCases, CraigPointMassArmLoadsAndMatchesTheClosedForm) {
  const double l1 = 1.0, l2 = 0.5, m1 = 2.0, m2 = 1.0, g = 9.81;
  const Model m = craig_2r(l1, l2, m1, m2);
  EXPECT_EQ(m.inertia_com[0], Mat3<double>::Zero());
  Data data(m);
  std::mt19937_64 rng(21);
  double worst = 0;
  for (int s = 0; s < 20; ++s) {
    const VecX<double> q = test::random_vector(rng, 2, -3, 3), qd = test::random_vector(rng, 2, -2, 2),
                       qdd = test::random_vector(rng, 2, -2, 2);
    const double c1 = std::cos(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]), c12 = std::cos(q[0] + q[1]);
    MatX<double> M(2, 2);
    M << l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), l2 * l2 * m2 + l1 * l2 * m2 * c2,
        l2 * l2 * m2 + l1 * l2 * m2 * c2, l2 * l2 * m2;
    VecX<double> V(2), G(2);
    V << -m2 * l1 * l2 * s2 * qd[1] * qd[1] - 2 * m2 * l1 * l2 * s2 * qd[0] * qd[1], m2 * l1 * l2 * s2 * qd[0] * qd[0];
    G << m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, m2 * l2 * g * c12;
    const VecX<double> tau = M * qdd + V + G;
    worst = std::max({worst, test::rel_diff(crba(m, data, q), M), test::rel_diff(rnea(m, data, q, qd, qdd), tau),
                      test::rel_diff(gravity_torque(m, data, q), G), test::rel_diff(forward_dynamics(m, data, q, qd, tau), qdd)});
  }
  EXPECT_LE(worst, 1e-12);
  // Sensitivity: the closed form of an arm with m2 larger by 0.1 % is far off.
  const Model heavier = craig_2r(l1, l2, m1, m2 * 1.001);
  Data dh(heavier);
  VecX<double> q(2);
  q << 0.3, 0.7;
  EXPECT_GT(std::abs(crba(heavier, dh, q)(1, 1) - l2 * l2 * m2), 1e-6);
}

// The PUMA 560's link 1 (Armstrong, Khatib & Burdick 1986): no mass given, only Izz1 = 0.35. A
// massless link with rotational inertia loads, and that inertia adds exactly Izz to M(0, 0).
TEST(ValidationEdgeCases, MasslessLinkWithInertia) {
  LinkInertial link1;
  link1.inertia = Vec3<double>(0.175, 0.175, 0.35).asDiagonal();
  link1.field_prefix = "inertial/";
  const auto build = [&](const LinkInertial& first) {
    ModelBuilder b("puma-like", "puma-like");
    JointSpec j1 = revolute("j1", Vec3<double>::Zero());
    b.add_link("base", j1, "link1", first);
    JointSpec j2 = revolute("j2", Vec3<double>(0, 0, 0.2435));
    j2.origin.R << 1, 0, 0, 0, 0, 1, 0, -1, 0;  // Rx(-90 deg)
    b.add_link("link1", j2, "link2", good_inertial(17.4));
    return b.build();
  };
  const Model with = build(link1), without = build(LinkInertial{});
  EXPECT_EQ(with.mass[0], 0.0);
  Data a(with), b(without);
  std::mt19937_64 rng(22);
  for (int s = 0; s < 5; ++s) {
    const VecX<double> q = test::random_vector(rng, 2, -3, 3);
    const MatX<double> Ma = crba(with, a, q), Mb = crba(without, b, q);
    EXPECT_NEAR(Ma(0, 0) - Mb(0, 0), 0.35, 1e-14);
    EXPECT_EQ(Ma(1, 1), Mb(1, 1));
    EXPECT_NEAR(Ma(0, 1), Mb(0, 1), 1e-15);
  }
  // And it is enough on its own for joint 1 (a revolute joint needs no mass to move).
  ModelBuilder alone("puma-like", "puma-like");
  alone.add_link("base", revolute("j1"), "link1", link1);
  EXPECT_EQ(alone.build().dof, 1);
}

// A massless, inertia-free intermediate link is fine when its children have mass: the joints
// before it still move them.
TEST(ValidationEdgeCases, MasslessIntermediateLinkWithMassiveChildren) {
  for (const JointType first : {JointType::kRevolute, JointType::kPrismatic}) {
    ModelBuilder b("arm.test", "arm");
    JointSpec j1 = revolute("j1");
    j1.type = first;
    b.add_link("base", j1, "wrist", LinkInertial{});
    b.add_link("wrist", revolute("j2"), "hand", good_inertial(0.8));
    const Model m = b.build();
    EXPECT_EQ(m.dof, 2);
    Data data(m);
    VecX<double> q(2);
    q << 0.4, -0.3;
    const MatX<double> M = crba(m, data, q);
    EXPECT_GT(M(0, 0), 0.0);
    EXPECT_GT(M.llt().info() == Eigen::Success ? 1 : 0, 0) << "M must be positive definite";
  }
}

}  // namespace validation_edge_cases_test
}  // namespace armdyn
