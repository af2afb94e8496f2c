// Explicit instantiations for double of the external wrenches (external_forces.hpp), the joint
// reactions and the gripper wrench (reactions.hpp).
#include "armdyn/dynamics/external_forces_impl.hpp"
#include "armdyn/dynamics/reactions_impl.hpp"

namespace armdyn {

template const std::vector<Force<double>>& external_forces_from_frame_wrenches(
    const Model&, Data&, ExternalForceWorkspace<double>&, VecIn<double>, const std::vector<FrameWrench<double>>&);
template const VecX<double>& external_joint_torques(const Model&, Data&, ExternalForceWorkspace<double>&, VecIn<double>,
                                                    const std::vector<Force<double>>&);

template struct ReactionWorkspace<double>;
template Transform<double> link_in_body(const Model&, const ReactionWorkspace<double>&, int);
template Vec3<double> joint_axis_in_link(const Model&, const ReactionWorkspace<double>&, int);
template const MatX<double>& reactions_from_rnea(const Model&, const Data&, ReactionWorkspace<double>&);
template const MatX<double>& joint_reactions(const Model&, Data&, ReactionWorkspace<double>&, VecIn<double>,
                                             VecIn<double>, VecIn<double>, const std::vector<Force<double>>*);
template Vec6<double> gripper_wrench(const Payload&, const Mat3<double>&, const Vec6<double>&, const Vec6<double>&,
                                     const Vec3<double>&);
template Vec6<double> gripper_wrench(const Model&, Data&, FrameWorkspace<double>&, int, const Payload&, VecIn<double>,
                                     VecIn<double>, VecIn<double>);

}  // namespace armdyn
