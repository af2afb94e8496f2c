// Loads as one argument (armdyn/dynamics/loads.hpp), on random chains and trees and the shipped
// URDF arms, every load at once (wrenches at frames in base axes, per-body wrenches, a moving base,
// a payload):
//  - the payload as a load equals the model that holds it (with_payload): rnea, crba, every
//    forward-dynamics route;
//  - wrenches at frames: rnea with them is rnea without them less sum_k J_k^T w_k (frame Jacobians,
//    base axes);
//  - forward dynamics with the loads inverts rnea with them, on every route (aba, crba, walker-orin,
//    the dispatcher) and with drives;
//  - rnea_derivatives and forward_dynamics_derivatives with the loads equal central differences of
//    rnea and forward dynamics with them (the wrenches at frames keep their base-axes direction
//    while their points move with q);
//  - empty loads are the plain algorithms, bit for bit; malformed loads are refused.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/payload.hpp"
#include "dynamics/derivatives_test_util.hpp"
#include "dynamics/loads_test_util.hpp"
#include "support/finite_difference.hpp"
#include "support/state.hpp"

namespace armdyn {
namespace loads_test {

constexpr double kTol = 1e-10;
constexpr double kDifferenceTol = 1e-6;  // central differences (support/finite_difference.hpp)

// The models: random chains and trees (random gravity) and the URDF arms; none with quaternions.
std::vector<Model> models() {
  std::vector<Model> out;
  for (Model& m : test::derivative_models())
    if (!m.has_quaternions() && !test::moving_frames(m).empty()) out.push_back(std::move(m));
  return out;
}

// Every kind of load: up to three wrenches on random frames (a frame of the base's included when
// there is one), one wrench per body, a base moving and turning, a payload on a random moving frame.
Loads<double> random_loads(const Model& m, std::mt19937_64& rng) {
  Loads<double> loads;
  const int count = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int k = 0; k < count; ++k) {
    const int frame = std::uniform_int_distribution<int>(0, static_cast<int>(m.frames.size()) - 1)(rng);
    loads.wrenches.push_back(FrameWrench<double>{frame, test::random_wrench(rng)});
  }
  loads.body_wrenches = test::random_wrenches(m.dof, rng);
  loads.base.emplace();
  loads.base->v = test::random_vector(rng, 6, -2, 2);
  loads.base->a = test::random_vector(rng, 6, -4, 4);
  const std::vector<int> frames = test::moving_frames(m);
  const int f = frames[std::uniform_int_distribution<std::size_t>(0, frames.size() - 1)(rng)];
  loads.payload = held_payload(m, f, test::random_payload(rng));
  return loads;
}

VecX<double> jacobian_transpose_sum(const Model& m, Data& data, FrameWorkspace<double>& ws, const VecX<double>& q,
                                    const std::vector<FrameWrench<double>>& wrenches) {
  VecX<double> out = VecX<double>::Zero(m.dof);
  for (const FrameWrench<double>& w : wrenches) out += frame_jacobian(m, data, ws, w.frame, q).transpose() * w.wrench;
  return out;
}

TEST(Loads, PayloadAsALoadEqualsTheModelHoldingIt) {
  std::mt19937_64 rng(3701);
  int checked = 0;
  for (const Model& m : models()) {
    const std::vector<int> frames = test::moving_frames(m);
    const int f = frames[std::uniform_int_distribution<std::size_t>(0, frames.size() - 1)(rng)];
    const Payload p = test::random_payload(rng);
    const Model held = with_payload(m, f, p);
    Loads<double> loads;
    loads.payload = held_payload(m, f, p);
    Data data(m), ref(held);
    FdWorkspace<double> ws(m), ref_ws(held);
    const test::State s = test::random_state(m, rng);
    EXPECT_LT(test::rel_diff(rnea(m, data, s.q, s.v, s.a, &loads), rnea(held, ref, s.q, s.v, s.a)), kTol) << m.name;
    EXPECT_LT(test::rel_diff(nonlinear_effects(m, data, s.q, s.v, &loads), nonlinear_effects(held, ref, s.q, s.v)),
              kTol)
        << m.name;
    EXPECT_LT(test::rel_diff(crba(m, data, s.q, &loads), crba(held, ref, s.q)), kTol) << m.name;
    for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin}) {
      const VecX<double> expected = forward_dynamics(method, held, ref, ref_ws, s.q, s.v, s.tau);
      EXPECT_LT(test::rel_diff(forward_dynamics(method, m, data, ws, s.q, s.v, s.tau, &loads), expected), 1e-9)
          << m.name << " " << to_string(method);
    }
    // Sensitivity: the payload matters.
    EXPECT_GT(test::rel_diff(crba(m, data, s.q), crba(held, ref, s.q)), 1e-6) << m.name;
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(Loads, WrenchesAtFramesAreMinusJacobianTransposeSum) {
  std::mt19937_64 rng(3702);
  for (const Model& m : models()) {
    Data data(m);
    FrameWorkspace<double> fws(m);
    const test::State s = test::random_state(m, rng);
    Loads<double> loads;
    loads.wrenches = random_loads(m, rng).wrenches;
    const VecX<double> expected =
        VecX<double>(rnea(m, data, s.q, s.v, s.a)) - jacobian_transpose_sum(m, data, fws, s.q, loads.wrenches);
    EXPECT_LT(test::rel_diff(rnea(m, data, s.q, s.v, s.a, &loads), expected), kTol) << m.name;
  }
}

TEST(Loads, ForwardDynamicsInvertsRneaOnEveryRoute) {
  std::mt19937_64 rng(3703);
  for (const Model& m : models()) {
    Data data(m);
    FdWorkspace<double> ws(m);
    AbaWorkspace<double> aba_ws(m);
    WalkerOrinWorkspace<double> wo_ws(m);
    const Loads<double> loads = random_loads(m, rng);
    const test::State s = test::random_state(m, rng);
    const VecX<double> tau = rnea(m, data, s.q, s.v, s.a, &loads);
    EXPECT_LT(test::rel_diff(forward_dynamics(m, data, s.q, s.v, tau, &loads), s.a), 1e-9) << m.name;
    EXPECT_LT(test::rel_diff(aba(m, data, aba_ws, s.q, s.v, tau, &loads), s.a), 1e-9) << m.name;
    EXPECT_LT(test::rel_diff(forward_dynamics_walker_orin(m, data, wo_ws, s.q, s.v, tau, &loads), s.a), 1e-9) << m.name;
    for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
      EXPECT_LT(test::rel_diff(forward_dynamics(method, m, data, ws, s.q, s.v, tau, &loads), s.a), 1e-9)
          << m.name << " " << to_string(method);
    // c_L is rnea with the loads at a = 0.
    const VecX<double> c = nonlinear_effects(m, data, s.q, s.v, &loads);
    EXPECT_LT(test::rel_diff(c, rnea(m, data, s.q, s.v, VecX<double>::Zero(m.dof), &loads)), kTol) << m.name;
    // With drives (rotor inertia, viscous friction): the drives' inverse dynamics inverted.
    drives::Drive d;
    d.gear_ratio = 50;
    d.rotor_inertia = 1e-4;
    d.viscous = 0.3;
    const drives::DriveSet set(std::vector<drives::Drive>(static_cast<std::size_t>(m.dof), d), m.joint_names, "test");
    const VecX<double> motor = drives::drive_torque(m, set, data, s.q, s.v, s.a, drives::Sign::kSmooth, &loads);
    EXPECT_LT(test::rel_diff(drives::drive_forward_dynamics(m, set, data, s.q, s.v, motor, drives::Sign::kSmooth, &loads),
                             s.a),
              1e-9)
        << m.name;
  }
}

TEST(Loads, DerivativesEqualCentralDifferences) {
  std::mt19937_64 rng(3704);
  for (const Model& m : models()) {
    const Loads<double> loads = random_loads(m, rng);
    const test::State s = test::random_state(m, rng);
    Data data(m), fd_data(m);
    RneaDerivativesWorkspace<double> ws(m);
    rnea_derivatives(m, data, ws, s.q, s.v, s.a, &loads);
    EXPECT_LT(test::rel_diff(data.tau, rnea(m, fd_data, s.q, s.v, s.a, &loads)), kTol) << m.name;
    EXPECT_LT(test::rel_diff(ws.M, crba(m, fd_data, s.q, &loads)), kTol) << m.name;
    const MatX<double> dq = test::central_jacobian(
        [&](const VecX<double>& q) { return VecX<double>(rnea(m, fd_data, q, s.v, s.a, &loads)); }, s.q);
    const MatX<double> dv = test::central_jacobian(
        [&](const VecX<double>& v) { return VecX<double>(rnea(m, fd_data, s.q, v, s.a, &loads)); }, s.v);
    EXPECT_LT(test::rel_diff(ws.dtau_dq, dq), kDifferenceTol) << m.name;
    EXPECT_LT(test::rel_diff(ws.dtau_dv, dv), kDifferenceTol) << m.name;

    ForwardDynamicsDerivativesWorkspace<double> fws(m);
    const VecX<double> qdd = forward_dynamics_derivatives(m, data, fws, s.q, s.v, s.tau, &loads);
    EXPECT_LT(test::rel_diff(qdd, forward_dynamics(m, fd_data, s.q, s.v, s.tau, &loads)), 1e-9) << m.name;
    const MatX<double> fq = test::central_jacobian(
        [&](const VecX<double>& q) { return VecX<double>(forward_dynamics(m, fd_data, q, s.v, s.tau, &loads)); },
        s.q);
    const MatX<double> fv = test::central_jacobian(
        [&](const VecX<double>& v) { return VecX<double>(forward_dynamics(m, fd_data, s.q, v, s.tau, &loads)); },
        s.v);
    EXPECT_LT(test::rel_diff(fws.dqdd_dq, fq), kDifferenceTol) << m.name;
    EXPECT_LT(test::rel_diff(fws.dqdd_dv, fv), kDifferenceTol) << m.name;
  }
}

// The wrenches at frames alone: their q-dependence is what the terms (8), (9) of the derivatives
// add; treating them as turning with their bodies (the per-body form) is wrong by far more than
// the tolerance (on most models: not where every wrench acts at its joint's axis on a one-joint
// arm, or the joints only slide).
TEST(Loads, FrameWrenchDerivativesKeepTheirDirection) {
  std::mt19937_64 rng(3705);
  int checked = 0, different = 0;
  for (const Model& m : models()) {
    Loads<double> loads;
    loads.wrenches = random_loads(m, rng).wrenches;
    bool moves = false;
    for (const FrameWrench<double>& w : loads.wrenches) moves = moves || m.frames[w.frame].body >= 0;
    if (!moves) continue;
    const test::State s = test::random_state(m, rng);
    Data data(m), fd_data(m);
    RneaDerivativesWorkspace<double> ws(m);
    rnea_derivatives(m, data, ws, s.q, s.v, s.a, &loads);
    const MatX<double> dq = test::central_jacobian(
        [&](const VecX<double>& q) { return VecX<double>(rnea(m, fd_data, q, s.v, s.a, &loads)); }, s.q);
    EXPECT_LT(test::rel_diff(ws.dtau_dq, dq), kDifferenceTol) << m.name;
    // The same wrenches fixed to their bodies at this q: the value agrees, the derivative does not.
    Loads<double> turning;
    turning.body_wrenches.assign(static_cast<std::size_t>(m.dof), Force<double>{});
    forward_kinematics(m, fd_data, s.q);
    for (const FrameWrench<double>& w : loads.wrenches) {
      const int b = m.frames[w.frame].body;
      if (b < 0) continue;
      const Force<double> f = loads_detail::on_body(m, w, fd_data.oMb[b].R);
      turning.body_wrenches[b].n += f.n;
      turning.body_wrenches[b].f += f.f;
    }
    EXPECT_LT(test::rel_diff(rnea(m, fd_data, s.q, s.v, s.a, &turning), data.tau), kTol) << m.name;
    rnea_derivatives(m, data, ws, s.q, s.v, s.a, &turning);
    ++checked;
    if (test::rel_diff(ws.dtau_dq, dq) > 1e-3) ++different;
  }
  EXPECT_GT(checked, 20);
  EXPECT_GT(different, checked * 3 / 4);
}

TEST(Loads, EmptyLoadsAreThePlainAlgorithmsBitForBit) {
  std::mt19937_64 rng(3706);
  const Loads<double> none;
  for (const Model& m : models()) {
    Data data(m), plain(m);
    FdWorkspace<double> ws(m), plain_ws(m);
    const test::State s = test::random_state(m, rng);
    EXPECT_EQ(rnea(m, data, s.q, s.v, s.a, &none), rnea(m, plain, s.q, s.v, s.a)) << m.name;
    EXPECT_EQ(crba(m, data, s.q, &none), crba(m, plain, s.q)) << m.name;
    for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
      EXPECT_EQ(forward_dynamics(method, m, data, ws, s.q, s.v, s.tau, &none),
                forward_dynamics(method, m, plain, plain_ws, s.q, s.v, s.tau))
          << m.name;
  }
}

TEST(Loads, MalformedLoadsAreRefused) {
  const Model m = test::derivative_models().back();
  Data data(m);
  const VecX<double> z = VecX<double>::Zero(m.dof);
  Loads<double> bad_frame;
  bad_frame.wrenches.push_back(FrameWrench<double>{static_cast<int>(m.frames.size()), Vec6<double>::Ones()});
  EXPECT_THROW(rnea(m, data, z, z, z, &bad_frame), InputError);
  Loads<double> short_bodies;
  short_bodies.body_wrenches.resize(1);
  EXPECT_THROW(rnea(m, data, z, z, z, &short_bodies), InputError);
  Loads<double> nan_base;
  nan_base.base.emplace();
  nan_base.base->a[2] = std::nan("");
  EXPECT_THROW(nonlinear_effects(m, data, z, z, &nan_base), InputError);
  AbaWorkspace<double> ws(m);
  EXPECT_THROW(aba(m, data, ws, z, z, z, &nan_base), InputError);
  EXPECT_THROW(held_payload(m, -1, Payload{}), ModelError);
}

}  // namespace loads_test
}  // namespace armdyn
