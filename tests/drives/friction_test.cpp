// Joint friction f(v) (docs/drives.md): viscous, Coulomb with separate levels, static level and
// Stribeck curve, the exact and the smooth sign; dissipative always; the drive checks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/friction.hpp"

namespace armdyn::drives {
namespace friction_test {

Drive stribeck_drive() {
  Drive d;
  d.viscous = 0.5;
  d.coulomb_positive = 2;
  d.coulomb_negative = 3;
  d.static_positive = 5;
  d.static_negative = 4;
  d.stribeck_velocity = 0.1;
  return d;
}

TEST(Friction, ViscousAndCoulombWithSeparateLevels) {
  Drive d;
  d.viscous = 0.5;
  d.coulomb_positive = 2;
  d.coulomb_negative = 3;
  EXPECT_DOUBLE_EQ(friction_torque(d, 4, Sign::kExact, 0.01), 0.5 * 4 + 2);
  EXPECT_DOUBLE_EQ(friction_torque(d, -4, Sign::kExact, 0.01), -0.5 * 4 - 3);
  EXPECT_EQ(friction_torque(d, 0, Sign::kExact, 0.01), 0.0);  // at rest: the exact form reads 0
  EXPECT_EQ(friction_torque(d, 0, Sign::kSmooth, 0.01), 0.0);
}

TEST(Friction, StribeckCurveFromStaticToCoulomb) {
  const Drive d = stribeck_drive();
  // Just off rest the level is the static one, far off it the Coulomb one.
  EXPECT_NEAR(friction_torque(d, 1e-9, Sign::kExact, 0.01), 5, 1e-9);
  EXPECT_NEAR(friction_torque(d, -1e-9, Sign::kExact, 0.01), -4, 1e-9);
  EXPECT_NEAR(friction_torque(d, 10, Sign::kExact, 0.01), 0.5 * 10 + 2, 1e-12);
  EXPECT_NEAR(friction_torque(d, -10, Sign::kExact, 0.01), -0.5 * 10 - 3, 1e-12);
  // At v = vs: Tc + (Ts - Tc) / e.
  EXPECT_NEAR(friction_torque(d, 0.1, Sign::kExact, 0.01), 0.05 + 2 + 3 * std::exp(-1.0), 1e-14);
  // Without a Stribeck velocity the static level is not felt in motion.
  Drive flat = d;
  flat.stribeck_velocity = 0;
  EXPECT_NEAR(friction_torque(flat, 1e-9, Sign::kExact, 0.01), 2, 1e-9);
}

TEST(Friction, SmoothSignIsTanhAndMeetsTheExactOne) {
  const Drive d = stribeck_drive();
  const double eps = 0.01;
  EXPECT_NEAR(friction_torque(d, 0.005, Sign::kSmooth, eps),
              0.5 * 0.005 + std::tanh(0.5) * dry_level(d, 0.005), 1e-14);
  EXPECT_NEAR(friction_torque(d, 0.5, Sign::kSmooth, eps), friction_torque(d, 0.5, Sign::kExact, eps), 1e-12);
  // Continuous through 0 (the exact one jumps by Ts+ + Ts-).
  EXPECT_LT(std::abs(friction_torque(d, 1e-12, Sign::kSmooth, eps) - friction_torque(d, -1e-12, Sign::kSmooth, eps)),
            1e-8);
}

TEST(Friction, NeverAddsEnergy) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-5, 5);
  const Drive d = stribeck_drive();
  for (int k = 0; k < 1000; ++k) {
    const double v = u(rng);
    for (Sign s : {Sign::kExact, Sign::kSmooth}) EXPECT_GE(v * friction_torque(d, v, s, 0.01), 0.0) << v;
  }
}

TEST(CheckDrive, NamesTheKey) {
  const auto message = [](const Drive& d) {
    try {
      check_drive(d, "arm.json: joints.elbow");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  Drive d;
  EXPECT_EQ(message(d), "no error");
  d.gear_ratio = 0;
  EXPECT_EQ(message(d), "arm.json: joints.elbow.gear_ratio: must be nonzero (got 0)");
  d = Drive{};
  d.coulomb_negative = -1;
  EXPECT_EQ(message(d), "arm.json: joints.elbow.coulomb[1]: must be >= 0 and finite (got -1)");
  d = Drive{};
  d.coulomb_positive = 2;
  d.static_positive = 1;
  EXPECT_EQ(message(d), "arm.json: joints.elbow.static[0]: must be >= the Coulomb level 2 (got 1)");
  d = Drive{};
  d.efficiency = 1.5;
  EXPECT_EQ(message(d), "arm.json: joints.elbow.efficiency: must be in (0, 1] (got 1.5)");
  d = Drive{};
  d.rotor_inertia = std::nan("");
  EXPECT_EQ(message(d), "arm.json: joints.elbow.rotor_inertia: must be >= 0 and finite (got nan)");
  d = Drive{};
  d.motor = Motor{MotorType::kDc3, {}, {}};
  d.motor->dc = DcMotor{1.0, 0.0, 0.1, 0.1};
  EXPECT_EQ(message(d), "arm.json: joints.elbow.motor.inductance: must be positive and finite (got 0)");
  d.motor->type = MotorType::kHydraulic5;
  EXPECT_EQ(message(d), "arm.json: joints.elbow.motor.piston_area: must be positive and finite (got 0)");
}

}  // namespace friction_test
}  // namespace armdyn::drives
