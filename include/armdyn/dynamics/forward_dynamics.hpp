#pragma once
// Forward dynamics a = M(q)^-1 (tau - c(q, v)) by the composite-rigid-body mass matrix, the
// recursive Newton-Euler bias and an LDL^T factorisation (square-root-free Cholesky; [Craig] (6.115);
// Walker-Orin method 3). O(n^3) in the factorisation, fastest for arms of up to about ten joints.
// On the general chain of n >= 2 revolute joints (general_chain.hpp): n^3/6 + 27n^2/2 + 655n/3
// - 140 mul, n^3/6 + 10n^2 + 1127n/6 - 126 add, n div, 2n sin/cos, no square root
// (tests/codegen/opcount_test.cpp; a Cholesky factorisation would take n mul and n sqrt more).
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// Writes data.M, data.c, data.L, data.qdd (and the kinematics); returns data.qdd. With `loads`
/// (loads.hpp (3)): a = M_L(q)^-1 (tau - c_L(q, v)), data.M = M_L and data.c = c_L.
template <class S>
const VecX<S>& forward_dynamics(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> v,
                                VecIn<S> tau, const Loads<S>* loads = nullptr);

extern template const VecX<double>& forward_dynamics(const Model&, Data&, VecIn<double>, VecIn<double>,
                                                     VecIn<double>, const Loads<double>*);

}  // namespace armdyn
