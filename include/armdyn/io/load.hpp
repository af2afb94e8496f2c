#pragma once
// One entry point for every model source: a built-in name, a URDF file or a JSON DH file.
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// `spec` is a built-in model's name (puma560, stanford, planar2r, planar3r, craig3r, rp), a
/// .urdf file or a .json DH model file. Throws InputError/ModelError.
Model load_model(const std::string& spec);

}  // namespace armdyn
