#pragma once
// Inverse dynamics with the fewest operations: the recursive Newton-Euler algorithm in its
// classical (non-spatial) form, in body frames ([Craig] (6.45)-(6.53); [TML] (7.1)-(7.6) with the
// acceleration tensor W = [wd]x + [w]x^2), joint rotations applied factor by factor
// (spatial/plane_rotation.hpp). It computes what the torques need and nothing else: angular velocities
// and accelerations and the accelerations of the body origins outward, wrenches inward; no linear
// velocities. rnea() computes the same torques and also the bodies' spatial velocities and
// accelerations, and on double it is nevertheless the faster of the two (docs/benchmarks.md has
// the timings): this is the form for operation counts and for the generated code (armdyn
// codegen's P_rnea), whose constants fold.
// O(n), allocation-free.
//
// Operation counts on the general serial chain of n >= 2 revolute joints (general_chain():
// no parameter 0, 1 or 90 degrees, full inertia tensors), asserted in
// tests/codegen/opcount_test.cpp, compared with the literature in docs/opcounts.md:
//   rnea_classical    86n - 69 mul, 100n - 87 add, 2n sin/cos  (Balafoutis et al.: 93n - 69 mul)
// With dense rotations (joints the builder could not factor) rnea_classical is 113n - 78 mul.
#include <vector>

#include "armdyn/model/data.hpp"

namespace armdyn {

/// tau = M(q) a + C(q, v) v + g(q) - sum_i J_i^T fext_i, as rnea(), for fewer operations.
/// Writes, in body frame i: data.w[i], data.wd[i] (angular velocity and acceleration),
/// data.ao[i] (the acceleration of the origin, gravity's -g included), data.f[i] (the wrench the
/// parent exerts on body i, about its origin, as rnea() writes it); data.angle, data.X_up[i].p;
/// data.tau, which it returns. data.X_up[i].R is written for the joints not applied factored.
template <class S>
const VecX<S>& rnea_classical(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> v,
                                VecIn<S> a, const std::vector<Force<S>>* fext = nullptr);

extern template const VecX<double>& rnea_classical(const Model&, Data&, VecIn<double>, VecIn<double>,
                                                     VecIn<double>, const std::vector<Force<double>>*);

}  // namespace armdyn
