// Luh-Walker-Paul Newton-Euler and TML's modified Newton-Euler, instantiated for double.
#include "armdyn/dynamics/formulations/luh_walker_paul_impl.hpp"

namespace armdyn::luh_walker_paul {

template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>, const Load<double>*);
template const VecX<double>& inverse_dynamics_modified(const Model&, Workspace<double>&, VecIn<double>,
                                                       VecIn<double>, VecIn<double>, const Load<double>*);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::luh_walker_paul
