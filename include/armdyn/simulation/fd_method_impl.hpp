#pragma once
#include "armdyn/algorithm/aba_impl.hpp"
#include "armdyn/algorithm/forward_dynamics_impl.hpp"
#include "armdyn/algorithm/walker_orin_impl.hpp"
#include "armdyn/simulation/fd_method.hpp"

namespace armdyn {

template <class S>
const VecX<S>& forward_dynamics(FdMethod method, const ModelTpl<S>& model, DataTpl<S>& data, FdWorkspace<S>& ws,
                                VecIn<S> q, VecIn<S> qd, VecIn<S> tau) {
  switch (method) {
    case FdMethod::kAba:
      return aba(model, data, ws.aba, q, qd, tau);
    case FdMethod::kWalkerOrin:
      return forward_dynamics_walker_orin(model, data, ws.walker_orin, q, qd, tau);
    case FdMethod::kCrba:
      break;
  }
  return forward_dynamics(model, data, q, qd, tau);
}

}  // namespace armdyn
