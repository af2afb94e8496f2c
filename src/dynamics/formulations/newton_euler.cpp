// Craig's iterative Newton-Euler, instantiated for double.
#include "armdyn/dynamics/formulations/newton_euler_impl.hpp"

namespace armdyn::newton_euler {

template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>, const TipWrench<double>*);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::newton_euler
