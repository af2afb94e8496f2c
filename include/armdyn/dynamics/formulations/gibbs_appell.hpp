#pragma once
// The Gibbs-Appell equations of Horowitz and Tomizuka as Turney, Mudge and Lee write them
// ([TML] §3.4, (3.14), as reconstructed in docs/errata.md (the report's equation is illegible in
// places), with its gravity term). Everything is in the base frame; a star marks a vector or tensor rotated into it.
//
// For a revolute chain, with z*_{j-1} joint j's axis, o*_{j-1} a point on it (TML's origin of
// frame {j-1}), p̄*_{j-1,q} = c*_q - o*_{j-1} the vector to link q's centre of mass, I*_q link q's
// inertia about its centre of mass, u = min(j,k), v = max(j,k):
//   tau_i = sum_{q>=i} { sum_{j<=q} [ z*_{i-1}^T I*_q z*_{j-1}
//                                     + m_q (z*_{i-1} x p̄*_{i-1,q})^T (z*_{j-1} x p̄*_{j-1,q}) ] thdd_j
//          + sum_{j<=q} sum_{k<=q} [ z*_{i-1}^T ( I*_q (z*_{u-1} x z*_{v-1}) + z*_{u-1} x I*_q z*_{v-1}
//                                                 - ½ Tr(I_q) (z*_{u-1} x z*_{v-1}) )
//                  + m_q (z*_{i-1} x p̄*_{i-1,q})^T (z*_{u-1} x (z*_{v-1} x p̄*_{v-1,q})) ] thd_j thd_k
//          - m_q (z*_{i-1} x p̄*_{i-1,q})^T g }                                        (3.14)
// (TML writes the last term m_q g (z x p̄)^T z_0 with z_0 up; here g is the model's gravity vector.)
// The bracketed factors are the partial angular velocity Omega_j = z*_{j-1} and the partial
// velocity of the centre of mass V_jq = z*_{j-1} x p̄*_{j-1,q} of Gibbs-Appell's acceleration
// energy, and their derivatives.
//
// Prismatic joints (not in TML, which treats revolute arms only) enter through the same partial
// velocities: Omega_j = 0, V_jq = z*_{j-1}; the second derivative of the centre of mass is
// z*_{u-1} x z*_{v-1} when u is revolute and v prismatic, and zero when u is prismatic.
// On a tree, "q >= i" is the subtree of joint i and "j <= q" the joints from the base to q.
//
// Cost: the literal sums are O(n^4) ("roughly the same computational complexity as the Lagrange
// set", [TML] §3.4; TML gives no count). mass_matrix (the thdd coefficients) is O(n^3).
//
// Operation counts of the inverse dynamics on the general chain of n >= 2 revolute joints
// (general_chain.hpp), asserted in tests/codegen/opcount_test.cpp:
//   gibbs-appell: 14n^4 + 36n^3 + 31n^2 + 120n - 45 mul, (21/2)n^4 + 28n^3 + 27n^2 + (187/2)n - 36 add, 2n sin/cos
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::gibbs_appell {

/// Base-frame kinematics and the parts of (3.14), sized once.
template <class S> struct Workspace {
  explicit Workspace(const ModelTpl<S>& model)
      : oMb(model.dof), z(model.dof), o(model.dof), c(model.dof), I(model.dof), trace_I(model.dof),
        on_path(static_cast<std::size_t>(model.dof) * static_cast<std::size_t>(model.dof)),
        tau(VecX<S>::Zero(model.dof)), tau_rot(VecX<S>::Zero(model.dof)), tau_trans(VecX<S>::Zero(model.dof)),
        g(VecX<S>::Zero(model.dof)), M(MatX<S>::Zero(model.dof, model.dof)) {}

  std::vector<Transform<S>> oMb;  ///< body (= Craig link) frame i in the base
  std::vector<Vec3<S>> z, o;      ///< z*_{i-1}, o*_{i-1}: joint i's axis and TML's origin of {i-1}
  std::vector<Vec3<S>> c;         ///< c*_q: centre of mass of link q
  std::vector<Mat3<S>> I;         ///< I*_q = R_0^q I_q R_q^0
  std::vector<S> trace_I;         ///< Tr(I_q)
  std::vector<char> on_path;      ///< on_path[j * n + q]: joint j lies between the base and link q
  VecX<S> tau;                    ///< inverse_dynamics
  VecX<S> tau_rot, tau_trans;     ///< its rotational (I_q) and translational (m_q, with gravity) parts
  VecX<S> g;                      ///< gravity
  MatX<S> M;                      ///< mass_matrix
};

/// tau by (3.14). Also fills ws.tau_rot and ws.tau_trans (tau = tau_rot + tau_trans). Returns ws.tau.
template <class S>
const VecX<S>& inverse_dynamics(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a);

/// M(q): the thdd_j coefficients of (3.14), computed for i <= j and mirrored. Returns ws.M.
template <class S> const MatX<S>& mass_matrix(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

/// G(q): the gravity term of (3.14). Returns ws.g.
template <class S> const VecX<S>& gravity_torque(const ModelTpl<S>& model, Workspace<S>& ws, VecIn<S> q);

extern template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>,
                                                     VecIn<double>, VecIn<double>);
extern template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::gibbs_appell
