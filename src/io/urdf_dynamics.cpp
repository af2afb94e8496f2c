#include "armdyn/io/urdf_dynamics.hpp"

#include <tinyxml.h>

#include <charconv>
#include <cmath>
#include <optional>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/io/text_file.hpp"
#include "xml_nesting.hpp"

namespace armdyn {

namespace {

// One decimal number, with surrounding white space: [+-] digits [. digits] [e [+-] digits].
std::optional<double> trimmed_decimal(const std::string& text) {
  std::size_t b = text.find_first_not_of(" \t\r\n"), e = text.find_last_not_of(" \t\r\n");
  if (b == std::string::npos) return std::nullopt;
  std::string token = text.substr(b, e - b + 1);
  if (token[0] == '+') token.erase(0, 1);
  for (char c : token)
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+')) return std::nullopt;
  double x = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), x);
  if (error != std::errc() || end != token.data() + token.size() || !std::isfinite(x)) return std::nullopt;
  return x;
}

double attribute(const TiXmlElement& e, const char* name, const std::string& source, const std::string& place) {
  const char* text = e.Attribute(name);
  if (!text) return 0;
  const std::optional<double> x = trimmed_decimal(text);
  const std::string field = std::string("dynamics/") + name;
  if (!x) throw ModelError(source, place, field, "'" + printable(std::string(text).substr(0, 40)) + "' is not a finite decimal number");
  if (*x < 0) throw ModelError(source, place, field, "must be >= 0 (got " + printable(text) + ")");
  return *x;
}

}  // namespace

drives::DriveSet urdf_dynamics_from_string(const std::string& xml, const std::string& source, const Model& model) {
  check_xml_nesting(xml, source);
  const std::string text = xml + std::string(4, '\0');  // TinyXML may read past a truncated UTF-8 sequence
  TiXmlDocument document;
  document.Parse(text.c_str());
  if (document.Error())
    throw ModelError(source, "", "", "not a valid URDF (" + std::string(document.ErrorDesc()) + " at line " +
                                         std::to_string(document.ErrorRow()) + ")");
  std::vector<drives::Drive> out(static_cast<std::size_t>(model.dof));
  const TiXmlElement* robot = document.FirstChildElement("robot");
  for (const TiXmlElement* joint = robot ? robot->FirstChildElement("joint") : nullptr; joint;
       joint = joint->NextSiblingElement("joint")) {
    const char* name = joint->Attribute("name");
    const int j = name ? model.joint_index(name) : -1;
    if (j < 0) continue;  // a fixed joint, merged away
    const TiXmlElement* dynamics = joint->FirstChildElement("dynamics");
    if (!dynamics) continue;
    const std::string place = "joint '" + printable(name) + "', line " + std::to_string(dynamics->Row());
    if (const TiXmlElement* again = dynamics->NextSiblingElement("dynamics"))
      throw ModelError(source, "joint '" + printable(name) + "', line " + std::to_string(again->Row()), "dynamics",
                       "repeated (one <dynamics> per joint)");
    drives::Drive& d = out[static_cast<std::size_t>(j)];
    d.viscous = attribute(*dynamics, "damping", source, place);
    d.coulomb_positive = d.coulomb_negative = attribute(*dynamics, "friction", source, place);
  }
  std::vector<std::string> names;
  for (const std::string& n : model.joint_names) names.push_back(printable(n));
  return drives::DriveSet(std::move(out), std::move(names), source);
}

drives::DriveSet load_urdf_dynamics(const std::string& path, const Model& model) {
  return urdf_dynamics_from_string(read_text(path), path, model);
}

}  // namespace armdyn
