// The micro-motion's analytic solution over nominal steps (armdyn/segments/micro_motion.hpp,
// [VP] §4.6) against a fine-step Runge-Kutta integration of D ü + u = c: on a chain whose links
// all bend, on one with a rigid link (its point follows c), and on one with a massless tip (it
// follows the other points).
#include <gtest/gtest.h>

#include <vector>

#include <Eigen/LU>

#include "armdyn/segments/micro_motion.hpp"
#include "segments/segment_test_models.hpp"

namespace armdyn::segments {
namespace micro_motion_test {

struct Step {
  ElasticChainState state;
  MicroModel model;
};

// The states of a short motion of the two-link arm, one per nominal step.
std::vector<Step> steps(const Model& m, const SegmentSet& set) {
  const ElasticChain chain(m, set);
  Data data(m);
  std::vector<Step> out;
  for (int k = 0; k < 3; ++k) {
    VecX<double> q(2), v(2), a(2);
    q << 0.1 * k, -0.2 * k;
    v << 0.5 * k, 0.3;
    a << (k == 1 ? -4.0 : 6.0), 2.0 * k;  // jumps between the steps
    Step s;
    chain.state(data, q, v, a, nullptr, s.state);
    s.model = micro_model_recursive(s.state);
    out.push_back(s);
  }
  return out;
}

// u and u̇ after RK4 with `substeps` per step on ü = D_PP⁻¹ (c_P − u_P) for the coordinates
// `P`; every other coordinate from u = c − D ü.
void fine(const std::vector<Step>& steps, double dt, int substeps, const std::vector<int>& P, VecX<double>& u,
          VecX<double>& ud) {
  const auto n = static_cast<Eigen::Index>(P.size());
  VecX<double> x(n), xd(n);
  for (Eigen::Index a = 0; a < n; ++a) x[a] = u[P[a]], xd[a] = ud[P[a]];
  VecX<double> acc;
  for (const Step& s : steps) {
    MatX<double> D(n, n);
    VecX<double> c(n);
    for (Eigen::Index a = 0; a < n; ++a) {
      c[a] = s.model.c[P[a]];
      for (Eigen::Index b = 0; b < n; ++b) D(a, b) = s.model.D(P[a], P[b]);
    }
    const Eigen::PartialPivLU<MatX<double>> lu(D);
    const auto f = [&](const VecX<double>& y) { return VecX<double>(lu.solve(c - y)); };
    const double h = dt / substeps;
    for (int k = 0; k < substeps; ++k) {
      const VecX<double> k1x = xd, k1v = f(x);
      const VecX<double> k2x = xd + h / 2 * k1v, k2v = f(x + h / 2 * k1x);
      const VecX<double> k3x = xd + h / 2 * k2v, k3v = f(x + h / 2 * k2x);
      const VecX<double> k4x = xd + h * k3v, k4v = f(x + h * k3x);
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
      xd += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
    acc = f(x);
    VecX<double> full = VecX<double>::Zero(s.model.c.size());
    for (Eigen::Index a = 0; a < n; ++a) full[P[a]] = acc[a];
    u = s.model.c - s.model.D * full;
    ud.setZero(u.size());
    for (Eigen::Index a = 0; a < n; ++a) u[P[a]] = x[a], ud[P[a]] = xd[a];
  }
}

void expect_same_motion(const std::vector<Step>& s, const std::vector<int>& P, double tol) {
  const double dt = 2e-3;
  MicroMotion analytic;
  analytic.start(VecX<double>::Zero(6));
  for (const Step& step : s) analytic.advance(step.state, step.model, dt);
  VecX<double> u = VecX<double>::Zero(6), ud = VecX<double>::Zero(6);
  fine(s, dt, 4000, P, u, ud);
  ASSERT_GT(u.norm(), 1e-7);
  EXPECT_LT((analytic.u() - u).norm(), tol * u.norm()) << analytic.u().transpose() << "\n" << u.transpose();
  for (const int j : P) EXPECT_NEAR(analytic.udot()[j], ud[j], tol * ud.norm()) << j;
}

TEST(MicroMotion, AnalyticEqualsFineStepIntegration) {
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  const SegmentSet set = test_models::two_segments(base);
  const Model m = with_section_masses(base, set).with_gravity(Vec3<double>(0, 0, -9.81));
  const std::vector<Step> s = steps(m, set);
  EXPECT_GT(std::abs(s[0].model.D.determinant()), 0);
  expect_same_motion(s, {0, 1, 2, 3, 4, 5}, 1e-8);
}

TEST(MicroMotion, ARigidLinksPointFollowsC) {
  // Link 1 without a segment: its point S_2 does not move elastically (u_1 = c_1 = 0).
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  const SegmentSet two = test_models::two_segments(base, false);
  const SegmentSet set(base, {std::nullopt, two[1]}, "one.json");
  const Model m = base.with_gravity(Vec3<double>(0, 0, -9.81));
  const std::vector<Step> s = steps(m, set);
  EXPECT_LT(s[0].model.D.topRows<3>().norm(), 1e-20);
  expect_same_motion(s, {3, 4, 5}, 1e-8);
  MicroMotion analytic;
  analytic.start(VecX<double>::Zero(6));
  analytic.advance(s[0].state, s[0].model, 1e-3);
  EXPECT_EQ(analytic.u().head<3>().norm(), 0);
}

TEST(MicroMotion, AMasslessTipFollowsTheOtherPoints) {
  // Link 2's mass at its joint: nothing is lumped at the tip, which follows S_2's motion.
  LinkInertial at_joint = test_models::placeholder();
  at_joint.com.setZero();
  const Model base = test_models::two_link(test_models::placeholder(), at_joint);
  const SegmentSet set = test_models::two_segments(base, false);
  const Model m = base.with_gravity(Vec3<double>(0, 0, -9.81));
  const std::vector<Step> s = steps(m, set);
  EXPECT_EQ(point_masses(s[0].state).tail<3>().norm(), 0);
  expect_same_motion(s, {0, 1, 2}, 1e-8);
}

}  // namespace micro_motion_test
}  // namespace armdyn::segments
