#include "armdyn/core/text.hpp"

#include <charconv>
#include <cstdint>
#include <cstdio>

namespace armdyn {

namespace {

// Length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629, Table 3-7 of the Unicode
// Standard), and its code point; 0 when the bytes there are not one.
std::size_t sequence_at(std::string_view s, std::size_t i, std::uint32_t& code) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    code = b0;
    return 1;
  }
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
    code = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    code = b0 & 0x0Fu;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    code = b0 & 0x07u;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;  // a continuation byte, C0, C1 or F5..FF
  }
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned char b = byte(i + k);
    if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return 0;
    code = (code << 6) | (b & 0x3Fu);
  }
  return n;
}

bool is_layout_control(std::uint32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 || c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  std::uint32_t code;
  return i < s.size() ? sequence_at(s, i, code) : 0;
}

bool is_valid_utf8(std::string_view s) {
  std::uint32_t code;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = sequence_at(s, i, code);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  char buffer[16];
  std::uint32_t code;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = sequence_at(s, i, code);
    if (n == 0) {
      std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned>(static_cast<unsigned char>(s[i])));
      out += buffer;
      ++i;
      continue;
    }
    if (code == '\\') {
      out += "\\\\";
    } else if (code == '\n') {
      out += "\\n";
    } else if (code == '\t') {
      out += "\\t";
    } else if (code == '\r') {
      out += "\\r";
    } else if (is_layout_control(code)) {
      std::snprintf(buffer, sizeof buffer, "\\u{%04X}", static_cast<unsigned>(code));
      out += buffer;
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  return out;
}

std::string number_text(double x, int significant_digits) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", significant_digits, x);
  return buffer;
}

std::string shortest_text(double x) {
  char buffer[32];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

}  // namespace armdyn
