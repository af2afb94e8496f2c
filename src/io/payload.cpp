#include "armdyn/io/payload.hpp"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

// The inertia tensor from its six distinct entries (Ixx, Iyy, Izz, Ixy, Ixz, Iyz).
Mat3<double> tensor(const double* e) {
  Mat3<double> I;
  I << e[0], e[3], e[4], e[3], e[1], e[5], e[4], e[5], e[2];
  return I;
}

// "m,cx,cy,cz,..." -> numbers; each entry a whole finite number.
std::vector<double> numbers_of_list(const std::string& text, const std::string& what) {
  std::vector<double> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string cell = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::string shown = "'";  // appended piece by piece (GCC 12's -Wrestrict on "'" + string)
    shown += printable(cell.size() > 40 ? cell.substr(0, 40) : cell);
    if (cell.size() > 40) shown += "...";
    shown += "'";
    const std::size_t first = cell.find_first_not_of(' ');
    if (first == std::string::npos)
      throw InputError(what + ": value " + std::to_string(out.size() + 1) + " is empty (expected MASS[,cx,cy,cz[,Ixx,"
                       "Iyy,Izz[,Ixy,Ixz,Iyz]]] or a JSON object)");
    char* end = nullptr;
    const double x = std::strtod(cell.c_str() + first, &end);
    while (end && *end == ' ') ++end;
    if (end == cell.c_str() + first || *end != '\0' || !std::isfinite(x))
      throw InputError(what + ": value " + std::to_string(out.size() + 1) + ", " + shown + ", is not a finite number");
    out.push_back(x);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

Payload from_list(const std::string& text, const std::string& what) {
  const std::vector<double> x = numbers_of_list(text, what);
  if (x.size() != 1 && x.size() != 4 && x.size() != 7 && x.size() != 10)
    throw InputError(what + ": expected 1, 4, 7 or 10 numbers (MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]]), got " +
                     std::to_string(x.size()));
  Payload p;
  p.mass = x[0];
  if (x.size() >= 4) p.com = Vec3<double>(x[1], x[2], x[3]);
  if (x.size() >= 7) {
    const double e[6] = {x[4], x[5], x[6], 0, 0, 0};
    p.inertia = tensor(e);
  }
  if (x.size() == 10) {
    const double e[6] = {x[4], x[5], x[6], x[7], x[8], x[9]};
    p.inertia = tensor(e);
  }
  return p;
}

Payload from_json(const std::string& text, const std::string& what) {
  const nlohmann::json doc = parse_json(text, what, true);
  const JsonGetter get(what);
  get.require_object(doc, "");
  get.allow_keys(doc, "", {"mass", "com", "inertia"});
  if (!doc.contains("mass")) get.fail("mass", "missing (a payload needs its mass)");
  Payload p;
  p.mass = get.number(doc.at("mass"), "mass");
  if (doc.contains("com")) p.com = get.vec3(doc.at("com"), "com");
  if (doc.contains("inertia")) p.inertia = tensor(get.numbers(doc.at("inertia"), "inertia", 6).data());
  return p;
}

}  // namespace

Payload parse_payload(const std::string& text, const std::string& what) {
  const std::size_t first = text.find_first_not_of(" \t\n\r");
  if (first != std::string::npos && text[first] == '{') return from_json(text, what);
  return from_list(text, what);
}

}  // namespace armdyn
