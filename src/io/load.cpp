#include "armdyn/io/load.hpp"

#include <filesystem>

#include "armdyn/core/error.hpp"
#include "armdyn/io/dh_json.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {

Model load_model(const std::string& spec) {
  if (is_builtin(spec)) return builtin_model(spec).model;
  const std::filesystem::path path(spec);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    std::string names;
    for (const std::string& n : builtin_names()) names += (names.empty() ? "" : ", ") + n;
    throw InputError(spec + ": no such file, and not a built-in model (" + names + ")");
  }
  const std::string ext = path.extension().string();
  if (ext == ".json") return load_dh_json(spec);
  if (ext == ".urdf" || ext == ".xml") return load_urdf(spec);
  throw InputError(spec + ": unknown model format '" + ext + "' (expected .urdf or .json)");
}

}  // namespace armdyn
