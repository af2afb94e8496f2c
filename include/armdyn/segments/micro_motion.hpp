#pragma once
// Integration of the micro-motion D ü + u = c ([VP] (4.2.2), §4.6) with D and c held constant
// over each step of the nominal motion, by its analytic (modal) solution.
//
// The micro-accelerations act on the masses lumped at the points S_{i+1}: m_i = μ_i^up + μ_{i+1}^d
// (micro_dynamics.hpp), and D = F M with F the chain's symmetric flexibility and M = diag(m_i I).
// For the points with mass (set P), S = M^½ D_PP M^-½ = M^½ F_PP M^½ is symmetric positive
// semi-definite: S = W Λ Wᵀ. With z = Wᵀ M^½ (u_P − c_P) every mode is an undamped oscillator
//   z_j(t) = z_j0 cos ω_j t + (ż_j0 / ω_j) sin ω_j t,   ω_j² = 1/λ_j,
// and a mode with λ_j = 0 (a direction in which no segment bends: rigid links) follows c at once.
// A massless point has no inertia: it follows the others, u_Z = c_Z − D_ZP ü_P.
#include "armdyn/segments/micro_dynamics.hpp"

namespace armdyn::segments {

/// The mass lumped at each point S_{i+1} for each of its three coordinates (3n): μ_i^up + μ_{i+1}^d.
VecX<double> point_masses(const ElasticChainState& s);

/// The micro-motion's state u, u̇ (3n each, base axes), advanced step by step.
class MicroMotion {
 public:
  /// Starts at u with u̇ = 0 (at rest).
  void start(const VecX<double>& u);
  /// Advances by `dt` seconds with the state `s`'s masses and its model `m` (micro_model_blocks
  /// or micro_model_recursive of `s`) held constant. InputError on sizes that do not match or a
  /// negative or non-finite dt.
  void advance(const ElasticChainState& s, const MicroModel& m, double dt);
  const VecX<double>& u() const { return u_; }
  const VecX<double>& udot() const { return udot_; }

 private:
  VecX<double> u_, udot_;
};

}  // namespace armdyn::segments
