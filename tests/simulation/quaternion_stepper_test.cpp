// The one stepper (simulation/stepper.hpp) on quaternion joints: q has four numbers per
// quaternion where v has three, and every integrator moves q on the group (q (+) dq, q' = G(q) v;
// kinematics/configuration.hpp). The system is free_ball.xml's, built here: a floating body
// (quaternion), an arm on a ball joint (quaternion) at a turned, offset anchor, and a hand on a
// hinge, under a slanted gravity. Each fixed-step integrator is checked for its order against a
// tight rk45 run (halving h divides euler's and symplectic-euler's error by 2, rk4's by 16), the
// tight run against the conserved energy, and every quaternion for unit length.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "armdyn/dynamics/terms.hpp"
#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/simulation/simulate.hpp"

namespace armdyn::sim {
namespace quaternion_stepper_test {

Mat3<double> turn(double w, double x, double y, double z) {
  return Eigen::Quaterniond(w, x, y, z).normalized().toRotationMatrix();
}

LinkInertial inertial(double mass, const Vec3<double>& com, const Mat3<double>& axes, const Vec3<double>& diagonal) {
  LinkInertial in;
  in.mass = mass;
  in.com = com;
  in.inertia = axes * diagonal.asDiagonal() * axes.transpose();
  return in;
}

// tests/data/models/mjcf/free_ball.xml's system.
Model free_ball() {
  ModelBuilder b("test", "free_ball");
  CompoundJointSpec free;
  free.name = "float";
  free.kind = JointKind::kFloating;
  free.euler = "quaternion";
  b.add_link("base", free, "body",
             inertial(12, Vec3<double>(0.05, -0.02, 0.03), turn(0.7, 0.1, 0.2, -0.3), Vec3<double>(0.4, 0.6, 0.7)));
  CompoundJointSpec ball;
  ball.name = "shoulder";
  ball.kind = JointKind::kSpherical;
  ball.euler = "quaternion";
  ball.origin = Transform<double>{turn(0.9, 0.1, -0.3, 0.2), Vec3<double>(0.3, 0.1, 0.2)};
  b.add_link("body", ball, "arm",
             inertial(3, Vec3<double>(0.2, 0.01, -0.02), turn(0.9, -0.2, 0.1, 0.3), Vec3<double>(0.01, 0.05, 0.045)));
  JointSpec wrist;
  wrist.name = "wrist";
  wrist.axis = Vec3<double>(0.6, 0, 0.8);
  wrist.origin = Transform<double>{turn(0.8, 0.2, 0.5, -0.1), Vec3<double>(0.4, 0, 0)};
  b.add_link("arm", wrist, "hand",
             inertial(1.2, Vec3<double>(0.05, 0.02, 0.01), turn(0.6, 0.3, -0.5, 0.2), Vec3<double>(0.003, 0.004, 0.002)));
  b.set_gravity(Vec3<double>(0.3, -0.2, -9.81));
  return b.build();
}

struct Start {
  VecX<double> q, v;
};

Start start(const Model& m) {
  Start s{neutral_configuration(m), VecX<double>::Zero(m.dof)};
  EXPECT_EQ(m.nq(), 12);  // 7 + 4 + 1 for 6 + 3 + 1 velocities
  s.q.head<7>() << 0.1, -0.2, 0.3, std::sqrt(0.5), 0, std::sqrt(0.5), 0;
  s.q.segment<4>(7) = Eigen::Vector4d(0.8, 0.3, -0.4, 0.2).normalized();
  s.q[11] = 0.4;
  s.v << 0.3, -0.1, 0.2, 2.0, 3.0, -2.5, -1.5, 2.0, 1.0, 4.0;
  return s;
}

// The state at T by `integrator` (fixed steps of T / n, or rk45 at `tolerance`).
State run(const Model& m, Integrator integrator, int n, double tolerance, double T, double& worst_norm) {
  ZeroTorque none;
  Plant plant(m, none);
  PlantField field(plant);
  Stepper stepper(integrator, m, 0, tolerance, tolerance);
  const Start s = start(m);
  State x = stepper.state();
  x.q = s.q;
  x.v = s.v;
  worst_norm = 0;
  const auto norms = [&] {
    for (int k : {3, 7}) worst_norm = std::max(worst_norm, std::abs(x.q.segment<4>(k).norm() - 1));
  };
  if (!stepper.adaptive()) {
    for (int i = 0; i < n; ++i) {
      stepper.step(field, T * i / n, T / n, x);
      norms();
    }
    return x;
  }
  double t = 0, dt = 1e-3;
  while (t < T) {  // the last step shortened to land on T
    const bool last = dt >= T - t;
    double h = last ? T - t : dt;
    if (stepper.try_step(field, t, h, x)) {
      norms();
      if (last) t = T;
      dt = last ? std::max(h, dt) : h;
    } else {
      dt = h;
    }
  }
  return x;
}

// The distance of two states, the quaternions compared as rotations (q and -q alike).
double distance(const State& a, const State& b) {
  double d = (a.v - b.v).cwiseAbs().maxCoeff();
  d = std::max(d, (a.q.head<3>() - b.q.head<3>()).cwiseAbs().maxCoeff());
  for (int k : {3, 7}) {
    const Eigen::Vector4d qa = a.q.segment<4>(k), qb = b.q.segment<4>(k);
    d = std::max(d, std::min((qa - qb).cwiseAbs().maxCoeff(), (qa + qb).cwiseAbs().maxCoeff()));
  }
  return std::max(d, std::abs(a.q[11] - b.q[11]));
}

double energy(const Model& m, const VecX<double>& q, const VecX<double>& v) {
  terms::Workspace<double> ws(m, terms::Storage::kQuadratic);
  return terms::kinetic_energy(m, ws, q, v) + terms::potential_energy(m, ws, q);
}

TEST(QuaternionStepper, EveryIntegratorMovesOnTheGroupAtItsOrder) {
  const Model m = free_ball();
  constexpr double T = 0.5;
  double norm = 0;
  const State exact = run(m, Integrator::kRk45, 0, 1e-13, T, norm);
  EXPECT_LT(norm, 1e-15);
  const Start s = start(m);
  EXPECT_NEAR(energy(m, exact.q, exact.v), energy(m, s.q, s.v), 1e-10 * std::abs(energy(m, s.q, s.v)));
  struct Case {
    Integrator integrator;
    int n;
    double ratio;  ///< 2^order
  };
  for (const Case& c : {Case{Integrator::kEuler, 2000, 2}, Case{Integrator::kSymplecticEuler, 2000, 2},
                        Case{Integrator::kRk4, 100, 16}}) {
    double norm_h = 0, norm_h2 = 0;
    const double e_h = distance(run(m, c.integrator, c.n, 0, T, norm_h), exact);
    const double e_h2 = distance(run(m, c.integrator, 2 * c.n, 0, T, norm_h2), exact);
    EXPECT_NEAR(e_h / e_h2, c.ratio, 0.15 * c.ratio) << to_string(c.integrator) << ": " << e_h << " " << e_h2;
    EXPECT_LT(std::max(norm_h, norm_h2), 1e-14) << to_string(c.integrator);
  }
  // rk45 at a looser tolerance: within it of the tight run.
  const double e45 = distance(run(m, Integrator::kRk45, 0, 1e-8, T, norm), exact);
  EXPECT_LT(e45, 1e-6);
  EXPECT_GT(e45, 1e-12);  // (not the tight run itself)
  EXPECT_LT(norm, 1e-15);
}

}  // namespace quaternion_stepper_test
}  // namespace armdyn::sim
