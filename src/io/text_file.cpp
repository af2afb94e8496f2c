#include "armdyn/io/text_file.hpp"

namespace armdyn {

std::string read_text(const std::string& path, InputFormat format) { return read_input(path, format); }

}  // namespace armdyn
