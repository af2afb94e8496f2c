// Cartesian dynamics against [Craig] §6.10 on the two-link arm of §6.7 (builtin planar2r: l1 = 1,
// l2 = 0.5, m1 = 2, m2 = 1, point masses, gravity along -Y0):
//   - Example 6.6, (6.100)-(6.103): M_x, V_x, G_x in the tip frame {3} (the tool frame's own
//     axes, rows x and y) at random states and at the numeric instance;
//   - Example 6.7, (6.108)-(6.109): J^T V_x = B_x [th1' th2'] + C_x [th'^2] with the corrected
//     B_x (docs/errata.md); the printed sign must disagree;
//   - Exercise 6.6: the same in base axes (Craig's X0, Y0 are the model's base x and z rows),
//     the instance and the identities ^0M_x = R ^3M_x R^T, ^0G_x = R ^3G_x;
//   - the singular flag with the arm stretched out (th2 = 0).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "armdyn/dynamics/cartesian.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace cartesian_craig_test {

using test::vec;

constexpr double l1 = 1.0, l2 = 0.5, m1 = 2.0, m2 = 1.0, g = 9.81;
constexpr unsigned kTipRows = 0x03u;   // x, y of {3} in its own axes
constexpr unsigned kBaseRows = 0x05u;  // base x (Craig X0) and base z (Craig Y0)

struct Craig2RCartesian {
  MatX<double> Mx;
  VecX<double> Vx, Gx;
};

/// (6.103), tip frame {3}.
Craig2RCartesian example_6_6(const VecX<double>& th, const VecX<double>& thd) {
  const double s2 = std::sin(th[1]), c2 = std::cos(th[1]), c1 = std::cos(th[0]);
  const double s12 = std::sin(th[0] + th[1]), c12 = std::cos(th[0] + th[1]);
  const double d1 = thd[0], d2 = thd[1];
  Craig2RCartesian out;
  out.Mx = MatX<double>::Zero(2, 2);
  out.Mx(0, 0) = m2 + m1 / (s2 * s2);
  out.Mx(1, 1) = m2;
  out.Vx = vec({-(m2 * l1 * c2 + m2 * l2) * d1 * d1 - m2 * l2 * d2 * d2 -
                    (2 * m2 * l2 + m2 * l1 * c2 + m1 * l1 * c2 / (s2 * s2)) * d1 * d2,
                m2 * l1 * s2 * d1 * d1 + l1 * m2 * s2 * d1 * d2});
  out.Gx = vec({m1 * g * c1 / s2 + m2 * g * s12, m2 * g * c12});
  return out;
}

/// (6.100): ^3J.
MatX<double> tip_jacobian(double th2) {
  MatX<double> J(2, 2);
  J << l1 * std::sin(th2), 0, l1 * std::cos(th2) + l2, l2;
  return J;
}

struct Armdyn2R {
  Model model = builtin_model("planar2r").model;
  Data data{model};
  CartesianWorkspace<double> ws{model};
  int tool = frame_id(model, "tool");

  Craig2RCartesian craig(const VecX<double>& q, const VecX<double>& v, unsigned rows, Axes axes) {
    CartesianOptions o;
    o.rows = rows;
    o.axes = axes;
    const CraigCartesian<double>& c = craig_cartesian_dynamics(model, data, ws, tool, q, v, o);
    EXPECT_FALSE(c.singular);
    return {c.Mx, c.Vx, c.Gx};
  }
};

double max_diff(const MatX<double>& a, const MatX<double>& b) { return (a - b).cwiseAbs().maxCoeff(); }

/// A state of the arm away from its singularities (|sin th2| >= 0.2).
void draw(std::mt19937_64& rng, VecX<double>& q, VecX<double>& v) {
  std::uniform_real_distribution<double> u(-1, 1), t2(0.2, std::acos(-1.0) - 0.2);
  q = vec({2 * u(rng), (u(rng) < 0 ? -1 : 1) * t2(rng)});
  v = vec({2 * u(rng), 2 * u(rng)});
}

TEST(CraigCartesian, Example6_6TipFrameAtRandomStates) {
  Armdyn2R a;
  std::mt19937_64 rng(606);
  double worst = 0;
  for (int k = 0; k < 50; ++k) {
    VecX<double> q, v;
    draw(rng, q, v);
    const Craig2RCartesian e = example_6_6(q, v), got = a.craig(q, v, kTipRows, Axes::kLocal);
    worst = std::max({worst, max_diff(got.Mx, e.Mx) / e.Mx.norm(), max_diff(got.Vx, e.Vx) / (1 + e.Vx.norm()),
                      max_diff(got.Gx, e.Gx) / e.Gx.norm()});
  }
  EXPECT_LE(worst, 1e-12);
}

TEST(CraigCartesian, Example6_6NumericInstance) {
  Armdyn2R a;
  const VecX<double> q = vec({0.3, 0.8}), v = vec({0.7, -1.1});
  const Craig2RCartesian got = a.craig(q, v, kTipRows, Axes::kLocal);
  MatX<double> Mx = MatX<double>::Zero(2, 2);
  Mx(0, 0) = 4.8865156010;
  Mx(1, 1) = 1.0;
  EXPECT_LE(max_diff(got.Mx, Mx), 1e-9);
  EXPECT_LE(max_diff(got.Vx, vec({2.2000542299, -0.2008597055})), 1e-9);
  EXPECT_LE(max_diff(got.Gx, vec({34.8716112383, 4.4497779512})), 1e-9);
  // The operational-space route (Cholesky of M) gives the same numbers.
  CartesianOptions o;
  o.rows = kTipRows;
  o.axes = Axes::kLocal;
  const OperationalSpace<double>& op = operational_space(a.model, a.data, a.ws, a.tool, q, v, o);
  EXPECT_FALSE(op.singular);
  EXPECT_LE(max_diff(op.Lambda, got.Mx), 1e-12);
  EXPECT_LE(max_diff(op.mu, got.Vx), 1e-12);
  EXPECT_LE(max_diff(op.p, got.Gx), 1e-12);
}

// (6.104)-(6.109): J^T V_x = B_x th1' th2' + C_x [th1'^2, th2'^2]; B_x with the corrected sign.
VecX<double> bx_cx_terms(const VecX<double>& q, const VecX<double>& v, double bx_first_sign) {
  const double s2 = std::sin(q[1]), c2 = std::cos(q[1]);
  const VecX<double> Bx = vec({bx_first_sign * m1 * l1 * l1 * c2 / s2 - m2 * l1 * l2 * s2, m2 * l1 * l2 * s2});
  MatX<double> Cx(2, 2);
  Cx << 0, -m2 * l1 * l2 * s2, m2 * l1 * l2 * s2, 0;
  return Bx * (v[0] * v[1]) + Cx * vec({v[0] * v[0], v[1] * v[1]});
}

TEST(CraigCartesian, Example6_7CorrectedBx) {
  Armdyn2R a;
  std::mt19937_64 rng(607);
  for (int k = 0; k < 20; ++k) {
    VecX<double> q, v;
    draw(rng, q, v);
    const Craig2RCartesian got = a.craig(q, v, kTipRows, Axes::kLocal);
    const VecX<double> JtVx = tip_jacobian(q[1]).transpose() * got.Vx;
    EXPECT_LE(max_diff(JtVx, bx_cx_terms(q, v, -1.0)), 1e-12 * (1 + JtVx.norm())) << k;
  }
  // The instance: B_x = [-2.3011072468, 0.3586780454]; the printed (6.108) gives 1.5837511559.
  // At v = (1, 1), J^T V_x = B_x + C_x [1, 1] = B_x + m2 l1 l2 s2 [-1, 1].
  const VecX<double> q = vec({0.3, 0.8}), ones = vec({1.0, 1.0});
  const double s2 = std::sin(q[1]);
  const VecX<double> JtVx = tip_jacobian(q[1]).transpose() * a.craig(q, ones, kTipRows, Axes::kLocal).Vx;
  const VecX<double> Bx = JtVx - m2 * l1 * l2 * s2 * vec({-1.0, 1.0});
  EXPECT_NEAR(Bx[0], -2.3011072468, 1e-9);
  EXPECT_NEAR(Bx[1], 0.3586780454, 1e-9);
  EXPECT_GT(std::abs(Bx[0] - 1.5837511559), 1.0);  // the printed sign
}

TEST(CraigCartesian, Exercise6_6BaseAxes) {
  Armdyn2R a;
  const VecX<double> q = vec({0.3, 0.8}), v = vec({0.7, -1.1});
  const Craig2RCartesian got = a.craig(q, v, kBaseRows, Axes::kBase);
  MatX<double> Mx(2, 2);
  Mx << 1.7996484138, 1.5711169434, 1.5711169434, 4.0868671872;
  EXPECT_LE(max_diff(got.Mx, Mx), 1e-9);
  EXPECT_LE(max_diff(got.Vx, vec({0.7428654271, 1.4595520219})), 1e-9);
  EXPECT_LE(max_diff(got.Gx, vec({11.8519527448, 33.0962386126})), 1e-9);

  std::mt19937_64 rng(66);
  for (int k = 0; k < 20; ++k) {
    VecX<double> qk, vk;
    draw(rng, qk, vk);
    const Craig2RCartesian base = a.craig(qk, vk, kBaseRows, Axes::kBase);
    const Craig2RCartesian tip = example_6_6(qk, vk);
    const double t = qk[0] + qk[1];
    MatX<double> R(2, 2);
    R << std::cos(t), -std::sin(t), std::sin(t), std::cos(t);
    EXPECT_LE(max_diff(base.Mx, R * tip.Mx * R.transpose()), 1e-12 * tip.Mx.norm()) << k;
    EXPECT_LE(max_diff(base.Gx, R * tip.Gx), 1e-12 * tip.Gx.norm()) << k;
    // V_x is not a rotation of the tip frame's; (6.104) with the closed-form ^0J and tip
    // acceleration reproduces the inverse dynamics.
    const VecX<double> acc = vec({qk[1] - 0.5, 1.5 - qk[0]});
    const double s1 = std::sin(qk[0]), c1 = std::cos(qk[0]), s12 = std::sin(t), c12 = std::cos(t);
    MatX<double> J0(2, 2);
    J0 << -l1 * s1 - l2 * s12, -l2 * s12, l1 * c1 + l2 * c12, l2 * c12;
    const double w1 = vk[0], w12 = vk[0] + vk[1];
    const VecX<double> xdd = J0 * acc + vec({-l1 * c1 * w1 * w1 - l2 * c12 * w12 * w12,
                                           -l1 * s1 * w1 * w1 - l2 * s12 * w12 * w12});
    const VecX<double> tau = J0.transpose() * (base.Mx * xdd + base.Vx + base.Gx);
    EXPECT_LE(max_diff(tau, rnea(a.model, a.data, qk, vk, acc)), 1e-11) << k;
    EXPECT_GT(max_diff(base.Vx, R * tip.Vx), 1e-6) << k;
  }
}

TEST(CraigCartesian, SingularWhenStretchedOut) {
  Armdyn2R a;
  const VecX<double> q = vec({0.4, 0.0}), v = vec({0.3, -0.2});
  for (const Axes axes : {Axes::kBase, Axes::kLocal}) {
    CartesianOptions o;
    o.rows = axes == Axes::kBase ? kBaseRows : kTipRows;
    o.axes = axes;
    const CraigCartesian<double>& c = craig_cartesian_dynamics(a.model, a.data, a.ws, a.tool, q, v, o);
    EXPECT_TRUE(c.singular);
    EXPECT_EQ(c.Mx.size(), 0);
    const OperationalSpace<double>& op = operational_space(a.model, a.data, a.ws, a.tool, q, v, o);
    EXPECT_TRUE(op.singular);
    EXPECT_TRUE(op.Lambda.allFinite() && op.mu.allFinite() && op.p.allFinite());
    // Bounded by 1 / (2 delta), delta = eps lambda_max.
    const double lambda_max = a.ws.Lambda_inv.eigenvalues().real().maxCoeff();
    EXPECT_LE(op.Lambda.norm(), 1.0 / (2 * o.singular_threshold * lambda_max) * (1 + 1e-9));
  }
  // Slightly bent (s2 = 0.01): not singular, and the route is exact.
  const VecX<double> bent = vec({0.4, 0.01});
  const CraigCartesian<double>& c = craig_cartesian_dynamics(a.model, a.data, a.ws, a.tool, bent, v,
                                                             CartesianOptions{kTipRows, Axes::kLocal});
  ASSERT_FALSE(c.singular);
  EXPECT_NEAR(c.Mx(0, 0), m2 + m1 / (std::sin(0.01) * std::sin(0.01)), 1e-12 * c.Mx(0, 0));
}

}  // namespace cartesian_craig_test
}  // namespace armdyn
