#pragma once
// armdyn's JSON model format: a DH table with inertial data per link (docs/model-format.md).
#include <string>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// Loads a JSON DH model file. Errors name the file and the field, e.g.
/// "arm.json: links[2].inertia.ixx: must be a number".
Model load_dh_json(const std::string& path);

/// The same from a JSON document in memory; `source` names it in errors.
Model load_dh_json_string(const std::string& text, const std::string& source);

}  // namespace armdyn
