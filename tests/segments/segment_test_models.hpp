#pragma once
// A horizontal two-link arm for the segment tests: link1 turns about z (vertical) and reaches
// 0.8 m along its x axis to joint 2, which turns about y; link2 reaches 0.5 m along x to its
// frame "tool2". At q = 0 both lie along the base x axis. The links' segments: link1 an AlMg3
// tube R = 0.02, r = 0.015; link2 a steel rod R = 0.01 with a 1 kg point mass at its tip.
#include <optional>
#include <vector>

#include "armdyn/model/builder.hpp"
#include "armdyn/segments/segment.hpp"

namespace armdyn::segments::test_models {

inline Model two_link(const LinkInertial& in1, const LinkInertial& in2) {
  ModelBuilder b("two_link", "two_link");
  JointSpec j1;
  j1.name = "j1";
  b.add_link("base", j1, "link1", in1);
  JointSpec j2;
  j2.name = "j2";
  j2.axis = Vec3<double>::UnitY();
  j2.origin = Transform<double>::translation(Vec3<double>(0.8, 0, 0));
  b.add_link("link1", j2, "link2", in2);
  b.add_fixed_link("link2", "tool2_joint", Transform<double>::translation(Vec3<double>(0.5, 0, 0)), "tool2",
                   LinkInertial{});
  return b.build();
}

// Some inertia the segments replace.
inline LinkInertial placeholder() {
  LinkInertial in;
  in.mass = 3;
  in.com = Vec3<double>(0.2, 0.1, 0);
  in.inertia = Vec3<double>(0.1, 0.2, 0.25).asDiagonal();
  return in;
}

inline SegmentSet two_segments(const Model& model, bool mass_from_section = true) {
  Segment s1;
  s1.section = Section::tube(0.02, 0.015);
  s1.material = builtin_material("AlMg3");
  s1.mass_from_section = mass_from_section;
  Segment s2;
  s2.section = Section::rod(0.01);
  s2.material = builtin_material("steel");
  s2.point_masses.push_back({1.0, 0.5});
  s2.mass_from_section = mass_from_section;
  return SegmentSet(model, {s1, s2}, "two.json");
}

}  // namespace armdyn::segments::test_models
