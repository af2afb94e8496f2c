#pragma once
// One entry point for every model source: a built-in name, a URDF file or a JSON DH file.
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// `spec` is a built-in model's name (puma560, stanford, planar2r, planar3r, craig3r, rp), a
/// .urdf (or .xml) file or a .json DH model file. Throws InputError/ModelError; an MJCF file
/// is an InputError pointing to load_any_model (io/mjcf.hpp), which reads it through libmujoco.
Model load_model(const std::string& spec);

/// True when `path` is a readable .xml or .mjcf file whose root element is <mujoco> (an MJCF
/// model); only the file's beginning is read.
bool is_mjcf_file(const std::string& path);

}  // namespace armdyn
