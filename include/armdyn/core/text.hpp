#pragma once
// Text checks for names taken from model files: UTF-8 validity, and a printable rendering for
// error messages and comments in generated code (one line, no control characters).
#include <cstddef>
#include <string>
#include <string_view>

namespace armdyn {

/// Length (1 to 4) of the well-formed UTF-8 sequence that starts at byte `i` of `s`, or 0 when
/// the bytes there are not one (RFC 3629; the rules of is_valid_utf8).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i);

/// True when `s` is well-formed UTF-8 (RFC 3629): no stray continuation bytes, no truncated or
/// overlong sequences, no surrogates (U+D800..U+DFFF), nothing above U+10FFFF.
bool is_valid_utf8(std::string_view s);

/// `s` rendered on one line with nothing a terminal or a compiler reads as layout: a backslash
/// becomes "\\", control characters (U+0000..U+001F, U+007F..U+009F), the line and paragraph
/// separators U+2028, U+2029 and the bidirectional controls (U+200E, U+200F, U+202A..U+202E,
/// U+2066..U+2069) become "\n", "\t", "\r" or "\u{XXXX}", and bytes that are not part of valid
/// UTF-8 become "\xNN". Everything else (printable ASCII, other valid UTF-8) is kept.
std::string printable(std::string_view s);

/// `x` as printf("%.*g") writes it with `significant_digits` digits (17: read back exactly), for
/// messages and text outputs.
std::string number_text(double x, int significant_digits);

/// The shortest text that reads back as exactly `x` (std::to_chars).
std::string shortest_text(double x);

}  // namespace armdyn
