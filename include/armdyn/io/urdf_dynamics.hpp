#pragma once
// The drive data a URDF document carries: each moving joint's <dynamics damping="B"
// friction="Tc"/> (both optional, >= 0), read as its viscous friction B (N m s / rad, or N s / m)
// and its Coulomb friction Tc (both directions), joint side. Used by `--actuators urdf`.
#include <string>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// The drives of `model` (loaded from the same document) from the URDF text `xml`; joints without
/// <dynamics> keep the default drive. ModelError "<source>: joint '<name>', line L:
/// dynamics/damping: ..." for a value that is not one finite decimal number >= 0, or a repeated
/// <dynamics>.
drives::DriveSet urdf_dynamics_from_string(const std::string& xml, const std::string& source, const Model& model);

/// The same from the URDF file `path`.
drives::DriveSet load_urdf_dynamics(const std::string& path, const Model& model);

}  // namespace armdyn
