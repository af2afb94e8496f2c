// Explicit instantiation of the dynamic terms (strobing, Christoffel symbols, Craig's B and C,
// energies) for double.
#include "armdyn/dynamics/terms_impl.hpp"

namespace armdyn::terms {

template struct Workspace<double>;
template const MatX<double>& mass_matrix_strobing(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const std::vector<MatX<double>>& mass_matrix_derivatives(const Model&, Workspace<double>&, VecIn<double>);
template const std::vector<MatX<double>>& christoffel_symbols(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& coriolis_matrix(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const MatX<double>& centrifugal_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const MatX<double>& coriolis_coefficients(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);
template double kinetic_energy(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template double potential_energy(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);

}  // namespace armdyn::terms
