// Explicit instantiation of the kinematics for double: users compile only the declarations.
#include "armdyn/kinematics/jacobian_impl.hpp"
#include "armdyn/kinematics/kinematics_impl.hpp"

namespace armdyn {

template void forward_kinematics(const Model&, Data&, VecIn<double>);

template int frame_id(const Model&, const std::string&);
template const MatX<double>& frame_jacobian(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>, Axes);
template const Vec6<double>& frame_velocity(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>, VecIn<double>);
template const Vec6<double>& frame_jacobian_dot_v(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>,
                                                  VecIn<double>);
template const Vec6<double>& frame_acceleration(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>,
                                                VecIn<double>, VecIn<double>);
template void frame_kinematics(const Model&, Data&, FrameWorkspace<double>&, int, VecIn<double>, VecIn<double>);

}  // namespace armdyn
