#pragma once
// The actuator file: the drives of a model's joints (docs/drives.md).
//
//   {"joints": {"<joint name>": {"gear_ratio": G, "rotor_inertia": Jm, "viscous": B,
//                                "coulomb": Tc or [Tc+, Tc-], "static": Ts or [Ts+, Ts-],
//                                "stribeck_velocity": vs, "efficiency": eta,
//                                "motor": {"type": "dc2" | "dc3" | "hydraulic3" | "hydraulic5", ...}}}}
//
// Every key is optional (a joint not named keeps the default, rigid drive); values are on the
// joint side except rotor_inertia and the motor's (motor side). Unknown keys and joint names are
// errors naming them; every error is an InputError "<source>: joints.<name>.<key>: <what>".
#include <string>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// Parses an actuator document for `model`; `source` names it in errors.
drives::DriveSet parse_actuators(const std::string& text, const std::string& source, const Model& model);

/// Reads the actuator file at `path` for `model`.
drives::DriveSet load_actuators(const std::string& path, const Model& model);

/// `spec` is a built-in drive set's name (puma560), "urdf" (the <dynamics> of the URDF file
/// `model_spec` the model was loaded from: urdf_dynamics.hpp) or an actuator file; "mjcf" (an
/// MJCF model's armature and damping) is load_any_drives' (io/mjcf.hpp).
drives::DriveSet load_drives(const std::string& spec, const Model& model, const std::string& model_spec);

}  // namespace armdyn
