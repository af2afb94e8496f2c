#include "armdyn/segments/segment.hpp"

#include <cmath>
#include <optional>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/core/vector_length.hpp"
#include "field_error.hpp"

namespace armdyn::segments {

namespace {

constexpr double kTiny = 1e-6;  // m: a shorter distance gives no direction

using detail::fail;

// The default end point of a body's segment (body frame): its first child's joint origin, else
// its farthest frame; zero when neither is away from the joint.
Vec3<double> default_end(const Model& model, int body) {
  for (int c = body + 1; c < model.dof; ++c)
    if (model.parent[static_cast<std::size_t>(c)] == body) {
      const Vec3<double> p = model.tree[static_cast<std::size_t>(c)].p;
      if (p.norm() > kTiny) return p;
      break;
    }
  Vec3<double> best = Vec3<double>::Zero();
  for (const Frame<double>& f : model.frames)
    if (f.body == body && f.placement.p.norm() > best.norm()) best = f.placement.p;
  return best.norm() > kTiny ? best : Vec3<double>::Zero();
}

SegmentGeometry resolve(const Model& model, int body, const Segment& s, const std::string& where) {
  const Transform<double> link = link_in_body(model, body);
  const Vec3<double> end = default_end(model, body);
  SegmentGeometry g;
  if (s.axis) {
    const std::optional<Vec3<double>> a = unit_vector(*s.axis);  // of any finite non-zero length
    if (!a) fail(where, "axis", "must be a finite nonzero vector");
    g.axis = link.R * *a;
  } else {
    if (end.isZero()) fail(where, "axis", "cannot be derived (the link has no next joint or frame away from its joint): give \"axis\" and \"length\"");
    g.axis = end.normalized();
  }
  if (s.length) {
    if (!std::isfinite(*s.length) || !(*s.length >= kTiny) || *s.length > 1e3)
      fail(where, "length", "must be a number of metres in [1e-6, 1e3]");
    g.length = *s.length;
  } else {
    if (end.isZero()) fail(where, "length", "cannot be derived (the link has no next joint or frame away from its joint): give it");
    if (end.norm() > 1e3) fail(where, "length", "the derived length " + number_text(end.norm(), 6) + " m is over 1e3 m: give it");
    g.length = end.norm();
  }
  // The section's x: the link axis most perpendicular to the segment axis, projected.
  int pick = 0;
  for (int k = 1; k < 3; ++k)
    if (std::abs(link.R.col(k).dot(g.axis)) < std::abs(link.R.col(pick).dot(g.axis)) - 1e-12) pick = k;
  const Vec3<double> x = link.R.col(pick) - link.R.col(pick).dot(g.axis) * g.axis;
  g.section_x = x.normalized();
  return g;
}

void check_point_masses(const Segment& s, const SegmentGeometry& g, const std::string& where) {
  for (std::size_t k = 0; k < s.point_masses.size(); ++k) {
    const std::string at = "point_masses[" + std::to_string(k) + "]";
    const PointMass& p = s.point_masses[k];
    if (!std::isfinite(p.mass) || p.mass < 0 || p.mass > 1e6) fail(where, at + ".mass", "must be a number of kg in [0, 1e6]");
    if (!std::isfinite(p.position) || p.position < 0 || p.position > g.length)
      fail(where, at + ".position", "must be within the segment, [0, " + number_text(g.length, 6) + "] m from its joint");
  }
}

}  // namespace

Mat3<double> SegmentGeometry::rotation() const {
  Mat3<double> R;
  R.col(0) = section_x;
  R.col(1) = axis.cross(section_x);
  R.col(2) = axis;
  return R;
}

SegmentSet::SegmentSet(const Model& model, std::vector<std::optional<Segment>> per_body, std::string source)
    : segments_(std::move(per_body)), source_(std::move(source)) {
  require_angle_coordinates(model, "segments");
  if (static_cast<int>(segments_.size()) != model.dof)
    throw InputError(source_ + ": " + std::to_string(segments_.size()) + " segment entries for the " +
                     std::to_string(model.dof) + " links of '" + printable(model.name) + "'");
  geometry_.resize(segments_.size());
  for (int i = 0; i < model.dof; ++i) {
    names_.push_back(printable(model.body_names[static_cast<std::size_t>(i)]));
    const std::optional<Segment>& s = segments_[static_cast<std::size_t>(i)];
    if (!s) continue;
    const std::string where = source_ + ": links." + names_.back();
    check_section(s->section, where + ".section");
    check_material(s->material, where + ".material");
    geometry_[static_cast<std::size_t>(i)] = resolve(model, i, *s, where);
    check_point_masses(*s, geometry_[static_cast<std::size_t>(i)], where);
  }
}

bool SegmentSet::empty() const {
  for (const auto& s : segments_)
    if (s) return false;
  return true;
}

bool SegmentSet::any_mass_from_section() const {
  for (const auto& s : segments_)
    if (s && s->mass_from_section) return true;
  return false;
}

double section_mass(const Segment& s, const SegmentGeometry& g) {
  return s.material.density * section_properties(s.section).area * g.length;
}

double segment_mass(const Segment& s, const SegmentGeometry& g) {
  double m = section_mass(s, g);
  for (const PointMass& p : s.point_masses) m += p.mass;
  return m;
}

Inertia<double> segment_inertia(const Segment& s, const SegmentGeometry& g) {
  const SectionProperties p = section_properties(s.section);
  const double l = g.length, rho_l = s.material.density * l, m = rho_l * p.area;
  const Mat3<double> R = g.rotation();
  const Vec3<double> about_centre(rho_l * p.I_x + m * l * l / 12, rho_l * p.I_y + m * l * l / 12, rho_l * p.polar);
  Inertia<double> out =
      Inertia<double>::from_com(m, g.axis * (l / 2), R * about_centre.asDiagonal() * R.transpose());
  for (const PointMass& pm : s.point_masses) out += Inertia<double>::from_com(pm.mass, g.axis * pm.position, Mat3<double>::Zero());
  return out;
}

Model with_section_masses(const Model& model, const SegmentSet& segments) {
  if (!segments.any_mass_from_section()) return model;
  if (segments.size() != model.dof)
    throw InputError(segments.source() + ": made for " + std::to_string(segments.size()) + " links, model '" +
                     printable(model.name) + "' has " + std::to_string(model.dof));
  Model out = model;
  for (int b = 0; b < model.dof; ++b) {
    const std::optional<Segment>& s = segments[b];
    if (!s || !s->mass_from_section) continue;
    const Inertia<double> I = segment_inertia(*s, segments.geometry(b));
    const std::size_t i = static_cast<std::size_t>(b);
    out.inertia[i] = I;
    out.mass[i] = I.m;
    const Vec3<double> com = I.h / I.m;  // I.m > 0: a section has area, a segment length
    const Mat3<double> about_com = I.I - I.m * (com.squaredNorm() * Mat3<double>::Identity() - com * com.transpose());
    out.com[i] = com;
    out.inertia_com[i] = 0.5 * (about_com + about_com.transpose());
  }
  return out;
}

Transform<double> link_in_body(const Model& model, int body) {
  const int k = model.frame_index(model.body_names[static_cast<std::size_t>(body)]);
  return k >= 0 && model.frames[static_cast<std::size_t>(k)].body == body ? model.frames[static_cast<std::size_t>(k)].placement
                                                                           : Transform<double>::identity();
}

}  // namespace armdyn::segments
