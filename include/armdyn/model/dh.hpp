#pragma once
// Models from Denavit-Hartenberg tables, standard or modified (see DhRow in model.hpp).
#include <string>
#include <vector>

#include "armdyn/model/builder.hpp"

namespace armdyn {

/// One DH link: the row, the names, the link's inertial data in its DH frame {i}, limits.
struct DhLink {
  std::string joint_name, link_name;
  DhRow row;
  LinkInertial inertial;
  JointLimits limits;
};

struct DhDescription {
  std::string source, name;
  DhConvention convention = DhConvention::kModified;
  std::vector<DhLink> links;
  Transform<double> base;  ///< placement of DH frame {0} in the base frame
  Vec3<double> gravity = Vec3<double>(0, 0, -9.81);
  /// Named frames fixed in the last link's DH frame {n}, e.g. a tool frame.
  std::vector<std::pair<std::string, Transform<double>>> tool_frames;
};

/// The constant part of a DH row and the placement of DH frame {i} relative to the moved joint
/// frame: ^{i-1}T_i(q) = origin * [Rz(q) or Tz(q)] * link_in_joint.
void dh_row_placements(DhConvention convention, const DhRow& row, Transform<double>& origin,
                       Transform<double>& link_in_joint);

/// Builds (and validates) the model. Each link's frame is kept as a named frame.
Model model_from_dh(const DhDescription& description);

}  // namespace armdyn
