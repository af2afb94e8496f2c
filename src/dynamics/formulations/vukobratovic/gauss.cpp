// [VP] §2.8, the method of Gauss' principle, instantiated for double.
#include "armdyn/dynamics/formulations/vukobratovic/gauss_impl.hpp"

namespace armdyn::gauss {

template Mat4<double> pseudo_inertia(const double&, const Vec3<double>&, const Mat3<double>&);
template struct Workspace<double>;
template const VecX<double>& inverse_dynamics(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>,
                                              VecIn<double>);
template const MatX<double>& mass_matrix(const Model&, Workspace<double>&, VecIn<double>);
template const VecX<double>& nonlinear_effects(const Model&, Workspace<double>&, VecIn<double>, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Workspace<double>&, VecIn<double>);

}  // namespace armdyn::gauss
