#include "armdyn/segments/stress.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "armdyn/core/error.hpp"

namespace armdyn::segments {

namespace {

// Body c's frame in its parent's body frame at q_c (model.hpp: tree * Rz(q) or tree * Tz(q)).
Transform<double> joint_placement(const Model& model, int c, double q) {
  const Transform<double>& T = model.tree[static_cast<std::size_t>(c)];
  if (model.joint_type[static_cast<std::size_t>(c)] == JointType::kPrismatic)
    return Transform<double>{T.R, T.p + T.R.col(2) * q};
  const double cq = std::cos(q), sq = std::sin(q);
  Mat3<double> Rz;
  Rz << cq, -sq, 0, sq, cq, 0, 0, 0, 1;
  return Transform<double>{T.R * Rz, T.p};
}

// Joint c's reaction (link c's frame) as a force and a moment about the origin of the frame X
// places link c's frame in (X = placement of link c's frame there).
void moved_wrench(const MatX<double>& reactions, int c, const Transform<double>& X, Vec3<double>& f, Vec3<double>& n) {
  f = X.R * reactions.col(c).head<3>();
  n = X.R * reactions.col(c).tail<3>() + X.p.cross(f);
}

}  // namespace

EndStress section_stress(const Section& section, const Vec3<double>& force, const Vec3<double>& moment) {
  const SectionProperties p = section_properties(section);
  EndStress s;
  s.force = force;
  s.moment = moment;
  if (section.circular()) {
    s.sigma_bending = std::hypot(moment.x(), moment.y()) / p.W_x;  // (3.5.14)
    s.tau_shear = std::hypot(force.x(), force.y()) * p.shear_x;
  } else {
    s.sigma_bending = std::abs(moment.x()) / p.W_x + std::abs(moment.y()) / p.W_y;
    s.tau_shear = std::abs(force.x()) * p.shear_x + std::abs(force.y()) * p.shear_y;
  }
  s.sigma_axial = std::abs(force.z()) / p.area;
  s.sigma_max = s.sigma_bending + s.sigma_axial;
  s.tau_torsion = std::abs(moment.z()) / p.W0;  // (3.5.16)
  return s;
}

std::vector<std::optional<SegmentStress>> segment_stresses(const Model& model, const SegmentSet& segments,
                                                           VecIn<double> q, const MatX<double>& reactions) {
  if (segments.size() != model.dof || q.size() != model.dof || reactions.rows() != 6 || reactions.cols() != model.dof)
    throw InputError("segment_stresses: sizes do not match model '" + model.name + "' (" + std::to_string(model.dof) +
                     " joints): segments " + std::to_string(segments.size()) + ", q " + std::to_string(q.size()) +
                     ", reactions " + std::to_string(reactions.rows()) + " x " + std::to_string(reactions.cols()));
  std::vector<std::optional<SegmentStress>> out(static_cast<std::size_t>(model.dof));
  for (int b = 0; b < model.dof; ++b) {
    const std::optional<Segment>& seg = segments[b];
    if (!seg) continue;
    const SegmentGeometry& g = segments.geometry(b);
    const Mat3<double> Rt = g.rotation().transpose();  // body axes -> section axes
    Vec3<double> f, n;
    moved_wrench(reactions, b, link_in_body(model, b), f, n);  // about the joint = segment start
    SegmentStress s;
    s.proximal = section_stress(seg->section, Rt * f, Rt * n);
    // Distal: what the link applies to its children, about the segment's end point.
    Vec3<double> fd = Vec3<double>::Zero(), nd = Vec3<double>::Zero();
    for (int c = b + 1; c < model.dof; ++c) {
      if (model.parent[static_cast<std::size_t>(c)] != b) continue;
      moved_wrench(reactions, c, joint_placement(model, c, q[c]) * link_in_body(model, c), f, n);
      fd += f;
      nd += n;
    }
    nd -= (g.axis * g.length).cross(fd);
    s.distal = section_stress(seg->section, Rt * fd, Rt * nd);
    s.sigma_max = std::max(s.proximal.sigma_max, s.distal.sigma_max);
    s.tau_max = std::max(s.proximal.tau_torsion, s.distal.tau_torsion);
    s.sigma_ratio = s.sigma_max / seg->material.allowed_normal_stress;
    s.tau_ratio = s.tau_max / seg->material.allowed_shear_stress;
    out[static_cast<std::size_t>(b)] = s;
  }
  return out;
}

}  // namespace armdyn::segments
