// Segment geometry and mass_from_section (armdyn/segments/segment.hpp): the default length and
// axis, the links' mass, centre of mass and inertia against the closed forms of a uniform tube or
// rod plus point masses, rnea on the result against a model built by hand from those closed
// forms, and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "segments/segment_test_models.hpp"
#include "support/state.hpp"

namespace armdyn::segments {
namespace segment_mass_test {

constexpr double kPi = std::numbers::pi;

// A uniform hollow cylinder of radii R, r and length l along the link's x axis from its joint,
// plus a point mass mp at s on the axis: mass, centre of mass and inertia about it (closed forms,
// no section_properties).
LinkInertial bar_along_x(double rho, double R, double r, double l, double mp, double s) {
  const double mt = rho * kPi * (R * R - r * r) * l, m = mt + mp, c = (mt * l / 2 + mp * s) / m;
  const double axial = mt * (R * R + r * r) / 2;
  const double transverse = mt * (3 * (R * R + r * r) + l * l) / 12 + mt * std::pow(l / 2 - c, 2) + mp * std::pow(s - c, 2);
  LinkInertial in;
  in.mass = m;
  in.com = Vec3<double>(c, 0, 0);
  in.inertia = Vec3<double>(axial, transverse, transverse).asDiagonal();
  return in;
}

TEST(SegmentGeometry, DefaultsToTheNextJointOrTheLastFrame) {
  const Model m = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  const SegmentSet set = test_models::two_segments(m);
  EXPECT_NEAR(set.geometry(0).length, 0.8, 1e-15);
  EXPECT_NEAR(set.geometry(1).length, 0.5, 1e-15);
  // link2's body frame has z along the joint axis (link y): its segment axis is the link's x.
  const Mat3<double> R1 = m.frames[static_cast<std::size_t>(m.frame_index("link2"))].placement.R;
  EXPECT_NEAR((R1.transpose() * set.geometry(1).axis - Vec3<double>::UnitX()).norm(), 0, 1e-15);
  EXPECT_NEAR(set.geometry(1).axis.dot(set.geometry(1).section_x), 0, 1e-15);
}

TEST(MassFromSection, EqualsTheClosedFormOfTubePlusPointMasses) {
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  const Model seg = with_section_masses(base, test_models::two_segments(base));
  const Model hand = test_models::two_link(bar_along_x(2700, 0.02, 0.015, 0.8, 0, 0), bar_along_x(7850, 0.01, 0, 0.5, 1.0, 0.5));
  EXPECT_NEAR(seg.mass[0], 1.4844025288 * 0.8, 1e-9);
  EXPECT_NEAR(seg.mass[1], 7850 * kPi * 1e-4 * 0.5 + 1.0, 1e-9);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(seg.mass[i], hand.mass[i], 1e-12);
    EXPECT_NEAR((seg.com[i] - hand.com[i]).norm(), 0, 1e-14);
    EXPECT_LT((seg.inertia_com[i] - hand.inertia_com[i]).cwiseAbs().maxCoeff(), 1e-14);
  }
  std::mt19937_64 rng(7);
  Data d1(seg), d2(hand);
  for (int k = 0; k < 20; ++k) {
    const armdyn::test::State s = armdyn::test::random_state(seg, rng);
    const VecX<double> t1 = rnea(seg, d1, s.q, s.v, s.a);
    const VecX<double> t2 = rnea(hand, d2, s.q, s.v, s.a);
    EXPECT_LT((t1 - t2).cwiseAbs().maxCoeff(), 1e-12 * (1 + t2.cwiseAbs().maxCoeff()));
  }
}

TEST(MassFromSection, RadiusChangesTheDynamicsAndOffKeepsTheModel) {
  const Model base = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  const Model off = with_section_masses(base, test_models::two_segments(base, false));
  EXPECT_EQ(off.mass, base.mass);
  Segment thick;
  thick.section = Section::tube(0.04, 0.03);
  thick.material = builtin_material("AlMg3");
  thick.mass_from_section = true;
  const Model heavy = with_section_masses(base, SegmentSet(base, {thick, std::nullopt}, "t.json"));
  EXPECT_NEAR(heavy.mass[0], 5.93761011528 * 0.8, 1e-9);
  EXPECT_EQ(heavy.mass[1], base.mass[1]);
}

TEST(SegmentSet, RefusesWhatItCannotPlace) {
  const Model m = test_models::two_link(test_models::placeholder(), test_models::placeholder());
  Segment s;
  s.section = Section::rod(0.01);
  s.material = builtin_material("steel");
  s.point_masses.push_back({1.0, 0.9});
  try {
    SegmentSet(m, {s, std::nullopt}, "f.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "f.json: links.link1.point_masses[0].position: must be within the segment, [0, 0.8] m from its joint");
  }
  s.point_masses.clear();
  s.length = -1;
  EXPECT_THROW(SegmentSet(m, {s, std::nullopt}, "f.json"), InputError);
  s.length = 0.3;
  s.axis = Vec3<double>::Zero();
  EXPECT_THROW(SegmentSet(m, {s, std::nullopt}, "f.json"), InputError);
}

}  // namespace segment_mass_test
}  // namespace armdyn::segments
