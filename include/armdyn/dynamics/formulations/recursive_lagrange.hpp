#pragma once
// Hollerbach's recursive Lagrangian formulation (IEEE SMC-10(11), 1980) with 3x3 rotation
// matrices, as corrected and stated by Turney, Mudge & Lee [TML] §3.2, eqs. (3.2)-(3.6).
// Links and joints are numbered 1..n; everything is in TML's standard-DH link frames (see
// lagrange.hpp for the mapping from armdyn's body frames: F_i = body frame of link i * tree_{i+1}).
//
// Forward recursion, i = 1..n, from R_0^0 = E, Rd_0^0 = Rdd_0^0 = 0, pdd_0^0 = -g (gravity in {0}):
//   R_0^i   = R_0^{i-1} R_{i-1}^i
//   Rd_0^i  = (Rd_0^{i-1} + R_0^{i-1} Q v_i) R_{i-1}^i                                      (3.6)
//   Rdd_0^i = (Rdd_0^{i-1} + 2 Rd_0^{i-1} Q v_i + R_0^{i-1} (Q^2 v_i^2 + Q a_i)) R_{i-1}^i   (3.5)
//   pdd_0^i = pdd_0^{i-1} + Rdd_0^i r*_i
// Backward recursion, i = n..1, from D_{n+1} = 0, e_{n+1} = 0:
//   e_i = e_{i+1} + m_i pdd_0^i + Rdd_0^i m_i rbar_i                                         (3.4)
//   D_i = R_i^{i+1} D_{i+1} + r*_i e_{i+1}^T + J_i (Rdd_0^i)^T + m_i rbar_i (pdd_0^i)^T
//         + m_i r*_i (pdd_0^i)^T + m_i r*_i (Rdd_0^i rbar_i)^T                                (3.3)
//   tau_i = Tr{ (dR_0^i/dq_i) D_i },   dR_0^i/dq_i = R_0^{i-1} Q R_{i-1}^i                   (3.2)
// Q = Q^z ([TML] (2.5)); r*_i = R_i^{i-1} p_{i-1}^i the origin-to-origin vector in frame {i}
// ([TML] (2.17)); J_i = int r r^T dm about the origin of {i} ([TML] (2.31)). The gravity base
// condition pdd_0^0 = -g is ours (TML leave it implicit; docs/errata.md). m_i rbar_i is carried as the
// first moment h_i, so massless links need no division.
//
// Prismatic joints (TML treat revolute joints only) extend the recursion without new unknowns:
// R_{i-1}^i is then constant, so (3.5), (3.6) lose their Q terms; r*_i = r*_i(0) + d_i w_i varies,
// with w_i = R_i^{i-1} z_{i-1}, so that
//   pdd_0^i = pdd_0^{i-1} + Rdd_0^i r*_i + 2 Rd_0^i w_i dd_i + R_0^i w_i ddd_i,
// and, since the joint moves the distal links along R_0^i w_i without turning them,
//   tau_i = (R_0^i w_i)^T e_i.
// (3.3) and (3.4) are unchanged.
//
// Serial chains only. Cost: O(n) (TML Table 8.3: 226n multiplications, 144n additions).
// After inverse_dynamics the workspace holds every recursion quantity, 1-based (index 0 is the
// base), for the connection identities of [TML] §5: e_i = R_0^i f_i, n_i = vex(D_i R_0^i).
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   recursive-lagrange: 392n - 18 mul, 306n - 12 add, 2n sin/cos
#include <vector>

#include "armdyn/kinematics/joint.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::recursive_lagrange {

template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model);
  int n = 0;
  std::vector<Mat3<S>> Rl;              ///< R_{i-1}^i
  std::vector<Vec3<S>> rstar;           ///< r*_i (frame {i})
  std::vector<Vec3<S>> w;               ///< w_i = R_i^{i-1} z_{i-1}, joint i's axis in frame {i}
  std::vector<Mat3<S>> R0, R0d, R0dd;   ///< R_0^i, its first and second time derivatives
  std::vector<Mat3<S>> dR0;             ///< dR_0^i / dq_i (revolute joints)
  std::vector<Vec3<S>> pdd;             ///< pdd_0^i (includes -g)
  std::vector<S> m;                     ///< m_i
  std::vector<Vec3<S>> h;               ///< m_i rbar_i (frame {i})
  std::vector<Mat3<S>> J;               ///< J_i (frame {i}, about its origin)
  std::vector<Mat3<S>> D;               ///< D_i, D[n+1] = 0
  std::vector<Vec3<S>> e;               ///< e_i (frame {0}), e[n+1] = 0
  Vec3<S> g0 = Vec3<S>::Zero();         ///< gravity in frame {0}
  VecX<S> tau;
};

/// tau(q, v, a) by [TML] (3.2)-(3.6); gravity = model.gravity. Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a);

extern template struct Workspace<double>;
extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);

}  // namespace armdyn::recursive_lagrange
