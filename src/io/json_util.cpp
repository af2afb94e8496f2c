#include "json_util.hpp"

#include <algorithm>
#include <cmath>

#include "armdyn/core/error.hpp"
#include "armdyn/core/magnitude.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn {

using nlohmann::json;

namespace {

/// "line L, column C" of the byte before `position` (nlohmann counts the bytes read so far).
std::string line_and_column(const std::string& text, std::size_t position) {
  const std::size_t at = std::min<std::size_t>(position > 0 ? position - 1 : 0, text.size());
  std::size_t line = 1, col = 1;
  for (std::size_t k = 0; k < at; ++k) {
    if (text[k] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

/// Builds the document from nlohmann's SAX events and keeps the path of the value being read
/// ("states[3].q[2]"), so that an error (a number too large for a double, a syntax error) names
/// the field it is in as well as the line and column.
class PathTrackingBuilder : public nlohmann::json_sax<json> {
 public:
  PathTrackingBuilder(const std::string& text, const std::string& source, bool field_in_syntax_errors)
      : text_(text), source_(source), field_in_syntax_errors_(field_in_syntax_errors) {}
  json& document() { return root_; }

  bool null() override { return add(json(nullptr)); }
  bool boolean(bool x) override { return add(json(x)); }
  bool number_integer(number_integer_t x) override { return add(json(x)); }
  bool number_unsigned(number_unsigned_t x) override { return add(json(x)); }
  bool number_float(number_float_t x, const string_t&) override { return add(json(x)); }
  bool string(string_t& x) override { return add(json(std::move(x))); }
  bool binary(binary_t& x) override { return add(json::binary(std::move(x))); }
  bool start_object(std::size_t) override { return open(json::object()); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool key(string_t& k) override {
    Level& l = levels_.back();
    l.key = k;
    l.has_key = true;
    // The last of two values would silently win: a repeated key is refused, whichever reader asks.
    if (l.node->contains(k))
      throw InputError(source_ + ": " + printable(path()) + ": the key appears twice in its object (each key once)");
    return true;
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) override {
    const std::string field = path().empty() ? "" : path() + ": ";
    if (e.id == 406) {  // out_of_range "number overflow parsing '1e999'", after the token: name its start
      const std::size_t start = position >= token.size() ? position - token.size() + 1 : position;
      throw InputError(source_ + ": " + line_and_column(text_, start) + ": " + field + "the number " + token +
                       " is too large for a double (numbers must be finite)");
    }
    throw InputError(source_ + ": " + line_and_column(text_, position) + ": " + (field_in_syntax_errors_ ? field : "") +
                     "not valid JSON");
  }

 private:
  struct Level {
    json* node;
    std::size_t index = 0;  ///< arrays: the element being read
    std::string key;        ///< objects: the member being read
    bool has_key = false;
  };

  std::string path() const {
    std::string out;
    for (const Level& l : levels_) {
      if (l.node->is_array()) {
        out += '[';
        out += std::to_string(l.index);
        out += ']';
      } else if (l.has_key) {
        if (!out.empty()) out += '.';
        out += l.key;
      }
    }
    return out;
  }

  json* slot() {
    if (levels_.empty()) return &root_;
    Level& l = levels_.back();
    if (l.node->is_array()) {
      l.node->push_back(nullptr);
      return &l.node->back();
    }
    return &(*l.node)[l.key];
  }

  void done() {  // a value of the innermost container is complete
    if (levels_.empty()) return;
    Level& l = levels_.back();
    if (l.node->is_array()) ++l.index;
    else l.has_key = false;
  }

  bool add(json&& x) {
    *slot() = std::move(x);
    done();
    return true;
  }
  bool open(json&& container) {
    json* at = slot();
    *at = std::move(container);
    levels_.push_back(Level{at, 0, std::string(), false});
    return true;
  }
  bool close() {
    levels_.pop_back();
    done();
    return true;
  }

  const std::string& text_;
  const std::string& source_;
  const bool field_in_syntax_errors_;
  json root_;
  std::vector<Level> levels_;
};

}  // namespace

nlohmann::json parse_json(const std::string& text, const std::string& source, bool field_in_syntax_errors) {
  PathTrackingBuilder builder(text, source, field_in_syntax_errors);
  json::sax_parse(text, &builder);
  return std::move(builder.document());
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
  const double x = finite_number(j, field);
  if (const std::string problem = magnitude_problem(x); !problem.empty()) fail(field, problem);
  return x;
}

double JsonGetter::finite_number(const json& j, const std::string& field) const {
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

std::string names_listed(const std::vector<std::string>& names, std::size_t most) {
  std::string out;
  for (std::size_t k = 0; k < names.size() && k < most; ++k) out += (k ? ", " : "") + printable(names[k]);
  if (names.size() > most) out += ", ...";
  return out;
}

}  // namespace armdyn
