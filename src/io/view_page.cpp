// The page of `armdyn view`: the template viewer/view_page.html with the scene's JSON and three.js
// (its module build and OrbitControls, embedded into the library at build time from
// viewer/node_modules by cmake/embed_viewer.cmake) as data: URLs in an import map, so that the
// file opens from disk with no server and no network.
#include <string>
#include <string_view>

#include "armdyn/io/view_scene.hpp"
#include "view_assets.hpp"

namespace armdyn::view {
namespace {

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned n = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0}) out.push_back(kDigits[(n >> shift) & 63]);
  }
  if (const std::size_t rest = bytes.size() - i; rest > 0) {
    unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out.push_back(kDigits[(n >> 18) & 63]);
    out.push_back(kDigits[(n >> 12) & 63]);
    out.push_back(rest == 2 ? kDigits[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

void replace_once(std::string& text, std::string_view token, const std::string& with) {
  const std::size_t at = text.find(token);
  if (at != std::string::npos) text.replace(at, token.size(), with);
}

// JSON as the text of a <script type="application/json"> element. The HTML tokenizer must meet no
// markup in it: "</script" would end the element and "<!--" followed by "<script" sends it into
// the double-escaped state, where the page's own closing tag no longer counts (a blank page). So
// '<', '>' and '&' are written as the escapes \u003c, \u003e, \u0026, which JSON.parse reads back
// as the same characters; outside strings JSON has none of them. U+2028 and U+2029 likewise, the
// line terminators of older JavaScript.
std::string script_safe_json(const std::string& json) {
  std::string out;
  out.reserve(json.size() + json.size() / 16);
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (c == '<') {
      out += "\\u003c";
    } else if (c == '>') {
      out += "\\u003e";
    } else if (c == '&') {
      out += "\\u0026";
    } else if (c == '\xE2' && i + 2 < json.size() && json[i + 1] == '\x80' && (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
      out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

std::string three_version() { return std::string(assets::three_version); }

std::string view_page(const std::string& scene) {
  const std::string safe = script_safe_json(scene);
  const std::string importmap = std::string(R"({"imports": {"three": "data:text/javascript;base64,)") +
                                base64(assets::three_module()) +
                                R"(", "three/addons/controls/OrbitControls.js": "data:text/javascript;base64,)" +
                                base64(assets::orbit_controls()) + R"("}})";
  std::string page(assets::page_template());
  replace_once(page, "@THREE_VERSION@", three_version());
  replace_once(page, "@IMPORTMAP@", importmap);
  replace_once(page, "@SCENE@", safe);
  return page;
}

}  // namespace armdyn::view
