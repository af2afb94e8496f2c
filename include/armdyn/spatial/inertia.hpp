#pragma once
// Rigid-body spatial inertia about the origin of the frame it is expressed in:
//   m = mass, h = m c (first moment, c the centre of mass), I = rotational inertia about the origin.
// Kept in this 10-number form (no 6x6 matrices) so that massless bodies need no division.
#include "armdyn/core/inline.hpp"
#include "armdyn/core/small_products.hpp"
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
  ARMDYN_INLINE Force<S> operator*(const Motion<S>& v) const {
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

/// R I R^T for a symmetric I, computing the six distinct entries only: 45 mul, 30 add. Written out
/// entry by entry, like the products below (core/small_products.hpp).
template <class S> ARMDYN_INLINE Mat3<S> rotate_symmetric(const Mat3<S>& R, const Mat3<S>& I) {
  S A[3][3];  // R I
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) A[r][c] = R(r, 0) * I(0, c) + R(r, 1) * I(1, c) + R(r, 2) * I(2, c);
  Mat3<S> out;
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      out(r, c) = A[r][0] * R(c, 0) + A[r][1] * R(c, 1) + A[r][2] * R(c, 2);
      out(c, r) = out(r, c);
    }
  return out;
}

/// The inertia (m, h, J) moved by d with its axes kept (h and J about the old point, in the new
/// axes; J(r, c) an entry of J, r <= c): h' = h + m d,
///   I' = J + (m |d|^2 + 2 d.h) E - (m d + h) d^T - d h^T   (symmetric). 24 mul, 30 add.
/// Every entry of `out` is written once, as a scalar, and J's entries are formed where they are used.
template <class S, class Entry>
ARMDYN_INLINE void shift_inertia(const S& m, const Vec3<S>& h, Entry J, const Vec3<S>& d, Inertia<S>& out) {
  const S g[3] = {m * d[0] + h[0], m * d[1] + h[1], m * d[2] + h[2]};
  const S s = m * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + S(2) * (d[0] * h[0] + d[1] * h[1] + d[2] * h[2]);
  out.m = m;
  for (int r = 0; r < 3; ++r) out.h[r] = g[r];
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      S e = J(r, c) - g[r] * d[c] - d[r] * h[c];
      if (r == c) e += s;
      out.I(r, c) = e;
      out.I(c, r) = e;
    }
}

/// The inertia of a body expressed in frame B, re-expressed in frame A where X = placement of B
/// in A, with h_A = R h:  h' = h_A + m p,
///   I' = R I R^T + (m |p|^2 + 2 p.h_A) E - (m p + h_A) p^T - p h_A^T   (symmetric).
/// 75 mul, 63 add.
template <class S> ARMDYN_INLINE Inertia<S> transform_to_parent(const Transform<S>& X, const Inertia<S>& in) {
  const Mat3<S>& R = X.R;
  S A[3][3];  // R I
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) A[r][c] = R(r, 0) * in.I(0, c) + R(r, 1) * in.I(1, c) + R(r, 2) * in.I(2, c);
  const auto RIRt = [&](int r, int c) { return A[r][0] * R(c, 0) + A[r][1] * R(c, 1) + A[r][2] * R(c, 2); };
  Inertia<S> out;
  shift_inertia(in.m, times(R, in.h), RIRt, X.p, out);
  return out;
}

/// The same inertia in axes turned by R, about the same point: (m, R h, R I R^T). 54 mul, 36 add.
template <class S> ARMDYN_INLINE Inertia<S> rotate_inertia(const Mat3<S>& R, const Inertia<S>& in) {
  return Inertia<S>{in.m, times(R, in.h), rotate_symmetric(R, in.I)};
}

/// The inertia about a point P, re-expressed about the point P - d with the same axes
/// (transform_to_parent with R = E): h' = h + m d,
///   I' = I + (m |d|^2 + 2 d.h) E - (m d + h) d^T - d h^T   (symmetric). 24 mul, 30 add.
template <class S> ARMDYN_INLINE Inertia<S> translate_inertia(const Vec3<S>& d, const Inertia<S>& in) {
  Inertia<S> out;
  shift_inertia(in.m, in.h, [&](int r, int c) { return in.I(r, c); }, d, out);
  return out;
}

/// Writes the 6x6 matrix [[I, h x], [-(h x), m E]] of a rigid-body inertia (angular first) into
/// `out`, entry by entry.
template <class S> ARMDYN_INLINE void write_inertia_matrix(const Inertia<S>& I, Mat6<S>& out) {
  const S H[3][3] = {{S(0), -I.h.z(), I.h.y()}, {I.h.z(), S(0), -I.h.x()}, {-I.h.y(), I.h.x(), S(0)}};
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) {
      out(r, c) = I.I(r, c);
      out(3 + r, c) = -H[r][c];
      out(r, 3 + c) = H[r][c];
      out(3 + r, 3 + c) = r == c ? I.m : S(0);
    }
}

/// The 6x6 matrix [[I, h x], [-(h x), m E]] of a rigid-body inertia (angular first).
template <class S> ARMDYN_INLINE Mat6<S> inertia_matrix(const Inertia<S>& I) {
  Mat6<S> out;
  write_inertia_matrix(I, out);
  return out;
}

}  // namespace armdyn
