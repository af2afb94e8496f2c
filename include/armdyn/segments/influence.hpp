#pragma once
// Influence coefficients of a cantilever cane ([VP] §4.5): a straight segment clamped at its
// lower end A (its joint) and loaded at its free end B by a force F and a moment M. Its small
// elastic deviation at B, the deflection u and the tilt φ, is linear in the load:
//   u = α F + β M,   φ = γ F + δ M                               (4.5.1), (4.5.7)
// (with a lumped mass μ at B, F includes its weight and inertia: F − μ w^B). In the cane frame
// (the section's x, y and the cane axis z; segment.hpp SegmentGeometry::rotation) for length ℓ,
// Young's modulus E, shear modulus G = E / (2 (1 + ν)) (4.5.18), area A, second moments I_x, I_y
// and torsion constant J_t (section.hpp), Euler-Bernoulli bending gives
//   α = diag(ℓ³/(3 E I_y), ℓ³/(3 E I_x), ℓ/(E A))                    (4.5.3), (4.5.14)
//   β = [[0, ℓ²/(2 E I_y), 0], [−ℓ²/(2 E I_x), 0, 0], [0, 0, 0]]   (4.5.3), (4.5.16)
//   γ = [[0, −ℓ²/(2 E I_x), 0], [ℓ²/(2 E I_y), 0, 0], [0, 0, 0]]   (4.5.9), (4.5.15)
//   δ = diag(ℓ/(E I_x), ℓ/(E I_y), ℓ/(G J_t))                        (4.5.9), (4.5.17)
// so that β = γᵀ (Maxwell-Betti reciprocity). J_t is the polar moment for a circle ([VP]
// (4.5.17)); for rectangles section.hpp's torsion constant (thin-walled or Saint-Venant) replaces
// VP's polar moment. In base axes, with A the cane frame's rotation in the base frame,
// X_base = A X Aᵀ for each of α, β, γ, δ ((4.5.6), (4.5.11), (4.5.12)).
#include "armdyn/core/types.hpp"
#include "armdyn/segments/section.hpp"

namespace armdyn::segments {

/// The four 3 x 3 blocks of a cane's flexibility (m/N, m/(N m) = 1/N, rad/N, rad/(N m)).
struct InfluenceCoefficients {
  Mat3<double> alpha = Mat3<double>::Zero();  ///< deflection per tip force
  Mat3<double> beta = Mat3<double>::Zero();   ///< deflection per tip moment
  Mat3<double> gamma = Mat3<double>::Zero();  ///< tilt per tip force
  Mat3<double> delta = Mat3<double>::Zero();  ///< tilt per tip moment
};

/// The cane-frame coefficients above for a cane of `length` (m) with section properties `p` and
/// material `m`. InputError unless the length, E, G and the section's A, I_x, I_y, J_t are
/// positive and finite.
InfluenceCoefficients cane_influence(const SectionProperties& p, const Material& m, double length);

/// The same coefficients in base axes: A X Aᵀ for each block, `A` the cane frame in the base frame.
InfluenceCoefficients in_base_axes(const InfluenceCoefficients& cane, const Mat3<double>& A);

}  // namespace armdyn::segments
