// gravity_axes / gravity_warning / dh_base_placement (armdyn/model/gravity_axes.hpp): the joint axes
// in the base frame, the warning when gravity is parallel to every revolute axis (and that the
// gravity torques then really are zero at any q), and the DH base recovered from the model.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/model/gravity_axes.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace gravity_axes_test {

// max |g(q)| over a few random q.
double largest_gravity_torque(const Model& model) {
  Data data(model);
  std::mt19937_64 rng(7);
  double worst = 0;
  for (int k = 0; k < 5; ++k)
    worst = std::max(worst, gravity_torque(model, data, test::random_vector(rng, model.dof, -3, 3)).cwiseAbs().maxCoeff());
  return worst;
}

TEST(GravityAxes, CraigsPlanarArmsHaveTheirJointAxesAlongMinusYOfTheBase) {
  // DH frame {0} is turned +90 deg about x, so z0 (every joint axis) is the base's -y.
  const Model m = builtin_model("planar2r").model;
  const GravityAxes a = gravity_axes(m);
  ASSERT_EQ(a.joint_axes.size(), 2u);
  for (const Vec3<double>& axis : a.joint_axes) EXPECT_LT((axis - Vec3<double>(0, -1, 0)).norm(), 1e-15);
  EXPECT_EQ(axis_name(a.joint_axes[0]), "-y");
  EXPECT_FALSE(a.revolute_torques_vanish);
  EXPECT_EQ(gravity_warning(m), "");
  EXPECT_GT(largest_gravity_torque(m), 1.0);
}

TEST(GravityAxes, GravityAlongTheJointAxesIsReportedAndTheTorquesAreZero) {
  // The mistake: Craig's -Y0 typed as the base's -y. The torques vanish, so the warning is true.
  const Model m = builtin_model("planar2r").model.with_gravity(Vec3<double>(0, -9.8, 0));
  const GravityAxes a = gravity_axes(m);
  EXPECT_TRUE(a.revolute_torques_vanish);
  EXPECT_TRUE(a.all_vanish);  // no prismatic joint
  const std::string w = gravity_warning(m);
  EXPECT_NE(w.find("[0, -9.8, 0]"), std::string::npos) << w;
  EXPECT_NE(w.find("parallel to every revolute joint axis"), std::string::npos) << w;
  EXPECT_EQ(w.find('\n'), std::string::npos);  // one line
  EXPECT_LT(largest_gravity_torque(m), 1e-12);
}

TEST(GravityAxes, APrismaticJointAcrossGravityStillFeelsNothingButAlongItDoes) {
  // rp (Craig Example 6.5): joint 1 revolute about z0 (base -y), joint 2 slides in the plane.
  const Model rp = builtin_model("rp").model;
  const GravityAxes a = gravity_axes(rp.with_gravity(Vec3<double>(0, 9.81, 0)));
  EXPECT_TRUE(a.revolute_torques_vanish);
  EXPECT_TRUE(a.all_vanish);  // the slide is perpendicular to z0 at every q
  EXPECT_LT(largest_gravity_torque(rp.with_gravity(Vec3<double>(0, 9.81, 0))), 1e-12);
  EXPECT_FALSE(gravity_axes(rp).revolute_torques_vanish);
}

TEST(GravityAxes, SpatialArmsAndZeroGravityGiveNoWarning) {
  const Model puma = builtin_model("puma560").model;
  for (const Vec3<double>& g : {Vec3<double>(0, 0, -9.81), Vec3<double>(0, -9.81, 0), Vec3<double>(9.81, 0, 0)})
    EXPECT_EQ(gravity_warning(puma.with_gravity(g)), "") << g.transpose();
  EXPECT_FALSE(gravity_axes(builtin_model("planar2r").model.with_gravity(Vec3<double>::Zero())).revolute_torques_vanish);
}

TEST(GravityAxes, TheDhBaseIsRecoveredFromTheModel) {
  const std::optional<Transform<double>> craig = dh_base_placement(builtin_model("planar3r").model);
  ASSERT_TRUE(craig.has_value());
  Mat3<double> turned;  // +90 deg about x: Y0 = base +z
  turned << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  EXPECT_LT((craig->R - turned).norm(), 1e-15);
  EXPECT_LT(craig->p.norm(), 1e-15);
  const std::optional<Transform<double>> puma = dh_base_placement(builtin_model("puma560").model);
  ASSERT_TRUE(puma.has_value());
  EXPECT_LT((puma->R - Mat3<double>::Identity()).norm(), 1e-15);
}

TEST(GravityAxes, AxisNames) {
  EXPECT_EQ(axis_name(Vec3<double>(0, 0, -9.81)), "-z");
  EXPECT_EQ(axis_name(Vec3<double>(2, 0, 0)), "+x");
  EXPECT_EQ(axis_name(Vec3<double>(1, 1, 0)), "");
  EXPECT_EQ(axis_name(Vec3<double>::Zero()), "");
}

}  // namespace gravity_axes_test
}  // namespace armdyn
