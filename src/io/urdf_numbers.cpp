#include "urdf_numbers.hpp"

#include <cmath>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "armdyn/core/error.hpp"

namespace armdyn {

namespace {

int expected_count(const std::string& attribute) {
  static const char* kSingle[] = {"value", "ixx", "ixy", "ixz", "iyy", "iyz", "izz", "lower", "upper", "effort", "velocity"};
  if (attribute == "xyz" || attribute == "rpy") return 3;
  for (const char* a : kSingle)
    if (attribute == a) return 1;
  return 0;  // not a number armdyn reads
}

bool read_number(const std::string& token) {
  char* end = nullptr;
  const double x = std::strtod(token.c_str(), &end);
  return end == token.c_str() + token.size() && std::isfinite(x);
}

}  // namespace

void check_urdf_numbers(const std::string& xml, const std::string& source) {
  static const std::regex element(R"(<\s*(origin|axis|mass|inertia|limit)\b([^>]*)>)");
  static const std::regex attribute(R"re(([A-Za-z_]+)\s*=\s*(?:"([^"]*)"|'([^']*)'))re");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), element); it != std::sregex_iterator(); ++it) {
    const std::string tag = (*it)[1].str();
    const std::string attributes = (*it)[2].str();
    const long line = 1 + std::count(xml.begin(), xml.begin() + it->position(0), '\n');
    for (auto at = std::sregex_iterator(attributes.begin(), attributes.end(), attribute); at != std::sregex_iterator(); ++at) {
      const std::string name = (*at)[1].str();
      const std::string value = (*at)[2].matched ? (*at)[2].str() : (*at)[3].str();
      const int count = expected_count(name);
      if (count == 0) continue;
      std::istringstream tokens(value);
      std::string token;
      int n = 0;
      bool ok = true;
      while (tokens >> token) {
        ok = ok && read_number(token);
        ++n;
      }
      if (!ok || n != count)
        throw ModelError(source, "line " + std::to_string(line), tag + "/" + name,
                         "'" + value + "' is not " + (count == 3 ? "three finite numbers" : "a finite number"));
    }
  }
}

}  // namespace armdyn
