#pragma once
// Sines and cosines of many angles at once, for the joint placements every algorithm starts with.
//
// The C library computes sin and cos one argument at a time, through range-dependent branches
// that mispredict on random joint angles: a large part of an RNEA's time (docs/benchmarks.md).
// Here every angle takes the same branch-free path, which the compiler vectorises:
//   k = nearest integer to x 2/pi,  r = x - k pi/2   (Cody-Waite: pi/2 in three parts, exact
//       products for |x| <= kSinCosRange),  |r| <= pi/4
//   sin r, cos r by the degree-13 and degree-14 minimax polynomials of fdlibm's kernels (Sun
//       Microsystems, 1993; error below 2^-58 on [-pi/4, pi/4]),
//   (sin x, cos x) = (sin r, cos r) turned by k quarter turns (a zero sine may lose its sign).
// Measured against glibc: at most 2 ulp apart, absolute difference at most 1.2e-16
// (tests/core/sin_cos_test.cpp). Arguments beyond kSinCosRange, infinities and NaN go to
// std::sin and std::cos.
#include <bit>
#include <cmath>
#include <cstdint>

namespace armdyn {

/// |x| up to which sin_cos uses its own reduction (k pi/2's first part stays exact).
inline constexpr double kSinCosRange = 1e5;

/// The constants of sin_cos (also written into generated code, src/codegen/emit_cpp.cpp).
struct SinCosConstants {
  static constexpr double kTwoOverPi = 0.636619772367581382433;
  static constexpr double kRound = 0x1.8p52;  // adding it rounds to an integer, kept in the low bits
  /// pi/2 = [0] + [1] + [2], the first two of 33 bits, so that k [0] and k [1] are exact.
  static constexpr double kPio2[3] = {1.57079632673412561417e+00, 6.07710050630396597660e-11,
                                      2.02226624871116645580e-21};
  /// sin r = r + r z (S[0] + z (S[1] + ... z S[5])), z = r^2.
  static constexpr double kSin[6] = {-1.66666666666666324348e-01, 8.33333333332248946124e-03,
                                     -1.98412698298579493134e-04, 2.75573137070700676789e-06,
                                     -2.50507602534068634195e-08, 1.58969099521155010221e-10};
  /// cos r = 1 - z/2 + z^2 (C[0] + z (C[1] + ... z C[5])).
  static constexpr double kCos[6] = {4.16666666666666019037e-02, -1.38888888888741095749e-03,
                                     2.48015872894767294178e-05, -2.75573143513906633035e-07,
                                     2.08757232129817482790e-09, -1.13596475577881948265e-11};
};

/// s[i] = sin(x[i]), c[i] = cos(x[i]) for i < n. `x` must not overlap `s` or `c`.
inline void sin_cos(const double* __restrict x, double* __restrict s, double* __restrict c, int n) {
  using K = SinCosConstants;
  constexpr const double* S = K::kSin;
  constexpr const double* C = K::kCos;
  for (int i = 0; i < n; ++i) {
    const double t = x[i] * K::kTwoOverPi + K::kRound;
    const double k = t - K::kRound;
    const auto quarter = static_cast<std::uint64_t>(std::bit_cast<std::int64_t>(t));  // k mod 4 in bits 0, 1
    const double r = ((x[i] - k * K::kPio2[0]) - k * K::kPio2[1]) - k * K::kPio2[2];
    const double z = r * r;
    const double sin_r = r + r * z * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
    const double half = 0.5 * z, w = 1.0 - half;  // cos r = w + the rest, w's rounding error kept
    const double cos_r = w + (((1.0 - w) - half) + z * z * (C[0] + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * C[5]))))));
    const bool odd = quarter & 1U;
    const double sin_a = odd ? cos_r : sin_r, cos_a = odd ? sin_r : cos_r;
    s[i] = quarter & 2U ? -sin_a : sin_a;
    c[i] = (quarter + 1U) & 2U ? -cos_a : cos_a;
  }
  for (int i = 0; i < n; ++i)
    if (!(std::abs(x[i]) <= kSinCosRange)) {
      s[i] = std::sin(x[i]);
      c[i] = std::cos(x[i]);
    }
}

}  // namespace armdyn
