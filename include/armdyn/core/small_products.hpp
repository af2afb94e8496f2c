#pragma once
// 3x3 products written out entry by entry, for the steps where that measured faster than Eigen's
// vectorised fixed-size kernels: results written as scalars and read back as packets (or the
// reverse) stall on every body of a recursion. The operation counts are those of the Eigen
// products they replace, on every scalar.
#include "armdyn/core/inline.hpp"
#include "armdyn/core/types.hpp"

namespace armdyn {

/// R v: 9 mul, 6 add.
template <class S> ARMDYN_INLINE Vec3<S> times(const Mat3<S>& R, const Vec3<S>& v) {
  return Vec3<S>(R(0, 0) * v[0] + R(0, 1) * v[1] + R(0, 2) * v[2], R(1, 0) * v[0] + R(1, 1) * v[1] + R(1, 2) * v[2],
                 R(2, 0) * v[0] + R(2, 1) * v[1] + R(2, 2) * v[2]);
}

/// a x b: 6 mul, 3 add.
template <class S> ARMDYN_INLINE Vec3<S> cross(const Vec3<S>& a, const Vec3<S>& b) {
  return Vec3<S>(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}

/// a . b: 3 mul, 2 add.
template <class S> ARMDYN_INLINE S dot(const Vec3<S>& a, const Vec3<S>& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/// A B: 27 mul, 18 add.
template <class S> ARMDYN_INLINE Mat3<S> times(const Mat3<S>& A, const Mat3<S>& B) {
  Mat3<S> out;
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) out(r, c) = A(r, 0) * B(0, c) + A(r, 1) * B(1, c) + A(r, 2) * B(2, c);
  return out;
}

}  // namespace armdyn
