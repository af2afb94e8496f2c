// The drives' joint-side terms (docs/drives.md): the reflected inertia G^2 Jm on M's diagonal and
// nowhere else; drive_torque = (M + diag(G^2 Jm)) a + c + f(v); drive forward dynamics inverting
// it; an empty set adding nothing; the motor torque through a gear of efficiency eta.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/armdyn.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn::drives {
namespace drive_dynamics_test {

// Every term on every joint, drawn at random (static >= Coulomb, some asymmetric).
DriveSet random_drives(const Model& model, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Drive> out;
  for (int j = 0; j < model.dof; ++j) {
    Drive d;
    d.gear_ratio = (u(rng) < 0.5 ? -1 : 1) * (1 + 100 * u(rng));
    d.rotor_inertia = 1e-4 * u(rng);
    d.viscous = 2 * u(rng);
    d.coulomb_positive = u(rng);
    d.coulomb_negative = u(rng);
    d.static_positive = d.coulomb_positive + u(rng);
    d.static_negative = d.coulomb_negative + u(rng);
    d.stribeck_velocity = 0.05 + 0.5 * u(rng);
    d.efficiency = 0.5 + 0.5 * u(rng);
    out.push_back(d);
  }
  return DriveSet(std::move(out), model.joint_names, "random");
}

std::vector<Model> models() {
  std::vector<Model> out = test::random_chains(7);
  out.push_back(builtin_model("puma560").model);
  return out;
}

TEST(DriveMassMatrix, ReflectedInertiaOnTheDiagonalOnly) {
  std::mt19937_64 rng(11);
  for (const Model& model : models()) {
    const DriveSet drives = random_drives(model, rng);
    const test::State s = test::random_state(model, rng);
    Data data(model);
    const MatX<double> M = crba(model, data, s.q);
    const MatX<double> Md = drive_mass_matrix(model, drives, data, s.q);
    for (int i = 0; i < model.dof; ++i)
      for (int k = 0; k < model.dof; ++k) {
        if (i != k) {
          EXPECT_EQ(Md(i, k), M(i, k)) << model.name;  // exactly: nothing added off the diagonal
        } else {
          const double r = drives[i].reflected_inertia();
          EXPECT_GT(r, 0);
          EXPECT_EQ(Md(i, i), M(i, i) + r) << model.name;
        }
      }
  }
}

TEST(DriveTorque, MassMatrixTimesAccelerationPlusBiasPlusFriction) {
  std::mt19937_64 rng(12);
  for (const Model& model : models()) {
    const DriveSet drives = random_drives(model, rng);
    const test::State s = test::random_state(model, rng);
    Data data(model);
    const VecX<double> tau = drive_torque(model, drives, data, s.q, s.v, s.a);
    const MatX<double> Md = drive_mass_matrix(model, drives, data, s.q);
    const VecX<double> c = nonlinear_effects(model, data, s.q, s.v);
    VecX<double> f;
    friction_torques(drives, s.v, Sign::kExact, f);
    EXPECT_GT(f.cwiseAbs().minCoeff(), 0);
    EXPECT_LT(test::rel_diff(tau, VecX<double>(Md * s.a + c + f)), 1e-10) << model.name;
    // Without the drives the same state needs another torque (the check sees them).
    EXPECT_GT(test::rel_diff(rnea(model, data, s.q, s.v, s.a), tau), 1e-3) << model.name;
  }
}

TEST(DriveForwardDynamics, InvertsDriveTorque) {
  std::mt19937_64 rng(13);
  for (const Model& model : models()) {
    const DriveSet drives = random_drives(model, rng);
    const test::State s = test::random_state(model, rng);
    Data data(model);
    for (Sign sign : {Sign::kSmooth, Sign::kExact}) {
      const VecX<double> tau = drive_torque(model, drives, data, s.q, s.v, s.a, sign);
      const VecX<double> a = drive_forward_dynamics(model, drives, data, s.q, s.v, tau, sign);
      EXPECT_LT(test::rel_diff(a, s.a), 1e-10) << model.name;
    }
  }
}

TEST(DriveDynamics, AnEmptySetAddsNothing) {
  std::mt19937_64 rng(14);
  for (const Model& model : models()) {
    const test::State s = test::random_state(model, rng);
    Data data(model), rigid(model);
    const DriveSet none;
    EXPECT_EQ(drive_torque(model, none, data, s.q, s.v, s.a), rnea(model, rigid, s.q, s.v, s.a));
    EXPECT_EQ(drive_mass_matrix(model, none, data, s.q), crba(model, rigid, s.q));
    EXPECT_LT(test::rel_diff(drive_forward_dynamics(model, none, data, s.q, s.v, s.tau),
                             forward_dynamics(model, rigid, s.q, s.v, s.tau)),
              1e-12);
    EXPECT_EQ(rotor_kinetic_energy(none, s.v), 0.0);
  }
}

TEST(DriveDynamics, WrongSizedSetIsAnInputError) {
  const Model model = builtin_model("puma560").model;
  const DriveSet three = DriveSet::rigid(3);
  Data data(model);
  const VecX<double> z = VecX<double>::Zero(6);
  try {
    drive_torque(model, three, data, z, z, z);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "rigid: 3 drives for the 6 joints of 'puma560'");
  }
}

TEST(DriveDynamics, RotorKineticEnergy) {
  const Model model = builtin_model("puma560").model;
  std::mt19937_64 rng(15);
  const DriveSet drives = random_drives(model, rng);
  const VecX<double> v = test::random_vector(rng, 6);
  double expected = 0;
  for (int j = 0; j < 6; ++j) expected += 0.5 * drives[j].gear_ratio * drives[j].gear_ratio * drives[j].rotor_inertia * v[j] * v[j];
  EXPECT_NEAR(rotor_kinetic_energy(drives, v), expected, 1e-15 * expected);
  // It is the reflected inertia's share of 1/2 v^T M v.
  Data data(model);
  const double with = 0.5 * v.dot(drive_mass_matrix(model, drives, data, VecX<double>::Zero(6)) * v);
  const double without = 0.5 * v.dot(crba(model, data, VecX<double>::Zero(6)) * v);
  EXPECT_NEAR(with - without, expected, 1e-12);
}

TEST(MotorTorque, EfficiencyWhenDrivingAndWhenBackDriven) {
  Drive d;
  d.gear_ratio = 50;
  d.rotor_inertia = 2e-4;
  d.efficiency = 0.8;
  const double a = 3, rotor = 2e-4 * 50 * 3;
  // Driving: the motor supplies the load's power and the gear's loss.
  EXPECT_NEAR(motor_torque(d, 10, 1.0, a), rotor + 10 / (50 * 0.8), 1e-15);
  EXPECT_NEAR(motor_torque(d, -10, -1.0, a), rotor - 10 / (50 * 0.8), 1e-15);
  // Back-driven (the load pushes the motor, e.g. lowering a weight): the gear eats a share.
  EXPECT_NEAR(motor_torque(d, -10, 1.0, a), rotor - 10 * 0.8 / 50, 1e-15);
  EXPECT_NEAR(motor_torque(d, 10, -1.0, a), rotor + 10 * 0.8 / 50, 1e-15);
  // Power balance: driving, the motor's power exceeds the load's; back-driven, the load's exceeds the motor's.
  const double v = 1.0, G = 50;
  EXPECT_GT((motor_torque(d, 10, v, 0) * G * v), 10 * v);
  EXPECT_LT(std::abs(motor_torque(d, -10, v, 0) * G * v), 10 * v);
  // eta = 1: G tau_m = G^2 Jm a + tau, the joint-side equation.
  d.efficiency = 1;
  EXPECT_NEAR(G * motor_torque(d, 10, v, a), G * G * 2e-4 * a + 10, 1e-12);
  EXPECT_NEAR(G * motor_torque(d, -10, v, a), G * G * 2e-4 * a - 10, 1e-12);
}

}  // namespace drive_dynamics_test
}  // namespace armdyn::drives
