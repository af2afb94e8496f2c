#pragma once
// Joint-space mass matrix by the composite-rigid-body algorithm (Walker-Orin method 3;
// Featherstone, RBDA ch. 6). O(n^2), allocation-free. Below 13 joints in body frames (each column
// of M carried up the chain), from 13 on in the base frame's axes with each composite inertia about
// its body's origin (one dot product per entry; crba_impl.hpp). In body frames, a joint whose axis
// is parallel to a coordinate axis of its parent's frame (model.aligned_axis: DH twists of 0 and
// +-90 degrees, URDF placements in quarter turns, as on most arms) is crossed with the zero
// entries of its rotation skipped.
// On the general chain of 2 to 12 revolute joints (general_chain.hpp): 12n^2 + 77n - 77 mul,
// 9n^2 + 69n - 72 add, 2n sin/cos (tests/codegen/opcount_test.cpp).
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// M(q), full and symmetric. Writes data.X_up, data.Ic, data.F_crb, data.M (from 13 joints on
/// also data.oMb); returns data.M. With `loads` holding a payload (loads.hpp): M_L = M + J_b^T I_p
/// J_b, J_b the Jacobian of the payload's body in its own frame (the other loads leave M as it is).
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, const Loads<S>* loads = nullptr);

extern template const MatX<double>& crba(const Model&, Data&, VecIn<double>, const Loads<double>*);

}  // namespace armdyn
