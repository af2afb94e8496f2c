#pragma once
// Reading an input file whole, with the errors every reader gives the same way.
#include <string>

#include "armdyn/core/input_file.hpp"

namespace armdyn {

/// The text of the file at `path`, or of standard input when `path` is "-", at most
/// max_input_bytes() long and checked as `format` while it is read (read_input,
/// core/input_file.hpp). InputError "<path>: cannot read file (no such file | it is a directory |
/// <the system's reason> | read error)", "<stdin>: cannot read (read error)", "<path>: larger than
/// the input limit ...", or the first byte that cannot belong to `format`.
std::string read_text(const std::string& path, InputFormat format = InputFormat::kBytes);

}  // namespace armdyn
