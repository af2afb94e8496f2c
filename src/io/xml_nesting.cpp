#include "xml_nesting.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "armdyn/core/error.hpp"

namespace armdyn {

namespace {

// The scanner follows TinyXML 2.6's parser step by step (TiXmlDocument::Parse, Identify,
// TiXmlElement::Parse and ReadValue, TiXmlAttribute::Parse, ReadText, GetChar, GetEntity) without
// building anything. Where TinyXML gives up on a malformed document the scan stops too: TinyXML
// reads no deeper than that point. Positions at or past the first NUL read as NUL, as TinyXML
// reads a C string.
class Scanner {
 public:
  static constexpr std::size_t kFail = std::string::npos;

  Scanner(const std::string& xml, const std::string& source, bool declaration_means_utf8)
      : s_(xml), n_(std::min(xml.size(), std::strlen(xml.c_str()))), source_(source),
        declaration_means_utf8_(declaration_means_utf8) {}

  void run() {
    std::size_t p = 0;
    // A byte-order mark makes TinyXML read UTF-8 from the start; otherwise the encoding is
    // unknown (read byte by byte) until a top-level <?xml ...?> declaration names one.
    utf8_ = at(0) == 0xef && at(1) == 0xbb && at(2) == 0xbf;
    std::vector<std::pair<std::size_t, std::size_t>> open;  // name (start, length) of each open element
    for (;;) {
      p = skip_space(p);
      if (open.empty()) {
        if (at(p) != '<') return;  // document level: only nodes, anything else ends the parse
      } else {
        if (!at(p)) return;  // an element left open: TinyXML fails here
        if (at(p) != '<') {  // text, up to the next '<' (a UTF-8 lead byte may swallow one)
          p = read_text(p, "<");
          if (p == kFail) return;
          --p;
          continue;
        }
        if (starts(p, "</")) {  // the end tag of the innermost open element, or failure
          const auto [name, length] = open.back();
          if (p + 2 + length > n_ || s_.compare(p + 2, length, s_, name, length) != 0) return;
          p = skip_space(p + 2 + length);
          if (at(p) != '>') return;
          ++p;
          open.pop_back();
          continue;
        }
      }
      // TiXmlNode::Identify, in its order.
      if (starts_ignoring_case(p, "<?xml")) {
        p = declaration(p);
        if (p == kFail) return;
        if (open.empty() && !utf8_known_) {
          utf8_known_ = true;
          utf8_ = utf8_ || declaration_means_utf8_;
        }
      } else if (starts(p, "<!--")) {
        p = find(p + 4, "-->");
        if (p == kFail) return;
        p += 3;
      } else if (starts(p, "<![CDATA[")) {
        p = find(p + 9, "]]>");
        if (p == kFail || !at(p + 3)) return;
        p += 3;
      } else if (!starts(p, "<!") && (is_alpha(at(p + 1)) || at(p + 1) == '_')) {
        if (static_cast<int>(open.size()) + 1 > kMaxXmlDepth)
          throw ModelError(source_, "line " + std::to_string(line_of(p)), "",
                           "elements nested " + std::to_string(open.size() + 1) + " deep; at most " +
                               std::to_string(kMaxXmlDepth) + " levels are read");
        const std::size_t tag = p;
        p = skip_space(p + 1);
        const std::size_t name = p;
        p = read_name(p);
        if (p == kFail || !at(p)) return;
        const std::size_t name_length = p - name;
        int attributes = 0;
        bool closed = false;
        for (;;) {
          p = skip_space(p);
          if (!at(p)) return;
          if (at(p) == '/') {
            if (at(p + 1) != '>') return;
            p += 2;
            closed = true;
            break;
          }
          if (at(p) == '>') {
            ++p;
            break;
          }
          if (++attributes > kMaxXmlAttributes)
            throw ModelError(source_, "line " + std::to_string(line_of(tag)), "",
                             "<" + s_.substr(name, std::min<std::size_t>(name_length, 40)) + "> has more than " +
                                 std::to_string(kMaxXmlAttributes) + " attributes");
          p = attribute(p);
          if (p == kFail || !at(p)) return;
        }
        if (!closed) open.emplace_back(name, name_length);
      } else {  // <!DOCTYPE ...>, <?pi ...>, "< x" and the like: TiXmlUnknown, up to the first '>'
        while (at(p) && at(p) != '>') ++p;
        if (!at(p)) return;
        ++p;
      }
    }
  }

 private:
  unsigned char at(std::size_t i) const { return i < n_ ? static_cast<unsigned char>(s_[i]) : 0; }
  bool starts(std::size_t p, const char* text) const {
    for (std::size_t k = 0; text[k]; ++k)
      if (at(p + k) != static_cast<unsigned char>(text[k])) return false;
    return true;
  }
  bool starts_ignoring_case(std::size_t p, const char* text) const {
    const auto lower = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; };
    for (std::size_t k = 0; text[k]; ++k)
      if (lower(at(p + k)) != lower(static_cast<unsigned char>(text[k]))) return false;
    return true;
  }
  std::size_t find(std::size_t p, const char* text) const {
    const std::size_t at = p < n_ ? s_.find(text, p) : std::string::npos;
    return at == std::string::npos || at + std::strlen(text) > n_ ? kFail : at;
  }
  std::size_t line_of(std::size_t p) const {
    return 1 + std::count(s_.begin(), s_.begin() + static_cast<std::ptrdiff_t>(std::min(p, n_)), '\n');
  }

  // TinyXML's character classes: bytes from 127 up count as letters.
  static bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
  static bool is_alpha(unsigned char c) { return c >= 127 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  static bool is_alnum(unsigned char c) { return is_alpha(c) || (c >= '0' && c <= '9'); }

  std::size_t skip_space(std::size_t p) const {
    for (;;) {
      if (utf8_ && at(p) == 0xef &&
          ((at(p + 1) == 0xbb && at(p + 2) == 0xbf) || (at(p + 1) == 0xbf && (at(p + 2) == 0xbe || at(p + 2) == 0xbf)))) {
        p += 3;
      } else if (is_space(at(p))) {
        ++p;
      } else {
        return p;
      }
    }
  }

  std::size_t read_name(std::size_t p) const {
    if (!(is_alpha(at(p)) || at(p) == '_')) return kFail;
    while (is_alnum(at(p)) || at(p) == '_' || at(p) == '-' || at(p) == '.' || at(p) == ':') ++p;
    return p;
  }

  /// TiXmlBase::GetChar: one character, which in UTF-8 is 1 to 4 bytes whatever they are.
  std::size_t next_char(std::size_t p) const {
    const unsigned char c = at(p);
    std::size_t length = 1;
    if (utf8_) length = c < 0xc2 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf5 ? 4 : 1;
    if (length > 1) return p + length;
    return c == '&' ? entity(p) : p + 1;
  }

  /// TiXmlBase::GetEntity: "&#x...;" and "&#...;" end at the first ';', whose preceding digits
  /// back to the last 'x' (or '#') must be hexadecimal (decimal); anything else is one character.
  std::size_t entity(std::size_t p) const {
    if (at(p + 1) != '#' || !at(p + 2)) return p + 1;
    const bool hex = at(p + 2) == 'x';
    if (hex && !at(p + 3)) return kFail;
    const std::size_t semicolon = find(p + (hex ? 3 : 2), ";");
    if (semicolon == kFail) return kFail;
    for (std::size_t q = semicolon - 1; at(q) != (hex ? 'x' : '#'); --q) {
      const unsigned char c = at(q);
      const bool digit = (c >= '0' && c <= '9') || (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
      if (!digit) return kFail;
    }
    return semicolon + 1;
  }

  /// TiXmlBase::ReadText: characters up to `end`, then past it; fails at the end of the input.
  std::size_t read_text(std::size_t p, const char* end) const {
    while (at(p) && !starts(p, end)) {
      p = next_char(p);
      if (p == kFail) return kFail;
    }
    if (!at(p)) return kFail;
    p += std::strlen(end);
    return at(p) ? p : kFail;
  }

  /// TiXmlAttribute::Parse: name = "value", 'value' or an unquoted word.
  std::size_t attribute(std::size_t p) const {
    p = skip_space(p);
    p = read_name(p);
    if (p == kFail || !at(p)) return kFail;
    p = skip_space(p);
    if (at(p) != '=') return kFail;
    p = skip_space(p + 1);
    if (!at(p)) return kFail;
    if (at(p) == '\'') return read_text(p + 1, "'");
    if (at(p) == '"') return read_text(p + 1, "\"");
    while (at(p) && !is_space(at(p)) && at(p) != '/' && at(p) != '>') {
      if (at(p) == '\'' || at(p) == '"') return kFail;
      ++p;
    }
    return p;
  }

  /// TiXmlDeclaration::Parse: version, encoding and standalone are read as attributes (their
  /// quoted values may hold '>'), anything else word by word, up to a '>'.
  std::size_t declaration(std::size_t p) const {
    p += 5;
    while (at(p)) {
      if (at(p) == '>') return p + 1;
      p = skip_space(p);
      if (!at(p)) return kFail;
      if (starts_ignoring_case(p, "version") || starts_ignoring_case(p, "encoding") ||
          starts_ignoring_case(p, "standalone")) {
        p = attribute(p);
        if (p == kFail) return kFail;
      } else {
        while (at(p) && at(p) != '>' && !is_space(at(p))) ++p;
      }
    }
    return kFail;
  }

  const std::string& s_;
  std::size_t n_;
  const std::string& source_;
  bool declaration_means_utf8_;
  bool utf8_ = false, utf8_known_ = false;
};

}  // namespace

void check_xml_nesting(const std::string& xml, const std::string& source) {
  // Which encoding TinyXML switches to at a top-level declaration depends on the decoded value of
  // its encoding attribute; instead of decoding it, scan both ways.
  Scanner(xml, source, true).run();
  Scanner(xml, source, false).run();
}

}  // namespace armdyn
