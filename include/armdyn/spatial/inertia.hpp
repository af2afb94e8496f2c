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

/// The inertia of a body expressed in frame B, re-expressed in frame A where X = placement of B
/// in A:  h' = R h + m p,  I' = R I R^T + m(|p|^2 E - p p^T) + 2(p.Rh) E - Rh p^T - p (Rh)^T.
template <class S> Inertia<S> transform_to_parent(const Transform<S>& X, const Inertia<S>& in) {
  Inertia<S> out;
  const Vec3<S> h = X.R * in.h;
  const Vec3<S>& p = X.p;
  out.m = in.m;
  out.h = h + in.m * p;
  out.I = X.R * in.I * X.R.transpose();
  out.I += (in.m * p.squaredNorm() + S(2) * p.dot(h)) * Mat3<S>::Identity();
  out.I -= in.m * p * p.transpose() + h * p.transpose() + p * h.transpose();
  return out;
}

}  // namespace armdyn
