#pragma once
// The method of general theorems ([VP] §2.3: Stepanenko 1970, Vukobratović 1972, in the book's
// modified matrix form). The theorem of the moment of momentum about joint S_k (revolute k,
// (2.3.19)-(2.3.23)) and the theorem of the motion of the centre of gravity (linear k, (2.3.25)-
// (2.3.26)), each applied to the segments k..n beyond a fictitious cut at S_k and projected on
// e_k, give one scalar equation per joint. Written with the acceleration coefficients
//     w_i = Omega qdd + Theta   (2.3.27),     eps_i = Gamma qdd + Phi   (2.3.29)
// of every segment, the n equations become the model
//     W(q) qdd = P + U(q, qd)                 (2.3.2),    P = W qdd - U   (2.3.4),
// i.e. W is the mass matrix and -U the bias c(q, qd) = C qd + g of docs/notation.md ((2.3.47):
// H = W, h = -U).
//
// Everything is in the external (base) frame: the transition matrices A_i by "assembling" each
// joint and turning it with Rodrigues' formula (2.3.7)-(2.3.13), the kinematics (2.3.14)-(2.3.18),
// the coefficient updates (2.3.31)-(2.3.34), the rows of W and U (2.3.35)-(2.3.41). Body frames
// sit at the centres of gravity; see cog_chain.hpp for the book's input data and how the
// normalised model maps onto it.
//
// Errata applied ([VP]; docs/errata.md): m_i w_i (centre-of-gravity acceleration) where the text prints
// m_i omega_i in (2.3.20), (2.3.23), (2.3.35), (2.3.40); J~ eps~ for "J~ eps-dot" in (2.3.22); the
// arm r'_ii = r_ii + q_i e_i s_i (not r_ii) wherever a linear joint moves C_i.
//
// Numerical note (ours, measured): the book assembles each A_i afresh from the columns of A_{i-1}
// ((2.3.7)-(2.3.10) take e_i = A_{i-1} e~~_i and a_i from A_{i-1} r~*), so any departure of A_{i-1}
// from orthonormality re-enters A_i amplified, about 2.5x per joint: on random chains with general
// axes the torques lose 1e-13 at n = 12 and 1e-5 at n = 36. e_i is by definition a unit vector
// (2.3.5); normalising it after the transfer makes [e a b] orthonormal at every step and the error
// stays at round-off for any n. This is the default; Workspace::literal_axis = true restores the
// text as printed (for the test that shows the growth). Appel's method (§2.9), which forms the
// relative A_{i-1,i} from constant data and multiplies, does not have the problem.
//
// Cost: W and U are formed in O(n^3) (for each segment i, every row k <= i gains O(i) entries;
// the coefficient updates are O(n^2)); P = W qdd - U adds O(n^2). Serial chains only.
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   general-theorems: 2n^3 + (47/2)n^2 + (629/2)n mul, 2n^3 + 22n^2 + 205n add, 2n sin/cos
#include <vector>

#include "armdyn/dynamics/formulations/vukobratovic/cog_chain.hpp"

namespace armdyn::general_theorems {

template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model);

  vp::CogChain<S> chain;  ///< the book's input data, prepared once
  // Per segment, external frame.
  std::vector<Mat3<S>> A;   ///< A_i: body frame i -> external (2.3.6a)
  std::vector<Vec3<S>> e;   ///< e_i, the joint axis
  std::vector<Vec3<S>> rk;  ///< r_i^(k) = S_k C_i for the current segment i, k <= i (2.3.24)
  // Columns of the coefficient matrices of the current segment (2.3.28), (2.3.30).
  std::vector<Vec3<S>> alpha;  ///< Gamma = [alpha_1 .. alpha_i 0 ..]
  std::vector<Vec3<S>> beta;   ///< Omega = [beta_1 .. beta_i 0 ..]
  Vec3<S> gamma, delta;        ///< Phi, Theta
  Vec3<S> omega;               ///< omega_i of the current segment
  MatX<S> W;                   ///< (2.3.2)
  VecX<S> U;                   ///< (2.3.2)
  VecX<S> h;                   ///< bias: -U (2.3.47)
  VecX<S> g;                   ///< gravity: -U(q, 0)
  VecX<S> tau;                 ///< P = W qdd - U (2.3.4)
  /// true: e_i = A_{i-1} e~~_i exactly as printed, without re-normalisation (round-off then grows
  /// geometrically with n; see the numerical note above). Only for the test that shows it.
  bool literal_axis = false;
};

/// Forms W(q) and U(q, qd) of (2.3.2) in ws.W, ws.U. Gravity: model.gravity.
template <class S>
void equations(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// P = W(q) qdd - U(q, qd) (2.3.4): the joint torques and forces. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a);

/// W(q), the mass matrix (symmetric to round-off: the book forms every entry). Returns ws.W.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// -U(q, qd) = C(q, qd) qd + g(q), the book's h of (2.3.47). Returns ws.h.
template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// -U(q, 0) = g(q): the gravity terms -e_k^T r_i^(k)x m_i g of (2.3.36) and -m_i e_k^T g of
/// (2.3.41) alone (W is not formed). Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

extern template struct Workspace<double>;
extern template void equations(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& nonlinear_effects(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::general_theorems
