// The forward-dynamics routes for double: explicit instantiations and the name lookup.
#include "armdyn/dynamics/fd_method_impl.hpp"

#include "armdyn/core/error.hpp"
#include "armdyn/core/names.hpp"

namespace armdyn {

template const VecX<double>& aba(const Model&, Data&, AbaWorkspace<double>&, VecIn<double>, VecIn<double>,
                                 VecIn<double>, const Loads<double>*);
template const VecX<double>& forward_dynamics_walker_orin(const Model&, Data&, WalkerOrinWorkspace<double>&,
                                                          VecIn<double>, VecIn<double>, VecIn<double>,
                                                          const Loads<double>*);
template const VecX<double>& forward_dynamics(FdMethod, const Model&, Data&, FdWorkspace<double>&, VecIn<double>,
                                              VecIn<double>, VecIn<double>, const Loads<double>*);

namespace {

constexpr std::array<NamedValue<FdMethod>, 3> kFdMethods{
    {{FdMethod::kAba, "aba"}, {FdMethod::kCrba, "crba"}, {FdMethod::kWalkerOrin, "walker-orin"}}};

}  // namespace

const char* to_string(FdMethod method) { return name_of(kFdMethods, method); }

std::vector<std::string> fd_method_names() { return names_of(kFdMethods); }

FdMethod fd_method_from_name(const std::string& name) {
  return value_named(kFdMethods, name, "forward-dynamics method");
}

}  // namespace armdyn
