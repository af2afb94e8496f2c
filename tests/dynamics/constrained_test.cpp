// Closed chains (armdyn/dynamics/constrained.hpp, [VP] §2.10). Craig's planar 2R (point masses)
// with its tip held on a horizontal plane: the KKT solution equals the closed-form constrained
// equations (Craig (6.60)'s M, V, G and the tip height's Jacobian, solved here as a 3 x 3
// system); the normal force flips with the normal. On the PUMA 560 (plane, sphere, cylinder,
// line, with a point offset from the frame): the solved acceleration makes h'' + 2w h' + w^2 h
// vanish, checked by differencing h along the parabola q + v s + a s^2/2; [VP]'s search on N
// agrees with the KKT forces, converging to them at least at first order in the step; inverse
// dynamics with the contact force inverts forward dynamics; and states that cannot be held are
// refused. Forward and inverse dynamics allocate nothing once the workspace exists.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/io/load.hpp"
#include "dynamics/planar2r_on_plane.hpp"
#include "support/allocation_counter.hpp"

namespace armdyn {
namespace {

using test::closed_form;
using test::on_plane;
using test::plane_z;

TEST(Constrained, Planar2rTipOnAPlaneEqualsTheClosedForm) {
  const Model model = load_model("planar2r");
  ASSERT_NEAR(model.gravity.z(), -9.81, 1e-12);
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  std::mt19937_64 rng(18);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 50; ++trial) {
    VecX<double> q, v, a;
    on_plane(0.45 * u(rng), 2 * u(rng), q, v);
    const VecX<double> tau = Eigen::Vector2d(20 * u(rng), 5 * u(rng));
    double N = 0;
    closed_form(q, v, tau, 9.81, a, N);
    const PointConstraint<double> c = plane_z(model);
    const VecX<double> qdd = constrained_forward_dynamics(model, data, ws, c, q, v, tau);
    EXPECT_LT(std::abs(ws.h[0]), 1e-14);
    EXPECT_LT(std::abs(ws.hdot[0]), 1e-13);
    EXPECT_LT((qdd - a).cwiseAbs().maxCoeff(), 1e-10 * (1 + a.cwiseAbs().maxCoeff())) << trial;
    EXPECT_NEAR(ws.force[0], N, 1e-10 * (1 + std::abs(N))) << trial;
    // The normal's sign is the force's: the same motion, -N.
    const VecX<double> flipped = constrained_forward_dynamics(model, data, ws, plane_z(model, -1), q, v, tau);
    EXPECT_LT((flipped - a).cwiseAbs().maxCoeff(), 1e-10 * (1 + a.cwiseAbs().maxCoeff()));
    EXPECT_NEAR(ws.force[0], -N, 1e-10 * (1 + std::abs(N)));
  }
  // Sensitivity: the free arm's acceleration is not the constrained one.
  VecX<double> q, v, a;
  on_plane(0.3, 1.0, q, v);
  double N = 0;
  closed_form(q, v, VecX<double>::Zero(2), 9.81, a, N);
  EXPECT_GT(std::abs(N), 1.0);
}

// h_k along q(s) = q + v s + a s^2/2, signed.
Eigen::Vector2d h_along(const Model& model, Data& data, ConstraintWorkspace<double>& ws, const PointConstraint<double>& c,
                        const VecX<double>& q, const VecX<double>& v, const VecX<double>& a, double s) {
  const VecX<double> qs = q + v * s + 0.5 * a * s * s;
  constraint_kinematics(model, data, ws, c, qs, VecX<double>::Zero(model.dof));
  return ws.h.head<2>();
}

// The PUMA 560's tool point (offset from the frame) and a constraint through it at a random
// state; v made tangent by projecting out G's rows.
struct Held {
  PointConstraint<double> c;
  VecX<double> q, v;
};

// A random unit vector, its components drawn in order (as arguments of one call their order would
// be the compiler's: g++ and clang draw different states from the same seed).
Vec3<double> random_direction(std::uniform_real_distribution<double>& u, std::mt19937_64& rng) {
  Vec3<double> d;
  for (int k = 0; k < 3; ++k) d[k] = u(rng);
  return d.normalized();
}

Held held_puma(const Model& model, Data& data, ConstraintWorkspace<double>& ws, const std::string& shape,
               std::mt19937_64& rng, double speed = 2) {
  std::uniform_real_distribution<double> u(-1, 1);
  Held out;
  out.q = VecX<double>::NullaryExpr(model.dof, [&] { return u(rng); });
  out.v = VecX<double>::NullaryExpr(model.dof, [&] { return speed * u(rng); });
  const int frame = model.frame_index(model.frames.back().name);
  const Vec3<double> offset(0.05, -0.02, 0.1);
  PointConstraint<double> probe;
  probe.frame = frame;
  probe.offset = offset;
  constraint_kinematics(model, data, ws, probe, out.q, out.v);
  const Vec3<double> x = ws.position;
  const Vec3<double> dir = random_direction(u, rng);
  if (shape == "line") {
    out.c = line_constraint(frame, offset, x, dir);
  } else {
    out.c.frame = frame;
    out.c.offset = offset;
    Surface<double>& s = out.c.surfaces[0];
    const Vec3<double> centre = x - 0.4 * random_direction(u, rng);
    if (shape == "plane") s = {SurfaceType::kPlane, x, dir, 0.0};
    if (shape == "sphere") s = {SurfaceType::kSphere, centre, dir, (x - centre).norm()};
    if (shape == "cylinder") {
      const Vec3<double> d = (x - centre) - dir * dir.dot(x - centre);
      s = {SurfaceType::kCylinder, centre, dir, d.norm()};
    }
  }
  constraint_kinematics(model, data, ws, out.c, out.q, out.v);
  const MatX<double> G = ws.G.topRows(out.c.count);
  out.v -= G.transpose() * (G * G.transpose()).ldlt().solve(G * out.v);
  return out;
}

TEST(Constrained, SolvedAccelerationKeepsEveryShapeOnItsSurface) {
  const Model model = load_model("puma560");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  std::mt19937_64 rng(7);
  for (const std::string shape : {"plane", "sphere", "cylinder", "line"})
    for (int trial = 0; trial < 10; ++trial) {
      const Held s = held_puma(model, data, ws, shape, rng);
      const VecX<double> tau = VecX<double>::Random(model.dof) * 20;
      const VecX<double> a = constrained_forward_dynamics(model, data, ws, s.c, s.q, s.v, tau);
      ASSERT_LT(ws.h.cwiseAbs().maxCoeff(), 1e-12) << shape;
      ASSERT_LT(ws.hdot.cwiseAbs().maxCoeff(), 1e-11) << shape;
      // h'' = (h(e) - 2 h(0) + h(-e)) / e^2 (h(0) = 0), extrapolated to e -> 0 (Richardson: the
      // accelerations reach hundreds of rad/s^2 at the PUMA's wrist, h(s) grows like (a s^2)^2),
      // vanishes; the free motion's does not.
      auto hdd = [&](const VecX<double>& acc) {
        auto D = [&](double e) {
          return ((h_along(model, data, ws, s.c, s.q, s.v, acc, e) + h_along(model, data, ws, s.c, s.q, s.v, acc, -e)) /
                  (e * e))
              .eval();
        };
        return ((4 * D(1e-5) - D(2e-5)) / 3).eval();
      };
      EXPECT_LT(hdd(a).cwiseAbs().maxCoeff(), 1e-5 * (1 + a.cwiseAbs().maxCoeff())) << shape << " " << trial;
      const VecX<double> free_a = a + VecX<double>::Random(model.dof);
      EXPECT_GT(hdd(free_a).cwiseAbs().maxCoeff(), 1e-3) << shape;  // sensitivity
    }
}

TEST(Constrained, InverseDynamicsWithTheContactForceInvertsForwardDynamics) {
  const Model model = load_model("puma560");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  std::mt19937_64 rng(3);
  for (const std::string shape : {"plane", "sphere", "line"}) {
    const Held s = held_puma(model, data, ws, shape, rng);
    const VecX<double> tau = VecX<double>::Random(model.dof) * 20;
    const VecX<double> a = constrained_forward_dynamics(model, data, ws, s.c, s.q, s.v, tau);
    const VecX<double> N = ws.force.head(s.c.count);
    EXPECT_GT(N.cwiseAbs().maxCoeff(), 1e-3);
    const VecX<double> back = constrained_inverse_dynamics(model, data, ws, s.c, s.q, s.v, a, N);
    EXPECT_LT((back - tau).cwiseAbs().maxCoeff(), 1e-9 * (1 + tau.cwiseAbs().maxCoeff())) << shape;
  }
}

TEST(Constrained, VpSearchAgreesWithKktToFirstOrderInTheStep) {
  const Model planar = load_model("planar2r"), puma = load_model("puma560");
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1, 1);
  for (const std::string shape : {"plane-2r", "plane", "sphere", "line"}) {
    const Model& model = shape == "plane-2r" ? planar : puma;
    Data data(model);
    ConstraintWorkspace<double> ws(model);
    Held s;
    if (shape == "plane-2r") {
      s.c = plane_z(model);
      on_plane(0.3, 1.5, s.q, s.v);
    } else {
      s = held_puma(model, data, ws, shape, rng, 0.5);
    }
    const VecX<double> tau = VecX<double>::NullaryExpr(model.dof, [&] { return 2.0 * u(rng); });
    constrained_forward_dynamics(model, data, ws, s.c, s.q, s.v, tau);
    const ConstraintWorkspace<double>::Rows kkt = ws.force;
    // First order in dt: |N_VP - N_KKT| <= K dt (1 + |N_KKT|), K = 100 1/s, from 0.4 ms down to
    // 25 us (a difference that did not shrink with dt, a wrong force, would break the bound at the
    // small steps; halving ratios are no test: above ~0.1 ms a state's O(dt^2) term may cancel or
    // add to the first-order one, and below ~10 us the search's tolerance on h sets a floor).
    VecX<double> q1, v1;
    for (double dt : {4e-4, 1e-4, 2.5e-5}) {
      vp_search_step(model, data, ws, s.c, s.q, s.v, tau, dt, q1, v1);
      EXPECT_LT(constraint_error(model, data, ws, s.c, q1), 1e-12) << shape;
      const double error = (ws.force - kkt).cwiseAbs().maxCoeff();
      EXPECT_LT(error, 100 * dt * (1 + kkt.cwiseAbs().maxCoeff())) << shape << " dt " << dt;
    }
  }
}

TEST(Constrained, StatesThatCannotBeHeldAreRefused) {
  const Model model = load_model("planar2r");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  VecX<double> q, v;
  on_plane(0.2, 1.0, q, v);
  const PointConstraint<double> c = plane_z(model);
  EXPECT_NO_THROW(check_constraint(model, data, ws, c, q, v, 1e-9, 1e-9, "at t = 0"));
  auto message = [&](const PointConstraint<double>& cc, const VecX<double>& qq, const VecX<double>& vv) {
    try {
      check_constraint(model, data, ws, cc, qq, vv, 1e-6, 1e-6, "at t = 0 (q0, v0)");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const VecX<double> q_off = q + Eigen::Vector2d(0.01, 0);
  EXPECT_NE(message(c, q_off, v).find("m off the plane at t = 0 (q0, v0)"), std::string::npos) << message(c, q_off, v);
  const VecX<double> v_off = v + Eigen::Vector2d(0.1, 0);
  EXPECT_NE(message(c, q, v_off).find("moves off the plane"), std::string::npos) << message(c, q, v_off);
  // A plane normal to the joint axes: the arm cannot push across it (G = 0).
  PointConstraint<double> across = c;
  across.surfaces[0].direction = Vec3<double>(0, 1, 0);
  EXPECT_NE(message(across, q, v).find("cannot move along"), std::string::npos) << message(across, q, v);
  PointConstraint<double> bad = c;
  bad.frame = 99;
  EXPECT_THROW(constrained_forward_dynamics(model, data, ws, bad, q, v, VecX<double>::Zero(2)), InputError);
}

TEST(Constrained, AllocatesNothingOnceTheWorkspaceExists) {
  const Model model = load_model("puma560");
  Data data(model);
  ConstraintWorkspace<double> ws(model);
  std::mt19937_64 rng(5);
  EXPECT_GT(test::allocations_during([] { ::operator delete(::operator new(64)); }), 0);  // the counter counts
  for (const std::string shape : {"sphere", "line"}) {
    const Held s = held_puma(model, data, ws, shape, rng);
    const VecX<double> tau = VecX<double>::Ones(model.dof), a = VecX<double>::Zero(model.dof);
    const VecX<double> N = VecX<double>::Ones(s.c.count);
    EXPECT_EQ(test::allocations_during([&] { constrained_forward_dynamics(model, data, ws, s.c, s.q, s.v, tau); }), 0);
    EXPECT_EQ(test::allocations_during([&] { constrained_inverse_dynamics(model, data, ws, s.c, s.q, s.v, a, N); }), 0);
  }
}

}  // namespace
}  // namespace armdyn
