#pragma once
// Inverse dynamics by the recursive Newton-Euler algorithm in spatial form, in body frames
// (Featherstone, RBDA ch. 5; the spatial restatement of [Craig] (6.45)-(6.53) and of Luh-Walker-
// Paul). Gravity enters as a base acceleration a_0 = -g ([Craig] §6.5: "^0 vdot_0 = G").
// O(n), allocation-free. On the general chain of n >= 2 revolute joints (general_chain.hpp):
// rnea 154n - 63 mul, 126n - 54 add; nonlinear_effects 154n - 63 mul, 125n - 54 add;
// gravity_torque 84n - 39 mul, 66n - 36 add; 2n sin/cos
// each (tests/codegen/opcount_test.cpp). The torques alone cost 86n - 69 mul by
// rnea_classical (rnea_classical.hpp), which is the slower on double (docs/opcounts.md).
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// tau = M(q) a + C(q, v) v + g(q), or with `loads` (optional; loads.hpp (3)) tau = M_L(q) a +
/// c_L(q, v): the external wrenches' sum_i J_i^T f_i subtracted, the base's motion and the payload
/// included. InputError for loads that do not fit the model (check_loads).
/// Writes data.X_up, data.v, data.a, data.f, data.tau (and data.oMb with wrenches at frames);
/// returns data.tau.
template <class S>
const VecX<S>& rnea(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> v, VecIn<S> a,
                    const Loads<S>* loads = nullptr);

/// c(q, v) = C(q, v) v + g(q): rnea with a = 0 (with `loads`: c_L). Writes data.c; returns it.
template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> v,
                                 const Loads<S>* loads = nullptr);

/// g(q): rnea with v = a = 0. Writes data.g; returns it.
template <class S>
const VecX<S>& gravity_torque(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q);

extern template const VecX<double>& rnea(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                         const Loads<double>*);
extern template const VecX<double>& nonlinear_effects(const Model&, Data&, VecIn<double>, VecIn<double>,
                                                      const Loads<double>*);
extern template const VecX<double>& gravity_torque(const Model&, Data&, VecIn<double>);

}  // namespace armdyn
