// Simulation on a moving base (SimulationOptions::base_motion; [VP] (2.3.48)): a base that
// accelerates without turning (a table of 12 columns, constant a_O) moves the arm exactly as the
// fixed arm under gravity g - a_O; a turning base moves it differently.
#include <gtest/gtest.h>

#include <vector>

#include "armdyn/io/load.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/simulation_run.hpp"

namespace armdyn::sim {
namespace moving_base_simulation_test {

TorqueTable base_table(const Vec6<double>& v, const Vec6<double>& a) {
  VecX<double> row(12);
  row << v, a;
  return TorqueTable({0.0, 10.0}, {row, row});
}

TEST(MovingBaseSimulation, TranslatingBaseIsGravityChanged) {
  const Model model = load_model("puma560");
  const VecX<double> q0 = (VecX<double>(6) << 0.1, -0.5, 0.4, 0.2, 0.6, -0.3).finished();
  const VecX<double> v0 = VecX<double>::Zero(6);
  const Vec3<double> a_O(1.5, -2, 3);
  TorqueTable table = base_table((Vec6<double>() << 2, 1, 0, 0, 0, 0).finished(),
                                 (Vec6<double>() << a_O, 0, 0, 0).finished());
  SimulationOptions o = test_support::fixed_step(Integrator::kRk4, 1e-3, 0.5, 0.1);
  o.base_motion = &table;
  ZeroTorque zero;
  const std::vector<Sample> moving = test_support::run(model, q0, v0, zero, o);
  o.base_motion = nullptr;
  const std::vector<Sample> shifted = test_support::run(model.with_gravity(model.gravity - a_O), q0, v0, zero, o);
  const std::vector<Sample> fixed = test_support::run(model, q0, v0, zero, o);
  ASSERT_EQ(moving.size(), shifted.size());
  for (std::size_t k = 0; k < moving.size(); ++k) {
    EXPECT_LT((moving[k].q - shifted[k].q).cwiseAbs().maxCoeff(), 1e-12) << k;
    EXPECT_LT((moving[k].a - shifted[k].a).cwiseAbs().maxCoeff(), 1e-9) << k;
  }
  EXPECT_GT((moving.back().q - fixed.back().q).cwiseAbs().maxCoeff(), 1e-3);  // sensitivity
  // A turning base (constant w about z) moves it otherwise again.
  TorqueTable turning = base_table((Vec6<double>() << 0, 0, 0, 0, 0, 1).finished(), Vec6<double>::Zero());
  o.base_motion = &turning;
  const std::vector<Sample> turned = test_support::run(model, q0, v0, zero, o);
  EXPECT_GT((turned.back().q - fixed.back().q).cwiseAbs().maxCoeff(), 1e-3);
}

}  // namespace moving_base_simulation_test
}  // namespace armdyn::sim
