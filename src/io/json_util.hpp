#pragma once
// Reading JSON input with errors that name the file, the line and the field. Private to the io
// layer: no public header exposes nlohmann::json.
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"

namespace armdyn {

/// Parses `text`. A number too large for a double becomes an InputError "<source>: line L, column
/// C: <field>: the number 1e999 is too large for a double ..." (the field, e.g. "states[3].q[2]",
/// when inside one); a syntax error "<source>: line L, column C: not valid JSON", with the field
/// after the column as well if `field_in_syntax_errors`; a key given twice in one object
/// "<source>: <field>.<key>: the key appears twice in its object (each key once)".
nlohmann::json parse_json(const std::string& text, const std::string& source, bool field_in_syntax_errors = false);

/// Typed access to a parsed document; every failure throws an InputError
/// "<source>: <field>: <message>" (field paths like "states[3].q[2]").
class JsonGetter {
 public:
  explicit JsonGetter(std::string source) : source_(std::move(source)) {}
  const std::string& source() const { return source_; }

  [[noreturn]] void fail(const std::string& field, const std::string& message) const;
  void require_object(const nlohmann::json& j, const std::string& field) const;
  /// Refuses keys other than `allowed` (a misspelt key must not be silently ignored).
  void allow_keys(const nlohmann::json& j, const std::string& field, std::initializer_list<const char*> allowed) const;
  /// A number that keeps the magnitude rule of every number read from a file (core/magnitude.hpp:
  /// finite, at most 1e50 in magnitude, not subnormal), as URDF numbers do.
  double number(const nlohmann::json& j, const std::string& field) const;
  /// A finite number of any magnitude: only for numbers of which nothing but ratios is used (a
  /// quaternion's four, read as the unit one).
  double finite_number(const nlohmann::json& j, const std::string& field) const;
  double number_or(const nlohmann::json& obj, const char* key, const std::string& at, double fallback) const;
  std::string string(const nlohmann::json& j, const std::string& field) const;
  Vec3<double> vec3(const nlohmann::json& j, const std::string& field) const;
  /// An array of numbers (number()) of length n (n < 0: any length).
  std::vector<double> numbers(const nlohmann::json& j, const std::string& field, int n = -1) const;

 private:
  std::string source_;
};

/// The first `most` of `names` for a message, each through printable() (core/text.hpp), comma
/// separated, with ", ..." when there are more.
std::string names_listed(const std::vector<std::string>& names, std::size_t most = 12);

}  // namespace armdyn
