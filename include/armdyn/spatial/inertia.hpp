#pragma once
// Rigid-body spatial inertia about the origin of the frame it is expressed in:
//   m = mass, h = m c (first moment, c the centre of mass), I = rotational inertia about the origin.
// Kept in this 10-number form (no 6x6 matrices) so that massless bodies need no division.
#include "armdyn/core/types.hpp"
#include "armdyn/spatial/motion.hpp"
#include "armdyn/spatial/transform.hpp"

namespace armdyn {

template <class S> struct Inertia {
  S m = S(0);
  Vec3<S> h = Vec3<S>::Zero();
  Mat3<S> I = Mat3<S>::Zero();

  /// From mass, centre of mass c and rotational inertia Ic about c (parallel-axis theorem,
  /// [Craig] (6.25)-(6.26) in matrix form): I = Ic + m (|c|^2 E - c c^T).
  static Inertia from_com(const S& m, const Vec3<S>& c, const Mat3<S>& Ic) {
    Inertia out;
    out.m = m;
    out.h = m * c;
    out.I = Ic + m * (c.squaredNorm() * Mat3<S>::Identity() - c * c.transpose());
    return out;
  }

  /// Momentum of the body moving with spatial velocity `v`: (I w + h x v, m v - h x w).
  Force<S> operator*(const Motion<S>& v) const {
    return Force<S>{I * v.w + h.cross(v.v), m * v.v - h.cross(v.w)};
  }

  Inertia& operator+=(const Inertia& o) {
    m += o.m;
    h += o.h;
    I += o.I;
    return *this;
  }

  template <class T> Inertia<T> cast() const {
    return Inertia<T>{T(m), h.template cast<T>(), I.template cast<T>()};
  }
};

/// R I R^T for a symmetric I, computing the six distinct entries only: 45 mul, 30 add.
template <class S> inline Mat3<S> rotate_symmetric(const Mat3<S>& R, const Mat3<S>& I) {
  const Mat3<S> A = R * I;
  Mat3<S> out;
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      out(r, c) = A(r, 0) * R(c, 0) + A(r, 1) * R(c, 1) + A(r, 2) * R(c, 2);
      out(c, r) = out(r, c);
    }
  return out;
}

/// The inertia of a body expressed in frame B, re-expressed in frame A where X = placement of B
/// in A, with h_A = R h:  h' = h_A + m p,
///   I' = R I R^T + (m |p|^2 + 2 p.h_A) E - (m p + h_A) p^T - p h_A^T   (symmetric).
/// 75 mul, 63 add.
template <class S> inline Inertia<S> transform_to_parent(const Transform<S>& X, const Inertia<S>& in) {
  Inertia<S> out;
  const Vec3<S> h = X.R * in.h;
  const Vec3<S>& p = X.p;
  const Vec3<S> g = in.m * p + h;
  const S s = in.m * p.squaredNorm() + S(2) * p.dot(h);
  out.m = in.m;
  out.h = g;
  out.I = rotate_symmetric(X.R, in.I);
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      S e = out.I(r, c) - g(r) * p(c) - p(r) * h(c);
      if (r == c) e += s;
      out.I(r, c) = e;
      out.I(c, r) = e;
    }
  return out;
}

/// The same inertia in axes turned by R, about the same point: (m, R h, R I R^T). 54 mul, 36 add.
template <class S> inline Inertia<S> rotate_inertia(const Mat3<S>& R, const Inertia<S>& in) {
  return Inertia<S>{in.m, R * in.h, rotate_symmetric(R, in.I)};
}

/// The inertia about a point P, re-expressed about the point P - d with the same axes
/// (transform_to_parent with R = E): h' = h + m d,
///   I' = I + (m |d|^2 + 2 d.h) E - (m d + h) d^T - d h^T   (symmetric). 24 mul, 30 add.
template <class S> inline Inertia<S> translate_inertia(const Vec3<S>& d, const Inertia<S>& in) {
  Inertia<S> out;
  const Vec3<S> g = in.m * d + in.h;
  const S s = in.m * d.squaredNorm() + S(2) * d.dot(in.h);
  out.m = in.m;
  out.h = g;
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      S e = in.I(r, c) - g(r) * d(c) - d(r) * in.h(c);
      if (r == c) e += s;
      out.I(r, c) = e;
      out.I(c, r) = e;
    }
  return out;
}

/// The 6x6 matrix [[I, h x], [-(h x), m E]] of a rigid-body inertia (angular first).
template <class S> Mat6<S> inertia_matrix(const Inertia<S>& I) {
  Mat3<S> H;
  H << S(0), -I.h.z(), I.h.y(), I.h.z(), S(0), -I.h.x(), -I.h.y(), I.h.x(), S(0);
  Mat6<S> out;
  out.template topLeftCorner<3, 3>() = I.I;
  out.template topRightCorner<3, 3>() = H;
  out.template bottomLeftCorner<3, 3>() = -H;
  out.template bottomRightCorner<3, 3>() = I.m * Mat3<S>::Identity();
  return out;
}

}  // namespace armdyn
