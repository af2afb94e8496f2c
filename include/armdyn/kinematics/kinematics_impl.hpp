#pragma once
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/kinematics/kinematics.hpp"

namespace armdyn {

template <class S>
void forward_kinematics(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  check_configuration(model, q);
  joint_placements(model, data, q.data());
  for (int i = 0; i < model.dof; ++i) {
    const int p = model.parent[i];
    data.oMb[i] = p < 0 ? data.X_up[i] : data.oMb[p] * data.X_up[i];
  }
  for (std::size_t k = 0; k < model.frames.size(); ++k) {
    const Frame<S>& fr = model.frames[k];
    data.oMf[k] = fr.body < 0 ? fr.placement : data.oMb[fr.body] * fr.placement;
  }
}

}  // namespace armdyn
