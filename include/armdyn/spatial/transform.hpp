#pragma once
// Rigid placement of a frame B in a frame A: x_A = R x_B + p (Craig's ^A_B T with R = ^A_B R,
// p = ^A P_{B,org}).
#include "armdyn/core/small_products.hpp"
#include "armdyn/core/types.hpp"

namespace armdyn {

template <class S> struct Transform {
  Mat3<S> R = Mat3<S>::Identity();
  Vec3<S> p = Vec3<S>::Zero();

  static Transform identity() { return Transform{}; }
  static Transform translation(const Vec3<S>& p) { return Transform{Mat3<S>::Identity(), p}; }
  static Transform rotation(const Mat3<S>& R) { return Transform{R, Vec3<S>::Zero()}; }

  /// Point of B expressed in A.
  Vec3<S> apply(const Vec3<S>& x) const { return R * x + p; }
  /// Inverse placement: A in B.
  Transform inverse() const { return Transform{R.transpose(), -(R.transpose() * p)}; }
  /// Homogeneous 4x4 matrix.
  Mat4<S> matrix() const {
    Mat4<S> T = Mat4<S>::Identity();
    T.template topLeftCorner<3, 3>() = R;
    T.template topRightCorner<3, 1>() = p;
    return T;
  }
  template <class T> Transform<T> cast() const {
    return Transform<T>{R.template cast<T>(), p.template cast<T>()};
  }
};

/// Composition: (A in W) * (B in A) = B in W.
template <class S> ARMDYN_INLINE Transform<S> operator*(const Transform<S>& a, const Transform<S>& b) {
  return Transform<S>{times(a.R, b.R), Vec3<S>(times(a.R, b.p) + a.p)};  // core/small_products.hpp
}

}  // namespace armdyn
