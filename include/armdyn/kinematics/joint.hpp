#pragma once
// The joint model shared by every algorithm: body i sits at tree[i] * Rz(q_i) (revolute) or
// tree[i] * Tz(q_i) (prismatic) in its parent's body frame (see model.hpp).
#include <cmath>
#include <string>
#include <type_traits>

#include "armdyn/core/error.hpp"
#include "armdyn/core/inline.hpp"
#include "armdyn/core/sin_cos.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

/// Whether joint i's rotation is applied factored (a revolute joint whose tree[i].R the builder
/// factored as Rx(alpha) Rz(theta)).
template <class S> inline bool dh_factored(const ModelTpl<S>& model, int i) {
  return model.joint_type[i] == JointType::kRevolute && static_cast<int>(model.dh_rotation.size()) == model.dof &&
         model.dh_rotation[i].valid;
}

/// Placement of a revolute body i whose joint angle has cosine c and sine s: 4 mul, 2 add (the
/// fixed tree rotation's columns are combined, not multiplied).
template <class S>
ARMDYN_INLINE void revolute_placement(const ModelTpl<S>& model, int i, const S& c, const S& s, Transform<S>& X) {
  const Transform<S>& T = model.tree[i];
  for (int r = 0; r < 3; ++r) {  // entry by entry (core/small_products.hpp)
    X.R(r, 0) = c * T.R(r, 0) + s * T.R(r, 1);
    X.R(r, 1) = c * T.R(r, 1) - s * T.R(r, 0);
    X.R(r, 2) = T.R(r, 2);
    X.p[r] = T.p[r];
  }
}

/// Placement of a prismatic body i for joint position q.
template <class S>
ARMDYN_INLINE void prismatic_placement(const ModelTpl<S>& model, int i, const S& q, Transform<S>& X) {
  const Transform<S>& T = model.tree[i];
  X.R = T.R;
  X.p = T.p + T.R.col(2) * q;
}

/// Placement of body i in its parent's frame for joint position q. Revolute: 4 mul, 2 add and
/// one sine/cosine pair.
template <class S>
inline void joint_placement(const ModelTpl<S>& model, int i, const S& q, Transform<S>& X) {
  if (model.joint_type[i] == JointType::kRevolute) {
    using std::cos;
    using std::sin;
    revolute_placement(model, i, S(cos(q)), S(sin(q)), X);
  } else {
    prismatic_placement(model, i, q, X);
  }
}

/// data.sin_phi[i], data.cos_phi[i] = sin, cos of angle[i] for every revolute joint i. On double
/// computed together, branch-free (sin_cos.hpp; for every joint).
template <class S> ARMDYN_INLINE void joint_sines(const ModelTpl<S>& model, DataTpl<S>& data, const S* angle) {
  if constexpr (std::is_same_v<S, double>) {
    sin_cos(angle, data.sin_phi.data(), data.cos_phi.data(), model.dof);
  } else {
    using std::cos;
    using std::sin;
    for (int i = 0; i < model.dof; ++i)
      if (model.joint_type[i] == JointType::kRevolute) {
        data.sin_phi[i] = sin(angle[i]);
        data.cos_phi[i] = cos(angle[i]);
      }
  }
}

/// Every body's placement, data.X_up[i] = joint_placement(model, i, q[i]), the sines and cosines
/// first (joint_sines).
template <class S> ARMDYN_INLINE void joint_placements(const ModelTpl<S>& model, DataTpl<S>& data, const S* q) {
  joint_sines(model, data, q);
  for (int i = 0; i < model.dof; ++i) {
    if (model.joint_type[i] == JointType::kRevolute)
      revolute_placement(model, i, data.cos_phi[i], data.sin_phi[i], data.X_up[i]);
    else
      prismatic_placement(model, i, q[i], data.X_up[i]);
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
