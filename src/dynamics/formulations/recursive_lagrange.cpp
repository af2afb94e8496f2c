// Explicit instantiation of Hollerbach's recursive Lagrange formulation for double.
#include "armdyn/dynamics/formulations/recursive_lagrange_impl.hpp"

namespace armdyn::recursive_lagrange {

template struct Workspace<double>;
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);

}  // namespace armdyn::recursive_lagrange
