// The operational-space controller allocates nothing per call (this binary counts every operator
// new: support/allocation_counter.hpp), for every orientation mode, with and without the posture
// term, continuous and sampled, and at a singularity.
#include <gtest/gtest.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/tasks/cartesian_control.hpp"
#include "support/allocation_counter.hpp"
#include "support/test_util.hpp"

namespace armdyn::tasks {
namespace {

using test::allocations_during;

TEST(OperationalSpaceNoAllocation, EveryModeAndThePosture) {
  EXPECT_GT(allocations_during([] { ::operator delete(::operator new(64)); }), 0);
  const Model model = load_urdf(test::data_path("models/panda.urdf"));
  const int frame = frame_id(model, "panda_hand_tcp");
  std::mt19937_64 rng(3);
  VecX<double> q = test::random_vector(rng, model.dof), v = test::random_vector(rng, model.dof);
  VecX<double> tau(model.dof);
  OrientationMode mode = OrientationMode::kFull;
  const ReferenceFunction reference = [&mode](double t, TaskReference& r) {
    r.t = t;
    r.p = Vec3<double>(0.4, 0.1 * t, 0.5);
    r.dp = Vec3<double>(0, 0.1, 0);
    r.orientation = mode;
    r.approach = Vec3<double>(0, 0, -1);
  };
  for (const bool posture : {false, true})
    for (const double rate : {0.0, 100.0}) {
      OperationalSpaceSpec spec;
      spec.rate = rate;
      if (posture) {
        spec.posture = q;
        default_posture_gains(model, q, 10.0, spec);
      }
      OperationalSpaceController c(model, frame, spec, reference);
      for (const OrientationMode m : {OrientationMode::kFull, OrientationMode::kApproach, OrientationMode::kFree}) {
        mode = m;
        EXPECT_EQ(allocations_during([&] {
                    c.sample(0.1, q, v);
                    c.torque(0.1, q, v, tau);
                    c.evaluate(0.2, q, v, tau);
                  }),
                  0)
            << posture << " " << rate << " " << static_cast<int>(m);
        EXPECT_TRUE(tau.allFinite());
      }
    }
  // At a singularity (the panda stretched out, q = 0: Lambda damped).
  OperationalSpaceController c(model, frame, OperationalSpaceSpec{}, reference);
  mode = OrientationMode::kFull;
  const VecX<double> zero = VecX<double>::Zero(model.dof);
  EXPECT_EQ(allocations_during([&] { c.evaluate(0, zero, zero, tau); }), 0);
  EXPECT_TRUE(tau.allFinite());
}

}  // namespace
}  // namespace armdyn::tasks
