#pragma once
// Joint-space mass matrix by the composite-rigid-body algorithm (Walker-Orin method 3;
// Featherstone, RBDA ch. 6), in body frames. O(n^2), allocation-free.
#include "armdyn/model/data.hpp"

namespace armdyn {

/// M(q), full and symmetric. Writes data.X_up, data.Ic, data.M; returns data.M.
template <class S>
const MatX<S>& crba(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q);

extern template const MatX<double>& crba(const Model&, Data&, VecIn<double>);

}  // namespace armdyn
