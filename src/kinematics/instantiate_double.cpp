// Explicit instantiation of the kinematics for double: users compile only the declarations.
#include "armdyn/kinematics/kinematics_impl.hpp"

namespace armdyn {

template void forward_kinematics(const Model&, Data&, VecIn<double>);

}  // namespace armdyn
