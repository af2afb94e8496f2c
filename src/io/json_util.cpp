#include "armdyn/io/json_util.hpp"

#include <cmath>

#include "armdyn/core/error.hpp"

namespace armdyn {

using nlohmann::json;

nlohmann::json parse_json(const std::string& text, const std::string& source) {
  try {
    return json::parse(text);
  } catch (const json::out_of_range&) {
    throw InputError(source + ": a number is too large for a double");
  } catch (const json::parse_error& e) {
    // Turn the byte offset into a line and column.
    const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    std::size_t line = 1, col = 1;
    for (std::size_t k = 0; k < at; ++k) {
      if (text[k] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw InputError(source + ": line " + std::to_string(line) + ", column " + std::to_string(col) +
                     ": not valid JSON");
  }
}

void JsonGetter::fail(const std::string& field, const std::string& message) const {
  throw InputError(source_ + ": " + (field.empty() ? std::string("document") : field) + ": " + message);
}

void JsonGetter::require_object(const json& j, const std::string& field) const {
  if (!j.is_object()) fail(field, "must be a JSON object");
}

void JsonGetter::allow_keys(const json& j, const std::string& field, std::initializer_list<const char*> allowed) const {
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool ok = false;
    for (const char* key : allowed) ok = ok || it.key() == key;
    if (!ok) fail(field.empty() ? it.key() : field + "." + it.key(), "unknown key");
  }
}

double JsonGetter::number(const json& j, const std::string& field) const {
  if (!j.is_number()) fail(field, "must be a number");
  const double x = j.get<double>();
  if (!std::isfinite(x)) fail(field, "must be finite");
  return x;
}

double JsonGetter::number_or(const json& obj, const char* key, const std::string& at, double fallback) const {
  if (!obj.contains(key)) return fallback;
  return number(obj[key], at.empty() ? std::string(key) : at + "." + key);
}

std::string JsonGetter::string(const json& j, const std::string& field) const {
  if (!j.is_string()) fail(field, "must be a string");
  return j.get<std::string>();
}

Vec3<double> JsonGetter::vec3(const json& j, const std::string& field) const {
  const std::vector<double> v = numbers(j, field, 3);
  return Vec3<double>(v[0], v[1], v[2]);
}

std::vector<double> JsonGetter::numbers(const json& j, const std::string& field, int n) const {
  if (!j.is_array()) fail(field, "must be an array of numbers");
  if (n >= 0 && static_cast<int>(j.size()) != n)
    fail(field, "expected " + std::to_string(n) + " values, got " + std::to_string(j.size()));
  std::vector<double> out;
  out.reserve(j.size());
  for (std::size_t k = 0; k < j.size(); ++k) out.push_back(number(j[k], field + "[" + std::to_string(k) + "]"));
  return out;
}

}  // namespace armdyn
