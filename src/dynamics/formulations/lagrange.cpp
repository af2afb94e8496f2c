// Explicit instantiation of the Lagrange (Uicker/Lewis 4x4) formulation for double.
#include "armdyn/dynamics/formulations/lagrange_impl.hpp"

namespace armdyn::lagrange {

template struct Workspace<double>;
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
template const std::vector<MatX<double>>& velocity_coefficients(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::lagrange
