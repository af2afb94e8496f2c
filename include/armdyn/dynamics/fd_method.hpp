#pragma once
// The three forward-dynamics routes, chosen at run time (`armdyn eval --method-fd NAME`,
// `armdyn simulate`): they agree to round-off and differ in cost.
//   aba          articulated-body algorithm, O(n)                          (armdyn/dynamics/aba.hpp)
//   crba         composite-rigid-body M + Newton-Euler bias + LDL^T         (armdyn/dynamics/forward_dynamics.hpp)
//   walker-orin  strobed Newton-Euler M + bias, elimination w/o pivoting    (armdyn/dynamics/walker_orin.hpp)
#include <string>
#include <vector>

#include "armdyn/dynamics/aba.hpp"
#include "armdyn/dynamics/walker_orin.hpp"

namespace armdyn {

enum class FdMethod { kAba, kCrba, kWalkerOrin };

/// "aba", "crba", "walker-orin".
const char* to_string(FdMethod method);
/// Every method's name, in the order above.
std::vector<std::string> fd_method_names();
/// The method named `name`; InputError "unknown forward-dynamics method 'x' (one of: aba, crba,
/// walker-orin)" otherwise.
FdMethod fd_method_from_name(const std::string& name);

/// The workspaces of every route for one Model.
template <class S> struct FdWorkspace {
  explicit FdWorkspace(const ModelTpl<S>& model) : aba(model), walker_orin(model) {}
  AbaWorkspace<S> aba;
  WalkerOrinWorkspace<S> walker_orin;
};

/// a = M(q)^-1 (tau - c(q, v)) by `method` (with `loads`: a = M_L^-1 (tau - c_L), loads.hpp (3));
/// writes data.qdd (and what that route writes) and returns it. Allocation-free.
template <class S>
const VecX<S>& forward_dynamics(FdMethod method, const ModelTpl<S>& model, DataTpl<S>& data, FdWorkspace<S>& ws,
                                VecIn<S> q, VecIn<S> v, VecIn<S> tau, const Loads<S>* loads = nullptr);

extern template const VecX<double>& forward_dynamics(FdMethod, const Model&, Data&, FdWorkspace<double>&,
                                                     VecIn<double>, VecIn<double>, VecIn<double>,
                                                     const Loads<double>*);

}  // namespace armdyn
