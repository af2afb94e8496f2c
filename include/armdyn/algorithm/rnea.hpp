#pragma once
// Inverse dynamics by the recursive Newton-Euler algorithm in body frames, in its classical
// (non-spatial) form: angular velocities and accelerations and the accelerations of the body
// origins outward, forces and moments inward ([Craig] (6.45)-(6.53), [TML] (7.1)-(7.6) with the
// acceleration tensor W = [wd]x + [w]x^2; the derivation is in rnea_impl.hpp). Gravity enters as
// a base acceleration a_0 = -g ([Craig] §6.5: "^0 vdot_0 = G"). Each joint's rotation is applied
// factor by factor when the builder found it to be a DH rotation Rx(alpha) Rz(theta + q)
// (model.dh_rotation; see JointRotation in joint.hpp).
// This is armdyn's production path: O(n), allocation-free.
//
// Operation counts on the general serial chain of n >= 2 revolute joints (no parameter 0, 1 or
// 90 degrees, full inertia tensors: opcount::general_chain), asserted by
// tests/formulations/opcount_test.cpp (docs/opcounts.md compares them with the literature):
//   rnea               90n - 66 mul, 106n - 88 add, 2n sin/cos   (Balafoutis et al.: 93n - 69 mul)
//   nonlinear_effects  90n - 73 mul, 105n - 94 add, 2n sin/cos
//   gravity_torque     37n - 18 mul,  42n - 28 add, 2n sin/cos
// (with kFewestMultiplications = false in joint.hpp, rnea: 105n - 78 mul, 98n - 84 add).
#include <vector>

#include "armdyn/model/data.hpp"

namespace armdyn {

/// tau = M(q) qdd + C(q, qd) qd + g(q) - sum_i J_i^T fext_i. `fext` (optional, one per body) holds
/// external wrenches acting on each body, expressed in its body frame about its origin.
/// Writes data.X_up; in body frame i: data.v[i].w (angular velocity), data.a[i].w (angular
/// acceleration), data.a[i].v (the acceleration of body i's origin, gravity's -g included),
/// data.f[i] (the wrench the parent exerts on body i, about its origin); data.v[i].v is set to
/// zero (linear velocities are not computed); data.tau, which it returns.
template <class S>
const VecX<S>& rnea(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd, VecIn<S> qdd,
                    const std::vector<Force<S>>* fext = nullptr);

/// c(q, qd) = C(q, qd) qd + g(q): rnea with qdd = 0. Writes data.c; returns it.
template <class S>
const VecX<S>& nonlinear_effects(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> qd);

/// g(q): rnea with qd = qdd = 0. Writes data.g; returns it.
template <class S>
const VecX<S>& gravity_torque(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q);

extern template const VecX<double>& rnea(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                         const std::vector<Force<double>>*);
extern template const VecX<double>& nonlinear_effects(const Model&, Data&, VecIn<double>, VecIn<double>);
extern template const VecX<double>& gravity_torque(const Model&, Data&, VecIn<double>);

}  // namespace armdyn
