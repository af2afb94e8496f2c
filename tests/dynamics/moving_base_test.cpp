// The arm on a moving base (Loads::base, armdyn/dynamics/loads.hpp; [VP] (2.3.48)). A pure translation
// of the base equals the fixed arm with gravity changed by the base's acceleration; a base that
// also turns equals the same arm carried by six massless joints (three prismatic along x, y, z,
// then three revolute about x, y, z, all at zero: their rates are the base's velocity, their
// accelerations the base's less the chain's own w x z terms) under the fixed-base rnea; forward
// dynamics on the moving base inverts its inverse dynamics; and a base at rest is the fixed base.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/model/builder.hpp"

namespace armdyn {
namespace moving_base_test {

LinkInertial inertial(double m, const Vec3<double>& c, const Vec3<double>& I) {
  LinkInertial out;
  out.mass = m;
  out.com = c;
  out.inertia = I.asDiagonal();
  return out;
}

JointSpec joint(const std::string& name, JointType type, const Vec3<double>& axis, const Vec3<double>& at) {
  JointSpec j;
  j.name = name;
  j.type = type;
  j.axis = axis;
  j.origin = Transform<double>::translation(at);
  return j;
}

// A spatial R-R-P arm; with `carried`, behind six massless joints standing for the base's motion.
Model arm(bool carried) {
  ModelBuilder b("moving_base_test", carried ? "carried" : "arm");
  b.set_gravity(Vec3<double>(0.5, -0.3, -9.81));
  std::string parent = "base";
  if (carried) {
    const char* names[] = {"px", "py", "pz", "rx", "ry", "rz"};
    for (int k = 0; k < 6; ++k) {
      b.add_link(parent, joint(std::string(names[k]) + "_joint", k < 3 ? JointType::kPrismatic : JointType::kRevolute,
                               Vec3<double>::Unit(k % 3), Vec3<double>::Zero()),
                 names[k], LinkInertial{});
      parent = names[k];
    }
  }
  b.add_link(parent, joint("j1", JointType::kRevolute, Vec3<double>::UnitZ(), Vec3<double>(0, 0, 0.3)), "l1",
             inertial(3, {0.1, 0, 0.05}, {0.02, 0.03, 0.04}));
  b.add_link("l1", joint("j2", JointType::kRevolute, Vec3<double>::UnitY(), Vec3<double>(0.1, 0, 0.2)), "l2",
             inertial(2, {0.3, 0, 0}, {0.01, 0.05, 0.05}));
  b.add_link("l2", joint("j3", JointType::kPrismatic, Vec3<double>::UnitX(), Vec3<double>(0.6, 0, 0)), "l3",
             inertial(1, {0.05, 0.02, 0}, {0.002, 0.003, 0.004}));
  return b.build();
}

// The loads of a base moving as `base` says, nothing else.
Loads<double> on(const BaseMotion<double>& base) {
  Loads<double> loads;
  loads.base = base;
  return loads;
}

VecX<double> random_vector(int n, std::mt19937_64& rng, double scale = 1) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return VecX<double>::NullaryExpr(n, [&] { return u(rng); });
}

TEST(MovingBase, PureTranslationIsGravityChanged) {
  const Model model = arm(false);
  Data data(model), fixed(model);
  std::mt19937_64 rng(48);
  for (int trial = 0; trial < 20; ++trial) {
    const VecX<double> q = random_vector(3, rng), v = random_vector(3, rng, 2), a = random_vector(3, rng, 3);
    BaseMotion<double> base;
    base.v.head<3>() = random_vector(3, rng, 5);  // a constant velocity changes nothing
    base.a.head<3>() = random_vector(3, rng, 4);
    const Loads<double> loads = on(base);
    const Model shifted = model.with_gravity(model.gravity - base.a.head<3>());
    const VecX<double> tau = rnea(model, data, q, v, a, &loads);
    const VecX<double> expected = rnea(shifted, fixed, q, v, a);
    EXPECT_LT((tau - expected).cwiseAbs().maxCoeff(), 1e-12 * (1 + expected.cwiseAbs().maxCoeff())) << trial;
    EXPECT_GT((tau - rnea(model, fixed, q, v, a)).cwiseAbs().maxCoeff(), 1e-3);  // sensitivity
  }
}

TEST(MovingBase, TurningBaseEqualsTheArmCarriedByMasslessJoints) {
  const Model model = arm(false), carried = arm(true);
  Data data(model), big(carried);
  std::mt19937_64 rng(2348);
  for (int trial = 0; trial < 20; ++trial) {
    const VecX<double> q = random_vector(3, rng), v = random_vector(3, rng, 2), a = random_vector(3, rng, 3);
    BaseMotion<double> base;
    base.v = random_vector(6, rng, 2);
    base.a = random_vector(6, rng, 4);
    const Loads<double> loads = on(base);
    const Vec3<double> w = base.v.tail<3>();
    // The revolute chain x, y, z at zero: w = (qd_x, qd_y, qd_z), and
    // ẇ = qdd + qd_x e_x x qd_y e_y + (qd_x e_x + qd_y e_y) x qd_z e_z.
    const Vec3<double> chain = Vec3<double>(w.x(), 0, 0).cross(Vec3<double>(0, w.y(), 0)) +
                               Vec3<double>(w.x(), w.y(), 0).cross(Vec3<double>(0, 0, w.z()));
    VecX<double> Q = VecX<double>::Zero(9), V(9), A(9);
    Q.tail<3>() = q;
    V << base.v, v;
    A << base.a.head<3>(), base.a.tail<3>() - chain, a;
    const VecX<double> expected = rnea(carried, big, Q, V, A).tail<3>();
    const VecX<double> tau = rnea(model, data, q, v, a, &loads);
    EXPECT_LT((tau - expected).cwiseAbs().maxCoeff(), 1e-11 * (1 + expected.cwiseAbs().maxCoeff())) << trial;
    // Sensitivity: without the chain's own terms the two differ.
    A.segment<3>(3) = base.a.tail<3>();
    EXPECT_GT((rnea(carried, big, Q, V, A).tail<3>() - tau).cwiseAbs().maxCoeff(), 1e-6) << trial;
  }
}

TEST(MovingBase, ForwardDynamicsInvertsInverseDynamics) {
  for (const Model& model : {arm(false), load_model("puma560")}) {
    Data data(model);
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 10; ++trial) {
      const int n = model.dof;
      const VecX<double> q = random_vector(n, rng), v = random_vector(n, rng, 2), a = random_vector(n, rng, 3);
      BaseMotion<double> base;
      base.v = random_vector(6, rng, 2);
      base.a = random_vector(6, rng, 4);
      const Loads<double> loads = on(base);
      const VecX<double> tau = rnea(model, data, q, v, a, &loads);
      const VecX<double> back = forward_dynamics(model, data, q, v, tau, &loads);
      EXPECT_LT((back - a).cwiseAbs().maxCoeff(), 1e-9) << model.name << " " << trial;
      const VecX<double> c = nonlinear_effects(model, data, q, v, &loads);
      EXPECT_LT((c - rnea(model, data, q, v, VecX<double>::Zero(n), &loads)).cwiseAbs().maxCoeff(), 1e-12);
    }
  }
}

TEST(MovingBase, ABaseAtRestIsTheFixedBase) {
  const Model model = load_model("puma560");
  Data data(model), fixed(model);
  std::mt19937_64 rng(1);
  const VecX<double> q = random_vector(6, rng), v = random_vector(6, rng), a = random_vector(6, rng);
  const Loads<double> at_rest = on(BaseMotion<double>{});
  EXPECT_EQ(rnea(model, data, q, v, a, &at_rest), rnea(model, fixed, q, v, a));
}

}  // namespace moving_base_test
}  // namespace armdyn
