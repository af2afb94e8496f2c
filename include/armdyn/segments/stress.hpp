#pragma once
// Stresses in the segments from the joint reactions ([VP] §3.5, (3.5.11)-(3.5.16)).
//
// Each end of a segment carries a wrench: at the proximal end (its joint) the joint's reaction
// (dynamics/reactions.hpp: what the parent applies to the link), at the distal end what the link
// applies to the links it carries (their joints' reactions moved to the segment's end point;
// zero for the last link: a payload held by it is part of its body, so it loads the proximal end
// but not the distal one). At each end, in the section's axes (x, y, and the axis z):
//   sigma_bending = |M_b| / W                  (3.5.14), M_b = |(M_x, M_y)| for a circle,
//                 = |M_x| / W_x + |M_y| / W_y  for a rectangle (the corner's stress);
//   sigma_axial   = |N| / A                    (N = F_z; VP leaves it out as not dominant);
//   sigma_max     = sigma_bending + sigma_axial (VP's σ_max plus the axial term, the fibre's stress);
//   tau_torsion   = |M_t| / W0                 (3.5.16), M_t = M_z;
//   tau_shear     = the transverse force's shear at the neutral axis (V Q / (I b); not in VP,
//                   reported apart, not added to tau_max).
// A segment's sigma_max and tau_max are the larger of its two ends' (VP's M^b_max, M^t_max).
#include <optional>
#include <vector>

#include "armdyn/segments/segment.hpp"

namespace armdyn::segments {

struct EndStress {
  Vec3<double> force = Vec3<double>::Zero();   ///< section axes (x, y, axis), N
  Vec3<double> moment = Vec3<double>::Zero();  ///< about the end's centre, section axes, N m
  double sigma_bending = 0, sigma_axial = 0, sigma_max = 0;  ///< Pa
  double tau_torsion = 0, tau_shear = 0;                     ///< Pa
};

struct SegmentStress {
  EndStress proximal, distal;
  double sigma_max = 0;  ///< the larger end's sigma_max (Pa)
  double tau_max = 0;    ///< the larger end's tau_torsion (Pa)
  /// sigma_max / allowed_normal_stress and tau_max / allowed_shear_stress (> 1: over the limit).
  double sigma_ratio = 0, tau_ratio = 0;
};

/// The stresses of a section under the wrench [F; M] (section axes, moment about its centre).
EndStress section_stress(const Section& section, const Vec3<double>& force, const Vec3<double>& moment);

/// The stresses of every link's segment (empty entries for links without one) at configuration
/// q, from `reactions` (6 x dof, column k the reaction of joint k in link k's frame, as
/// joint_reactions writes it for the same q). InputError on sizes that do not match.
std::vector<std::optional<SegmentStress>> segment_stresses(const Model& model, const SegmentSet& segments,
                                                           VecIn<double> q, const MatX<double>& reactions);

}  // namespace armdyn::segments
