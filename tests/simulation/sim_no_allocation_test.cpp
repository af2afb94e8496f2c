// The simulation's hot paths allocate nothing once their workspaces exist: the three
// forward-dynamics routes, a plant evaluation, a step of every integrator, the controllers.
// This binary counts every operator new.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>

#include "armdyn/armdyn.hpp"
#include "armdyn/simulation/controller.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"


namespace armdyn::sim {
namespace {

using armdyn::test::allocations_during;

TEST(SimNoAllocation, CountingWorks) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
}

TEST(SimNoAllocation, ForwardDynamicsRoutes) {
  for (const char* file : {"models/panda.urdf", "models/chain_12.urdf", "models/branching_tree.urdf"}) {
    const Model model = load_urdf(test::data_path(file));
    Data data(model);
    FdWorkspace<double> ws(model);
    std::mt19937_64 rng(3);
    const VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof),
                       tau = test::random_vector(rng, model.dof);
    for (FdMethod m : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
      EXPECT_EQ(allocations_during([&] { forward_dynamics(m, model, data, ws, q, v, tau); }), 0)
          << file << " " << to_string(m);
  }
}

TEST(SimNoAllocation, PlantIntegratorsAndControllers) {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  VecX<double> q = Eigen::Map<const VecX<double>>(puma.poses[3].q.data(), 6), v = VecX<double>::Constant(6, 0.1);
  const PointToPoint ref(q, VecX<double>::Zero(6), 1.0, Profile::kQuintic);
  for (ControlLaw law : {ControlLaw::kPd, ControlLaw::kPdGravity, ControlLaw::kComputedTorque}) {
    Controller c(model, default_gains(model, law, q, 10.0, 0.0), ref);
    Plant plant(model, c, FdMethod::kAba);
    EXPECT_EQ(allocations_during([&] { plant.acceleration(0.3, q, v); }), 0) << to_string(law);
  }
  ZeroTorque zero;
  Plant plant(model, zero, FdMethod::kAba);
  PlantField field(plant);
  for (Integrator i : {Integrator::kEuler, Integrator::kSymplecticEuler, Integrator::kRk4}) {
    Stepper stepper(i, model);
    State x{q, v, {}};
    EXPECT_EQ(allocations_during([&] { stepper.step(field, 0.0, 1e-3, x); }), 0) << to_string(i);
  }
  Stepper rk45(Integrator::kRk45, model, 0, 1e-8, 1e-8);
  State x{q, v, {}};
  double t = 0, dt = 1e-3;
  rk45.try_step(field, t, dt, x);  // the first step sizes odeint's buffers
  EXPECT_EQ(allocations_during([&] { rk45.try_step(field, t, dt, x); }), 0);
}

}  // namespace
}  // namespace armdyn::sim
