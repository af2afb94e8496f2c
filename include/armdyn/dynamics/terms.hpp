#pragma once
// The terms of the equations of motion by several routes (any kinematic tree):
//
//   mass_matrix_strobing   M column j = inverse dynamics (q, v = 0, a = e_j) with gravity off:
//                          Walker & Orin's method 1, [TML] §8 / §9 ("strobing" Newton-Euler);
//                          armdyn::rnea on a gravity-free copy of the model. n RNEA passes: O(n^2).
//   mass_matrix_derivatives  dM/dq_k for every k, exactly (not by finite differences): the
//                          derivative of the composite-rigid-body expression of M in the base
//                          frame, M_ij = s_i . (Ic_j s_j) for i an ancestor of j (or i = j), with
//                          s the joint axes (spatial, about the base origin) and Ic the composite
//                          inertias. Joint k turns or slides everything distal to it about/along
//                          s_k, so for a quantity x attached to the subtree of k, dx/dq_k is
//                          s_k x x (axes) or s_k x* Ic - Ic s_k x (inertias); then
//                            dM_ij/dq_k = (ds_i) . Ic_j s_j + s_i . (dIc_j) s_j + s_i . Ic_j (ds_j),
//                          where dIc_j = d(composite of the bodies of subtree(j) ∩ subtree(k)).
//                          O(n^3).
//   christoffel_symbols    c_ijk = 1/2 (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i) ([Kantor] §8.5 with
//                          the correction in docs/errata.md, our index order: i is the torque row),
//                          returned as n matrices c[i](j, k), symmetric in (j, k): the velocity
//                          part of tau_i is sum_jk c_ijk v_j v_k = c_i(q, v) - g_i(q).
//   coriolis_matrix        C_ij = sum_k c_ijk v_k: C v = c - g and Mdot - 2C is skew-symmetric
//                          ([Craig] Exercise 6.17).
//   centrifugal_matrix     Craig's C (6.63), (6.65): n x n, C_ij = c_ijj, the coefficient of v_j^2.
//   coriolis_coefficients  Craig's B (6.63), (6.64): n x n(n-1)/2, B_i,(jk) = 2 c_ijk for j < k,
//                          columns ordered (1,2), (1,3), ..., (1,n), (2,3), ..., (n-1,n).
//   gravity_torque         g(q) = dU/dq, from the first moments of the subtrees (Hannaford &
//                          Rosen §6.2, with Craig's sign (6.73)): revolute j:
//                          g_j = -g^T (z_j x (h_j - m_j o_j)), prismatic j: g_j = -m_j g^T z_j, where
//                          m_j, h_j are the mass and first moment (about the base origin) of the
//                          subtree of j and o_j, z_j the origin and axis of joint j. O(n).
//   kinetic_energy         T = sum_i 1/2 V_i . (I_i V_i) (Craig (6.69)-(6.70)), V_i the spatial
//                          velocity of body i; equal to 1/2 v^T M v (6.71).
//   potential_energy       U = -sum_i m_i g^T c_i (Craig (6.73)-(6.74), u_ref = 0: zero when every
//                          centre of mass is at the base origin).
//   inverse_dynamics       Craig's configuration-space form (6.63):
//                          tau = M a + B [v v] + C [v^2] + G, with M by strobing, B and C from the
//                          Christoffel symbols and G = gravity_torque() above. O(n^3).
//
// All quantities in the base frame; q, v, a are armdyn's joint vectors (0-based indices).
//
// Memory (n joints): a Workspace built with Storage::kQuadratic holds O(n^2) numbers, enough for
// mass_matrix(_strobing), gravity and the energies; the derivative routes (dM/dq, the Christoffel
// symbols, Craig's B and C, coriolis_matrix, inverse_dynamics) need O(n^3): 2 n^3 + n^2 (n-1) / 2
// doubles, about 20 n^3 bytes (4.3 GB for n = 600). Storage::kCubic (the default) allocates them
// up front; a kQuadratic workspace allocates them on the first call that needs them.
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   configuration-space: 74n^3 + (505/2)n^2 + (469/2)n - 72 mul, (113/2)n^3 + (399/2)n^2 + 188n - 80 add, 2n^2 + 4n sin/cos
#include <cstddef>
#include <vector>

#include "armdyn/kinematics/joint.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn::terms {

/// What a Workspace allocates when it is built (see "Memory" above).
enum class Storage {
  kQuadratic,  ///< O(n^2): mass matrix, gravity, energies
  kCubic,      ///< O(n^3) as well: dM/dq, Christoffel symbols, Craig's B and C, inverse_dynamics
};

/// An upper estimate of the bytes a Workspace<double> built with `storage` holds for a model of
/// `dof` joints (what a caller can check against a memory limit before building one).
std::size_t workspace_bytes(int dof, Storage storage);

template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model, Storage storage = Storage::kCubic);
  ModelTpl<S> free;                    ///< the model's structure and inertia, gravity zero (refreshed per call)
  DataTpl<S> data;                     ///< RNEA scratch for the strobes
  VecX<S> zero, unit;                  ///< strobe inputs
  std::vector<char> ancestor;          ///< ancestor[a * n + b]: body a is body b or one of its ancestors
  std::vector<Transform<S>> oMb;       ///< body placements in the base frame
  std::vector<Motion<S>> s;            ///< joint axes in the base frame, about the base origin
  std::vector<Inertia<S>> I0;          ///< body inertias in the base frame, about the base origin
  std::vector<Inertia<S>> Ic;          ///< composite (subtree) inertias, same frame
  std::vector<Motion<S>> V;            ///< body spatial velocities (kinetic_energy)
  MatX<S> M;                           ///< mass_matrix_strobing
  VecX<S> g, tau;                      ///< gravity; inverse_dynamics
  // O(n^3) storage: empty until built with Storage::kCubic or first needed (detail::reserve_cubic).
  std::vector<MatX<S>> dM;             ///< mass_matrix_derivatives: dM[k] = dM/dq_k
  std::vector<MatX<S>> christoffel;    ///< christoffel_symbols: christoffel[i](j, k) = c_ijk
  MatX<S> C;                           ///< coriolis_matrix
  MatX<S> craig_C;                     ///< centrifugal_matrix
  MatX<S> craig_B;                     ///< coriolis_coefficients
  VecX<S> vv;                          ///< [v v] products
};

/// M(q) by strobing Newton-Euler with unit accelerations (gravity off, v = 0). Returns ws.M.
template <class S> const MatX<S>& mass_matrix_strobing(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// Same as mass_matrix_strobing (the interface name every formulation exposes).
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// dM/dq_k for k = 0..n-1, exact. Returns ws.dM (n matrices n x n).
template <class S>
const std::vector<MatX<S>>& mass_matrix_derivatives(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// Christoffel symbols of the first kind: result[i](j, k) = c_ijk. Returns ws.christoffel.
template <class S>
const std::vector<MatX<S>>& christoffel_symbols(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// C(q, v)_ij = sum_k c_ijk v_k. Returns ws.C.
template <class S>
const MatX<S>& coriolis_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// Craig's centrifugal matrix C (n x n, coefficients of v_j^2). Returns ws.craig_C.
template <class S> const MatX<S>& centrifugal_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// Craig's Coriolis matrix B (n x n(n-1)/2, coefficients of v_j v_k, j < k). Returns ws.craig_B.
template <class S> const MatX<S>& coriolis_coefficients(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// g(q) = dU/dq from the subtrees' first moments. Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// Kinetic energy sum_i 1/2 V_i . I_i V_i.
template <class S> S kinetic_energy(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// Potential energy -sum_i m_i g^T c_i.
template <class S> S potential_energy(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// tau = M a + B [v v] + C [v^2] + G ([Craig] (6.63)). Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a);

extern template struct Workspace<double>;
extern template const MatX<double>& mass_matrix_strobing(const Model&, Workspace<double>&, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const std::vector<MatX<double>>& mass_matrix_derivatives(const Model&, Workspace<double>&,
                                                                         VecIn<double>);
extern template const std::vector<MatX<double>>& christoffel_symbols(const Model&, Workspace<double>&,
                                                                     VecIn<double>);
extern template const MatX<double>& coriolis_matrix(const Model&, Workspace<double>&, VecIn<double>,
                                                    VecIn<double>);
extern template const MatX<double>& centrifugal_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const MatX<double>& coriolis_coefficients(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
extern template double kinetic_energy(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
extern template double potential_energy(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);

}  // namespace armdyn::terms
