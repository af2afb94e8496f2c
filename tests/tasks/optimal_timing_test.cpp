// The least-energy velocity distribution along a path (tasks/optimal_timing.hpp, [VP] §3.13 (b)),
// on one joint about z (no gravity torque) with a dc2 motor, a pure inertia load J and no friction:
//  - the energy is then ∫ R i² dt with i = J q'' / (Kt G) (the back-emf power integrates to the
//    kinetic energy's change, zero rest to rest), which for a displacement L in T is least for the
//    cubic q(t): the parabolic velocity v(t) = 6 L t (T − t) / T³, energy 12 R J² L² / ((Kt G)² T³);
//    the triangular profile needs 16 (4/3 of it). The dynamic programme's velocity lies on the
//    parabola within the grid's tolerance and its energy within 1 % of the continuous optimum;
//  - its energy is at most the triangular's and the trapezoidal's on the same grid;
//  - more candidates per stage (nested grids, one pass) lower the energy or keep it;
//  - a voltage bound below the optimum's peak is respected at every sample; a bound no motion can
//    meet is a clear error; dc3 motors and bad options are refused.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/tasks/optimal_timing.hpp"
#include "support/test_util.hpp"

namespace armdyn::tasks {
namespace optimal_timing_test {

using drives::Drive;
using drives::DriveSet;

constexpr double kL = 1.2, kT = 1.0;
constexpr double kR = 1.5, kKt = 0.1, kKe = 0.1, kG = 50, kJm = 2e-4;

// 2 kg at 0.5 m about z, gravity along -z: J = 0.6 + G² Jm = 1.1 kg m².
Model one_joint() {
  ModelBuilder b("one_joint", "one_joint");
  JointSpec hinge;
  hinge.name = "hinge";
  LinkInertial in;
  in.mass = 2;
  in.com = Vec3<double>(0.5, 0, 0);
  in.inertia = Vec3<double>(0.05, 0.05, 0.1).asDiagonal();
  b.add_link("base", hinge, "arm", in);
  b.set_gravity(Vec3<double>(0, 0, -9.81));
  return b.build();
}
constexpr double kJ = 0.6 + kG * kG * kJm;

DriveSet motor(double max_voltage = drives::kUnlimited, drives::MotorType type = drives::MotorType::kDc2) {
  Drive d;
  d.gear_ratio = kG;
  d.rotor_inertia = kJm;
  drives::Motor m;
  m.type = type;
  m.dc.resistance = kR;
  m.dc.torque_constant = kKt;
  m.dc.back_emf_constant = kKe;
  m.dc.max_voltage = max_voltage;
  if (type == drives::MotorType::kDc3) m.dc.inductance = 1e-3;
  d.motor = m;
  return DriveSet({d}, {"hinge"}, "act.json");
}

const JointPath kPath = [](double lambda) { return test::vec({kL * lambda}); };

double continuous_optimum() { return 12 * kR * kJ * kJ * kL * kL / (kKt * kG * kKt * kG * kT * kT * kT); }

TimingOptions options(int steps = 40, int candidates = 15, int passes = 20) {
  TimingOptions o;
  o.duration = kT;
  o.steps = steps;
  o.candidates = candidates;
  o.passes = passes;
  return o;
}

TEST(OptimalTiming, ApproachesTheParabolicVelocityOfTheContinuousOptimum) {
  const Model model = one_joint();
  const TimingSolution s = optimize_timing(model, motor(), kPath, options());
  ASSERT_EQ(s.t.size(), 41u);
  EXPECT_EQ(s.lambda.front(), 0.0);
  EXPECT_EQ(s.lambda.back(), 1.0);
  const double peak = 1.5 * kL / kT;  // the parabola's peak velocity
  for (std::size_t k = 0; k < s.t.size(); ++k) {
    const double t = s.t[k];
    EXPECT_NEAR(s.v[k][0], 6 * kL * t * (kT - t) / (kT * kT * kT), 0.03 * peak) << "t = " << t;
  }
  EXPECT_NEAR(s.total_energy(), continuous_optimum(), 0.01 * continuous_optimum());
  // The triangular profile on the same path needs about 4/3 of it.
  const TimingSolution tri = evaluate_timing(model, motor(), kPath, triangular_timing(40), kT);
  EXPECT_NEAR(tri.total_energy() / continuous_optimum(), 4.0 / 3.0, 0.05);
}

TEST(OptimalTiming, NoWorseThanTheTriangularAndTrapezoidalProfiles) {
  const Model model = one_joint();
  const DriveSet drives = motor();
  for (int m : {5, 9, 15}) {
    const TimingSolution s = optimize_timing(model, drives, kPath, options(30, m, 20));
    const double tri = evaluate_timing(model, drives, kPath, triangular_timing(30), kT).total_energy();
    const double trap = evaluate_timing(model, drives, kPath, trapezoidal_timing(30, 1.5), kT).total_energy();
    EXPECT_LE(s.total_energy(), tri) << "M = " << m;
    EXPECT_LE(s.total_energy(), trap) << "M = " << m;
    EXPECT_LT(s.total_energy(), 0.9 * tri) << "M = " << m;
  }
}

TEST(OptimalTiming, MoreCandidatesLowerOrKeepTheEnergy) {
  const Model model = one_joint();
  double previous = std::numeric_limits<double>::infinity();
  for (int m : {3, 5, 9, 17, 33}) {  // nested grids: 2 (M − 1) + 1
    const double e = optimize_timing(model, motor(), kPath, options(20, m, 1)).total_energy();
    EXPECT_LE(e, previous * (1 + 1e-12)) << "M = " << m;
    previous = e;
  }
}

TEST(OptimalTiming, RespectsTheVoltageBound) {
  const Model model = one_joint();
  const TimingSolution free = optimize_timing(model, motor(), kPath, options());
  const double bound = 0.97 * free.peak_voltage()[0];
  const TimingSolution s = optimize_timing(model, motor(bound), kPath, options());
  EXPECT_LE(s.peak_voltage()[0], bound);
  EXPECT_GE(s.total_energy(), free.total_energy());
}

TEST(OptimalTiming, AnImpossibleBoundIsAClearError) {
  const Model model = one_joint();
  try {
    optimize_timing(model, motor(0.5), kPath, options(20, 9, 2));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("within max_voltage"), std::string::npos) << what;
    EXPECT_NE(what.find("joint 'hinge'"), std::string::npos) << what;
  }
}

TEST(OptimalTiming, RefusesDc3MotorsAndBadOptions) {
  const Model model = one_joint();
  EXPECT_THROW(optimize_timing(model, motor(drives::kUnlimited, drives::MotorType::kDc3), kPath, options()), InputError);
  EXPECT_THROW(optimize_timing(model, motor(), kPath, options(1)), InputError);
  EXPECT_THROW(optimize_timing(model, motor(), kPath, options(20, 4)), InputError);
  TimingOptions o = options();
  o.duration = 0;
  EXPECT_THROW(optimize_timing(model, motor(), kPath, o), InputError);
  const JointPath wrong = [](double) { return test::vec({0, 1}); };
  EXPECT_THROW(optimize_timing(model, motor(), wrong, options()), InputError);
  EXPECT_THROW(evaluate_timing(model, motor(), kPath, {0, 0.6, 0.5, 1}, kT), InputError);
}

}  // namespace optimal_timing_test
}  // namespace armdyn::tasks
