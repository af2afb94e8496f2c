#pragma once
// Forward dynamics as [TML] §9 recommends it (Walker and Orin's method 1): the bias C + G by one
// Newton-Euler pass with a = 0, the mass matrix by "strobing" the Newton-Euler equations
// (gravity and v zeroed, a = e_j gives column j of M, [TML] §8), and the solve
// a = M^-1 (tau - C - G) ([TML] (9.1), (9.5)) by Gaussian elimination without pivoting
// (M is positive definite). O(n^2) for M (n(n+1)/2 link evaluations: the strobe for column j
// touches only the subtree of j, and the rows above j come from symmetry), O(n^3) for the solve.
// An independent route to the same a as aba() and forward_dynamics(). On the general chain of
// n >= 2 revolute joints: n^3/3 + 37n^2 + 422n/3 - 63 mul, n^3/3 + 61n^2/2 + 679n/6 - 54 add,
// 2n div, 2n sin/cos (tests/codegen/opcount_test.cpp).
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// Scratch of the elimination, sized once.
template <class S> struct WalkerOrinWorkspace {
  explicit WalkerOrinWorkspace(const ModelTpl<S>& model)
      : A(MatX<S>::Zero(model.dof, model.dof)), b(VecX<S>::Zero(model.dof)) {}
  MatX<S> A;  ///< M, overwritten by its elimination (upper triangle U, multipliers below)
  VecX<S> b;  ///< tau - C - G, overwritten by the eliminated right-hand side
};

/// a = M(q)^-1 (tau - c(q, v)). Writes data.X_up, data.v, data.a, data.f (the Newton-Euler
/// passes), data.c (C + G), data.M (strobed, full and symmetric), data.qdd; returns data.qdd. With
/// `loads` (loads.hpp (3)): c_L by the loaded pass, M_L with the payload in the strobes.
template <class S>
const VecX<S>& forward_dynamics_walker_orin(const ModelTpl<S>& model, DataTpl<S>& data, WalkerOrinWorkspace<S>& ws,
                                            VecIn<S> q, VecIn<S> v, VecIn<S> tau, const Loads<S>* loads = nullptr);

extern template const VecX<double>& forward_dynamics_walker_orin(const Model&, Data&, WalkerOrinWorkspace<double>&,
                                                                 VecIn<double>, VecIn<double>, VecIn<double>,
                                                                 const Loads<double>*);

}  // namespace armdyn
