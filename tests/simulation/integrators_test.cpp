// The integrators of the simulation layer: Craig's Euler step (6.117) reproduced step by step,
// RK4's fourth order (error / 16 when the step halves), rk45's energy conservation on the PUMA 560
// (and Euler's energy gain, which the same check must see), output times and CSV rows.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "armdyn/armdyn.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace integrators_test {

using test::kDeg;
using test::vec;
using namespace test_support;  // run, fixed_step, rk45

// [Craig] (6.117) by hand: a = FD(q, v, 0); v' = v + a dt; q' = q + v dt + a dt^2 / 2.
TEST(Integrators, EulerIsCraig6117StepByStep) {
  const Model model = builtin_model("craig3r").model.with_gravity(Vec3<double>(0, 0, -9.8));
  Data data(model);
  const VecX<double> q0 = vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), v0 = vec({0.1, -0.2, 0.3});
  const VecX<double> zero = VecX<double>::Zero(3);
  for (int per_output : {1, 10}) {
    const SimulationOptions o = fixed_step(Integrator::kEuler, 1e-3, 0.2, per_output * 1e-3);
    ZeroTorque source;
    const std::vector<Sample> rows = run(model, q0, v0, source, o);
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(200 / per_output + 1));
    VecX<double> q = q0, v = v0;
    double worst = 0;
    for (std::size_t k = 0; k < rows.size(); ++k) {
      worst = std::max({worst, test::rel_diff(rows[k].q, q), test::rel_diff(rows[k].v, v)});
      for (int s = 0; s < per_output; ++s) {
        const VecX<double> a = forward_dynamics(model, data, q, v, zero);
        q = q + v * o.dt + 0.5 * a * o.dt * o.dt;
        v = v + a * o.dt;
      }
    }
    EXPECT_LT(worst, 1e-12) << per_output;
    // The plain forward Euler position update q' = q + v dt (no a dt^2 / 2) is another method:
    // after 200 steps it is far from (6.117).
    VecX<double> qf = q0, vf = v0;
    for (int s = 0; s < 200; ++s) {
      const VecX<double> a = forward_dynamics(model, data, qf, vf, zero);
      qf = qf + vf * o.dt;
      vf = vf + a * o.dt;
    }
    EXPECT_GT(test::rel_diff(rows.back().q, qf), 1e-4);
  }
}

// RK4 on the chaotic triple pendulum over 0.5 s: the error against a tight rk45 reference drops
// by 2^4 = 16 when the step halves.
TEST(Integrators, Rk4IsFourthOrder) {
  const Model model = builtin_model("craig3r").model.with_gravity(Vec3<double>(0, 0, -9.8));
  const VecX<double> q0 = vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), v0 = VecX<double>::Zero(3);
  ZeroTorque source;
  SimulationOptions o = rk45(1e-13, 1e-14, 0.5, 0.5);
  o.dt = 1e-4;
  const Sample ref = run(model, q0, v0, source, o).back();
  o.integrator = Integrator::kRk4;
  std::vector<double> err;
  for (double h : {1e-2, 5e-3, 2.5e-3, 1.25e-3}) {
    o.dt = h;
    const Sample s = run(model, q0, v0, source, o).back();
    err.push_back(std::max((s.q - ref.q).cwiseAbs().maxCoeff(), (s.v - ref.v).cwiseAbs().maxCoeff()));
  }
  for (std::size_t k = 1; k < err.size(); ++k) {
    const double ratio = err[k - 1] / err[k];
    EXPECT_GT(ratio, 14.0) << "h = " << 1e-2 / std::pow(2, k - 1) << ", errors " << err[k - 1] << " " << err[k];
    EXPECT_LT(ratio, 18.0) << "h = " << 1e-2 / std::pow(2, k - 1) << ", errors " << err[k - 1] << " " << err[k];
  }
  // Semi-implicit Euler and (6.117) are first order: halving the step halves the error.
  for (Integrator first : {Integrator::kEuler, Integrator::kSymplecticEuler}) {
    o.integrator = first;
    o.dt = 1e-4;
    const Sample a = run(model, q0, v0, source, o).back();
    o.dt = 5e-5;
    const Sample b = run(model, q0, v0, source, o).back();
    const double ratio = (a.q - ref.q).cwiseAbs().maxCoeff() / (b.q - ref.q).cwiseAbs().maxCoeff();
    EXPECT_GT(ratio, 1.8) << to_string(first);
    EXPECT_LT(ratio, 2.2) << to_string(first);
  }
}

double energy_drift(const std::vector<Sample>& rows) {
  double drift = 0, kmax = 0;
  for (const Sample& s : rows) {
    drift = std::max(drift, std::abs(s.energy() - rows.front().energy()));
    kmax = std::max(kmax, s.kinetic);
  }
  return drift / kmax;  // relative to the largest kinetic energy reached
}

// No torque, no friction: T + U is constant. rk45 at rtol 1e-10 keeps it to 1e-8 over 10 s of
// the PUMA 560 falling (relative to the largest kinetic energy of the fall); Euler (6.117) at
// 1 ms does not (it gains energy), so the check can fail.
TEST(Integrators, Rk45ConservesEnergyOnPuma560) {
  const BuiltinModel puma = builtin_model("puma560");
  const VecX<double> q0 = Eigen::Map<const VecX<double>>(puma.poses[3].q.data(), 6);  // nominal
  const VecX<double> v0 = vec({0.5, -0.3, 0.2, 1.0, -0.5, 2.0});
  ZeroTorque source;
  SimulationOptions o = rk45(1e-10, 1e-10, 10, 0.01);
  o.warn = [](const std::string&) {};
  SimulationStats stats;
  const std::vector<Sample> rows = run(puma.model, q0, v0, source, o, &stats);
  ASSERT_EQ(rows.size(), 1001u);
  EXPECT_EQ(rows.back().t, 10.0);
  EXPECT_LT(energy_drift(rows), 1e-8) << stats.steps << " steps";
  double kmax = 0;
  for (const Sample& s : rows) kmax = std::max(kmax, s.kinetic);
  EXPECT_GT(kmax, 1.0);  // it did fall
  o.integrator = Integrator::kEuler;
  o.dt = 1e-3;
  const double euler = energy_drift(run(puma.model, q0, v0, source, o));
  EXPECT_GT(euler, 1e-4);
}

// Rows at t = k P, the last exactly at T even when P does not divide T; a fixed step never
// straddles an output time; rk45 lands on every output time.
TEST(Integrators, OutputTimesAndLastRowAtT) {
  const Model model = builtin_model("planar2r").model;
  const VecX<double> q0 = vec({0.3, -0.2}), v0 = VecX<double>::Zero(2);
  ZeroTorque source;
  for (Integrator integrator : {Integrator::kEuler, Integrator::kSymplecticEuler, Integrator::kRk4, Integrator::kRk45}) {
    const SimulationOptions o = fixed_step(integrator, 0.003, 1.05, 0.1);
    SimulationStats stats;
    const std::vector<Sample> rows = run(model, q0, v0, source, o, &stats);
    ASSERT_EQ(rows.size(), 12u) << to_string(integrator);
    for (std::size_t k = 0; k + 1 < rows.size(); ++k) EXPECT_DOUBLE_EQ(rows[k].t, 0.1 * static_cast<double>(k));
    EXPECT_EQ(rows.back().t, 1.05);
    EXPECT_EQ(stats.final_time, 1.05);
    EXPECT_EQ(stats.samples, 12);
    if (!is_adaptive(integrator)) {
      EXPECT_EQ(stats.steps, 10 * 34 + 17) << to_string(integrator);
    }
  }
}

TEST(Integrators, NamesAndBadOptions) {
  for (const std::string& name : integrator_names()) EXPECT_EQ(to_string(integrator_from_name(name)), name);
  EXPECT_THROW(integrator_from_name("rk23"), InputError);
  const Model model = builtin_model("planar2r").model;
  ZeroTorque source;
  const VecX<double> x2 = VecX<double>::Zero(2);
  auto bad = [&](auto edit) {
    SimulationOptions o;
    edit(o);
    EXPECT_THROW(simulate(model, x2, x2, source, o, nullptr), InputError);
  };
  bad([](SimulationOptions& o) { o.duration = 0; });
  bad([](SimulationOptions& o) { o.duration = std::nan(""); });
  bad([](SimulationOptions& o) { o.dt = -1e-3; });
  bad([](SimulationOptions& o) { o.output_period = -1; });
  bad([](SimulationOptions& o) {
    o.integrator = Integrator::kRk45;
    o.rtol = 0;
  });
  SimulationOptions o;
  EXPECT_THROW(simulate(model, VecX<double>::Zero(3), x2, source, o, nullptr), InputError);
  EXPECT_THROW(simulate(model, x2, vec({0, std::nan("")}), source, o, nullptr), InputError);
}

TEST(Integrators, CsvHeaderAndRow) {
  EXPECT_EQ(csv_header(2), "t,q1,q2,v1,v2,a1,a2,tau1,tau2,kinetic,potential,energy\n");
  Sample s;
  s.t = 0.1;
  s.q = vec({1.0 / 3.0, 2});
  s.v = vec({0, -1});
  s.a = vec({1e-300, 5});
  s.tau = vec({0.5, 0.25});
  s.kinetic = 1;
  s.potential = 2;
  // The time in its shortest exact form, the rest with 17 significant digits.
  EXPECT_EQ(csv_row(s), "0.1,0.33333333333333331,2,0,-1,1e-300,5,0.5,0.25,1,2,3\n");
  s.t = 0.30000000000000004;  // 3 x 0.1: still exact, never rounded to 0.3
  EXPECT_EQ(csv_row(s).substr(0, 20), "0.30000000000000004,");
}

}  // namespace integrators_test
}  // namespace armdyn::sim
