// Frame velocity, J̇ v and the classical frame acceleration (kinematics/jacobian.hpp) on the
// models of frame_test_models.hpp, every named frame, random states:
//   (a) J̇ v against the dual-number derivative of J(q + t v) v at t = 0, 1e-11;
//   (b) J̇ v against five-point differences of J(q + h v) v in h, 1e-9;
//   (c) the acceleration equals J a + J̇ v, 1e-12;
//   (d) the acceleration against the second derivative of the pose along
//       q(t) = q0 + v t + a t^2 / 2 (origin, and the rotation log of R(t) R(0)^T, whose second
//       derivative at t = 0 is the angular acceleration), five-point stencil, 1e-8;
//   (e) frame_kinematics gives the same J, velocity and J̇ v as the separate calls;
//   (f) a model with one joint placement turned by 1 urad fails (d).
#include <gtest/gtest.h>

#include "armdyn/kinematics/jacobian_impl.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/dual.hpp"
#include "support/state.hpp"

namespace armdyn {
namespace frame_motion_test {

using test::Dual;

/// Relative disagreement of two 6-vectors (floor 1).
double rel(const Vec6<double>& a, const Vec6<double>& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

using test::State;

// q, v, a only (the draws the tests' thresholds were set on).
State random_state(std::mt19937_64& rng, int n) {
  return {test::random_vector(rng, n, -2, 2), test::random_vector(rng, n, -1.5, 1.5),
          test::random_vector(rng, n, -2, 2), VecX<double>()};
}

TEST(FrameMotion, JdotVMatchesTheDualNumberDerivativeOfJv) {
  std::mt19937_64 rng(21);
  for (const auto& [label, model] : test::frame_test_models()) {
    const ModelTpl<Dual> dmodel = model.cast<Dual>();
    DataTpl<Dual> ddata(dmodel);
    FrameWorkspace<Dual> dws(dmodel);
    Data data(model);
    FrameWorkspace ws(model);
    const State s = random_state(rng, model.dof);
    VecX<Dual> qt(model.dof);
    for (int i = 0; i < model.dof; ++i) qt[i] = Dual(s.q[i], s.v[i]);  // q + t v
    for (int f = 0; f < static_cast<int>(model.frames.size()); ++f) {
      const Vec6<double> jdv = frame_jacobian_dot_v(model, data, ws, f, s.q, s.v);
      const Vec6<Dual> Jv = frame_jacobian(dmodel, ddata, dws, f, VecIn<Dual>(qt)).lazyProduct(s.v.cast<Dual>());
      EXPECT_LE(rel(jdv, test::tangent_of(Jv)), 1e-11) << label << " frame " << model.frames[f].name;
    }
  }
}

TEST(FrameMotion, JdotVMatchesFiniteDifferencesOfJv) {
  std::mt19937_64 rng(22);
  for (const auto& [label, arm] : test::frame_test_models()) {
    const Model& model = arm;  // a reference a lambda can capture (not a structured binding, for clang 14)
    Data data(model);
    FrameWorkspace ws(model);
    const State s = random_state(rng, model.dof);
    for (int f = 0; f < static_cast<int>(model.frames.size()); ++f) {
      const Vec6<double> jdv = frame_jacobian_dot_v(model, data, ws, f, s.q, s.v);
      const auto Jv = [&](double h) -> Vec6<double> {
        return frame_jacobian(model, data, ws, f, VecX<double>(s.q + h * s.v)) * s.v;
      };
      EXPECT_LE(rel(jdv, test::first_derivative(Jv, 1e-3)), 1e-9) << label << " frame " << model.frames[f].name;
    }
  }
}

/// Worst relative error of `model`'s frame acceleration against the second derivative of
/// `truth`'s pose along q0 + v t + a t^2 / 2; also checks (c) on `model`.
double acceleration_error(const Model& model, const Model& truth, int f, const State& s) {
  Data data(model), tdata(truth);
  FrameWorkspace ws(model);
  const Vec6<double> acc = frame_acceleration(model, data, ws, f, s.q, s.v, s.a);
  const Vec6<double> jdv = frame_jacobian_dot_v(model, data, ws, f, s.q, s.v);
  const Vec6<double> Ja = frame_jacobian(model, data, ws, f, s.q) * s.a;
  EXPECT_LE(rel(acc, Ja + jdv), 1e-12) << model.name << " frame " << model.frames[f].name;
  forward_kinematics(truth, tdata, s.q);
  const Mat3<double> R0 = tdata.oMf[f].R;
  const auto pose = [&](double t) {
    return test::pose_around(truth, tdata, f, VecX<double>(s.q + t * s.v + 0.5 * t * t * s.a), R0);
  };
  return rel(acc, test::second_derivative(pose, 2e-3));
}

TEST(FrameMotion, AccelerationIsTheSecondDerivativeOfThePoseAlongAPath) {
  std::mt19937_64 rng(23);
  for (const auto& [label, model] : test::frame_test_models())
    for (int k = 0; k < 2; ++k) {
      const State s = random_state(rng, model.dof);
      for (int f = 0; f < static_cast<int>(model.frames.size()); ++f)
        EXPECT_LE(acceleration_error(model, model, f, s), 1e-8) << label << " frame " << model.frames[f].name;
    }
}

TEST(FrameMotion, FrameKinematicsEqualsTheSeparateCalls) {
  std::mt19937_64 rng(24);
  for (const auto& [label, model] : test::frame_test_models()) {
    Data data(model);
    FrameWorkspace ws(model);
    const State s = random_state(rng, model.dof);
    const int f = static_cast<int>(model.frames.size()) - 1;
    const MatX<double> J = frame_jacobian(model, data, ws, f, s.q);
    const Vec6<double> vel = frame_velocity(model, data, ws, f, s.q, s.v);
    const Vec6<double> jdv = frame_jacobian_dot_v(model, data, ws, f, s.q, s.v);
    ws.J.setConstant(7.0);
    ws.velocity.setConstant(7.0);
    ws.jdot_v.setConstant(7.0);
    frame_kinematics(model, data, ws, f, s.q, s.v);
    EXPECT_EQ(ws.J, J) << label;
    EXPECT_LE(rel(ws.velocity, vel), 1e-15) << label;  // the same sums, maybe contracted otherwise
    EXPECT_EQ(ws.jdot_v, jdv) << label;
  }
}

TEST(FrameMotion, AWrongModelIsNoticed) {
  std::mt19937_64 rng(25);
  int checked = 0;
  for (const auto& [label, model] : test::frame_test_models()) {
    if (model.dof < 3) continue;
    const int tip = static_cast<int>(model.frames.size()) - 1;
    bool downstream = false;
    for (int b = model.frames[tip].body; b >= 0; b = model.parent[b]) downstream |= b == 1;
    if (!downstream) continue;
    Model wrong = model;
    wrong.tree[1].R = wrong.tree[1].R * rot_x(1e-6);
    const State s = random_state(rng, model.dof);
    EXPECT_GT(acceleration_error(wrong, model, tip, s), 1e-8) << label;
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

}  // namespace frame_motion_test
}  // namespace armdyn
