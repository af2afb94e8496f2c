#pragma once
// Kinetic and potential energy of the arm, for the energy columns of a simulation and its
// conservation checks. (Minimal versions for the simulation layer; the formulations' own energy
// terms live with them.)
#include "armdyn/algorithm/crba.hpp"
#include "armdyn/algorithm/joint.hpp"
#include "armdyn/algorithm/kinematics.hpp"

namespace armdyn::sim {

/// k = 1/2 v^T M(q) v ([Craig] (6.71)). Writes data.M (crba).
template <class S> S kinetic_energy(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q, VecIn<S> v) {
  check_size(v, model.dof, "v");
  const MatX<S>& M = crba(model, data, q);
  S k = S(0);
  for (int i = 0; i < model.dof; ++i) {
    S row = S(0);
    for (int j = 0; j < model.dof; ++j) row += M(i, j) * v[j];
    k += v[i] * row;
  }
  return S(0.5) * k;
}

/// u = -sum_i m_i g^T c_i, c_i the centre of mass of body i in the base frame ([Craig] (6.73)
/// with the zero of potential energy at the base origin). Writes data.X_up, data.oMb, data.oMf.
template <class S> S potential_energy(const ModelTpl<S>& model, DataTpl<S>& data, VecIn<S> q) {
  forward_kinematics(model, data, q);
  S u = S(0);
  for (int i = 0; i < model.dof; ++i) u -= model.mass[i] * model.gravity.dot(data.oMb[i].apply(model.com[i]));
  return u;
}

}  // namespace armdyn::sim
