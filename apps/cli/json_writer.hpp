#pragma once
// A small JSON emitter for the tool's output. Numbers are written with printf("%.17g"), so that a
// double read back is the double written; non-finite numbers are refused (JSON has none).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace armdyn::cli {

/// "%.17g" of a finite x; throws std::logic_error for NaN or infinity.
std::string format_number(double x);

class JsonWriter {
 public:
  /// Containers opened with `multiline` put each element on its own indented line.
  JsonWriter& begin_object(bool multiline = false);
  JsonWriter& end_object();
  JsonWriter& begin_array(bool multiline = false);
  JsonWriter& end_array();
  /// The key of the next member (inside an object).
  JsonWriter& key(std::string_view name);

  JsonWriter& value(double x);
  JsonWriter& value(int x);
  JsonWriter& value(std::uint64_t x);  ///< exact (e.g. a random seed), never through double
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& null();
  /// An array of numbers on one line.
  JsonWriter& numbers(const double* x, std::size_t n);
  JsonWriter& numbers(const std::vector<double>& x) { return numbers(x.data(), x.size()); }

  /// The document so far (complete once every container is closed), with a final newline.
  std::string str() const { return out_ + "\n"; }

 private:
  struct Level {
    bool object, multiline, first = true;
  };
  void before_value();
  void open(char bracket, bool object, bool multiline);
  void close(char bracket, bool object);
  void indent(std::size_t depth);
  void write_string(std::string_view s);

  std::string out_;
  std::vector<Level> stack_;
  bool after_key_ = false;
};

}  // namespace armdyn::cli
