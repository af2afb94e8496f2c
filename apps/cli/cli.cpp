#include "cli.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "output_file.hpp"

namespace armdyn::cli {

void print_error(const std::string& message) {
  std::string line = message.empty() ? std::string("unknown error") : message;
  for (char& ch : line)
    if (ch == '\n' || ch == '\r') ch = ' ';
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

int run_guarded(const Action& body) {
  try {
    return body();
  } catch (const InputError& e) {  // ModelError derives from InputError
    print_error(e.what());
    return kExitBadInput;
  } catch (const nlohmann::json::exception& e) {
    // Escaped from a JSON reader (e.g. "number overflow parsing '1e999'", which parse_json does
    // not turn into an InputError): still bad input.
    std::string what = e.what();
    const std::size_t tag = what.find("] ");
    if (what.rfind("[json.exception", 0) == 0 && tag != std::string::npos) what.erase(0, tag + 2);
    print_error("invalid JSON input: " + what);
    return kExitBadInput;
  } catch (const OutputError& e) {
    print_error(e.what());
    return kExitInternal;
  } catch (const InternalError& e) {
    print_error(std::string("internal error: ") + e.what());
    return kExitInternal;
  } catch (const std::exception& e) {
    print_error(std::string("internal error: ") + e.what());
    return kExitInternal;
  } catch (...) {
    print_error("internal error: unknown exception");
    return kExitInternal;
  }
}


void write_stdout(const std::string& text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw InternalError("cannot write to stdout");
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k) out += (k ? separator : std::string()) + items[k];
  return out;
}

std::string format_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right_align,
                         int indent) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], row[c].size());
    }
  std::string out;
  for (const auto& row : rows) {
    std::string line(static_cast<std::size_t>(indent), ' ');
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::size_t pad = width[c] - row[c].size();
      const bool right = c < right_align.size() && right_align[c];
      if (c > 0) line += "  ";
      if (right) line.append(pad, ' ');
      line += row[c];
      if (!right && c + 1 < row.size()) line.append(pad, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string human(double x, int significant) { return number_text(x, significant); }

std::string shortest(double x) { return shortest_text(x); }

namespace {
double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

Progress::Progress(std::string label, double total, bool quiet)
    : label_(std::move(label)), total_(total), enabled_(!quiet && isatty(STDERR_FILENO) == 1),
      start_(now_seconds()), last_(start_) {
  // $ARMDYN_PROGRESS_AFTER: seconds before the first progress line (default 1; 0 shows it at once).
  if (const char* after = std::getenv("ARMDYN_PROGRESS_AFTER")) {
    char* end = nullptr;
    const double s = std::strtod(after, &end);
    if (end != after && *end == '\0' && s >= 0 && s <= 3600) delay_ = s;
  }
}

void Progress::update(double x) {
  if (!enabled_) return;
  const double now = now_seconds();
  if (now - start_ < delay_ || (shown_ && now - last_ < 0.25)) return;
  last_ = now;
  shown_ = open_ = true;
  std::fprintf(stderr, "\r%s: t = %.4g of %g s (%.0f%%)   ", label_.c_str(), x, total_, 100.0 * x / total_);
  std::fflush(stderr);
}

void Progress::finish(double x) {
  if (shown_) std::fprintf(stderr, "\r%s: t = %g of %g s (%.0f%%), done   \n", label_.c_str(), x, total_, 100.0 * x / total_);
  shown_ = open_ = false;
}

void Progress::interrupt() {
  if (open_) std::fputc('\n', stderr);
  open_ = false;
}

double Progress::seconds() const { return now_seconds() - start_; }

}  // namespace armdyn::cli
