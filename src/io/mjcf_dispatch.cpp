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
  return mjcf_drives(model);  // from the compile the model came from: the file is not read again
}

}  // namespace armdyn
