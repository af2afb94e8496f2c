#pragma once
// Forward kinematics: the placement of every body and named frame in the base frame.
#include "armdyn/model/data.hpp"

namespace armdyn {

/// Fills data.X_up, data.oMb (bodies) and data.oMf (named frames) for joint positions q.
template <class S>
void forward_kinematics(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q);

/// Placement in the base frame of the named frame `frame` (call forward_kinematics first).
template <class S>
const Transform<S>& frame_placement(const DataTpl<S>& data, int frame) {
  return data.oMf[frame];
}

extern template void forward_kinematics(const Model&, Data&, VecIn<double>);

}  // namespace armdyn
