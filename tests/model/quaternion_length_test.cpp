// A quaternion in q is read as its unit one whatever its finite, non-zero length (docs/models.md),
// however large or small: its rotation (kinematics/joint.hpp), the integrators' renormalisation
// (kinematics/configuration.hpp) and a simulation's start. Reference: the same state with the unit
// quaternion. Zero and non-finite quaternions are refused with a message that says which.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace quaternion_length_test {

using test::random_inertial;
using V3 = Vec3<double>;

/// A floating body on a quaternion joint (q[3..6]) carrying a revolute hand.
Model free_arm() {
  std::mt19937_64 rng(11);
  ModelBuilder b("test", "free_arm");
  CompoundJointSpec free = test::compound_joint("free", JointKind::kFloating, "quaternion");
  b.add_link("base", free, "body", random_inertial(rng));
  JointSpec hand;
  hand.name = "hand";
  hand.origin = Transform<double>{test::random_rotation(rng), test::random_vec3(rng, -0.3, 0.3)};
  hand.axis = test::random_unit_vector(rng);
  b.add_link("body", hand, "tip", random_inertial(rng));
  return b.build();
}

/// q with the quaternion's four numbers set to `quaternion`.
VecX<double> with_quaternion(const VecX<double>& q, const Eigen::Vector4d& quaternion) {
  VecX<double> out = q;
  out.segment<4>(3) = quaternion;
  return out;
}

/// The largest relative difference of tau, M, qdd (every FD route) and the tip's pose between q
/// and q_unit.
double worst_difference(const Model& m, const VecX<double>& q, const VecX<double>& q_unit, const VecX<double>& v,
                        const VecX<double>& a) {
  Data d(m), du(m);
  FdWorkspace<double> ws(m), wsu(m);
  double worst = test::rel_diff(rnea(m, d, q, v, a), rnea(m, du, q_unit, v, a));
  worst = std::max(worst, test::rel_diff(crba(m, d, q), crba(m, du, q_unit)));
  const VecX<double> tau = rnea(m, du, q_unit, v, a);
  for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
    worst = std::max(worst, test::rel_diff(forward_dynamics(method, m, d, ws, q, v, tau),
                                           forward_dynamics(method, m, du, wsu, q_unit, v, tau)));
  forward_kinematics(m, d, q);
  forward_kinematics(m, du, q_unit);
  return std::max(worst, test::rel_diff(d.oMb[m.dof - 1].matrix(), du.oMb[m.dof - 1].matrix()));
}

TEST(QuaternionLength, AnyFiniteNonZeroLengthGivesTheUnitQuaternionsDynamics) {
  const Model m = free_arm();
  std::mt19937_64 rng(12);
  const VecX<double> v = test::random_vector(rng, m.dof), a = test::random_vector(rng, m.dof);
  VecX<double> q_unit(m.nq());
  q_unit << 0.1, -0.2, 0.3, 0, 0, 0, 0, 0.7;
  const Eigen::Vector4d unit = Eigen::Vector4d(0.3, -0.5, 0.2, 0.7).normalized();
  q_unit.segment<4>(3) = unit;
  for (double scale : {1e-300, 1e-200, 1e-160, 1e-140, 1e-10, 2.5, 1e140, 1e160, 1e200, 1e300}) {
    const VecX<double> q = with_quaternion(q_unit, scale * unit);
    EXPECT_LT(worst_difference(m, q, q_unit, v, a), 1e-12) << "scale " << scale;
  }
  // Subnormal numbers: (3, 4, 0, 12) / 13 in multiples of 2^-1070, each held exactly.
  const double tiny = std::ldexp(1.0, -1070);
  const Eigen::Vector4d ratios(3, 4, 0, 12);
  EXPECT_LT(worst_difference(m, with_quaternion(q_unit, tiny * ratios), with_quaternion(q_unit, ratios / 13), v, a), 1e-12);
  EXPECT_LT(worst_difference(m, with_quaternion(q_unit, Eigen::Vector4d(1e-320, 0, 0, 0)),
                             with_quaternion(q_unit, Eigen::Vector4d(1, 0, 0, 0)), v, a),
            1e-12);
  // The largest doubles, whose squares and sum overflow.
  const double big = std::numeric_limits<double>::max();
  EXPECT_LT(worst_difference(m, with_quaternion(q_unit, Eigen::Vector4d(big, -big, big, big)),
                             with_quaternion(q_unit, Eigen::Vector4d(0.5, -0.5, 0.5, 0.5)), v, a),
            1e-12);
}

TEST(QuaternionLength, ZeroOrNonFiniteQuaternionsAreRefusedSayingWhich) {
  const Model m = free_arm();
  Data d(m);
  const VecX<double> v = VecX<double>::Zero(m.dof), q = neutral_configuration(m);
  const auto message = [&](const Eigen::Vector4d& quaternion) -> std::string {
    try {
      rnea(m, d, with_quaternion(q, quaternion), v, v);
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(message(Eigen::Vector4d::Zero()), "q: the quaternion q[3..6] is zero");
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(message(Eigen::Vector4d(inf, 0, 0, 0)), "q: the quaternion q[3..6] is not finite");
  EXPECT_EQ(message(Eigen::Vector4d(1, nan, 0, 0)), "q: the quaternion q[3..6] is not finite");
  EXPECT_EQ(message(Eigen::Vector4d(0, 0, 0, 4.9e-324)), "accepted");  // the smallest double: a direction
}

TEST(QuaternionLength, NormalisationScalesAnyLengthToOne) {
  const Model m = free_arm();
  const Eigen::Vector4d unit = Eigen::Vector4d(-0.1, 0.4, 0.8, -0.3).normalized();
  for (double scale : {1e-300, 1e-160, 1e160, 1e300}) {
    VecX<double> q = with_quaternion(neutral_configuration(m), scale * unit);
    normalize_configuration(m, q);
    EXPECT_LT((q.segment<4>(3) - unit).norm(), 1e-15) << "scale " << scale;
    // A step from a scaled quaternion ends at unit length.
    q = with_quaternion(neutral_configuration(m), scale * unit);
    integrate_configuration<double>(m, q, VecX<double>::Constant(m.dof, 0.01));
    EXPECT_NEAR(q.segment<4>(3).norm(), 1.0, 1e-15) << "scale " << scale;
  }
  VecX<double> subnormal = with_quaternion(neutral_configuration(m), std::ldexp(1.0, -1070) * Eigen::Vector4d(3, 4, 0, 12));
  normalize_configuration(m, subnormal);
  EXPECT_LT((subnormal.segment<4>(3) - Eigen::Vector4d(3, 4, 0, 12) / 13).norm(), 1e-15);
  VecX<double> zero = with_quaternion(neutral_configuration(m), Eigen::Vector4d::Zero());
  normalize_configuration(m, zero);  // left as it is: a diverged state stays visible
  EXPECT_TRUE(zero.segment<4>(3).isZero(0));
}

TEST(QuaternionLength, ASimulationFromAScaledQuaternionFollowsTheUnitOnes) {
  const Model m = free_arm();
  VecX<double> q_unit = neutral_configuration(m);
  const Eigen::Vector4d unit = Eigen::Vector4d(0.6, 0.0, 0.8, 0.0);
  q_unit.segment<4>(3) = unit;
  VecX<double> v0(m.dof);
  v0 << 0.1, 0, -0.1, 1.0, -2.0, 0.5, 0.3;
  sim::SimulationOptions options;
  options.duration = 0.2;
  options.dt = 1e-3;
  options.output_period = 0.05;
  const auto run = [&](const VecX<double>& q0) {
    std::vector<VecX<double>> out;
    sim::ZeroTorque zero;
    sim::simulate(m, q0, v0, zero, options, [&](const sim::Sample& s) { out.push_back(s.q); });
    return out;
  };
  const std::vector<VecX<double>> reference = run(q_unit);
  for (double scale : {1e-300, 1e-160, 1e160, 1e300}) {
    const std::vector<VecX<double>> scaled = run(with_quaternion(q_unit, scale * unit));
    ASSERT_EQ(scaled.size(), reference.size());
    for (std::size_t k = 0; k < scaled.size(); ++k)
      EXPECT_LT((scaled[k] - reference[k]).norm(), 1e-12) << "scale " << scale << ", sample " << k;
  }
}

}  // namespace quaternion_length_test
}  // namespace armdyn
