// Influence coefficients of a cantilever cane (armdyn/segments/influence.hpp, [VP] §4.5): the
// closed forms of Euler-Bernoulli bending and of torsion for a tip force and a tip moment,
// reciprocity β = γᵀ, and the base-axes form A X Aᵀ checked by loading a turned cane.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <Eigen/Geometry>

#include "armdyn/core/error.hpp"
#include "armdyn/segments/influence.hpp"

namespace armdyn::segments {
namespace influence_test {

constexpr double kPi = std::numbers::pi;

TEST(CaneInfluence, TubeClosedForms) {
  const Material al = builtin_material("AlMg3");
  const SectionProperties p = section_properties(Section::tube(0.02, 0.015));
  const double l = 0.8, E = al.young_modulus, G = E / (2 * 1.29);
  const double I = kPi * std::pow(0.04, 4) * (1 - std::pow(0.75, 4)) / 64;  // (3.5.12)
  const InfluenceCoefficients c = cane_influence(p, al, l);
  // A tip force F along x: u_x = F l³/(3EI), tilt about y F l²/(2EI) (the tip turns towards x).
  const Vec3<double> F(5, 0, 0);
  EXPECT_NEAR((c.alpha * F).x(), 5 * l * l * l / (3 * E * I), 1e-15);
  EXPECT_NEAR((c.gamma * F).y(), 5 * l * l / (2 * E * I), 1e-15);
  EXPECT_NEAR((c.gamma * F).x(), 0, 1e-18);
  // Along the axis: u_z = F l/(EA).
  EXPECT_NEAR((c.alpha * Vec3<double>(0, 0, 100)).z(), 100 * l / (E * p.area), 1e-18);
  // A tip moment about y: tilt M l/(EI) about y, deflection M l²/(2EI) along x.
  const Vec3<double> M(0, 2, 0);
  EXPECT_NEAR((c.delta * M).y(), 2 * l / (E * I), 1e-15);
  EXPECT_NEAR((c.beta * M).x(), 2 * l * l / (2 * E * I), 1e-15);
  // Torsion: φ_z = M l/(G J), J the polar moment 2I ((4.5.17): 32 l/((1 − ψ⁴) G π D⁴)).
  const double phi = (c.delta * Vec3<double>(0, 0, 3)).z();
  EXPECT_NEAR(phi, 3 * l / (G * 2 * I), 1e-12 * phi);
  EXPECT_NEAR(phi, 3 * 32 * l / ((1 - std::pow(0.75, 4)) * G * kPi * std::pow(0.04, 4)), 1e-12 * phi);
  EXPECT_NEAR((c.beta * Vec3<double>(0, 0, 3)).norm(), 0, 1e-20);
  EXPECT_EQ(c.beta, c.gamma.transpose());
}

TEST(CaneInfluence, RectangleBendsWithTheRightSecondMoment) {
  // Hx = 0.06 > Hy = 0.03: a force along x bends about y (I_y, the stiff way), along y about x.
  const Material steel = builtin_material("steel");
  const SectionProperties p = section_properties(Section::rect(0.06, 0.03));
  const double l = 0.5, E = steel.young_modulus;
  const InfluenceCoefficients c = cane_influence(p, steel, l);
  EXPECT_NEAR(c.alpha(0, 0), l * l * l / (3 * E * p.I_y), 1e-20);
  EXPECT_NEAR(c.alpha(1, 1), l * l * l / (3 * E * p.I_x), 1e-20);
  EXPECT_GT(c.alpha(1, 1), 3.9 * c.alpha(0, 0));  // I_y / I_x = 4
  EXPECT_NEAR(c.delta(2, 2), l / (steel.shear_modulus() * p.torsion_constant), 1e-20);
  EXPECT_EQ(c.beta, c.gamma.transpose());
  // Moment about x turns the tip towards −y.
  EXPECT_LT((c.beta * Vec3<double>(1, 0, 0)).y(), 0);
}

TEST(CaneInfluence, BaseAxesOfATurnedCane) {
  // A cane along base −y (A's third column), section x along base z: a base-axes load is the
  // cane-frame load turned, and so is the response.
  Mat3<double> A;
  A.col(0) = Vec3<double>::UnitZ();
  A.col(2) = -Vec3<double>::UnitY();
  A.col(1) = A.col(2).cross(A.col(0));
  const InfluenceCoefficients cane =
      cane_influence(section_properties(Section::rect_tube(0.05, 0.04, 0.04, 0.03)), builtin_material("AlMg3"), 0.7);
  const InfluenceCoefficients base = in_base_axes(cane, A);
  const Vec3<double> F(1, -2, 3), M(-0.5, 0.25, 2);
  EXPECT_LT((base.alpha * F + base.beta * M - A * (cane.alpha * A.transpose() * F + cane.beta * A.transpose() * M)).norm(), 1e-18);
  EXPECT_LT((base.gamma * F + base.delta * M - A * (cane.gamma * A.transpose() * F + cane.delta * A.transpose() * M)).norm(), 1e-16);
  EXPECT_LT((base.beta - base.gamma.transpose()).norm(), 1e-20);
  // A load along the cane only stretches it: deflection along base −y, no tilt.
  const Vec3<double> u = base.alpha * Vec3<double>(0, -10, 0);
  EXPECT_NEAR(u.x(), 0, 1e-20);
  EXPECT_NEAR(u.z(), 0, 1e-20);
  EXPECT_LT(u.y(), 0);
  EXPECT_NEAR((base.gamma * Vec3<double>(0, -10, 0)).norm(), 0, 1e-20);
}

TEST(CaneInfluence, RefusesANonPositiveLength) {
  const SectionProperties p = section_properties(Section::rod(0.01));
  EXPECT_THROW(cane_influence(p, builtin_material("steel"), 0), InputError);
  EXPECT_THROW(cane_influence(p, builtin_material("steel"), std::nan("")), InputError);
}

}  // namespace influence_test
}  // namespace armdyn::segments
