// Simulation with drives (docs/drives.md):
//  - a passive arm with viscous friction loses exactly the energy the friction dissipates,
//    E(0) - E(t) = int B |v|^2 dt, and Craig's programming exercise part 6 (c) (v = 5 N m s);
//  - rotor inertia enters the simulated acceleration;
//  - stiction mode: a block on a slope is held while gravity's pull stays below the static
//    level, and slides at (pull - Coulomb) / m once it exceeds it;
//  - an empty drive set changes nothing, bit for bit.
#include <gtest/gtest.h>

#include "armdyn/armdyn.hpp"
#include "armdyn/drives/catalogue.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/allocation_counter.hpp"
#include "support/simulation_run.hpp"
#include "support/test_util.hpp"

namespace armdyn::sim {
namespace {

using test::kDeg;
using test::vec;
using namespace test_support;

Model craig3r() { return builtin_model("craig3r").model.with_gravity(Vec3<double>(0, 0, -9.8)); }

drives::DriveSet viscous(const Model& model, double B) {
  drives::Drive d;
  d.viscous = B;
  return drives::DriveSet(std::vector<drives::Drive>(static_cast<std::size_t>(model.dof), d), model.joint_names, "test");
}

TEST(DriveSimulation, ViscousFrictionDissipatesItsIntegral) {
  const Model model = craig3r();
  const drives::DriveSet B = viscous(model, 5.0);
  ZeroTorque source;
  SimulationOptions o = rk45(1e-11, 1e-12, 1.0, 1e-4);
  o.drives = &B;
  const std::vector<Sample> rows = run(model, vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  ASSERT_EQ(rows.size(), 10001u);
  // The trapezoid on a 0.1 ms grid: its error, h^2/12 T max|d^2/dt^2 (B v^2)|, is below 1e-5 J here
  // (rk45 at these tolerances adds less).
  double dissipated = 0;
  for (std::size_t k = 1; k < rows.size(); ++k)
    dissipated += 0.5 * (rows[k].t - rows[k - 1].t) * 5.0 * (rows[k].v.squaredNorm() + rows[k - 1].v.squaredNorm());
  const double lost = rows.front().energy() - rows.back().energy();
  EXPECT_GT(lost, 50);
  EXPECT_NEAR(lost, dissipated, 1e-5);
}

TEST(DriveSimulation, CraigPart6ExerciseC) {
  // Test (c): viscous friction 5 N m s at each joint, from [30, 30, 10] deg; RK4 at 1 ms: the
  // energy falls by 17.05 J by 0.5 s, 55.78 J by 1 s, 83.39 J by 3 s (printed to 2 decimals),
  // and theta(3 s) = [-107.8909, -6.2456, 11.3609] deg.
  const Model model = craig3r();
  const drives::DriveSet B = viscous(model, 5.0);
  ZeroTorque source;
  SimulationOptions o = fixed_step(Integrator::kRk4, 1e-3, 3.0, 0.5);
  o.drives = &B;
  const std::vector<Sample> rows = run(model, vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  ASSERT_EQ(rows.size(), 7u);
  EXPECT_NEAR(rows[1].energy() - rows[0].energy(), -17.05, 0.005);
  EXPECT_NEAR(rows[2].energy() - rows[0].energy(), -55.78, 0.005);
  EXPECT_NEAR(rows[6].energy() - rows[0].energy(), -83.39, 0.005);
  EXPECT_LT((rows[6].q / kDeg - vec({-107.8909, -6.2456, 11.3609})).cwiseAbs().maxCoeff(), 5.1e-5);
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_LT(rows[k].energy(), rows[k - 1].energy());
}

TEST(DriveSimulation, RotorInertiaSlowsTheArm) {
  const Model model = craig3r();
  drives::Drive d;
  d.gear_ratio = 20;
  d.rotor_inertia = 1e-3;  // G^2 Jm = 0.4 kg m^2 on each joint
  const drives::DriveSet set(std::vector<drives::Drive>(3, d), model.joint_names, "test");
  ZeroTorque source;
  SimulationOptions o = rk45(1e-10, 1e-12, 0.5, 0.5);
  o.drives = &set;
  const VecX<double> q0 = vec({30 * kDeg, 30 * kDeg, 10 * kDeg});
  const std::vector<Sample> rows = run(model, q0, source, o);
  Data data(model);
  const VecX<double> a0 = drives::drive_forward_dynamics(model, set, data, q0, VecX<double>::Zero(3),
                                                         VecX<double>::Zero(3));
  EXPECT_LT((rows.front().a - a0).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_GT((rows.front().a - vec({-19.555412, 26.690896, -7.135484})).cwiseAbs().maxCoeff(), 1);
  // No friction: links plus rotors keep their energy.
  EXPECT_NEAR(rows.back().energy(), rows.front().energy(), 1e-7);
  // The samples' kinetic energy includes the rotors' 1/2 G^2 Jm v^2.
  terms::Workspace<double> ws(model, terms::Storage::kQuadratic);
  const Sample& end = rows.back();
  EXPECT_NEAR(end.kinetic - terms::kinetic_energy(model, ws, end.q, end.v), 0.5 * 0.4 * end.v.squaredNorm(), 1e-12);
  EXPECT_GT(end.v.squaredNorm(), 1);
}

// A block of 2 kg sliding along x on a plane tilted by `slope` (gravity's pull along the slide
// 2 g sin(slope) towards -x), with Coulomb friction 8 N and static friction `Ts`.
Model block(double slope) {
  ModelBuilder b("block", "block");
  JointSpec slide;
  slide.name = "slide";
  slide.type = JointType::kPrismatic;
  slide.axis = Vec3<double>::UnitX();
  LinkInertial in;
  in.mass = 2;
  in.inertia = Mat3<double>::Identity() * 0.01;
  b.add_link("base", slide, "block", in);
  b.set_gravity(Vec3<double>(-9.81 * std::sin(slope), 0, -9.81 * std::cos(slope)));
  return b.build();
}

drives::DriveSet block_friction(const Model& model, double Ts) {
  drives::Drive d;
  d.coulomb_positive = d.coulomb_negative = 8;
  d.static_positive = d.static_negative = Ts;
  return drives::DriveSet({d}, model.joint_names, "test");
}

TEST(Stiction, HoldsABlockOnASlopeBelowTheStaticLevel) {
  const Model model = block(30 * kDeg);  // pull 9.81 N
  const drives::DriveSet held = block_friction(model, 12);
  ZeroTorque source;
  SimulationOptions o = rk45(1e-10, 1e-12, 1.0, 0.25);
  o.drives = &held;
  o.stiction.enabled = true;
  const std::vector<Sample> rows = run(model, vec({0.3}), source, o);
  for (const Sample& s : rows) {
    EXPECT_EQ(s.q[0], 0.3) << s.t;
    EXPECT_EQ(s.v[0], 0.0) << s.t;
  }
  // Without stiction mode the static level is not felt (no Stribeck velocity): it slides; and
  // with a static level below the pull it slides too: (9.81 - 8) / 2 = 0.905 m/s^2 down the slope.
  o.stiction.enabled = false;
  EXPECT_LT(run(model, vec({0.3}), source, o).back().q[0], 0.3 - 1e-3);
  const drives::DriveSet weak = block_friction(model, 9.5);
  o.drives = &weak;
  o.stiction.enabled = true;
  const std::vector<Sample> slide = run(model, vec({0.3}), source, o);
  const double a = (2 * 9.81 * 0.5 - 8) / 2;
  for (const Sample& s : slide) {
    EXPECT_NEAR(s.q[0], 0.3 - 0.5 * a * s.t * s.t, 1e-8) << s.t;
    EXPECT_NEAR(s.a[0], -a, 1e-9) << s.t;
  }
}

TEST(Stiction, ReleasesWhenTheAppliedForceExceedsTheStaticLevel) {
  const Model model = block(0);  // level: no pull; a force ramp 0 -> 20 N over 2 s
  const drives::DriveSet set = block_friction(model, 12);
  TorqueTable ramp({0.0, 2.0}, {vec({0.0}), vec({20.0})});
  SimulationOptions o = rk45(1e-10, 1e-12, 2.0, 0.05);
  o.drives = &set;
  o.stiction.enabled = true;
  const std::vector<Sample> rows = run(model, vec({0.0}), ramp, o);
  for (const Sample& s : rows) {
    if (s.t <= 1.2 + 1e-9) {  // force 10 t <= 12 N: held
      EXPECT_EQ(s.q[0], 0.0) << s.t;
    } else {                   // then it moves with (10 t - 8) / 2 from rest at t = 1.2
      const double t = s.t, t0 = 1.2;
      const double v = (5 * (t * t - t0 * t0) - 8 * (t - t0)) / 2;
      EXPECT_NEAR(s.v[0], v, 1e-6) << t;
      EXPECT_GT(s.v[0], 0) << t;
    }
  }
}

TEST(DriveSimulation, EmptyDriveSetChangesNothing) {
  const Model model = craig3r();
  const drives::DriveSet none;
  ZeroTorque source;
  SimulationOptions o = fixed_step(Integrator::kRk4, 1e-3, 0.5, 0.1);
  const std::vector<Sample> bare = run(model, vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  o.drives = &none;
  const std::vector<Sample> with = run(model, vec({30 * kDeg, 30 * kDeg, 10 * kDeg}), source, o);
  ASSERT_EQ(bare.size(), with.size());
  for (std::size_t k = 0; k < bare.size(); ++k) {
    EXPECT_EQ(bare[k].q, with[k].q);
    EXPECT_EQ(bare[k].v, with[k].v);
    EXPECT_EQ(bare[k].a, with[k].a);
    EXPECT_EQ(bare[k].energy(), with[k].energy());
  }
}

TEST(DriveSimulation, PlantEvaluationAllocatesNothing) {
  const Model model = builtin_model("puma560").model;
  const drives::DriveSet set = drives::builtin_drives("puma560", model);
  const VecX<double> q = vec({0.1, -0.5, 0.9, 0.2, -0.4, 0.3}), v = vec({0.5, 0, 1e-4, -0.3, 2, 0});
  ConstantTorque source(vec({1, 30, 5, 0.1, 0.2, 0.1}));
  for (bool stiction : {false, true}) {
    StictionOptions s;
    s.enabled = stiction;
    Plant plant(model, source, FdMethod::kAba, &set, s);
    plant.acceleration(0, q, v);
    EXPECT_EQ(test::allocations_during([&] { plant.acceleration(0.1, q, v); }), 0) << stiction;
  }
}

}  // namespace
}  // namespace armdyn::sim
