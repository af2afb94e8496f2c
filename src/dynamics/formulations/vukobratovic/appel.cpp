// [VP] §2.9, the method of Appel's equations, instantiated for double.
#include "armdyn/dynamics/formulations/vukobratovic/appel_impl.hpp"

namespace armdyn::appel {

template struct Workspace<double>;
template void equations(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& nonlinear_effects(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::appel
