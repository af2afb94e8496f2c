// Explicit instantiation of the Cartesian-space dynamics for double: users compile only the
// declarations (include/armdyn/dynamics/cartesian.hpp).
#include "armdyn/dynamics/cartesian_impl.hpp"

namespace armdyn {

template const OperationalSpace<double>& operational_space(const Model&, Data&, CartesianWorkspace<double>&, int,
                                                           VecIn<double>, VecIn<double>, const CartesianOptions&);
template const CraigCartesian<double>& craig_cartesian_dynamics(const Model&, Data&, CartesianWorkspace<double>&, int,
                                                                VecIn<double>, VecIn<double>, const CartesianOptions&);

}  // namespace armdyn
