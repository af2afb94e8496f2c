// The moving-base dynamics for double (moving_base.hpp; [VP] (2.3.48)).
#include "armdyn/dynamics/moving_base_impl.hpp"

namespace armdyn {

template const VecX<double>& rnea_moving_base(const Model&, Data&, const BaseMotion<double>&, VecIn<double>,
                                              VecIn<double>, VecIn<double>);
template const VecX<double>& nonlinear_effects_moving_base(const Model&, Data&, const BaseMotion<double>&,
                                                           VecIn<double>, VecIn<double>);
template const VecX<double>& forward_dynamics_moving_base(const Model&, Data&, const BaseMotion<double>&,
                                                          VecIn<double>, VecIn<double>, VecIn<double>);

}  // namespace armdyn
