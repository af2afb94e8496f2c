#include "urdf_numbers.hpp"

#include <tinyxml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn {

namespace {

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// A decimal number, nothing else: [+-] digits [. digits] [e [+-] digits], at least one digit in
/// the mantissa. Refuses hexadecimal, "inf", "nan", "1e", "1,2" and out-of-range values.
std::optional<double> decimal(const std::string& token) {
  std::size_t i = 0, n = token.size();
  if (i < n && (token[i] == '+' || token[i] == '-')) ++i;
  const std::size_t mantissa = i;
  std::size_t digits = 0;
  while (i < n && is_digit(token[i])) ++i, ++digits;
  if (i < n && token[i] == '.') {
    ++i;
    while (i < n && is_digit(token[i])) ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < n && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < n && (token[i] == '+' || token[i] == '-')) ++i;
    const std::size_t exponent = i;
    while (i < n && is_digit(token[i])) ++i;
    if (i == exponent) return std::nullopt;
  }
  if (i != n) return std::nullopt;
  double x = 0;
  const char* first = token.data() + mantissa;  // from_chars reads no '+'
  if (token[0] == '-') --first;
  const auto [end, error] = std::from_chars(first, token.data() + n, x);
  if (error != std::errc() || end != token.data() + n || !std::isfinite(x)) return std::nullopt;
  return x;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

/// A value quoted in a message.
std::string quote(const std::string& text) {
  std::string out = "'";
  if (text.size() <= 60) return out.append(shown(text)).append("'");
  return out.append(shown(text.substr(0, 60))).append("...' (").append(std::to_string(text.size())).append(" characters)");
}

class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  UrdfNumbers read(const TiXmlDocument& document) {
    UrdfNumbers out;
    const TiXmlElement* robot = document.FirstChildElement("robot");
    if (!robot) return out;  // urdfdom reports it
    for (const TiXmlElement* e = robot->FirstChildElement("link"); e; e = e->NextSiblingElement("link")) {
      const char* name = e->Attribute("name");
      if (!name) continue;  // urdfdom reports it
      place_ = "link '" + shown(name) + "'";
      UrdfLinkNumbers link;
      link.line = e->Row();
      if (const TiXmlElement* in = single(*e, "inertial")) link.inertial = inertial(*in);
      out.links.emplace(name, link);
    }
    for (const TiXmlElement* e = robot->FirstChildElement("joint"); e; e = e->NextSiblingElement("joint")) {
      const char* name = e->Attribute("name");
      if (!name) continue;
      place_ = "joint '" + shown(name) + "'";
      UrdfJointNumbers joint;
      joint.line = e->Row();
      for (const auto& [tag, link] : {std::pair{"parent", &joint.parent}, std::pair{"child", &joint.child}})
        if (const TiXmlElement* l = e->FirstChildElement(tag))
          if (const char* name = l->Attribute("link")) *link = name;
      if (const TiXmlElement* o = single(*e, "origin")) joint.origin = origin(*o);
      if (const TiXmlElement* a = single(*e, "axis")) {
        joint.axis = triple(*a, "xyz");
        joint.axis_line = a->Row();
      }
      if (const TiXmlElement* l = single(*e, "limit")) {
        UrdfLimitNumbers limit;
        limit.line = l->Row();
        limit.lower = number(*l, "lower");
        limit.upper = number(*l, "upper");
        limit.effort = number(*l, "effort");
        limit.velocity = number(*l, "velocity");
        if (!limit.effort || !limit.velocity) out.limit_attribute_missing = true;
        joint.limit = limit;
      }
      out.joints.emplace(name, joint);
    }
    return out;
  }

 private:
  [[noreturn]] void fail(const TiXmlElement& e, const std::string& field, const std::string& message) const {
    throw ModelError(source_, place_ + ", line " + std::to_string(e.Row()), field, message);
  }
  std::string field(const TiXmlElement& e, const char* attribute) const {
    std::string out = e.ValueStr();
    if (attribute) out.append("/").append(attribute);
    return out;
  }

  /// The one child element `tag` of `parent` (nullptr when there is none); a second one is an
  /// error, as urdfdom would read only the first.
  const TiXmlElement* single(const TiXmlElement& parent, const char* tag) const {
    const TiXmlElement* first = parent.FirstChildElement(tag);
    if (first)
      if (const TiXmlElement* second = first->NextSiblingElement(tag))
        fail(*second, tag, "a second <" + std::string(tag) + "> element (the first is on line " +
                               std::to_string(first->Row()) + "); only one is read");
    return first;
  }

  std::optional<double> number(const TiXmlElement& e, const char* attribute) const {
    const char* text = e.Attribute(attribute);
    if (!text) return std::nullopt;
    const std::optional<double> x = decimal(text);  // no spaces either: urdfdom reads none
    if (!x) fail(e, field(e, attribute), quote(text) + " is not a finite number");
    return x;
  }

  UrdfTriple triple(const TiXmlElement& e, const char* attribute) const {
    UrdfTriple out;
    const char* text = e.Attribute(attribute);
    if (!text) return out;
    const std::vector<std::string> w = words(text);
    bool ok = w.size() == 3;
    for (std::size_t k = 0; ok && k < 3; ++k) {
      const std::optional<double> x = decimal(w[k]);
      ok = x.has_value();
      if (ok) out.value[k] = *x;
    }
    if (!ok) fail(e, field(e, attribute), quote(text) + " is not three finite numbers");
    out.present = true;
    return out;
  }

  UrdfOrigin origin(const TiXmlElement& e) const {
    UrdfOrigin out;
    out.line = e.Row();
    out.xyz = triple(e, "xyz");
    out.rpy = triple(e, "rpy");
    return out;
  }

  UrdfInertialNumbers inertial(const TiXmlElement& e) const {
    UrdfInertialNumbers out;
    out.line = e.Row();
    if (const TiXmlElement* o = single(e, "origin")) out.origin = origin(*o);
    const TiXmlElement* mass = single(e, "mass");
    if (!mass) fail(e, "inertial/mass", "the <inertial> element has no <mass>");
    const std::optional<double> m = number(*mass, "value");
    if (!m) fail(*mass, "inertial/mass", "the <mass> element has no value attribute");
    out.mass = *m;
    const TiXmlElement* inertia = single(e, "inertia");
    if (!inertia) fail(e, "inertial/inertia", "the <inertial> element has no <inertia>");
    const char* names[6] = {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"};
    for (int k = 0; k < 6; ++k) {
      const std::optional<double> x = number(*inertia, names[k]);
      if (!x) fail(*inertia, field(*inertia, names[k]), "the <inertia> element has no " + std::string(names[k]) + " attribute");
      out.inertia[k] = *x;
    }
    return out;
  }

  const std::string& source_;
  std::string place_;
};

}  // namespace

std::string shown(const std::string& text, std::size_t max_chars) {
  if (text.size() <= max_chars) return printable(text);
  return printable(std::string_view(text).substr(0, max_chars)) + "... (" + std::to_string(text.size()) + " characters)";
}

UrdfNumbers read_urdf_numbers(const TiXmlDocument& document, const std::string& source) {
  return Reader(source).read(document);
}

void fill_missing_limit_attributes(TiXmlDocument& document) {
  TiXmlElement* robot = document.FirstChildElement("robot");
  if (!robot) return;
  for (TiXmlElement* joint = robot->FirstChildElement("joint"); joint; joint = joint->NextSiblingElement("joint"))
    for (TiXmlElement* limit = joint->FirstChildElement("limit"); limit; limit = limit->NextSiblingElement("limit"))
      for (const char* attribute : {"effort", "velocity"})
        if (!limit->Attribute(attribute)) limit->SetAttribute(attribute, "0");
}

}  // namespace armdyn
