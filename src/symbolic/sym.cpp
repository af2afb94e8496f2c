#include "armdyn/symbolic/sym.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <string>

#include "armdyn/core/error.hpp"

namespace armdyn {
namespace {

// The exact rational value of a decimal numeral such as "-6.123233995736766e-17" or "0.4".
GiNaC::ex rational_of_decimal(const std::string& text) {
  std::string digits;
  long exponent = 0;
  bool negative = false, after_point = false;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char ch = text[k];
    if (ch == '-') negative = true;
    else if (ch == '.') after_point = true;
    else if (ch == 'e' || ch == 'E') {
      exponent += std::stol(text.substr(k + 1));
      break;
    } else if (ch >= '0' && ch <= '9') {
      digits += ch;
      if (after_point) --exponent;
    }
  }
  GiNaC::numeric value(digits.c_str());
  const GiNaC::numeric ten(10);
  value *= GiNaC::pow(ten, GiNaC::numeric(exponent));
  return negative ? -value : value;
}

}  // namespace

Sym::Sym(double x) {
  if (!std::isfinite(x)) throw InputError("Sym: cannot represent the non-finite number " + std::to_string(x));
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);  // shortest round trip
  e_ = rational_of_decimal(std::string(buffer, result.ptr));
}

GiNaC::ex shortest_decimal(double x, double tolerance) {
  if (!std::isfinite(x))
    throw InputError("shortest_decimal: cannot represent the non-finite number " + std::to_string(x));
  if (std::abs(x) <= tolerance) return 0;
  char buffer[64];
  for (int digits = 1; digits < 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, x);
    if (std::abs(std::strtod(buffer, nullptr) - x) <= tolerance) return rational_of_decimal(buffer);
  }
  return Sym(x).ex();
}

double to_double(const GiNaC::ex& e) {
  const GiNaC::ex value = GiNaC::evalf(e);
  if (!GiNaC::is_a<GiNaC::numeric>(value) || !GiNaC::ex_to<GiNaC::numeric>(value).is_real())
    throw InputError("to_double: the expression still has free symbols");
  return GiNaC::ex_to<GiNaC::numeric>(value).to_double();
}

std::ostream& operator<<(std::ostream& out, const Sym& x) { return out << x.ex(); }

}  // namespace armdyn
