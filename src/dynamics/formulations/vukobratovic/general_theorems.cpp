// [VP] §2.3, the method of general theorems, instantiated for double.
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems_impl.hpp"

namespace armdyn::general_theorems {

template struct Workspace<double>;
template void equations(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& nonlinear_effects(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::general_theorems
