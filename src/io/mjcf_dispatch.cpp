// load_any_model and load_any_drives: the core loaders plus MJCF.
#include "armdyn/core/error.hpp"
#include "armdyn/io/actuators_json.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/mjcf.hpp"

namespace armdyn {

Model load_any_model(const std::string& spec) {
  if (is_mjcf_file(spec)) return load_mjcf(spec);
  return load_model(spec);
}

drives::DriveSet load_any_drives(const std::string& spec, const Model& model, const std::string& model_spec) {
  if (spec != "mjcf") return load_drives(spec, model, model_spec);
  if (!is_mjcf_file(model_spec))
    throw InputError("actuators 'mjcf': the model '" + model_spec + "' is not an MJCF file (its joints' armature, damping and frictionloss are read)");
  return load_mjcf_drives(model_spec, model);
}

}  // namespace armdyn
