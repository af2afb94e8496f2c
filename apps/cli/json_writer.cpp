#include "json_writer.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace armdyn::cli {

std::string format_number(double x) {
  if (!std::isfinite(x)) throw std::logic_error("JSON cannot hold a non-finite number");
  char buffer[40];
  const int n = std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return std::string(buffer, static_cast<std::size_t>(n));
}

void JsonWriter::indent(std::size_t depth) {
  out_ += '\n';
  out_.append(2 * depth, ' ');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  Level& top = stack_.back();
  if (top.object) throw std::logic_error("JsonWriter: a member needs a key");
  if (!top.first) out_ += top.multiline ? "," : ", ";
  if (top.multiline) indent(stack_.size());
  top.first = false;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (stack_.empty() || !stack_.back().object || after_key_) throw std::logic_error("JsonWriter: misplaced key");
  Level& top = stack_.back();
  if (!top.first) out_ += top.multiline ? "," : ", ";
  if (top.multiline) indent(stack_.size());
  top.first = false;
  write_string(name);
  out_ += ": ";
  after_key_ = true;
  return *this;
}

void JsonWriter::open(char bracket, bool object, bool multiline) {
  before_value();
  out_ += bracket;
  stack_.push_back(Level{object, multiline});
}

void JsonWriter::close(char bracket, bool object) {
  if (stack_.empty() || stack_.back().object != object || after_key_)
    throw std::logic_error("JsonWriter: unbalanced containers");
  const Level top = stack_.back();
  stack_.pop_back();
  if (top.multiline && !top.first) indent(stack_.size());
  out_ += bracket;
}

JsonWriter& JsonWriter::begin_object(bool multiline) {
  open('{', true, multiline);
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  close('}', true);
  return *this;
}
JsonWriter& JsonWriter::begin_array(bool multiline) {
  open('[', false, multiline);
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  close(']', false);
  return *this;
}

JsonWriter& JsonWriter::value(double x) {
  const std::string text = format_number(x);  // may throw: write nothing then
  before_value();
  out_ += text;
  return *this;
}

JsonWriter& JsonWriter::value(int x) {
  before_value();
  out_ += std::to_string(x);
  return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t x) {
  before_value();
  out_ += std::to_string(x);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  before_value();
  write_string(s);
  return *this;
}

void JsonWriter::write_string(std::string_view s) {
  out_ += '"';
  for (const char ch : s) {
    const unsigned char u = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"': out_ += "\\\""; break;
      case '\\': out_ += "\\\\"; break;
      case '\n': out_ += "\\n"; break;
      case '\r': out_ += "\\r"; break;
      case '\t': out_ += "\\t"; break;
      case '\b': out_ += "\\b"; break;
      case '\f': out_ += "\\f"; break;
      default:
        if (u < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", u);
          out_ += buffer;
        } else {
          out_ += ch;
        }
    }
  }
  out_ += '"';
}

JsonWriter& JsonWriter::numbers(const double* x, std::size_t n) {
  begin_array(false);
  for (std::size_t k = 0; k < n; ++k) value(x[k]);
  return end_array();
}

}  // namespace armdyn::cli
