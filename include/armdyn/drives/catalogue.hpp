#pragma once
// Built-in drive sets for the catalogue's arms, accepted by name wherever an actuator file is
// (`--actuators puma560`). Where each number comes from is written beside it in
// src/drives/catalogue.cpp and in docs/drives.md.
#include <string>
#include <vector>

#include "armdyn/drives/drive.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::drives {

/// Names of the built-in drive sets: puma560.
std::vector<std::string> builtin_drive_names();
/// True when `name` is a built-in drive set's name.
bool is_builtin_drives(const std::string& name);
/// The built-in drive set `name` for `model`: InputError for an unknown name, or when the model
/// does not have the joints the set was written for (their number and names).
DriveSet builtin_drives(const std::string& name, const Model& model);

}  // namespace armdyn::drives
