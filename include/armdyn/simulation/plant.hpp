#pragma once
// The simulated arm: qdd = FD(q, v, tau(t, q, v)) with a torque source and one of the
// forward-dynamics routes. Holds its own Data and workspaces (allocation-free per evaluation).
#include "armdyn/model/data.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "armdyn/simulation/input.hpp"

namespace armdyn::sim {

class Plant {
 public:
  /// `model` and `source` must outlive the plant.
  Plant(const Model& model, TorqueSource& source, FdMethod method = FdMethod::kAba);

  /// qdd at time t and state (q, v) under the source's torque; tau() is that torque after.
  const VecX<double>& acceleration(double t, VecIn<double> q, VecIn<double> v);

  const VecX<double>& tau() const { return tau_; }
  const Model& model() const { return model_; }
  Data& data() { return data_; }
  TorqueSource& source() { return source_; }
  /// Number of acceleration() calls so far.
  long evaluations() const { return evaluations_; }

 private:
  const Model& model_;
  TorqueSource& source_;
  FdMethod method_;
  Data data_;
  FdWorkspace<double> ws_;
  VecX<double> tau_;
  long evaluations_ = 0;
};

}  // namespace armdyn::sim
