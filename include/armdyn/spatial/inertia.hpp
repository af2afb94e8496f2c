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
/// With kAdd the result is added to `out` instead, entry by entry (13 add more): a recursion that
/// sums children into their parent then never stores a temporary inertia only to load it again as
/// vectors (a store-to-load forwarding stall at every body).
template <bool kAdd = false, class S, class Entry>
ARMDYN_INLINE void shift_inertia(const S& m, const Vec3<S>& h, Entry J, const Vec3<S>& d, Inertia<S>& out) {
  const S g[3] = {m * d[0] + h[0], m * d[1] + h[1], m * d[2] + h[2]};
  const S s = m * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) + S(2) * (d[0] * h[0] + d[1] * h[1] + d[2] * h[2]);
  if constexpr (kAdd) out.m += m;
  else out.m = m;
  for (int r = 0; r < 3; ++r) {
    if constexpr (kAdd) out.h[r] += g[r];
    else out.h[r] = g[r];
  }
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) {
      S e = J(r, c) - g[r] * d[c] - d[r] * h[c];
      if (r == c) e += s;
      if constexpr (kAdd) {
        out.I(r, c) += e;
        if (c != r) out.I(c, r) += e;
      } else {
        out.I(r, c) = e;
        out.I(c, r) = e;
      }
    }
}

/// transform_to_parent's result into `out` (kAdd false) or added to it (kAdd true).
template <bool kAdd, class S>
ARMDYN_INLINE void general_to_parent(const Transform<S>& X, const Inertia<S>& in, Inertia<S>& out) {
  const Mat3<S>& R = X.R;
  S A[3][3];  // R I
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) A[r][c] = R(r, 0) * in.I(0, c) + R(r, 1) * in.I(1, c) + R(r, 2) * in.I(2, c);
  const auto RIRt = [&](int r, int c) { return A[r][0] * R(c, 0) + A[r][1] * R(c, 1) + A[r][2] * R(c, 2); };
  shift_inertia<kAdd>(in.m, times(R, in.h), RIRt, X.p, out);
}

/// The inertia of a body expressed in frame B, re-expressed in frame A where X = placement of B
/// in A, with h_A = R h:  h' = h_A + m p,
///   I' = R I R^T + (m |p|^2 + 2 p.h_A) E - (m p + h_A) p^T - p h_A^T   (symmetric).
/// 77 mul, 59 add.
template <class S> ARMDYN_INLINE Inertia<S> transform_to_parent(const Transform<S>& X, const Inertia<S>& in) {
  Inertia<S> out;
  general_to_parent<false>(X, in, out);
  return out;
}

/// acc += transform_to_parent(X, in), entry by entry (shift_inertia's kAdd).
template <class S>
ARMDYN_INLINE void add_transform_to_parent(const Transform<S>& X, const Inertia<S>& in, Inertia<S>& acc) {
  general_to_parent<true>(X, in, acc);
}

/// transform_to_parent_aligned's result into `out` (kAdd false) or added to it (kAdd true: the
/// sum of children into a parent, add_transform_to_parent_aligned).
template <bool kAdd, int K, class S>
ARMDYN_INLINE void aligned_to_parent(const Transform<S>& X, const Inertia<S>& in, Inertia<S>& out) {
  constexpr int a = K == 0 ? 1 : 0, b = K == 2 ? 1 : 2;
  const Mat3<S>& R = X.R;
  const S qa0 = R(a, 0), qa1 = R(a, 1), qb0 = R(b, 0), qb1 = R(b, 1), rk = R(K, 2);
  const Mat3<S>& I = in.I;
  Vec3<S> h;
  h[a] = qa0 * in.h[0] + qa1 * in.h[1];
  h[b] = qb0 * in.h[0] + qb1 * in.h[1];
  h[K] = rk * in.h[2];
  const S ua0 = qa0 * I(0, 0) + qa1 * I(1, 0), ua1 = qa0 * I(0, 1) + qa1 * I(1, 1);  // row a of Q I_xy
  const S ub0 = qb0 * I(0, 0) + qb1 * I(1, 0), ub1 = qb0 * I(0, 1) + qb1 * I(1, 1);  // row b of Q I_xy
  S J[3][3];
  J[a][a] = ua0 * qa0 + ua1 * qa1;
  J[a][b] = J[b][a] = ua0 * qb0 + ua1 * qb1;
  J[b][b] = ub0 * qb0 + ub1 * qb1;
  J[a][K] = J[K][a] = (qa0 * I(0, 2) + qa1 * I(1, 2)) * rk;
  J[b][K] = J[K][b] = (qb0 * I(0, 2) + qb1 * I(1, 2)) * rk;
  J[K][K] = I(2, 2);  // R(K, 2)^2 = 1
  shift_inertia<kAdd>(in.m, h, [&](int r, int c) { return J[r][c]; }, X.p, out);
}

/// transform_to_parent for a placement whose rotation carries the body's z axis onto the parent's
/// +-e_K (aligned_axis_of(R) == K, spatial/rotation.hpp): R's column 2 and row K are +-e, so that
/// with a, b the other two axes R acts as the 2 x 2 block Q = R([a b], [0 1]) on the body's x, y
/// and as the sign R(K, 2) on its z:
///   h_A = (Q h_xy, R(K, 2) h_z),  R I R^T = [[Q I_xy Q^T, Q I_xy,z R(K, 2)], [.., I_zz]]
/// (in the order a, b, K). The entries of R that are zero by that structure (to 4 ulp) are not
/// read. 48 mul, 34 add (transform_to_parent: 77 mul, 59 add; tests/codegen/opcount_test.cpp).
template <int K, class S>
ARMDYN_INLINE Inertia<S> transform_to_parent_aligned(const Transform<S>& X, const Inertia<S>& in) {
  Inertia<S> out;
  aligned_to_parent<false, K>(X, in, out);
  return out;
}

/// acc += transform_to_parent_aligned<K>(X, in), entry by entry.
template <int K, class S>
ARMDYN_INLINE void add_transform_to_parent_aligned(const Transform<S>& X, const Inertia<S>& in, Inertia<S>& acc) {
  aligned_to_parent<true, K>(X, in, acc);
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

/// acc += translate_inertia(d, in), entry by entry (shift_inertia's kAdd).
template <class S> ARMDYN_INLINE void add_translate_inertia(const Vec3<S>& d, const Inertia<S>& in, Inertia<S>& acc) {
  shift_inertia<true>(in.m, in.h, [&](int r, int c) { return in.I(r, c); }, d, acc);
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
