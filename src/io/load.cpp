#include "armdyn/io/load.hpp"

#include <filesystem>
#include <fstream>

#include "armdyn/core/error.hpp"
#include "armdyn/io/dh_json.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {

bool is_mjcf_file(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  std::error_code ec;
  if ((ext != ".xml" && ext != ".mjcf") || !std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream file(path, std::ios::binary);
  std::string head(4096, '\0');
  file.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(file.gcount()));
  std::size_t at = head.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a UTF-8 byte order mark
  // The prolog: white space, <?...?>, <!--...-->, <!DOCTYPE ...>; then the root element's name.
  while (true) {
    at = head.find_first_not_of(" \t\r\n", at);
    if (at == std::string::npos || head[at] != '<') return false;
    const auto skip = [&](const char* open, const char* close) {
      if (head.compare(at, std::char_traits<char>::length(open), open) != 0) return false;
      const std::size_t end = head.find(close, at);
      at = end == std::string::npos ? head.size() : end + std::char_traits<char>::length(close);
      return true;
    };
    if (!skip("<?", "?>") && !skip("<!--", "-->") && !skip("<!", ">")) break;
  }
  const std::string root = "<mujoco";
  if (head.compare(at, root.size(), root) != 0) return false;
  const std::size_t after = at + root.size();
  return after < head.size() && std::string(" \t\r\n>/").find(head[after]) != std::string::npos;
}

Model load_model(const std::string& spec) {
  if (is_builtin(spec)) return builtin_model(spec).model;
  const std::filesystem::path path(spec);
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {  // /dev/zero, a folder, a FIFO
    namespace fs = std::filesystem;
    const char* what = fs::is_directory(status)        ? "a folder"
                       : fs::is_character_file(status) ? "a character device"
                       : fs::is_block_file(status)     ? "a block device"
                       : fs::is_fifo(status)           ? "a FIFO"
                                                       : "a socket";
    throw InputError(spec + ": not a model file (" + what + ", not a regular file)");
  }
  if (!std::filesystem::is_regular_file(status)) {
    if (ec && status.type() != std::filesystem::file_type::not_found)  // cannot be looked at (permissions, loops)
      throw InputError(spec + ": cannot read (" + ec.message() + ")");
    std::string names;
    for (const std::string& n : builtin_names()) names += (names.empty() ? "" : ", ") + n;
    throw InputError(spec + ": no such file, and not a built-in model (" + names + ")");
  }
  const std::string ext = path.extension().string();
  if (ext == ".json") return load_dh_json(spec);
  if (is_mjcf_file(spec))
    throw InputError(spec + ": an MJCF model (root element <mujoco>), which load_model does not read: the armdyn "
                     "tool and Python module read MJCF through libmujoco (load_any_model)");
  if (ext == ".urdf" || ext == ".xml") return load_urdf(spec);
  throw InputError(spec + ": unknown model format '" + ext + "' (expected .urdf, .xml (URDF or MJCF), .mjcf or .json)");
}

}  // namespace armdyn
