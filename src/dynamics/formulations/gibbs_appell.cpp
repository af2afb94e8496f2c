// Gibbs-Appell (Horowitz-Tomizuka, as in [TML] (3.14)), instantiated for double.
#include "armdyn/dynamics/formulations/gibbs_appell_impl.hpp"

namespace armdyn::gibbs_appell {

template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::gibbs_appell
