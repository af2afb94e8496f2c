#pragma once
#include "armdyn/dynamics/aba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/walker_orin_impl.hpp"
#include "armdyn/dynamics/fd_method.hpp"

namespace armdyn {

template <class S>
const VecX<S>& forward_dynamics(FdMethod method, const ModelTpl<S>& model, DataTpl<S>& data, FdWorkspace<S>& ws,
                                VecIn<S> q, VecIn<S> qd, VecIn<S> tau, const Loads<S>* loads) {
  switch (method) {
    case FdMethod::kAba:
      return aba(model, data, ws.aba, q, qd, tau, loads);
    case FdMethod::kWalkerOrin:
      return forward_dynamics_walker_orin(model, data, ws.walker_orin, q, qd, tau, loads);
    case FdMethod::kCrba:
      break;
  }
  return forward_dynamics(model, data, q, qd, tau, loads);
}

}  // namespace armdyn
