#pragma once
// Reading an input file (or standard input) with a size bound: a device, a FIFO or a file larger
// than the limit is refused after at most the limit's bytes, and a JSON or CSV text is
// refused at the first byte that cannot belong to it, before the rest is read.
#include <cstddef>
#include <string>

namespace armdyn {

/// What the bytes are expected to be. JSON and CSV texts hold no control character but tab, line
/// feed and carriage return (no NUL byte); a JSON document starts (after an optional UTF-8 byte
/// order mark and white space) with '{' or '['. kBytes: anything (model files, whose readers
/// report their own errors, and meshes).
enum class InputFormat { kBytes, kJson, kCsv };

/// The largest input read, in bytes: ARMDYN_MAX_INPUT_BYTES when set (a number of bytes, or with
/// a suffix K, M, G, T, powers of 1024), else kDefaultMaxInputBytes. InputError for a value that
/// is not a size.
std::size_t max_input_bytes();
inline constexpr std::size_t kDefaultMaxInputBytes = std::size_t{256} << 20;

/// The size in bytes that the environment variable `variable` holds (as ARMDYN_MAX_INPUT_BYTES),
/// `fallback` when it is unset or empty; InputError naming the variable for a value that is not one.
std::size_t size_from_environment(const char* variable, std::size_t fallback);

/// "256 MiB (268435456 bytes)", "1000 bytes": a size for messages, in the largest unit that divides it.
std::string bytes_text(std::size_t bytes);

/// The bytes of the file at `path`, or of standard input when `path` is "-", read in chunks and
/// checked as they come. InputError "<path>: cannot read file (no such file | it is a directory |
/// <the system's reason> | read error)", "<path>: larger than the input limit of N bytes ...",
/// "<path>: line L, column C: not valid JSON (...)" and the like, "<stdin>: ..." for "-".
std::string read_input(const std::string& path, InputFormat format = InputFormat::kBytes);

/// The checks of read_input on a text already in memory (`source` names it in the message).
void check_input_text(const std::string& text, InputFormat format, const std::string& source);

}  // namespace armdyn
