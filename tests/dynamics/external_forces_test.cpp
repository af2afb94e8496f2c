// External wrenches at frames (armdyn/dynamics/external_forces.hpp): rnea with the converted
// wrenches gives tau - sum J^T f with J the frame Jacobian (base axes), external_joint_torques is
// that sum, and forward dynamics with the torque tau + sum J^T f inverts rnea with the wrenches on
// every route.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "dynamics/loads_test_util.hpp"
#include "kinematics/frame_test_models.hpp"
#include "support/state.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace external_forces_test {

// Up to three wrenches on random frames (any frame, the base's included; two may share a body).
std::vector<FrameWrench<double>> random_wrenches(const Model& model, std::mt19937_64& rng) {
  std::vector<FrameWrench<double>> out;
  const int count = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int k = 0; k < count; ++k) {
    const int frame = std::uniform_int_distribution<int>(0, static_cast<int>(model.frames.size()) - 1)(rng);
    out.push_back(FrameWrench<double>{frame, test::random_wrench(rng)});
  }
  return out;
}

// sum_k J_k^T w_k with each frame's Jacobian in base axes.
VecX<double> jacobian_transpose_sum(const Model& model, Data& data, FrameWorkspace<double>& ws, const VecX<double>& q,
                                    const std::vector<FrameWrench<double>>& wrenches) {
  VecX<double> out = VecX<double>::Zero(model.dof);
  for (const FrameWrench<double>& w : wrenches) out += frame_jacobian(model, data, ws, w.frame, q).transpose() * w.wrench;
  return out;
}

TEST(ExternalForces, RneaWithFrameWrenchesIsTauMinusJacobianTransposeF) {
  std::mt19937_64 rng(811);
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    Data data(m);
    FrameWorkspace<double> fws(m);
    ExternalForceWorkspace<double> ws(m);
    for (int trial = 0; trial < 4; ++trial) {
      const test::State s = test::random_state(m, rng);
      const std::vector<FrameWrench<double>> wrenches = random_wrenches(m, rng);
      const VecX<double> expected =
          VecX<double>(rnea(m, data, s.q, s.v, s.a)) - jacobian_transpose_sum(m, data, fws, s.q, wrenches);
      const std::vector<Force<double>>& fext = external_forces_from_frame_wrenches(m, data, ws, s.q, wrenches);
      const Loads<double> loads = test::body_loads(fext);
      const VecX<double> tau = rnea(m, data, s.q, s.v, s.a, &loads);
      EXPECT_LT(test::rel_diff(tau, expected), 1e-10) << tm.label;
      const VecX<double> jtf = external_joint_torques(m, data, ws, s.q, fext);
      EXPECT_LT(test::rel_diff(jtf, jacobian_transpose_sum(m, data, fws, s.q, wrenches)), 1e-10) << tm.label;
    }
  }
}

TEST(ExternalForces, ForwardDynamicsWithTheWrenchesGeneralisedForceInvertsRnea) {
  std::mt19937_64 rng(812);
  for (const test::FrameTestModel& tm : test::frame_test_models()) {
    const Model& m = tm.model;
    Data data(m);
    FdWorkspace<double> fd_ws(m);
    ExternalForceWorkspace<double> ws(m);
    for (FdMethod method : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin}) {
      const test::State s = test::random_state(m, rng);
      const std::vector<FrameWrench<double>> wrenches = random_wrenches(m, rng);
      const std::vector<Force<double>> fext = external_forces_from_frame_wrenches(m, data, ws, s.q, wrenches);
      const VecX<double> torque = s.tau + external_joint_torques(m, data, ws, s.q, fext);
      const VecX<double> qdd = forward_dynamics(method, m, data, fd_ws, s.q, s.v, torque);
      const Loads<double> loads = test::body_loads(fext);
      EXPECT_LT(test::rel_diff(rnea(m, data, s.q, s.v, qdd, &loads), s.tau), 1e-9) << tm.label;
    }
  }
}

TEST(ExternalForces, AWrenchOnTheBaseMovesNothingAndBadIndicesAreRefused) {
  const Model m = load_urdf(test::data_path("models/ur5.urdf"));
  Data data(m);
  ExternalForceWorkspace<double> ws(m);
  const VecX<double> q = VecX<double>::Constant(m.dof, 0.3);
  const int base = m.frame_index("base_link");
  ASSERT_GE(base, 0);
  Vec6<double> w;
  w << 1, 2, 3, 4, 5, 6;
  external_forces_from_frame_wrenches(m, data, ws, q, {FrameWrench<double>{base, w}});
  EXPECT_EQ(external_joint_torques(m, data, ws, q, ws.fext), VecX<double>::Zero(m.dof));
  EXPECT_THROW(external_forces_from_frame_wrenches(m, data, ws, q, {FrameWrench<double>{99, w}}), InputError);
  EXPECT_THROW(external_forces_from_frame_wrenches(m, data, ws, q, {FrameWrench<double>{-1, w}}), InputError);
}

}  // namespace external_forces_test
}  // namespace armdyn
