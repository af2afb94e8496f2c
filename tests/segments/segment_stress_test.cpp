// Segment stresses from the joint reactions (armdyn/segments/stress.hpp): a horizontal two-link
// cantilever at rest under gravity (root bending moment = the weights' moments about the joint,
// sigma = M / W), the distal end of a link against its child's proximal end, and torsion from a
// moment at the tip (tau = M_t / W0).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/external_forces.hpp"
#include "armdyn/dynamics/reactions.hpp"
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/segments/stress.hpp"
#include "segments/segment_test_models.hpp"

namespace armdyn::segments {
namespace segment_stress_test {

constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;
const double kTubeW = 4.295146206e-6;           // R = 0.02, ψ = 0.75: π D³ (1 - ψ⁴)/32
const double kTubeW0 = 8.590292412e-6;          // π D³ (1 - ψ⁴)/16
const double kRodW = kPi * 1e-6 / 4;            // R = 0.01: π R³/4
const double kRodW0 = kPi * 1e-6 / 2;           // π R³/2
const double kTubeMass = 1.4844025288 * 0.8;    // AlMg3, 0.8 m
const double kRodMass = 7850 * kPi * 1e-4 * 0.5;  // steel, 0.5 m

struct Arm {
  Model model;
  SegmentSet segments;
};

Arm arm(const Vec3<double>& gravity) {
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  SegmentSet set = test_models::two_segments(base);
  return {with_section_masses(base, set).with_gravity(gravity), set};
}

TEST(SegmentStress, HorizontalCantileverAtRestUnderGravity) {
  const Arm a = arm(Vec3<double>(0, 0, -kG));
  Data data(a.model);
  ReactionWorkspace<double> ws(a.model);
  const VecX<double> q = VecX<double>::Zero(2), zero = VecX<double>::Zero(2);
  const MatX<double>& reactions = joint_reactions(a.model, data, ws, q, zero, zero);
  const auto out = segment_stresses(a.model, a.segments, q, reactions);
  ASSERT_TRUE(out[0] && out[1]);
  // Root: the tube's weight at 0.4 m, the rod's at 0.8 + 0.25 m, the tip mass at 1.3 m.
  const double root = kG * (kTubeMass * 0.4 + kRodMass * 1.05 + 1.0 * 1.3);
  const double elbow = kG * (kRodMass * 0.25 + 1.0 * 0.5);
  EXPECT_NEAR(out[0]->proximal.sigma_bending, root / kTubeW, 1e-6 * root / kTubeW);
  EXPECT_NEAR(out[0]->proximal.sigma_axial, 0, 1e-6);
  EXPECT_NEAR(out[0]->proximal.tau_torsion, 0, 1e-6);
  EXPECT_NEAR(out[0]->distal.sigma_bending, elbow / kTubeW, 1e-6 * elbow / kTubeW);
  EXPECT_NEAR(out[1]->proximal.sigma_bending, elbow / kRodW, 1e-6 * elbow / kRodW);
  EXPECT_NEAR(out[1]->distal.sigma_max, 0, 1e-9);
  EXPECT_NEAR(out[0]->sigma_max, root / kTubeW, 1e-6 * root / kTubeW);
  EXPECT_NEAR(out[0]->sigma_ratio, out[0]->sigma_max / 5.886e7, 1e-9);
  // The root's transverse force is the whole weight: Zhuravskii's shear of a tube.
  const double weight = kG * (kTubeMass + kRodMass + 1.0);
  const double I = kTubeW * 0.02;
  EXPECT_NEAR(out[0]->proximal.tau_shear, weight / 3.0 * (0.02 * 0.02 + 0.02 * 0.015 + 0.015 * 0.015) / I, 1e-3);
  // Same moment at link1's end and at link2's start.
  EXPECT_NEAR((out[0]->distal.moment.norm() - out[1]->proximal.moment.norm()), 0, 1e-9);
}

TEST(SegmentStress, TorsionFromAMomentAtTheTip) {
  const Arm a = arm(Vec3<double>::Zero());
  Data data(a.model);
  ReactionWorkspace<double> ws(a.model);
  ExternalForceWorkspace<double> ews(a.model);
  const VecX<double> q = VecX<double>::Zero(2), zero = VecX<double>::Zero(2);
  FrameWrench<double> w;
  w.frame = a.model.frame_index("tool2");
  w.wrench << 0, 0, 0, 3, 0, 0;  // 3 N m about the arm's axis (base x)
  const std::vector<Force<double>>& fext = external_forces_from_frame_wrenches(a.model, data, ews, q, {w});
  const MatX<double>& reactions = joint_reactions(a.model, data, ws, q, zero, zero, &fext);
  const auto out = segment_stresses(a.model, a.segments, q, reactions);
  EXPECT_NEAR(out[1]->proximal.tau_torsion, 3 / kRodW0, 1e-6 * 3 / kRodW0);
  EXPECT_NEAR(out[0]->proximal.tau_torsion, 3 / kTubeW0, 1e-6 * 3 / kTubeW0);
  EXPECT_NEAR(out[0]->distal.tau_torsion, 3 / kTubeW0, 1e-6 * 3 / kTubeW0);
  EXPECT_NEAR(out[0]->tau_max, 3 / kTubeW0, 1e-6 * 3 / kTubeW0);
  EXPECT_NEAR(out[0]->proximal.sigma_bending, 0, 1e-3);
}

TEST(SegmentStress, DistalEndCarriesTheNextJointsReactionOnAMovingPuma) {
  // PUMA 560 link2 reaches joint 3's origin: at any state, the wrench at link2's distal end is
  // joint 3's reaction at the same point (compared in base axes through forward kinematics).
  const Model puma = builtin_model("puma560").model;
  Segment s;
  s.section = Section::tube(0.04, 0.03);
  s.material = builtin_material("AlMg3");
  std::vector<std::optional<Segment>> per(6);
  per[1] = s;
  per[2] = s;
  const SegmentSet set(puma, per, "puma.json");
  EXPECT_NEAR((set.geometry(1).axis * set.geometry(1).length - puma.tree[2].p).norm(), 0, 1e-15);
  Data data(puma);
  ReactionWorkspace<double> ws(puma);
  VecX<double> q(6), v(6), acc(6);
  q << 0.3, -0.8, 1.1, 0.4, -0.6, 0.9;
  v << 0.5, -1, 0.7, 1.2, -0.4, 2;
  acc << 1, -2, 3, -1, 2, 0.5;
  const auto out = segment_stresses(puma, set, q, joint_reactions(puma, data, ws, q, v, acc));
  ASSERT_TRUE(out[1] && out[2]);
  EXPECT_GT(out[1]->distal.moment.norm(), 1.0);
  forward_kinematics(puma, data, q);
  const Mat3<double> R2 = data.oMb[1].R * set.geometry(1).rotation(), R3 = data.oMb[2].R * set.geometry(2).rotation();
  EXPECT_LT((R2 * out[1]->distal.force - R3 * out[2]->proximal.force).norm(), 1e-9);
  EXPECT_LT((R2 * out[1]->distal.moment - R3 * out[2]->proximal.moment).norm(), 1e-9);
}

TEST(SegmentStress, RectangleBendsAboutBothAxes) {
  // 40 x 20 mm: M_x = 2, M_y = 1 N m -> 2 / W_x + 1 / W_y at the corner.
  const EndStress s = section_stress(Section::rect(0.04, 0.02), Vec3<double>(0, 0, 10), Vec3<double>(2, 1, 0));
  const double Wx = 0.04 * 0.02 * 0.02 / 6, Wy = 0.02 * 0.04 * 0.04 / 6;
  EXPECT_NEAR(s.sigma_bending, 2 / Wx + 1 / Wy, 1e-6);
  EXPECT_NEAR(s.sigma_axial, 10 / 8e-4, 1e-9);
  EXPECT_NEAR(s.sigma_max, s.sigma_bending + s.sigma_axial, 1e-9);
}

TEST(SegmentStress, RefusesMismatchedSizes) {
  const Arm a = arm(Vec3<double>(0, 0, -kG));
  EXPECT_THROW(segment_stresses(a.model, a.segments, VecX<double>::Zero(3), MatX<double>::Zero(6, 2)), InputError);
  EXPECT_THROW(segment_stresses(a.model, a.segments, VecX<double>::Zero(2), MatX<double>::Zero(6, 1)), InputError);
}

}  // namespace segment_stress_test
}  // namespace armdyn::segments
