// Explicit instantiations of armdyn's algorithms for double: users compile only the declarations.
#include "armdyn/algorithm/crba_impl.hpp"
#include "armdyn/algorithm/forward_dynamics_impl.hpp"
#include "armdyn/algorithm/inverse_dynamics_impl.hpp"
#include "armdyn/algorithm/kinematics_impl.hpp"
#include "armdyn/algorithm/rnea_impl.hpp"

namespace armdyn {

template void forward_kinematics(const Model&, Data&, VecIn<double>);
template const VecX<double>& rnea(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                  const std::vector<Force<double>>*);
template const VecX<double>& inverse_dynamics(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                              const std::vector<Force<double>>*);
template const VecX<double>& nonlinear_effects(const Model&, Data&, VecIn<double>, VecIn<double>);
template const VecX<double>& gravity_torque(const Model&, Data&, VecIn<double>);
template const MatX<double>& crba(const Model&, Data&, VecIn<double>);
template const VecX<double>& forward_dynamics(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>);

}  // namespace armdyn
