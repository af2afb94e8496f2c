// Forward kinematics and the joint model (kinematics/kinematics.hpp, kinematics/joint.hpp) against
// the definition in model.hpp, composed here with 4x4 matrices: body i sits at
// tree[i] * Rz(q_i) (revolute) or tree[i] * Tz(q_i) (prismatic) in its parent's frame, so
//   oMb[i] = oMb[parent[i]] * tree[i] * J_i(q_i),   oMf[k] = oMb[body_k] * placement_k.
// On random trees (branching, arbitrary axes, welded links, both joint kinds) and random DH
// chains, at random q. The comparison notices one joint position 1e-6 off. Wrong sizes throw.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace kinematics_test {

constexpr double kTol = 1e-12;

Mat4<double> joint_motion(JointType type, double q) {
  Mat4<double> J = Mat4<double>::Identity();
  if (type == JointType::kRevolute) {
    J(0, 0) = std::cos(q);
    J(0, 1) = -std::sin(q);
    J(1, 0) = std::sin(q);
    J(1, 1) = std::cos(q);
  } else {
    J(2, 3) = q;
  }
  return J;
}

/// Every body's placement in the base, composed from the definition.
std::vector<Mat4<double>> body_placements(const Model& m, const VecX<double>& q) {
  std::vector<Mat4<double>> out;
  for (int i = 0; i < m.dof; ++i) {
    const Mat4<double> parent = m.parent[i] < 0 ? Mat4<double>::Identity() : out[static_cast<std::size_t>(m.parent[i])];
    out.push_back(parent * m.tree[i].matrix() * joint_motion(m.joint_type[i], q[i]));
  }
  return out;
}

/// The worst entry of armdyn's X_up, oMb and oMf against the composed placements for `expected_q`.
double kinematics_error(const Model& m, const VecX<double>& q, const VecX<double>& expected_q) {
  Data d(m);
  forward_kinematics(m, d, q);
  const std::vector<Mat4<double>> oMb = body_placements(m, expected_q);
  double w = 0;
  for (int i = 0; i < m.dof; ++i) {
    const Mat4<double> up = m.tree[i].matrix() * joint_motion(m.joint_type[i], expected_q[i]);
    w = std::max(w, (d.X_up[i].matrix() - up).cwiseAbs().maxCoeff());
    w = std::max(w, (d.oMb[i].matrix() - oMb[static_cast<std::size_t>(i)]).cwiseAbs().maxCoeff());
    Transform<double> X;
    joint_placement(m, i, expected_q[i], X);
    w = std::max(w, (X.matrix() - up).cwiseAbs().maxCoeff());
  }
  for (std::size_t k = 0; k < m.frames.size(); ++k) {
    const Frame<double>& f = m.frames[k];
    const Mat4<double> base = f.body < 0 ? Mat4<double>::Identity() : oMb[static_cast<std::size_t>(f.body)];
    w = std::max(w, (frame_placement(d, static_cast<int>(k)).matrix() - base * f.placement.matrix()).cwiseAbs().maxCoeff());
  }
  return w;
}

std::vector<Model> models() {
  std::mt19937_64 rng(151);
  std::vector<Model> out;
  for (int n : {1, 3, 6, 10}) {
    out.push_back(test::random_tree(rng, n));
    out.push_back(test::random_dh_chain(rng, n, DhConvention::kStandard, true));
    out.push_back(test::random_dh_chain(rng, n, DhConvention::kModified, true));
  }
  return out;
}

TEST(Kinematics, ForwardKinematicsComposesTheJointModel) {
  std::mt19937_64 rng(152);
  for (const Model& m : models()) {
    for (int s = 0; s < 5; ++s) {
      const VecX<double> q = test::random_vector(rng, m.dof, -3, 3);
      EXPECT_LT(kinematics_error(m, q, q), kTol) << m.name;
      // Noticed: the last joint 1e-6 off (moves the last body's frame).
      VecX<double> off = q;
      off[m.dof - 1] += 1e-6;
      EXPECT_GT(kinematics_error(m, q, off), 1e-9) << m.name;
    }
  }
}

TEST(Kinematics, DhChainsAreFactoredAndStillAgree) {
  // Every revolute joint of a DH chain but the first (which carries the random base placement)
  // has tree[i].R = Rx(alpha) Rz(theta): the factored route.
  std::mt19937_64 rng(153);
  const Model m = test::random_dh_chain(rng, 8, DhConvention::kModified, false);
  for (int i = 1; i < m.dof; ++i) EXPECT_TRUE(dh_factored(m, i)) << i;
  const VecX<double> q = test::random_vector(rng, m.dof, -3, 3);
  EXPECT_LT(kinematics_error(m, q, q), kTol);
}

TEST(Kinematics, RejectsAWrongNumberOfPositions) {
  std::mt19937_64 rng(154);
  const Model m = test::random_tree(rng, 4);
  Data d(m);
  EXPECT_THROW(forward_kinematics(m, d, VecX<double>::Zero(3)), InputError);
  EXPECT_THROW(forward_kinematics(m, d, VecX<double>::Zero(5)), InputError);
  EXPECT_NO_THROW(forward_kinematics(m, d, VecX<double>::Zero(4)));
}

}  // namespace kinematics_test
}  // namespace armdyn
