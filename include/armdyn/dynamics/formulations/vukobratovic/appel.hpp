#pragma once
// The method of Appel's equations ([VP] §2.9; Vukobratović 1978, Potkonjak & Vukobratović 1979):
// the Gibbs-Appell equations dG/d(qdd) = Q (2.9.15)-(2.9.17) with the "acceleration energy" of
// each segment about its centre of gravity, in its body frame,
//     G_i = 1/2 m_i w~_i^2 + 1/2 eps~_i^T J~_i eps~_i - [(J~_i omega~_i) x omega~_i] . eps~_i  (2.9.19)
// Written with w~_i = Omega qdd + Theta (2.9.20) and eps~_i = Gamma qdd + Phi (2.9.22), G is a
// quadratic in qdd, G = 1/2 qdd^T W qdd + V qdd + D (2.9.28)-(2.9.30), and with the generalized
// forces Q = P + Y (gravity Y by virtual work, (2.9.38)-(2.9.42)) the model is
//     W(q) qdd = P + U(q, qd),   U = Y - V^T   (2.9.33)-(2.9.35),   P = W qdd - U   (2.9.4).
// W is the mass matrix and -U the bias C(q, qd) qd + g(q).
//
// Frames: body frames at the centres of gravity (cog_chain.hpp gives the book's input data
// and the mapping from the normalised model). The relative transition matrices A_{i-1,i} are
// formed as in the Lagrange method (2.7.11)-(2.7.17), A_i = A_{i-1} A_{i-1,i} (2.7.10); the
// kinematics (2.9.10)-(2.9.14) and the coefficient updates (2.9.24)-(2.9.27) are in body frames;
// Y is formed in the external frame.
//
// Errata applied ([VP]; docs/errata.md): the gyroscopic term of (2.9.19) and of V_i, D_i in (2.9.29)
// has coefficient 1, not the printed 2 (with 2 the torques are wrong; the test shows it);
// Gamma = [alpha_1 .. alpha_i 0 ..] (2.9.23 prints alpha_{i-1}); the linear-joint terms of
// (2.9.13) are [qdd_i e_i + 2 qd_i (omega_i x e_i)] s_i; r'_ii = r_ii + q_i e_i s_i in (2.9.39).
//
// Cost: O(n^3) to form W (W_i = m_i Omega^T Omega + Gamma^T J~_i Gamma costs O(i^2) per
// segment), O(n^2) for V and the coefficient updates, O(n) for Y; P = W qdd - U adds O(n^2).
// Serial chains only.
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   appel: (7/6)n^3 + (67/2)n^2 + (904/3)n mul, n^3 + (53/2)n^2 + (413/2)n add, 2n sin/cos
#include <vector>

#include "armdyn/dynamics/formulations/vukobratovic/cog_chain.hpp"

namespace armdyn::appel {

template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model);

  vp::CogChain<S> chain;  ///< the book's input data, prepared once
  std::vector<Mat3<S>> A_rel;  ///< A_{i-1,i}: body frame i -> body frame i-1 (2.7.17)
  std::vector<Mat3<S>> A;      ///< A_i: body frame i -> external (2.7.10)
  // Columns of the coefficient matrices of the current segment, body frame (2.9.21), (2.9.23).
  std::vector<Vec3<S>> alpha;  ///< Gamma = [alpha_1 .. alpha_i 0 ..]
  std::vector<Vec3<S>> beta;   ///< Omega = [beta_1 .. beta_i 0 ..]
  std::vector<Vec3<S>> J_alpha;  ///< J~_i alpha_j (scratch for W_i)
  Vec3<S> gamma, delta, omega;   ///< Phi, Theta, omega~_i
  // Gravity terms (2.9.38)-(2.9.42), external frame.
  std::vector<Vec3<S>> e;    ///< e_i
  std::vector<Vec3<S>> S_pos;  ///< position of joint S_i
  std::vector<Vec3<S>> C_pos;  ///< position of the centre of gravity C_i
  MatX<S> W;    ///< (2.9.36)
  VecX<S> V;    ///< V^T of (2.9.36)
  VecX<S> Y;    ///< (2.9.42)
  VecX<S> U;    ///< Y - V^T (2.9.34)
  VecX<S> h;    ///< bias: -U
  VecX<S> g;    ///< gravity: -Y
  VecX<S> tau;  ///< P = W qdd - U (2.9.4)
  /// Only for the test that shows the printed (2.9.19) fails: true uses its coefficient 2.
  bool printed_gyroscopic_coefficient = false;
};

/// Forms W(q) and U(q, qd) of (2.9.35) in ws.W, ws.U. Gravity: model.gravity.
template <class S>
void equations(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// P = W(q) qdd - U(q, qd) (2.9.4): the joint torques and forces. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a);

/// W(q), the mass matrix (symmetric: each W_i is formed as a symmetric matrix). Returns ws.W.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// -U(q, qd) = C(q, qd) qd + g(q). Returns ws.h.
template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// -Y(q), minus the generalized gravity forces of (2.9.38)-(2.9.42): the torques that hold the
/// arm against gravity. Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

extern template struct Workspace<double>;
extern template void equations(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& nonlinear_effects(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::appel
