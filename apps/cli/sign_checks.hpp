#pragma once
// CLI11 checks for a number's sign with short messages. CLI11's own NonNegativeNumber and
// PositiveNumber are ranges up to DBL_MAX, which their message prints with %f (309 digits), and
// they let "nan" through; these refuse NaN and infinity as well, and keep CLI11's names
// (NONNEGATIVE, POSITIVE) in --help.
#include <cmath>
#include <string>

#include <CLI/CLI.hpp>

namespace armdyn::cli {

namespace detail {
template <class Accept>
CLI::Validator sign_check(Accept accept, const char* what, const char* name) {
  return CLI::Validator(
      [accept, what](std::string& text) -> std::string {
        double x = 0;
        if (!CLI::detail::lexical_cast(text, x) || !std::isfinite(x) || !accept(x))
          return "Value " + text + " is not " + what;
        return "";
      },
      name);
}
}  // namespace detail

/// A finite number >= 0.
inline const CLI::Validator kNonNegativeNumber =
    detail::sign_check([](double x) { return x >= 0; }, "a finite number >= 0", "NONNEGATIVE");

/// A finite number > 0.
inline const CLI::Validator kPositiveNumber =
    detail::sign_check([](double x) { return x > 0; }, "a finite number > 0", "POSITIVE");

}  // namespace armdyn::cli
