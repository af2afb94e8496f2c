#pragma once
// Helpers shared by the tests: data paths, random models and states, relative comparisons.
#include <algorithm>
#include <initializer_list>
#include <numbers>
#include <random>
#include <string>

#include "armdyn/core/types.hpp"

namespace armdyn::test {

inline constexpr double kDeg = std::numbers::pi / 180.0;

/// The vector of the listed numbers.
inline VecX<double> vec(std::initializer_list<double> x) {
  VecX<double> out(static_cast<Eigen::Index>(x.size()));
  Eigen::Index k = 0;
  for (double e : x) out[k++] = e;
  return out;
}

inline std::string data_path(const std::string& relative) {
  std::string path = ARMDYN_TEST_DATA_DIR;
  path += '/';
  path += relative;
  return path;
}

/// max |a - b| / max(|b|_inf, floor): the relative disagreement used by the cross-checks.
template <class A, class B>
double rel_diff(const A& a, const B& b, double floor = 1.0) {
  const double scale = std::max(b.cwiseAbs().maxCoeff(), floor);
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

/// A vector of n numbers uniform in [lo, hi].
inline VecX<double> random_vector(std::mt19937_64& rng, int n, double lo = -1.0, double hi = 1.0) {
  std::uniform_real_distribution<double> u(lo, hi);
  VecX<double> x(n);
  for (int i = 0; i < n; ++i) x[i] = u(rng);
  return x;
}

/// A random symmetric positive definite n x n matrix, B B^T + n E with B's entries uniform in
/// [-1, 1] (the factorisation tests' input).
template <class Rng> MatX<double> random_spd(int n, Rng& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MatX<double> B(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) B(i, j) = u(rng);
  return B * B.transpose() + n * MatX<double>::Identity(n, n);
}

}  // namespace armdyn::test
