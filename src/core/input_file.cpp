#include "armdyn/core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "armdyn/core/error.hpp"

namespace armdyn {

namespace {

constexpr const char* kLimitVariable = "ARMDYN_MAX_INPUT_BYTES";
constexpr unsigned char kByteOrderMark[] = {0xEF, 0xBB, 0xBF};

std::size_t parse_size(const char* text, const char* variable) {
  const std::string s(text);
  std::size_t at = 0;
  unsigned long long value = 0;
  while (at < s.size() && s[at] >= '0' && s[at] <= '9') {
    const unsigned digit = static_cast<unsigned>(s[at] - '0');
    if (value > (~0ULL - digit) / 10) value = ~0ULL;  // saturates; refused below as too large
    else value = value * 10 + digit;
    ++at;
  }
  int shift = 0;
  if (at + 1 == s.size()) {
    switch (s[at] | 0x20) {
      case 'k': shift = 10; break;
      case 'm': shift = 20; break;
      case 'g': shift = 30; break;
      case 't': shift = 40; break;
      default: shift = -1;
    }
    ++at;
  }
  if (at == 0 || at != s.size() || shift < 0 || value == 0 || value == ~0ULL || value > (~0ULL >> (shift + 1)))
    throw InputError(std::string(variable) + ": '" + s.substr(0, 40) +
                     "' is not a size in bytes (a positive whole number, optionally with a suffix K, M, G or T, "
                     "powers of 1024; e.g. 512M)");
  return static_cast<std::size_t>(value << shift);
}

std::string size_text(std::size_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  std::size_t shown = bytes;
  while (u < 4 && shown >= 1024 && shown % 1024 == 0) {
    shown /= 1024;
    ++u;
  }
  return std::to_string(shown) + " " + units[u] + (u > 0 ? " (" + std::to_string(bytes) + " bytes)" : "");
}

[[noreturn]] void too_large(const std::string& source, std::size_t limit) {
  throw InputError(source + ": larger than the input limit of " + size_text(limit) + "; set " + kLimitVariable +
                   " to read more (e.g. " + kLimitVariable + "=" + std::to_string((limit >> 30) + 1) + "G)");
}

/// Checks a text as its bytes arrive: the first byte that cannot belong to `format` ends the read.
class TextCheck {
 public:
  TextCheck(InputFormat format, const std::string& source) : format_(format), source_(source) {}

  void feed(std::string_view bytes) {
    if (format_ == InputFormat::kBytes) return;
    for (const char c : bytes) {
      const unsigned char b = static_cast<unsigned char>(c);
      ++offset_;
      if (b == '\n') {
        ++line_;
        column_ = 0;
      } else {
        ++column_;
      }
      if (b == 0) fail("a NUL byte");
      if (b < 0x20 && b != '\t' && b != '\n' && b != '\r') fail("the control character 0x" + hex(b));
      if (started_) continue;
      if (offset_ <= 3 && b == kByteOrderMark[offset_ - 1] && bom_ == offset_ - 1) {  // a UTF-8 byte order mark
        ++bom_;
        continue;
      }
      if (b == ' ' || b == '\t' || b == '\n' || b == '\r') continue;
      started_ = true;
      if (format_ == InputFormat::kJson && b != '{' && b != '[') fail("a JSON document starts with '{' or '['");
    }
  }

 private:
  static std::string hex(unsigned b) {
    const char* digits = "0123456789ABCDEF";
    return std::string{digits[b >> 4], digits[b & 15]};
  }

  [[noreturn]] void fail(const std::string& why) const {
    const char* what = format_ == InputFormat::kJson ? "not valid JSON" : "not a CSV text";
    throw InputError(source_ + ": line " + std::to_string(line_) + ", column " + std::to_string(column_) + ": " + what +
                     " (" + why + ")");
  }

  InputFormat format_;
  const std::string& source_;
  std::size_t offset_ = 0, line_ = 1, column_ = 0, bom_ = 0;
  bool started_ = false;
};

/// Closes the descriptor it holds (not standard input).
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd > 0) ::close(fd);
  }
};

}  // namespace

std::size_t size_from_environment(const char* variable, std::size_t fallback) {
  const char* env = std::getenv(variable);
  return env && *env ? parse_size(env, variable) : fallback;
}

std::size_t max_input_bytes() { return size_from_environment(kLimitVariable, kDefaultMaxInputBytes); }

std::string bytes_text(std::size_t bytes) { return size_text(bytes); }

void check_input_text(const std::string& text, InputFormat format, const std::string& source) {
  TextCheck(format, source).feed(text);
}

std::string read_input(const std::string& path, InputFormat format) {
  const std::size_t limit = max_input_bytes();
  const bool standard_input = path == "-";
  const std::string source = standard_input ? "<stdin>" : path;
  Descriptor file;
  if (standard_input) {
    file.fd = 0;
  } else {
    file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file.fd < 0)
      throw InputError(path + ": cannot read file (" + (errno == ENOENT ? std::string("no such file") : std::strerror(errno)) + ")");
  }
  std::string text;
  struct stat info {};
  if (::fstat(file.fd, &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw InputError(path + ": cannot read file (it is a directory)");
    if (S_ISREG(info.st_mode)) {
      if (static_cast<unsigned long long>(info.st_size) > limit) too_large(source, limit);
      text.reserve(static_cast<std::size_t>(info.st_size));
    }
  }
  TextCheck check(format, source);
  char chunk[1 << 16];
  while (true) {
    const ssize_t n = ::read(file.fd, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EISDIR) throw InputError(path + ": cannot read file (it is a directory)");
      throw InputError(source + (standard_input ? ": cannot read (" : ": cannot read file (") + std::strerror(errno) + ")");
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > limit) too_large(source, limit);
    check.feed(std::string_view(chunk, static_cast<std::size_t>(n)));
    text.append(chunk, static_cast<std::size_t>(n));
  }
  return text;
}

}  // namespace armdyn
