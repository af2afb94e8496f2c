#include "armdyn/io/text_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "armdyn/core/error.hpp"

namespace armdyn {

std::string read_text(const std::string& path) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    if (std::cin.bad()) throw InputError("<stdin>: cannot read (read error)");
    return text.str();
  }
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError(path + ": cannot read file (no such file)");
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": cannot read file (it is a directory)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read file (" + std::strerror(errno) + ")");
  text << in.rdbuf();
  if (in.bad()) throw InputError(path + ": cannot read file (read error)");
  return text.str();
}

}  // namespace armdyn
