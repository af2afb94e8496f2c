#pragma once
// Lagrange's equations in the 4x4 homogeneous-matrix form of Uicker (1967) and Lewis (1974), as
// stated by Turney, Mudge & Lee [TML] §3.1, eq. (3.1):
//
//   tau_i = sum_{q=i..n} [ sum_{j<=q} Tr{U_qj Jbar_q U_qi^T} a_j
//                        + sum_{j,k<=q} Tr{U_qjk Jbar_q U_qi^T} v_j v_k
//                        - gbar^T U_qi Jbar_q e_4 ]
//   U_qj  = dT_0^q/dq_j       = T_0^{j-1} Q_j T_{j-1}^q                                  (j <= q)
//   U_qjk = d2T_0^q/dq_j dq_k = T_0^{u-1} Q_u T_{u-1}^{v-1} Q_v T_{v-1}^q, u = min, v = max
//
// T_a^c are the 4x4 transforms between standard-DH link frames {a} and {c}, Jbar_q = [[J_q, m r],
// [m r^T, m]] the pseudo-inertia of link q about the origin of its frame {q} ([TML] (2.31),
// (2.37); J = int r r^T dm = tr(I)/2 E - I), gbar = (g, 0) the gravity vector in frame {0}
// (TML's "+g z0^T U m r" with g = 9.8 and z0 up is the same term). Q_j is the 4x4 derivative
// operator of joint j: [[0,-1,0,0],[1,0,0,0],0,0] for a rotation about z_{j-1} (revolute) and
// the single entry (3,4) = 1 for a translation along it (prismatic); multiplying by it shuffles
// rows or columns and is not counted, as in [TML] Appendix.
//
// Frames: links and joints are numbered 1..n as in TML; link i is armdyn body i-1 and
// tree_i := model.tree[i-1]. TML's standard-DH frame {i} fixed to link i is F_i = (body frame of
// link i) * tree_{i+1} (tree_{n+1} := identity; F_0 = tree_1 in the base frame), so that
// T_{i-1}^i = Rz(q_i) tree_{i+1} (revolute) or Tz(q_i) tree_{i+1} (prismatic) for any model (URDF,
// modified or standard DH). Serial chains only (parent[i] == i - 1); a tree throws InputError.
//
// Also defined by the method: the mass matrix D_ij = sum_{q>=max(i,j)} Tr{U_qj Jbar_q U_qi^T},
// the gravity terms c_i = -sum_{q>=i} gbar^T U_qi Jbar_q e_4, and the velocity coefficients
// C^i_jk = sum_{q>=max(i,j,k)} Tr{U_qjk Jbar_q U_qi^T} (symmetric in j, k: the Christoffel
// symbols of the first kind).
//
// Cost: inverse_dynamics follows [TML] Appendix's strategy (chain products T_j^q, first and
// second derivatives, the acceleration-weighted matrix W_q = sum_j U_qj a_j + sum_jk U_qjk v_j v_k
// per link, then one trace per (q, i)): O(n^3); TML count 81/6 n^3 + 165/2 n^2 + 5n
// multiplications for that strategy (Table 8.1; their gravity term reads one row of U_qi because
// their gravity is along z_0, here all three rows are used for any gravity direction).
// mass_matrix is O(n^3), velocity_coefficients O(n^4). Storage O(n^2) 4x4 matrices.
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   lagrange: (41/3)n^3 + 128n^2 + (295/3)n + 9 mul, (32/3)n^3 + 102n^2 + (238/3)n + 6 add, 2n sin/cos
#include <vector>

#include "armdyn/kinematics/joint.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::lagrange {

template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model);
  int n = 0;
  std::vector<Mat4<S>> A;     ///< A[i] = T_{i-1}^i, i = 1..n (A[0] unused)
  std::vector<Mat4<S>> T;     ///< T[a * (n+1) + c] = T_a^c, 0 <= a <= c <= n
  std::vector<Mat4<S>> U;     ///< U[q * (n+1) + j] = U_qj, 1 <= j <= q <= n
  std::vector<Mat4<S>> Jbar;  ///< Jbar[q], pseudo-inertia of link q in frame {q}, q = 1..n
  Vec3<S> g0 = Vec3<S>::Zero();  ///< gravity in frame {0}
  Mat4<S> W, B, X;            ///< scratch: W_q, W_q Jbar_q, one second derivative
  VecX<S> tau;                ///< inverse_dynamics
  VecX<S> g;                  ///< gravity
  MatX<S> M;                  ///< mass_matrix
  std::vector<MatX<S>> C;     ///< velocity_coefficients: C[i](j, k) = C^i_jk (0-based)
};

/// tau(q, v, a) by [TML] (3.1); gravity = model.gravity. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a);

/// The Lagrange mass matrix D_ij (full, symmetric). Returns ws.M.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// The gravity terms c_i (the torques that hold the arm against gravity). Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// The velocity coefficients C^i_jk, returned as n matrices: result[i](j, k) (0-based), so that
/// the velocity torque is tau_i = v^T result[i] v. Returns ws.C.
template <class S>
const std::vector<MatX<S>>& velocity_coefficients(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

extern template struct Workspace<double>;
extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
extern template const std::vector<MatX<double>>& velocity_coefficients(const Model&, Workspace<double>&,
                                                                       VecIn<double>);

}  // namespace armdyn::lagrange
