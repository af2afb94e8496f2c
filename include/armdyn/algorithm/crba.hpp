#pragma once
// Joint-space mass matrix by the composite-rigid-body algorithm (Walker-Orin method 3;
// Featherstone, RBDA ch. 6), in the base frame: composite inertias are plain sums there, and
// M_ij = S_i . (Ic_j S_j) for every ancestor i of j. O(n^2), allocation-free.
#include "armdyn/model/data.hpp"

namespace armdyn {

/// M(q), full and symmetric. Writes data.X_up, data.oMb, data.Ic, data.S_o, data.Fc, data.M;
/// returns data.M.
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q);

extern template const MatX<double>& crba(const Model&, Data&, VecIn<double>);

}  // namespace armdyn
