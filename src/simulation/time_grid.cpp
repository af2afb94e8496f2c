#include "armdyn/simulation/time_grid.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace armdyn::sim {

TimeGrid::TimeGrid(double period) : period_(period) {
  char buf[32];
  const std::string text(buf, std::to_chars(buf, buf + sizeof buf, period).ptr);  // shortest exact form
  long long m = 0;
  int e = 0;
  bool fraction = false;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != 'e'; ++i) {
    if (text[i] == '.') {
      fraction = true;
      continue;
    }
    m = 10 * m + (text[i] - '0');
    e += fraction;
  }
  if (i < text.size()) e -= std::atoi(text.c_str() + i + 1);
  if (e < 0 || e > 22 || m <= 0) return;
  mantissa_ = m;
  scale_ = std::pow(10.0, e);  // exact for e <= 22
}

double TimeGrid::operator()(long k) const {
  constexpr long long kExact = 1LL << 53;
  if (mantissa_ > 0 && k < kExact / mantissa_) return static_cast<double>(k * mantissa_) / scale_;
  return static_cast<double>(k) * period_;
}

}  // namespace armdyn::sim
