// Explicit instantiation of the derivatives of the dynamics for double.
#include "armdyn/dynamics/forward_dynamics_derivatives_impl.hpp"
#include "armdyn/dynamics/rnea_derivatives_impl.hpp"

namespace armdyn {

template void rnea_derivatives(const Model&, Data&, RneaDerivativesWorkspace<double>&, VecIn<double>, VecIn<double>,
                               VecIn<double>, const Loads<double>*);
template const VecX<double>& forward_dynamics_derivatives(const Model&, Data&, ForwardDynamicsDerivativesWorkspace<double>&,
                                                          VecIn<double>, VecIn<double>, VecIn<double>,
                                                          const Loads<double>*);

}  // namespace armdyn
