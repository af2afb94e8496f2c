#pragma once
// The joint model shared by every algorithm: body i sits at tree[i] * Rz(q_i) (revolute) or
// tree[i] * Tz(q_i) (prismatic) in its parent's body frame (see model.hpp).
#include <cmath>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// Placement of body i in its parent's frame for joint position q. Revolute: 4 mul, 2 add and
/// one sine/cosine pair (the fixed tree rotation's columns are combined, not multiplied).
template <class S>
inline void joint_placement(const ModelTpl<S>& model, int i, const S& q, Transform<S>& X) {
  const Transform<S>& T = model.tree[i];
  if (model.joint_type[i] == JointType::kRevolute) {
    using std::cos;
    using std::sin;
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

/// Throws InputError unless `x` has `n` entries.
template <class Vector>
inline void check_size(const Vector& x, int n, const char* name) {
  if (x.size() != n)
    throw InputError(std::string(name) + ": expected " + std::to_string(n) + " values, got " +
                     std::to_string(x.size()));
}

}  // namespace armdyn
