#include "armdyn/simulation/plant.hpp"

namespace armdyn::sim {

Plant::Plant(const Model& model, TorqueSource& source, FdMethod method)
    : model_(model), source_(source), method_(method), data_(model), ws_(model),
      tau_(VecX<double>::Zero(model.dof)) {}

const VecX<double>& Plant::acceleration(double t, VecIn<double> q, VecIn<double> v) {
  ++evaluations_;
  source_.torque(t, q, v, tau_);
  return forward_dynamics(method_, model_, data_, ws_, q, v, tau_);
}

}  // namespace armdyn::sim
