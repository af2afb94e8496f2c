// simulate() on runs that go wrong: options implying more steps or samples than a run may take
// (refused before any work), an initial state that is not finite, a run that diverges (it ends
// with every delivered sample finite and says where), the energy watch of passive runs, and the
// output times of a decimal period.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/simulation/controller.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace divergence_test {

using test::vec;
using test_support::run;

// The InputError message of simulate() with options `o` (empty when it does not throw).
std::string refusal(const SimulationOptions& o, TorqueSource* source = nullptr) {
  const Model model = builtin_model("planar2r").model;
  ZeroTorque zero;
  try {
    simulate(model, VecX<double>::Zero(2), VecX<double>::Zero(2), source ? *source : zero, o, nullptr);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Divergence, OptionsImplyingTooManyStepsOrSamplesAreRefused) {
  SimulationOptions o;
  o.duration = 1;
  o.output_period = 0.5;
  o.dt = 1e-300;  // 1e300 steps per output period: the step count overflowed before
  EXPECT_NE(refusal(o).find("dt 1e-300 s gives 1e+300 steps over duration 1 s"), std::string::npos) << refusal(o);
  o.integrator = Integrator::kRk45;  // rk45's first step alike
  EXPECT_NE(refusal(o).find("rk45's first step"), std::string::npos) << refusal(o);
  o.dt = 1e-3;
  o.output_period = 1e-300;
  EXPECT_NE(refusal(o).find("output samples"), std::string::npos) << refusal(o);
  o.output_period = 0.5;
  for (double bad : {1e-300, 0.0, 2.0, std::nan("")}) {
    SimulationOptions r = o;
    r.rtol = bad;
    EXPECT_NE(refusal(r).find("rtol must be in [1e-14, 1]"), std::string::npos) << bad;
    SimulationOptions a = o;
    a.atol = bad;
    EXPECT_NE(refusal(a).find("atol must be in [1e-20, 1]"), std::string::npos) << bad;
  }
  o.duration = std::numeric_limits<double>::infinity();
  EXPECT_NE(refusal(o).find("duration must be positive and finite (got inf)"), std::string::npos) << refusal(o);
  // The names are the caller's (the CLI's options).
  o.duration = 1;
  o.dt = -1;
  EXPECT_THROW(check_options(o, {"--duration", "--dt", "--output-period", "--rtol", "--atol"}), InputError);
  try {
    check_options(o, {"--duration", "--dt", "--output-period", "--rtol", "--atol"});
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "--dt must be positive and finite (got -1)");
  }
  // A controller sampling 1e300 times a second.
  const Model model = builtin_model("planar2r").model;
  Controller fast(model, default_gains(model, ControlLaw::kPd, VecX<double>::Zero(2), 10.0, 1e300),
                  PointToPoint::hold(VecX<double>::Zero(2)));
  o.dt = 1e-3;
  EXPECT_NE(refusal(o, &fast).find("controller samples"), std::string::npos) << refusal(o, &fast);
}

TEST(Divergence, ANonFiniteInitialStateIsBadInput) {
  ConstantTorque huge(vec({1e308, 1e308}));
  SimulationOptions o;
  EXPECT_NE(refusal(o, &huge).find("the initial state gives a non-finite acceleration"), std::string::npos);
}

// A stiff PD loop (Kp = 1e7) under explicit Euler with a 10 ms step grows without bound.
TEST(Divergence, ADivergingRunEndsWithEveryDeliveredSampleFinite) {
  const Model model = builtin_model("planar2r").model;
  ControllerSpec spec = default_gains(model, ControlLaw::kPd, vec({1, 1}), 10.0, 0.0);
  spec.kp.setConstant(1e7);
  spec.kd.setZero();
  Controller stiff(model, spec, PointToPoint::hold(vec({1, 1})));
  SimulationOptions o;
  o.integrator = Integrator::kEuler;
  o.duration = 2;
  o.dt = 0.01;
  o.output_period = 0.02;
  SimulationStats stats;
  const std::vector<Sample> rows = run(model, VecX<double>::Zero(2), stiff, o, &stats);
  ASSERT_TRUE(stats.diverged);
  EXPECT_NE(stats.divergence.find("no longer finite"), std::string::npos) << stats.divergence;
  EXPECT_GT(stats.diverged_at, 0.0);
  EXPECT_LT(stats.diverged_at, 2.0);
  ASSERT_GE(rows.size(), 2u);
  for (const Sample& s : rows) {
    EXPECT_TRUE(s.q.allFinite() && s.v.allFinite() && s.a.allFinite() && s.tau.allFinite()) << s.t;
    EXPECT_TRUE(std::isfinite(s.energy())) << s.t;
  }
  EXPECT_EQ(stats.final_time, rows.back().t);
  EXPECT_LT(rows.back().t, stats.diverged_at);
  EXPECT_LE(stats.last_finite_time, stats.diverged_at);
  EXPECT_GE(stats.last_finite_time, rows.back().t);
  EXPECT_TRUE(std::isfinite(stats.last_finite_energy));
}

// Euler on a passive double pendulum gains energy: the watch warns once, long before anything
// overflows; rk45 at its default tolerances stays far below the bound and is silent.
TEST(Divergence, EnergyWatchWarnsOnceOnAPassiveRun) {
  const Model model = builtin_model("planar2r").model;
  ZeroTorque zero;
  SimulationOptions o;
  o.integrator = Integrator::kEuler;
  o.duration = 5;
  o.dt = 0.05;
  o.energy_warning = 0.01;
  std::vector<std::string> warnings;
  o.warn = [&](const std::string& w) { warnings.push_back(w); };
  long steps_seen = 0;
  o.on_step = [&](double) { ++steps_seen; };
  SimulationStats stats;
  run(model, vec({0.1, 0.2}), zero, o, &stats);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("the energy error reached"), std::string::npos) << warnings[0];
  EXPECT_TRUE(stats.energy_warned);
  EXPECT_FALSE(stats.diverged);
  EXPECT_EQ(steps_seen, stats.steps);
  o.integrator = Integrator::kRk45;
  warnings.clear();
  run(model, vec({0.1, 0.2}), zero, o, &stats);
  EXPECT_TRUE(warnings.empty()) << warnings[0];
  EXPECT_FALSE(stats.energy_warned);
}

// The k-th output time of the period 0.1 is the double nearest k/10 (0.3, not 3 x 0.1).
TEST(Divergence, OutputTimesOfADecimalPeriodAreTheNearestDecimals) {
  const Model model = builtin_model("planar2r").model;
  ZeroTorque zero;
  SimulationOptions o;
  o.duration = 1;
  o.output_period = 0.1;
  o.integrator = Integrator::kRk4;
  const std::vector<Sample> rows = run(model, VecX<double>::Zero(2), zero, o);
  ASSERT_EQ(rows.size(), 11u);
  EXPECT_EQ(rows[3].t, 0.3);
  EXPECT_EQ(rows[7].t, 0.7);
  EXPECT_EQ(rows[10].t, 1.0);
  o.output_period = 2.5e-4;
  o.duration = 0.01;
  const std::vector<Sample> fine = run(model, VecX<double>::Zero(2), zero, o);
  ASSERT_EQ(fine.size(), 41u);
  EXPECT_EQ(fine[3].t, 0.00075);
  EXPECT_EQ(fine[29].t, 0.00725);
}

}  // namespace divergence_test
}  // namespace armdyn::sim
