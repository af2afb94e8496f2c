// The forward-dynamics routes for double: explicit instantiations and the name lookup.
#include "armdyn/dynamics/fd_method_impl.hpp"

#include "armdyn/core/error.hpp"

namespace armdyn {

template const VecX<double>& aba(const Model&, Data&, AbaWorkspace<double>&, VecIn<double>, VecIn<double>,
                                 VecIn<double>, const Loads<double>*);
template const VecX<double>& forward_dynamics_walker_orin(const Model&, Data&, WalkerOrinWorkspace<double>&,
                                                          VecIn<double>, VecIn<double>, VecIn<double>,
                                                          const Loads<double>*);
template const VecX<double>& forward_dynamics(FdMethod, const Model&, Data&, FdWorkspace<double>&, VecIn<double>,
                                              VecIn<double>, VecIn<double>, const Loads<double>*);

const char* to_string(FdMethod method) {
  switch (method) {
    case FdMethod::kAba:
      return "aba";
    case FdMethod::kCrba:
      return "crba";
    case FdMethod::kWalkerOrin:
      return "walker-orin";
  }
  return "?";
}

std::vector<std::string> fd_method_names() { return {"aba", "crba", "walker-orin"}; }

FdMethod fd_method_from_name(const std::string& name) {
  for (FdMethod m : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin})
    if (name == to_string(m)) return m;
  throw InputError("unknown forward-dynamics method '" + name + "' (one of: aba, crba, walker-orin)");
}

}  // namespace armdyn
