#pragma once
// Small elastic oscillations of the segments about the rigid nominal motion ([VP] ch. 4,
// §4.2-4.4, §4.6).
//
// Postulates ([VP] §4.2, §4.4): the deformations are small and do not change the nominal motion;
// every link i = 1..n of a serial chain is a cane from its joint S_i to the point S_{i+1} where
// the next link is attached (the last link: its segment's end), clamped at S_i; the link's mass
// is lumped at the two ends, μ_i^d at S_i and μ_i^up at S_{i+1}. A link without a segment is
// rigid (all its influence coefficients zero) but its lumped masses still load the others.
// Lumping: the link's mass m_i as the model has it (the segment's with mass_from_section, a
// payload included) split by the lever rule along the cane, μ_i^up = m_i s, μ_i^d = m_i (1 − s),
// s = (c_i − S_i)·l_i / |l_i|² clamped to [0, 1] (c_i its centre of mass): the two lumps keep the
// mass and its first moment along the cane. A uniform segment gets half its mass at each end
// ([VP] postulate 4), a motor at its position's share, a payload at the tip all at the tip.
//
// Unknowns, base axes: u_i, the deflection (linear deviation) of S_{i+1}, and φ_i, its tilt.
// With the cane vectors l_i = S_i → S_{i+1}, the influence coefficients α_i..δ_i in base axes
// (influence.hpp), the nominal load at each cane's tip from the rigid model (the next joint's
// reaction −F_S,i+1, −M_S,i+1 and the external wrenches on the link, moved to S_{i+1}), the
// nominal accelerations w_i of S_{i+1} and gravity g, the recursions are
//   u_i = u_{i−1} + u_i^el + φ_{i−1} × l_i,   φ_i = φ_{i−1} + φ_i^el          (4.4.1), (4.4.4)
//   u_i^el = α_i F_i + β_i M_i,  φ_i^el = γ_i F_i + δ_i M_i                     (4.4.6), (4.4.7)
//   F_i = −F_S,i+1 − F_R,i+1^m + μ_i^up (g − w_i − ü_i),  M_i = −M_S,i+1 − M_R,i+1^m
//   F_Ri^m = μ_i^d ü_{i−1} + μ_i^up ü_i + F_R,i+1^m                             (4.4.10)
//   M_Ri^m = l_i × (F_R,i+1^m + μ_i^up ü_i) + M_R,i+1^m                         (4.4.13)
// (u_0 = φ_0 = ü_0 = 0, F_R,n+1^m = M_R,n+1^m = 0), an affine map from ü to u that is
//   D ü + u = c                                                                 (4.4.34)
// with, in block-matrix form (σ^(r), σ^(ℓ) the block shifts (σ^(r) a)_k = a_{k+1},
// (σ^(ℓ) a)_k = a_{k−1}; Σ^(dt), Σ^(upt) the block lower and upper triangles of identities;
// α, β, γ, δ, μ, l̲ block diagonals, l̲ a = l × a):
//   f = α − l̲ σ^(ℓ) Σ^(dt) γ,  h = β − l̲ σ^(ℓ) Σ^(dt) δ                        (4.4.35b)
//   D = Σ^(dt) (f + h σ^(r) Σ^(upt) l̲) [μ^up + σ^(r) Σ^(upt) (μ^d σ^(ℓ) + μ^up)]  (4.4.35a)
//   c = Σ^(dt) [f (T_F + μ^up (g − w)) + h T_M]                                  (4.4.36)
// where T_F, T_M are the nominal tip loads (VP's −σ^(r) F_S^n, −σ^(r) M_S^n plus the external
// wrenches). The quasi-static deflection is u^qs = c (4.4.37): the deviation under the weights
// and the nominal inertia forces when the micro-accelerations are left out.
#include <vector>

#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"
#include "armdyn/segments/influence.hpp"
#include "armdyn/segments/segment.hpp"

namespace armdyn::segments {

/// The micro model's inputs at one instant of the nominal motion, per link i (0-based), base axes.
struct ElasticChainState {
  std::vector<InfluenceCoefficients> flex;  ///< base axes; zero for a rigid link
  std::vector<Vec3<double>> l;              ///< cane vector S_i -> S_{i+1} (m)
  std::vector<double> mu_d, mu_up;          ///< lumped masses at S_i and S_{i+1} (kg)
  std::vector<Vec3<double>> tip_force;      ///< nominal force on the cane's tip (N): −F_S,i+1 + external
  std::vector<Vec3<double>> tip_moment;     ///< nominal moment there, about S_{i+1} (N m)
  std::vector<Vec3<double>> g_minus_w;      ///< g − w_i, w_i the nominal acceleration of S_{i+1} (m/s²)
  std::vector<Vec3<double>> joint_axis;     ///< e_i, the unit joint axis
  std::vector<bool> prismatic;              ///< s_i
  Loads<double> loads;                      ///< rnea's loads: the external wrenches given
  void resize(int n);
  int size() const { return static_cast<int>(l.size()); }
};

/// D (3n x 3n) and c (3n) of D ü + u = c.
struct MicroModel {
  MatX<double> D;
  VecX<double> c;
};

/// D and c by the block-matrix form (4.4.35)-(4.4.36).
MicroModel micro_model_blocks(const ElasticChainState& s);

/// The state of the chain for given micro-accelerations ü, by the recursions (4.4.1)-(4.4.13).
struct MicroResponse {
  VecX<double> u, phi;    ///< 3n: deflections u_i and tilts φ_i of S_{i+1} (m, rad)
  VecX<double> F_R, M_R;  ///< 3n: micro-reactions F_Ri^m, M_Ri^m at joint i (N, N m; M about S_i)
  VecX<double> delta_P;   ///< n: extra drive load e_i·(s_i F_Ri^m + (1 − s_i) M_Ri^m) (4.6.1)-(4.6.2)
};
void micro_response(const ElasticChainState& s, VecIn<double> udd, MicroResponse& out);

/// D and c by the recursions alone: c = u(ü = 0), D's column j = c − u(e_j) (the map is affine).
MicroModel micro_model_recursive(const ElasticChainState& s);

/// The quasi-static deviation u^qs = c and its tilts (ü = 0), O(n).
void quasi_static(const ElasticChainState& s, MicroResponse& out);

/// The elastic model of a model's links: the cane-frame influence coefficients of every link with
/// a segment, and the state at any instant of the nominal motion. Immutable once made; the
/// model must outlive it.
class ElasticChain {
 public:
  /// InputError "<segments source>: ..." unless the model is a serial chain (each body's parent
  /// the previous one), `segments` has its links, and at least one link has a segment.
  ElasticChain(const Model& model, const SegmentSet& segments);

  /// The state at (q, q̇, q̈) with the external wrenches `fext` (rnea's form; null: none).
  /// Runs forward_kinematics and rnea in `data` (made for the same model); writes `out`.
  void state(DataTpl<double>& data, VecIn<double> q, VecIn<double> v, VecIn<double> a,
             const std::vector<Force<double>>* fext, ElasticChainState& out) const;

  int size() const { return model_->dof; }
  bool elastic(int i) const { return has_segment_[static_cast<std::size_t>(i)]; }

 private:
  const Model* model_;
  std::vector<bool> has_segment_;
  std::vector<InfluenceCoefficients> cane_;  ///< cane frame
  std::vector<Mat3<double>> section_in_body_;
  Vec3<double> last_end_ = Vec3<double>::Zero();  ///< the last link's tip, its body frame
};

/// The upper bound of the deviation's magnitude over a motion ([VP] (4.6.3)-(4.6.4)):
/// u^m = |u^qs| + a^m, where at every sudden change of the nominal acceleration the possible
/// oscillation amplitude grows, a^m ← a^m + |u^qs(new) − u^qs(old)|, starting from 0. The
/// increment assumes no damping, so the bound is conservative.
class DeflectionBound {
 public:
  /// Sets the deviation before the first sample (e.g. at rest before the motion starts).
  void start(const Vec3<double>& u_qs);
  /// Takes the next u^qs; `sudden`: the nominal acceleration jumped since the previous sample.
  /// Returns u^m. Without start(), the first sample starts.
  double add(const Vec3<double>& u_qs, bool sudden);
  double amplitude() const { return a_m_; }  ///< a^m

 private:
  bool started_ = false;
  Vec3<double> previous_ = Vec3<double>::Zero();
  double a_m_ = 0;
};

}  // namespace armdyn::segments
