#pragma once
// The method of Gauss' principle of least compulsion ([VP] §2.8; Popov, Vereschagin, Zenkevich
// 1974/1978), for the open chain without branching, in homogeneous 4x4 coordinates. The
// compulsion of the chain is
//     Z = sum_i tr(1/2 T''_i H~_i T''_i^T - phi_i T''_i^T) - sum_j P_j q''_j          (2.8.33)
// with T_i the 4x4 position matrix of link i (2.8.7), H~_i its 4x4 inertia matrix (2.8.11) and
// phi_i its external-force matrix (gravity), subject to the kinematic connections
//     T''_i = T''_{i-1} T_{i-1,i} + B_{i-1} q''_i + C_{i-1}                            (2.8.29)-(2.8.32).
// Two of the book's routes are implemented:
//   * inverse_dynamics, the book's "direct problem": the necessary conditions of the minimum
//     with Lagrange multipliers, a backward recursion over 4x4 matrices, O(n):
//         lambda_i = lambda_{i+1} T_{i,i+1}^T + phi_i - T''_i H~_i,  P_i = -tr(lambda_i B_{i-1}^T)
//     (2.8.34)-(2.8.38);
//   * mass_matrix and bias, the "reduction to generalized coordinates": Z = 1/2 q''^T W q'' -
//     U^T q'' - P^T q'' + const with W_sj = sum_{i >= max(s,j)} tr(V_ij H~_i V_is^T) and U of
//     (2.8.47), V_ij = dT_i/dq_j (2.8.41)-(2.8.44); dZ/dq'' = 0 gives W q'' = P + U (2.8.48).
//     W is O(n^3) (n^3/6 traces of 4x4 products).
// The forward problem by numerical minimisation of Z (and the general, closed-chain case with a
// penalty function, (2.8.21)-(2.8.24)) are not implemented: W q'' = P + U is that minimum.
//
// Frames: the book's chain uses Denavit-Hartenberg frames (as in §2.4): frame {i} fixed to link i
// at joint i+1, joint i turning about / sliding along z_{i-1}, T_{i-1,i}(q_i) of (2.8.27). For any
// model (URDF, modified or standard DH) these are F_i = (body frame i) * tree[i+1] (F_n = body
// frame n), F_0 = tree[0] in the base, and T_{i-1,i} = Rz(q_i) tree[i+1] or Tz(q_i) tree[i+1]: a
// motion about z of {i-1} and then a constant transform, the structure of (2.8.27).
//
// Errata applied ([VP]; docs/errata.md): the 3x3 block of H~_i is the second-moment (pseudo-inertia)
// matrix int r r^T dm = 1/2 tr(I) E - I about the frame origin, not the inertia tensor the text
// names (with the tensor W is wrong; the test shows it); lambda_{i+1} T_{i,i+1}^T in (2.8.35)
// (printed with a dot); P_j = -tr(lambda_j B_{j-1}^T) derived from (2.8.34) (printed tr(lambda_j
// B_{j-1})); -P^T q'' in (2.8.46); dZ/dq'' = 0 in (2.8.48). phi_i (its definition is on a page
// missing from our copy) is m_i g^ rho~_i^T, g^ = [g; 0], rho~_i = [c_i; 1], so that
// tr(phi_i T''_i^T) is the power of gravity on link i's acceleration.
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   gauss: 629n - 64 mul, 503n - 64 add, 2n sin/cos
#include <vector>

#include "armdyn/model/model.hpp"

namespace armdyn::gauss {

template <class S> using Vec4 = Eigen::Matrix<S, 4, 1>;

/// H~ of (2.8.11), corrected: [[1/2 tr(Ic) E - Ic + m c c^T, m c], [m c^T, m]] for a body of mass
/// m, centre of mass c and rotational inertia Ic about c, all in the frame the matrix is for.
template <class S> Mat4<S> pseudo_inertia(const S& m, const Vec3<S>& c, const Mat3<S>& Ic);

template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model);

  // The book's configuration, prepared once from the model.
  int n = 0;
  std::vector<bool> linear;  ///< s_i
  Mat4<S> T0;                ///< T_0: frame {0} in the external frame (constant: T''_0 = 0)
  std::vector<Mat4<S>> X;    ///< constant part of T_{i-1,i}: tree[i+1] (identity for the last)
  std::vector<Mat4<S>> H;    ///< H~_i, in frame {i}
  std::vector<Vec4<S>> rho;  ///< rho~_i: homogeneous centre of mass in frame {i}
  std::vector<S> m;          ///< m_i
  // Kinematics, one entry per link i.
  std::vector<Mat4<S>> A;    ///< T_{i-1,i}(q_i) (2.8.27)
  std::vector<Mat4<S>> T, Td, Tdd;  ///< T_i and its first and second time derivatives
  std::vector<Mat4<S>> B;    ///< B_{i-1} = T_{i-1} theta T_{i-1,i} (2.8.31)
  std::vector<Mat4<S>> V;    ///< V_ij = dT_i / dq_j, j <= i (2.8.42), row-packed
  Mat4<S> zero;              ///< T'_0 = T''_0 = 0 (2.8.38)
  Mat4<S> lambda;            ///< lambda_i (2.8.35)
  MatX<S> W;    ///< (2.8.47)
  VecX<S> U;    ///< (2.8.47)
  VecX<S> h;    ///< bias: -U
  VecX<S> g;    ///< gravity: -U(q, 0)
  VecX<S> tau;  ///< P (2.8.36)
};

/// P by the multiplier recursion (2.8.29), (2.8.35)-(2.8.38). Gravity: model.gravity. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a);

/// W(q) of (2.8.47), full and symmetric. Returns ws.W.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// -U(q, qd) of (2.8.47) = C(q, qd) qd + g(q). Returns ws.h.
template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v);

/// -U(q, 0) = g(q): minus the terms tr(phi_i V_is^T) of (2.8.47) alone. Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

extern template Mat4<double> pseudo_inertia(const double&, const Vec3<double>&, const Mat3<double>&);
extern template struct Workspace<double>;
extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& nonlinear_effects(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::gauss
