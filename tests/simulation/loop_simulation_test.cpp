// Simulated loops between bodies (SimulationOptions::constraint with a loop; dynamics/
// constrained.hpp). The shipped four-bar (examples/models/fourbar.urdf + fourbar_loop.json),
// passive under gravity with the crank turning at 6 rad/s, 5 s of rk45 at rtol 1e-10: with the
// projection after each step the loop stays closed to 1e-9 m (reported and recomputed from q) and
// the energy is conserved (a loop's reaction does no work). At rtol 1e-6 Baumgarte alone lets the
// loop open by the integration error while the projection still closes it (both printed).
// The parallelogram (aligned axes: six rows of rank two) stays a parallelogram, q2 = -q1,
// q3 = q1, with its loop closed and its energy conserved.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/io/constraint_json.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/simulation_run.hpp"

namespace armdyn::sim {
namespace loop_simulation_test {

std::string example(const std::string& name) {
  return std::string(ARMDYN_EXAMPLES_DIR) + "/models/" + name;
}

struct Measured {
  double closure = 0;  ///< the largest closure error recomputed from the samples' q (m)
  double energy = 0;   ///< the largest |E(t) - E(0)| (J)
  double kmax = 0;     ///< the largest kinetic energy (J)
};

Measured measure(const Model& model, const PointConstraint<double>& c, const std::vector<Sample>& samples) {
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  Measured m;
  for (const Sample& s : samples) {
    m.closure = std::max(m.closure, constraint_error(model, data, ws, c, s.q));
    m.energy = std::max(m.energy, std::abs(s.energy() - samples.front().energy()));
    m.kmax = std::max(m.kmax, s.kinetic);
  }
  return m;
}

// A velocity on the loop at q with crank rate w: the coupler and rocker rates from the closure's
// in-plane rows (x and z; the y row is zero), G v = 0.
VecX<double> crank_turning(const Model& model, const PointConstraint<double>& c, const VecX<double>& q, double w) {
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  constraint_kinematics(model, data, ws, c, q, VecX<double>::Zero(3));
  Eigen::Matrix2d G23;
  G23 << ws.G(0, 1), ws.G(0, 2), ws.G(2, 1), ws.G(2, 2);
  VecX<double> v(3);
  v[0] = w;
  v.tail<2>() = G23.lu().solve(-w * Eigen::Vector2d(ws.G(0, 0), ws.G(2, 0)));
  return v;
}

TEST(LoopSimulation, FourBarKeepsItsLoopClosedAndConservesEnergy) {
  const Model model = load_model(example("fourbar.urdf"));
  const PointConstraint<double> c = read_constraint(example("fourbar_loop.json"), model);
  ASSERT_TRUE(c.project);
  SimulationOptions o = test_support::rk45(1e-10, 1e-12, 5.0, 0.01);
  o.constraint = &c;
  ZeroTorque zero;
  SimulationStats stats;
  const VecX<double> q0 = VecX<double>::Zero(3), v0 = crank_turning(model, c, q0, 6.0);
  const std::vector<Sample> samples = test_support::run(model, q0, v0, zero, o, &stats);
  ASSERT_EQ(samples.size(), 501u);
  ASSERT_FALSE(stats.diverged);
  const Measured m = measure(model, c, samples);
  std::printf("four-bar, projection: closure %.3g m (reported %.3g m), energy error %.3g J of kmax %.3g J\n", m.closure,
              stats.max_constraint_error, m.energy, m.kmax);
  EXPECT_GT(m.kmax, 0.1);  // it moved
  EXPECT_LT(m.closure, 1e-9);
  EXPECT_LT(stats.max_constraint_error, 1e-9);
  EXPECT_LT(m.energy, 1e-8 * m.kmax);
  for (const Sample& s : samples) ASSERT_EQ(s.contact_force.size(), 3) << s.t;
  EXPECT_GT(samples.back().contact_force.norm(), 1.0);  // the loop carries the links' weight
  // Sensitivity: the free tree falls apart.
  o.constraint = nullptr;
  const std::vector<Sample> free = test_support::run(model, q0, v0, zero, o);
  EXPECT_GT(measure(model, c, free).closure, 1e-2);
}

TEST(LoopSimulation, ProjectionHoldsTheLoopWhereBaumgarteAloneDrifts) {
  // At a loose rk45 tolerance (rtol 1e-6) Baumgarte alone lets the loop open by the integration
  // error; the projection after each step still closes it to round-off.
  const Model model = load_model(example("fourbar.urdf"));
  const PointConstraint<double> c = read_constraint(example("fourbar_loop.json"), model);
  PointConstraint<double> baumgarte = c;
  baumgarte.project = false;
  SimulationOptions o = test_support::rk45(1e-6, 1e-8, 5.0, 0.01);
  ZeroTorque zero;
  const VecX<double> q0 = VecX<double>::Zero(3), v0 = crank_turning(model, c, q0, 6.0);
  o.constraint = &c;
  const Measured m = measure(model, c, test_support::run(model, q0, v0, zero, o));
  o.constraint = &baumgarte;
  const Measured b = measure(model, c, test_support::run(model, q0, v0, zero, o));
  std::printf("four-bar at rtol 1e-6: closure %.3g m projected, %.3g m by Baumgarte alone\n", m.closure, b.closure);
  EXPECT_LT(m.closure, 1e-12);
  EXPECT_GT(b.closure, 100 * m.closure);
}

TEST(LoopSimulation, ParallelogramStaysAParallelogram) {
  const Model model = load_model(example("parallelogram.urdf"));
  const PointConstraint<double> c = read_constraint(example("parallelogram_loop.json"), model);
  ASSERT_EQ(c.count, 6);
  SimulationOptions o = test_support::rk45(1e-10, 1e-12, 3.0, 0.01);
  o.constraint = &c;
  ZeroTorque zero;
  SimulationStats stats;
  const std::vector<Sample> samples = test_support::run(model, VecX<double>::Zero(3), zero, o, &stats);
  ASSERT_EQ(samples.size(), 301u);
  const Measured m = measure(model, c, samples);
  std::printf("parallelogram: closure %.3g m, energy error %.3g J of kmax %.3g J\n", m.closure, m.energy, m.kmax);
  double swing = 0;
  for (const Sample& s : samples) {
    EXPECT_NEAR(s.q[1], -s.q[0], 1e-9) << "t = " << s.t;
    EXPECT_NEAR(s.q[2], s.q[0], 1e-9) << "t = " << s.t;
    ASSERT_EQ(s.contact_force.size(), 6) << s.t;
    swing = std::max(swing, std::abs(s.q[0]));
  }
  EXPECT_GT(swing, 0.5);  // it swung (from 30 degrees below the ground line through the bottom)
  EXPECT_LT(m.closure, 1e-9);
  EXPECT_LT(m.energy, 1e-8 * m.kmax);
}

}  // namespace loop_simulation_test
}  // namespace armdyn::sim
