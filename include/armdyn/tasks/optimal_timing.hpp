#pragma once
// The velocity distribution along a given path that needs the least electrical energy ([VP]
// §3.13 (b)): the path q(λ), λ ∈ [0, 1], is fixed; the timing λ(k) at t_k = k Δt, k = 0..N
// (Δt = T / N), is chosen by backward dynamic programming.
//
// Discretisation. At sample k the joint motion is the finite difference of q(λ(k)):
//   q'_k = (q(λ_(k+1)) − q(λ_(k−1))) / (2 Δt),   q''_k = (q(λ_(k+1)) − 2 q(λ_k) + q(λ_(k−1))) / Δt²,
// with rest at both ends written as the reflections λ_(−1) = λ_1 and λ_(N+1) = λ_(N−1)
// (q'_0 = q'_N = 0). The motor inputs at a sample are the exact inverse of the 2nd-order DC
// motor model for that discretised motion (drives::dc_motor_sample, [VP] (3.9.6)):
//   i = (Jm G q'' + tau_joint / G, with the gear's efficiency) / Kt,   u = R i + Ke G q',
// tau_joint = rnea(q, q', q'') + friction(q'). For a realisable transition this is what [VP]'s
// least-squares inversion (3.13.13) gives, with no residual.
//
// Criterion. The electrical energy, the exact power u i summed over the joints (the resistive
// loss R i² plus the power Ke G q' i turned into mechanical work; negative power is returned by
// the motors), by the trapezoid over the samples ([VP] (3.13.17) with the power u i):
//   E = Σ_k w_k Δt Σ_j u_j,k i_j,k,   w_0 = w_N = 1/2, w_k = 1 otherwise.
// Constraint: |u_j,k| ≤ the motor's max_voltage at every sample.
//
// Dynamic programming ([VP] (3.13.9)-(3.13.15)). The cost of sample k depends on λ_(k−1), λ_k,
// λ_(k+1), so the state at step k is the pair (λ_k, λ_(k+1)); λ_0 = 0, λ_N = 1, λ nondecreasing.
// Each stage k has up to M candidates λ_ref(k) + h (2m / (M − 1) − 1), m = 0..M−1, clipped to
// [0, 1] (M odd: the reference itself is a candidate, so the optimum is never worse than it).
// One pass costs O(N M³) samples. The passes start from the triangular profile with the band
// half-width h = band; each later pass recentres the band on the last optimum and narrows h by
// 0.7 unless the optimum touched the band's edge (iterative dynamic programming), so the energy
// never rises from one pass to the next. The bound enters the programme as a first criterion,
// the summed excess Σ max(0, |u| − max_voltage) compared before the energy, so that passes
// starting from a triangular profile that breaks the bound move towards a timing that keeps it;
// the result must have no excess.
#include <functional>
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::tasks {

/// The path: joint positions q(λ) for λ in [0, 1] (model.dof values each).
using JointPath = std::function<VecX<double>(double lambda)>;

struct TimingOptions {
  double duration = 1;  ///< T, s (> 0)
  int steps = 40;       ///< N (≥ 2)
  int candidates = 15;  ///< M per stage (odd, ≥ 3)
  int passes = 20;      ///< dynamic-programming passes (≥ 1)
  double band = 0.1;    ///< the first pass's half-width h in λ (> 0)
};

/// A timing of the path and what the drives need for it, per sample k = 0..N.
struct TimingSolution {
  std::vector<double> t, lambda;
  std::vector<VecX<double>> q, v, a;
  MatX<double> voltage, current;  ///< samples x joints
  VecX<double> energy;            ///< running electrical energy (the trapezoid of Σ_j u_j i_j), J
  double total_energy() const { return energy.size() ? energy[energy.size() - 1] : 0.0; }
  /// The largest |u_j| over the samples, per joint.
  VecX<double> peak_voltage() const { return voltage.cwiseAbs().colwise().maxCoeff().transpose(); }
};

/// λ(k) = s(k T / N) of the triangular profile over T ([VP] §3.6), k = 0..N.
std::vector<double> triangular_timing(int steps);
/// λ(k) of the trapezoidal profile with peak rate ṡ_max = peak_rate_factor / T (1 < factor ≤ 2).
std::vector<double> trapezoidal_timing(int steps, double peak_rate_factor);

/// The samples of a given timing λ(k) (k = 0..N, λ_0 = 0, λ_N = 1) with the formulas above.
/// InputError unless every joint has a dc2 motor, or for a malformed λ.
TimingSolution evaluate_timing(const Model& model, const drives::DriveSet& drives, const JointPath& path,
                               const std::vector<double>& lambda, double duration);

/// The least-energy timing. InputError for options out of range, drives other than dc2 on every
/// joint, or when no timing on the candidate grid keeps every |u| within max_voltage (the message
/// gives the triangular profile's peak voltage against the bound).
TimingSolution optimize_timing(const Model& model, const drives::DriveSet& drives, const JointPath& path,
                               const TimingOptions& options);

}  // namespace armdyn::tasks
