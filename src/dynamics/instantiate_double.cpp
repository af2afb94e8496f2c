// Explicit instantiations of armdyn's algorithms for double: users compile only the declarations.
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/rnea_classical_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"

namespace armdyn {

template const VecX<double>& rnea(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                  const Loads<double>*);
template const VecX<double>& rnea_classical(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                              const std::vector<Force<double>>*);
template const VecX<double>& nonlinear_effects(const Model&, Data&, VecIn<double>, VecIn<double>,
                                               const Loads<double>*);
template const VecX<double>& gravity_torque(const Model&, Data&, VecIn<double>);
template const MatX<double>& crba(const Model&, Data&, VecIn<double>, const Loads<double>*);
template const VecX<double>& forward_dynamics(const Model&, Data&, VecIn<double>, VecIn<double>, VecIn<double>,
                                              const Loads<double>*);

}  // namespace armdyn
