#pragma once
// Applying a joint's rotation to vectors with the fewest multiplications.
//
// When the builder found tree[i].R = Rx(alpha) Rz(theta) (model.dh_rotation[i]: every revolute
// joint of a DH chain, and every URDF joint whose fixed rotation has that form), body i's axes in
// its parent's are R = Rx(alpha) Rz(phi), phi = theta + q_i, and R is applied factor by factor:
// each factor turns one coordinate plane, with 3 multiplications and 3 additions in Gauss's form
// of a complex product,
//     (u, w) -> (c u - s w, s u + c w):  k = c (u + w),  u' = k - (c + s) w,  w' = k - (c - s) u,
// so that a vector crosses a joint for 6 multiplications instead of the 9 of a dense 3x3 matrix
// (and the 12 it takes to form that matrix are not needed). c +- s of alpha are model constants;
// those of phi cost 2 additions per joint. Every other joint is applied as the dense matrix.

#include "armdyn/core/types.hpp"

namespace armdyn {

/// The rotation of a constant placement tree[i] when it is that of a DH link transform,
/// tree[i].R = Rx(alpha) Rz(theta) ([Craig] (3.6); every joint of a modified- or standard-DH
/// chain, see model/dh.hpp), so that the algorithms can apply Rx(alpha) Rz(theta + q_i) factor by
/// factor instead of as a dense matrix (see dh_to_child and dh_to_parent below). Found by the
/// builder (tree[i].R(0, 2) == 0).
template <class S> struct DhRotation {
  bool valid = false;    ///< false: a general rotation, applied as a dense matrix
  bool twisted = false;  ///< alpha != 0; false: R = Rz(theta) alone (parallel joint axes)
  S theta = S(0);
  S cos_alpha = S(1), sin_alpha = S(0);
  S cos_plus_sin = S(1), cos_minus_sin = S(1);  ///< cos alpha +- sin alpha (model constants)

  template <class T> DhRotation<T> cast() const {
    return DhRotation<T>{valid, twisted, T(theta), T(cos_alpha), T(sin_alpha), T(cos_plus_sin), T(cos_minus_sin)};
  }
};


/// The factorisation of `R` if R(0, 2) is zero (to 4 ulp), else {valid = false}.
DhRotation<double> dh_rotation_of(const Mat3<double>& R);

/// cos, sin of a joint's angle phi and their sum and difference (Gauss's form needs both).
template <class S> struct PlaneAngle {
  S c = S(1), s = S(0), c_plus_s = S(1), c_minus_s = S(1);

  /// From the angle's cosine and sine: 2 add.
  void set(const S& cos_phi, const S& sin_phi) {
    c = cos_phi;
    s = sin_phi;
    c_plus_s = c + s;
    c_minus_s = c - s;
  }
};

/// (u, w) turned by +angle: (c u - s w, s u + c w). 3 mul, 3 add.
template <class S>
inline void turn(const S& c, const S& c_plus_s, const S& c_minus_s, const S& u, const S& w, S& u_out, S& w_out) {
  const S k = c * (u + w);
  u_out = k - c_plus_s * w;
  w_out = k - c_minus_s * u;
}

/// (u, w) turned by -angle: (c u + s w, c w - s u). 3 mul, 3 add.
template <class S>
inline void turn_back(const S& c, const S& c_plus_s, const S& c_minus_s, const S& u, const S& w, S& u_out,
                      S& w_out) {
  const S k = c * (u + w);
  u_out = k - c_minus_s * w;
  w_out = k - c_plus_s * u;
}

/// R^T v for R = Rx(alpha) Rz(phi): a parent-frame vector in the body's frame. 6 mul, 6 add
/// (3 mul, 3 add without a twist).
template <class S> inline Vec3<S> dh_to_child(const DhRotation<S>& x, const PlaneAngle<S>& z, const Vec3<S>& v) {
  S y1 = v.y(), z1 = v.z(), x2, y2;
  if (x.twisted) turn_back(x.cos_alpha, x.cos_plus_sin, x.cos_minus_sin, v.y(), v.z(), y1, z1);  // Rx(alpha)^T
  turn_back(z.c, z.c_plus_s, z.c_minus_s, v.x(), y1, x2, y2);                                   // Rz(phi)^T
  return Vec3<S>(x2, y2, z1);
}

/// R v for R = Rx(alpha) Rz(phi): a body-frame vector in its parent's frame. 6 mul, 6 add
/// (3 mul, 3 add without a twist).
template <class S> inline Vec3<S> dh_to_parent(const DhRotation<S>& x, const PlaneAngle<S>& z, const Vec3<S>& v) {
  S x1, y1, y2, z2;
  turn(z.c, z.c_plus_s, z.c_minus_s, v.x(), v.y(), x1, y1);  // Rz(phi)
  if (!x.twisted) return Vec3<S>(x1, y1, v.z());
  turn(x.cos_alpha, x.cos_plus_sin, x.cos_minus_sin, y1, v.z(), y2, z2);  // Rx(alpha)
  return Vec3<S>(x1, y2, z2);
}

}  // namespace armdyn
