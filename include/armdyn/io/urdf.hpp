#pragma once
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// Loads a URDF file (through urdfdom). Revolute, continuous and prismatic joints become the
/// model's joints in depth-first order from the root; fixed joints are merged away (their links'
/// inertia added to the moving parent by the parallel-axis theorem, their frames kept as named
/// frames); inertial origins honour xyz and rpy (I = R I' R^T). The root link's inertia is
/// ignored (fixed base) with a warning in Model::warnings. Floating, planar and mimic joints are
/// refused. Errors are ModelErrors naming the file, the link or joint and the field.
Model load_urdf(const std::string& path);

/// The same from a URDF document in memory; `source` names it in errors.
Model load_urdf_string(const std::string& xml, const std::string& source);

}  // namespace armdyn
