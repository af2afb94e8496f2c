#pragma once
// What the armdyn-against-KDL and armdyn-against-MuJoCo cross-checks share: the tolerance, the
// random states, the relative error of two arrays, and the URDF text edit of the sensitivity
// checks (one link's mass scaled).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/state.hpp"

namespace armdyn::test {

/// Worst relative disagreement per quantity ("tau", "M", ...).
using Errors = std::map<std::string, double>;

inline constexpr double kPeerTol = 1e-9;
inline constexpr int kPeerStates = 20;

/// max |a - b| relative to the largest magnitude of either side; NaN propagates.
inline double rel_err(const double* a, const double* b, int n) {
  double d = 0, scale = 1e-300;
  for (int i = 0; i < n; ++i) {
    const double e = std::abs(a[i] - b[i]);
    if (!(e <= d)) d = e;
    scale = std::max({scale, std::abs(a[i]), std::abs(b[i])});
  }
  return d / scale;
}

/// `count` states of n joints: q, v, a in [-2, 2], tau in [-10, 10].
inline std::vector<State> peer_states(int n, int count, std::uint64_t seed) {
  return random_states(n, count, seed, {.q = 2.0, .v = 2.0, .a = 2.0, .tau = 10.0});
}

/// x with all 17 significant digits.
inline std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The URDF text with the <mass value> of link `link` times `factor`.
inline std::string scale_mass(std::string xml, const std::string& link, double factor) {
  const std::size_t at = xml.find("<link name=\"" + link + "\"");
  const std::size_t end = xml.find("</link>", at);
  std::size_t v = xml.find("<mass value=\"", at);
  EXPECT_TRUE(at != std::string::npos && v < end) << link;
  v += 13;
  const std::size_t close = xml.find('"', v);
  const double mass = std::strtod(xml.substr(v, close - v).c_str(), nullptr);
  EXPECT_GT(mass, 0) << link;
  xml.replace(v, close - v, num(mass * factor));
  return xml;
}

}  // namespace armdyn::test
