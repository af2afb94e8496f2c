#pragma once
// The joint model shared by every algorithm: body i sits at tree[i] * Rz(q_i) (revolute) or
// tree[i] * Tz(q_i) (prismatic) in its parent's body frame (see model.hpp).
//
// When the builder found tree[i].R = Rx(alpha) Rz(theta) (model.dh_rotation[i], every joint of
// a DH chain), the joint's rotation is Rx(alpha) Rz(theta + q_i) and is applied factor by factor
// (JointRotation): each factor turns one coordinate plane, with 3 multiplications and 3 additions
// in Gauss's form of a complex product
//     (u, w) -> (c u - s w, s u + c w):  k = c (u + w),  u' = k - (c + s) w,  w' = k - (c - s) u,
// so a vector crosses a joint for 6 multiplications instead of the 9 of a dense 3x3 matrix.
#include <cmath>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// True when joint i's rotation is applied factored (model.dh_rotation[i] is valid).
template <class S> inline bool factored(const ModelTpl<S>& model, int i) {
  return !model.dh_rotation.empty() && model.dh_rotation[i].valid;
}

/// Placement of body i in its parent's frame for joint position q.
///   factored revolute: 4 mul, 1 add (theta + q), one sine/cosine pair;
///   dense revolute:   12 mul, 6 add, one sine/cosine pair (the tree rotation's columns combined);
///   prismatic:         2 mul, 2 add factored, 3 mul, 3 add dense.
template <class S>
inline void joint_placement(const ModelTpl<S>& model, int i, const S& q, Transform<S>& X) {
  using std::cos;
  using std::sin;
  const Transform<S>& T = model.tree[i];
  const bool revolute = model.joint_type[i] == JointType::kRevolute;
  if (factored(model, i)) {
    const DhRotation<S>& f = model.dh_rotation[i];
    if (revolute) {
      // Rx(alpha) Rz(phi) = [[c, -s, 0], [ca s, ca c, -sa], [sa s, sa c, ca]], phi = theta + q
      const S phi = f.theta + q;
      const S c = cos(phi), s = sin(phi);
      X.R << c, -s, S(0), f.cos_alpha * s, f.cos_alpha * c, -f.sin_alpha, f.sin_alpha * s, f.sin_alpha * c,
          f.cos_alpha;
      X.p = T.p;
    } else {
      // Tz(q) moves along the third column of tree[i].R, (0, -sa, ca)
      X.R = T.R;
      X.p = Vec3<S>(T.p.x(), T.p.y() - f.sin_alpha * q, T.p.z() + f.cos_alpha * q);
    }
  } else if (revolute) {
    const S c = cos(q), s = sin(q);
    X.R.col(0) = c * T.R.col(0) + s * T.R.col(1);
    X.R.col(1) = c * T.R.col(1) - s * T.R.col(0);
    X.R.col(2) = T.R.col(2);
    X.p = T.p;
  } else {
    X.R = T.R;
    X.p = T.p + T.R.col(2) * q;
  }
}

/// A rotation by a fixed angle about a coordinate axis, with the sum and difference of its
/// cosine and sine that the 3-multiplication form needs (2 add to make).
template <class S> struct PlaneRotation {
  S c, s, c_plus_s, c_minus_s;
  void set(const S& cosine, const S& sine) {
    c = cosine;
    s = sine;
    c_plus_s = cosine + sine;
    c_minus_s = cosine - sine;
  }
  /// (u, w) -> (c u - s w, s u + c w): 3 mul, 3 add.
  void forward(const S& u, const S& w, S& u_out, S& w_out) const {
    const S k = c * (u + w);
    u_out = k - c_plus_s * w;
    w_out = k - c_minus_s * u;
  }
  /// (u, w) -> (c u + s w, c w - s u), the inverse: 3 mul, 3 add.
  void backward(const S& u, const S& w, S& u_out, S& w_out) const {
    const S k = c * (u + w);
    u_out = k - c_minus_s * w;
    w_out = k - c_plus_s * u;
  }
};

/// How a factored joint rotation is applied. true: the two plane rotations of JointRotation,
/// 6 mul per vector, the fewest multiplications (armdyn's op counts). false: the dense X_up[i].R
/// (whose four products joint_placement forms anyway), 9 mul per vector. On an out-of-order CPU
/// with FMA the dense product is the faster (two dependent 3-multiplication plane rotations take
/// twice the latency of one 3x3 product, on every link of the recursions): rnea on double costs
/// about 7-15 % more time with `true` (docs/opcounts.md has the measurements).
inline constexpr bool kFewestMultiplications = true;

/// The rotation R of X_up[i] (body i's axes in its parent's), applied to vectors:
///   factored (R = Rx(alpha) Rz(phi)) and kFewestMultiplications: 6 mul, 6 add per vector (4 add
///   to set up); otherwise dense: 9 mul, 6 add per vector.
template <class S> class JointRotation {
 public:
  /// X is X_up[i] as joint_placement wrote it (for a factored revolute joint its first row is
  /// (cos phi, -sin phi, 0)).
  JointRotation(const ModelTpl<S>& model, int i, const Transform<S>& X)
      : R_(X.R), factored_(kFewestMultiplications && factored(model, i)) {
    if (!factored_) return;
    x_.set(model.dh_rotation[i].cos_alpha, model.dh_rotation[i].sin_alpha);
    z_.set(X.R(0, 0), -X.R(0, 1));
  }

  /// R^T v: a parent-frame vector in body i's frame.
  Vec3<S> to_child(const Vec3<S>& v) const {
    if (!factored_) return R_.transpose() * v;
    S y, z, x, y2;
    x_.backward(v.y(), v.z(), y, z);  // Rx(alpha)^T
    z_.backward(v.x(), y, x, y2);     // Rz(phi)^T
    return Vec3<S>(x, y2, z);
  }
  /// R v: a body-i vector in its parent's frame.
  Vec3<S> to_parent(const Vec3<S>& v) const {
    if (!factored_) return R_ * v;
    S x, y, y2, z;
    z_.forward(v.x(), v.y(), x, y);  // Rz(phi)
    x_.forward(y, v.z(), y2, z);     // Rx(alpha)
    return Vec3<S>(x, y2, z);
  }

 private:
  const Mat3<S>& R_;
  bool factored_;
  PlaneRotation<S> x_, z_;
};

/// Throws InputError unless `x` has `n` entries.
template <class Vector>
inline void check_size(const Vector& x, int n, const char* name) {
  if (x.size() != n)
    throw InputError(std::string(name) + ": expected " + std::to_string(n) + " values, got " +
                     std::to_string(x.size()));
}

}  // namespace armdyn
