#include "armdyn/io/load.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>

#include "armdyn/core/error.hpp"
#include "armdyn/core/input_file.hpp"
#include "armdyn/io/dh_json.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/model/catalogue.hpp"

namespace armdyn {

namespace {

/// Whether the root element of the XML text beginning with `head` is <mujoco>, or nothing when
/// `head` ends before that is known and more of the file follows (`complete` false). The prolog
/// is skipped however long it is: a UTF-8 byte order mark, white space, <?...?>, <!--...-->,
/// <!DOCTYPE ...> (with an internal subset in [...]).
std::optional<bool> root_is_mujoco(std::string_view head, bool complete) {
  const std::optional<bool> undecided = complete ? std::optional<bool>(false) : std::nullopt;
  std::size_t at = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  if (head.size() < 3 && std::string_view("\xEF\xBB\xBF").substr(0, head.size()) == head) return undecided;
  while (true) {
    at = head.find_first_not_of(" \t\r\n", at);
    if (at == std::string_view::npos) return undecided;
    if (head[at] != '<') return false;
    const std::string_view rest = head.substr(at);
    if (rest.size() < 4 && (std::string_view("<!--").substr(0, rest.size()) == rest)) return undecided;
    std::string_view close;
    if (rest.substr(0, 2) == "<?") close = "?>";
    else if (rest.substr(0, 4) == "<!--") close = "-->";
    else if (rest.substr(0, 2) == "<!") {
      const std::size_t bracket = rest.find('['), end = rest.find('>');
      close = bracket < end ? "]" : ">";
    } else {
      break;
    }
    const std::size_t end = head.find(close, at + 2);
    if (end == std::string_view::npos) return undecided;
    at = end + close.size();
    if (close == "]") {  // the internal subset's end: then the declaration's '>'
      const std::size_t gt = head.find('>', at);
      if (gt == std::string_view::npos) return undecided;
      at = gt + 1;
    }
  }
  const std::string_view root = "<mujoco";
  const std::string_view rest = head.substr(at);
  if (rest.size() <= root.size()) return rest == root.substr(0, rest.size()) ? undecided : std::optional<bool>(false);
  return rest.substr(0, root.size()) == root && std::string_view(" \t\r\n>/").find(rest[root.size()]) != std::string_view::npos;
}

}  // namespace

bool is_mjcf_file(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  std::error_code ec;
  if ((ext != ".xml" && ext != ".mjcf") || !std::filesystem::is_regular_file(path, ec)) return false;
  // Read until the root element is known, however long the leading comments are, within the
  // input limit (a file larger than that is refused by the reader anyway).
  // The part read doubles each time, so that rescanning the prolog stays linear in its length.
  std::ifstream file(path, std::ios::binary);
  const std::size_t limit = max_input_bytes();
  std::string head;
  for (std::size_t want = std::size_t{1} << 12; head.size() < limit; want *= 2) {
    const std::size_t before = head.size(), more = std::min(want, limit - before);
    head.resize(before + more);
    file.read(head.data() + before, static_cast<std::streamsize>(more));
    const std::size_t got = static_cast<std::size_t>(file.gcount());
    head.resize(before + got);
    const bool complete = got < more || head.size() >= limit;
    if (const std::optional<bool> known = root_is_mujoco(head, complete)) return *known;
  }
  return false;
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
