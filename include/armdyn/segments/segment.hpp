#pragma once
// A manipulator's links as real segments (docs/segments.md): per link a cross-section, a material,
// a length along an axis, point masses (motors) and, optionally, the link's mass and inertia
// derived from all that ([VP] ch. 5: the section is a design parameter that changes the dynamics).
//
// Geometry, in the link's body frame (model.hpp: origin on the link's joint axis). The segment
// starts at the body-frame origin (the joint) and runs along a unit `axis` for `length`. By
// default the axis points to the next joint on the chain (the link's first child's joint
// origin) and the length is the distance to it; a link without a child, or whose next joint
// origin coincides with its own, uses its farthest frame instead (a tool or tip frame). Both can
// be given (axis in the link's own frame: URDF link frame or DH frame). The section's x axis is
// the link frame's x, y or z axis (the one most perpendicular to the segment axis, x first on a
// tie) projected onto the section plane; y = axis × x.
#include <optional>
#include <string>
#include <vector>

#include "armdyn/model/model.hpp"
#include "armdyn/segments/section.hpp"

namespace armdyn::segments {

/// A concentrated mass on the segment (a motor, a gear box) at `position` metres from its joint
/// along the axis (0 <= position <= length).
struct PointMass {
  double mass = 0;
  double position = 0;
};

/// One link's segment as described by the user.
struct Segment {
  Section section;
  Material material;
  std::optional<double> length;         ///< m; default: see the file comment
  std::optional<Vec3<double>> axis;     ///< link frame; default: see the file comment
  std::vector<PointMass> point_masses;
  bool mass_from_section = false;  ///< with_section_masses replaces the link's inertia
};

/// Where a segment lies in its link's body frame.
struct SegmentGeometry {
  Vec3<double> axis = Vec3<double>::UnitZ();       ///< unit, from the joint (body origin)
  Vec3<double> section_x = Vec3<double>::UnitX();  ///< unit, perpendicular to axis
  double length = 0;                               ///< m
  Mat3<double> rotation() const;                   ///< columns section_x, axis × section_x, axis
};

/// The segments of one model, at most one per link (body), validated and with their geometry
/// resolved. Immutable.
class SegmentSet {
 public:
  SegmentSet() = default;
  /// `per_body` has model.dof entries. Checks every section, material, length, axis and point
  /// mass and resolves the geometry; an InputError "<source>: links.<name>.<field>: <what>"
  /// otherwise (e.g. the length cannot be derived, a point mass lies beyond the segment).
  SegmentSet(const Model& model, std::vector<std::optional<Segment>> per_body, std::string source);

  bool empty() const;  ///< no link has a segment
  int size() const { return static_cast<int>(segments_.size()); }
  const std::optional<Segment>& operator[](int body) const { return segments_[static_cast<std::size_t>(body)]; }
  const SegmentGeometry& geometry(int body) const { return geometry_[static_cast<std::size_t>(body)]; }
  const std::string& name(int body) const { return names_[static_cast<std::size_t>(body)]; }
  const std::string& source() const { return source_; }
  bool any_mass_from_section() const;

 private:
  std::vector<std::optional<Segment>> segments_;
  std::vector<SegmentGeometry> geometry_;
  std::vector<std::string> names_;
  std::string source_;
};

/// ρ A ℓ: the mass of the section material alone (kg).
double section_mass(const Segment& s, const SegmentGeometry& g);
/// The section material plus the point masses (kg).
double segment_mass(const Segment& s, const SegmentGeometry& g);

/// The segment's inertia about its body's origin, body frame: a uniform prismatic bar along the
/// axis (about its centre: ρℓ I_x + m ℓ²/12, ρℓ I_y + m ℓ²/12 transverse, ρℓ J axial) plus the
/// point masses.
Inertia<double> segment_inertia(const Segment& s, const SegmentGeometry& g);

/// The model with every link whose segment says mass_from_section: true given its segment's mass,
/// centre of mass and inertia (segment_inertia) in place of its own; everything else unchanged.
/// The model itself when none does. `segments` must have been made for `model`.
Model with_section_masses(const Model& model, const SegmentSet& segments);

/// The placement of body `body`'s link frame (the frame named after the body) in the body frame;
/// the identity when the model has no such frame on that body. Segments start there.
Transform<double> link_in_body(const Model& model, int body);

}  // namespace armdyn::segments
