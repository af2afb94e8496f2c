// Simulated closed chains (SimulationOptions::constraint; [VP] §2.10). Craig's planar 2R with its
// tip sliding on a horizontal plane, passive, 2 s of rk4 at dt = 1 ms: the motion and the normal
// force follow the closed-form constrained equations (integrated here by rk4 at 0.1 ms, with no
// stabilisation), the constraint error stays below 1e-9 m and the energy within 1e-6 J (a
// frictionless constraint does no work). The PUMA 560 with a point held on a sphere, under rk45:
// error below 1e-6 m, energy within 1e-5 of the largest kinetic energy. Initial states off the
// constraint are refused; the CSV gains contact_force<k> and constraint_error and nothing else.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "dynamics/planar2r_on_plane.hpp"
#include "support/simulation_run.hpp"

namespace armdyn::sim {
namespace constrained_simulation_test {

// The closed-form constrained motion by rk4 at step h from (q, v) to time T.
void reference_motion(VecX<double>& q, VecX<double>& v, double T, double h) {
  const VecX<double> zero = VecX<double>::Zero(2);
  auto f = [&](const VecX<double>& qq, const VecX<double>& vv, VecX<double>& a) {
    double N = 0;
    armdyn::test::closed_form(qq, vv, zero, 9.81, a, N);
  };
  const long steps = std::lround(T / h);
  VecX<double> a1, a2, a3, a4;
  for (long k = 0; k < steps; ++k) {
    f(q, v, a1);
    const VecX<double> q2 = q + 0.5 * h * v, v2 = v + 0.5 * h * a1;
    f(q2, v2, a2);
    const VecX<double> q3 = q + 0.5 * h * v2, v3 = v + 0.5 * h * a2;
    f(q3, v3, a3);
    const VecX<double> q4 = q + h * v3, v4 = v + h * a3;
    f(q4, v4, a4);
    q += h / 6 * (v + 2 * v2 + 2 * v3 + v4);
    v += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
  }
}

TEST(ConstrainedSimulation, Planar2rSlidesOnThePlaneAsTheClosedFormSays) {
  const Model model = load_model("planar2r");
  const PointConstraint<double> plane = armdyn::test::plane_z(model);
  VecX<double> q0, v0;
  armdyn::test::on_plane(0.2, 0.0, q0, v0);
  SimulationOptions o = test_support::fixed_step(Integrator::kRk4, 1e-3, 2.0, 0.1);
  o.constraint = &plane;
  ZeroTorque zero;
  SimulationStats stats;
  const std::vector<Sample> samples = test_support::run(model, q0, v0, zero, o, &stats);
  ASSERT_EQ(samples.size(), 21u);
  VecX<double> q = q0, v = v0;
  double t = 0, kmax = 0;
  for (const Sample& s : samples) {
    reference_motion(q, v, s.t - t, 1e-4);
    t = s.t;
    ASSERT_EQ(s.contact_force.size(), 1);
    EXPECT_LT((s.q - q).cwiseAbs().maxCoeff(), 1e-7) << "t = " << s.t;
    EXPECT_LT((s.v - v).cwiseAbs().maxCoeff(), 1e-6) << "t = " << s.t;
    VecX<double> a;
    double N = 0;
    armdyn::test::closed_form(s.q, s.v, VecX<double>::Zero(2), 9.81, a, N);
    EXPECT_NEAR(s.contact_force[0], N, 1e-7 * (1 + std::abs(N))) << "t = " << s.t;
    EXPECT_LT(s.constraint_error, 1e-9) << "t = " << s.t;
    EXPECT_NEAR(s.energy(), samples.front().energy(), 1e-6) << "t = " << s.t;
    kmax = std::max(kmax, s.kinetic);
  }
  EXPECT_GT(kmax, 5.0);  // it moved: the tip slid far along the plane
  EXPECT_LE(stats.max_constraint_error, 1e-9);
}

TEST(ConstrainedSimulation, PumaPointOnASphereUnderRk45) {
  const Model model = load_model("puma560");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  const VecX<double> q0 = (VecX<double>(6) << 0.1, -0.5, 0.4, 0.2, 0.6, -0.3).finished();
  PointConstraint<double> c;
  c.frame = static_cast<int>(model.frames.size()) - 1;
  c.offset = Vec3<double>(0, 0, 0.1);
  constraint_kinematics(model, data, ws, c, q0, VecX<double>::Zero(6));
  const Vec3<double> centre = ws.position - Vec3<double>(0.2, 0.1, 0.3);
  c.surfaces[0] = Surface<double>{SurfaceType::kSphere, centre, Vec3<double>::UnitZ(), (ws.position - centre).norm()};
  SimulationOptions o = test_support::rk45(1e-8, 1e-10, 1.0, 0.05);
  o.constraint = &c;
  ZeroTorque zero;
  SimulationStats stats;
  const std::vector<Sample> samples = test_support::run(model, q0, VecX<double>::Zero(6), zero, o, &stats);
  ASSERT_EQ(samples.size(), 21u);
  double kmax = 0, drift = 0;
  for (const Sample& s : samples) {
    kmax = std::max(kmax, s.kinetic);
    drift = std::max(drift, std::abs(s.energy() - samples.front().energy()));
    EXPECT_LT(s.constraint_error, 1e-6) << "t = " << s.t;
  }
  EXPECT_GT(kmax, 0.1);
  EXPECT_LT(drift, 1e-5 * kmax);
  EXPECT_GT(std::abs(samples.back().contact_force[0]), 1e-3);
  // Sensitivity: without the constraint the point leaves the sphere.
  o.constraint = nullptr;
  const std::vector<Sample> free = test_support::run(model, q0, VecX<double>::Zero(6), zero, o);
  EXPECT_GT(constraint_error(model, data, ws, c, free.back().q), 1e-2);
}

TEST(ConstrainedSimulation, InitialStatesOffTheConstraintAreRefused) {
  const Model model = load_model("planar2r");
  const PointConstraint<double> plane = armdyn::test::plane_z(model);
  VecX<double> q0, v0;
  armdyn::test::on_plane(0.2, 1.0, q0, v0);
  SimulationOptions o = test_support::fixed_step(Integrator::kRk4, 1e-3, 0.1, 0.1);
  o.constraint = &plane;
  ZeroTorque zero;
  auto message = [&](const VecX<double>& q, const VecX<double>& v) {
    try {
      test_support::run(model, q, v, zero, o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(q0, v0), "accepted");
  const std::string off = message(q0 + Eigen::Vector2d(0, 0.01), v0);
  EXPECT_NE(off.find("constraint: the point of frame 'tool' is "), std::string::npos) << off;
  EXPECT_NE(off.find("m off the plane at t = 0 (q0, v0)"), std::string::npos) << off;
  const std::string moving = message(q0, v0 + Eigen::Vector2d(0.5, 0));
  EXPECT_NE(moving.find("moves off the plane"), std::string::npos) << moving;
}

TEST(ConstrainedSimulation, CsvGainsTheContactColumnsOnly) {
  EXPECT_EQ(csv_header(2), "t,q1,q2,v1,v2,a1,a2,tau1,tau2,kinetic,potential,energy\n");
  EXPECT_EQ(csv_header(2, 1), "t,q1,q2,v1,v2,a1,a2,tau1,tau2,kinetic,potential,energy,contact_force1,constraint_error\n");
  EXPECT_EQ(csv_header(1, 2),
            "t,q1,v1,a1,tau1,kinetic,potential,energy,contact_force1,contact_force2,constraint_error\n");
  Sample s;
  s.q = s.v = s.a = s.tau = VecX<double>::Zero(1);
  const std::string plain = csv_row(s);
  s.contact_force = Eigen::Vector2d(1.5, -2);
  s.constraint_error = 1e-12;
  const std::string held = csv_row(s);
  EXPECT_EQ(held.substr(0, plain.size() - 1), plain.substr(0, plain.size() - 1));
  EXPECT_EQ(held.substr(plain.size() - 1), ",1.5,-2,9.9999999999999998e-13\n");
}

}  // namespace constrained_simulation_test
}  // namespace armdyn::sim
