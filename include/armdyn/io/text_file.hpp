#pragma once
// Reading an input file whole, with the errors every reader gives the same way.
#include <string>

namespace armdyn {

/// The text of the file at `path`, or of standard input when `path` is "-". InputError
/// "<path>: cannot read file (no such file | it is a directory | <the system's reason> | read
/// error)", or "<stdin>: cannot read (read error)".
std::string read_text(const std::string& path);

}  // namespace armdyn
