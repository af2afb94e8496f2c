#pragma once
// The joint model shared by every algorithm: body i sits at tree[i] * Rz(q_i) (revolute) or
// tree[i] * Tz(q_i) (prismatic) in its parent's body frame (see model.hpp).
#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "armdyn/core/error.hpp"
#include "armdyn/core/inline.hpp"
#include "armdyn/core/sin_cos.hpp"
#include "armdyn/core/vector_length.hpp"
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

/// The rotation R = I + s (w [u]x + [u]x^2), u = (x, y, z), of the quaternion (w, x, y, z) for
/// s = 2 / |q|^2 (written out entry by entry).
template <class S> ARMDYN_INLINE Mat3<S> quaternion_rotation(const S& w, const S& x, const S& y, const S& z, const S& s) {
  const S xs = x * s, ys = y * s, zs = z * s;
  const S wx = w * xs, wy = w * ys, wz = w * zs, xx = x * xs, xy = x * ys, xz = x * zs, yy = y * ys, yz = y * zs,
          zz = z * zs;
  Mat3<S> R;
  R(0, 0) = S(1) - (yy + zz);
  R(0, 1) = xy - wz;
  R(0, 2) = xz + wy;
  R(1, 0) = xy + wz;
  R(1, 1) = S(1) - (xx + zz);
  R(1, 2) = yz - wx;
  R(2, 0) = xz - wy;
  R(2, 1) = yz + wx;
  R(2, 2) = S(1) - (xx + yy);
  return R;
}

/// The rotation of the quaternion (w, x, y, z), which need not be of unit length (R of q / |q|).
/// On double a quaternion of any finite non-zero length gives its rotation to round-off: one
/// whose squared length leaves the plain range (core/vector_length.hpp) is first divided by the
/// largest of its four magnitudes, which brings |q|^2 into [1, 4]. The usual path pays one range
/// test (inline: a call here would cost every placement its registers).
template <class S> ARMDYN_INLINE Mat3<S> quaternion_rotation(const S* q) {
  S w = q[0], x = q[1], y = q[2], z = q[3];
  S n2 = w * w + x * x + y * y + z * z;
  if constexpr (std::is_same_v<S, double>) {
    if (!plain_squared_norm(n2)) [[unlikely]] {  // zero or not finite gives NaN: refused before
      const double m = std::max(std::max(std::abs(w), std::abs(x)), std::max(std::abs(y), std::abs(z)));
      w /= m, x /= m, y /= m, z /= m;
      n2 = w * w + x * x + y * y + z * z;
    }
  }
  return quaternion_rotation(w, x, y, z, S(S(2) / n2));
}

/// Placement of the first body of a quaternion joint for its quaternion q[0..3] (model.hpp):
/// tree[i] with its rotation followed by A^T R(quat) A, where A = [e_y e_z e_x] turns the moved
/// frame onto the body's (the builder's fixed choice), so A^T R A is R with its rows and columns
/// taken in the order y, z, x.
template <class S>
ARMDYN_INLINE void quaternion_placement(const ModelTpl<S>& model, int i, const S* q, Transform<S>& X) {
  const Mat3<S> R = quaternion_rotation(q);
  constexpr int kOrder[3] = {1, 2, 0};
  Mat3<S> P;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) P(r, c) = R(kOrder[r], kOrder[c]);
  const Transform<S>& T = model.tree[i];
  X.R.noalias() = T.R * P;
  X.p = T.p;
}

/// Placement of body i in its parent's frame for the configuration q (nq entries): joint_placement
/// of q[q_index[i]], a quaternion's first body from its four numbers, its second and third body at
/// zero angle (their tree placement).
template <class S> void body_placement(const ModelTpl<S>& model, int i, const S* q, Transform<S>& X) {
  if (!model.has_quaternions()) return joint_placement(model, i, q[i], X);
  const int axis = model.quaternion_axis[i];
  if (axis == 1) quaternion_placement(model, i, q + model.q_index[i], X);
  else if (axis > 1) X = model.tree[i];
  else joint_placement(model, i, q[model.q_index[i]], X);
}

/// Every body's placement on a model with quaternion joints (body_placement); the sines and
/// cosines of the angles of the one-axis joints kept as joint_sines does (0, 1 for a quaternion's).
template <class S> void quaternion_model_placements(const ModelTpl<S>& model, DataTpl<S>& data, const S* q) {
  using std::cos;
  using std::sin;
  for (int i = 0; i < model.dof; ++i) {
    const bool angle = model.quaternion_axis[i] == 0 && model.joint_type[i] == JointType::kRevolute;
    data.sin_phi[i] = angle ? S(sin(q[model.q_index[i]])) : S(0);
    data.cos_phi[i] = angle ? S(cos(q[model.q_index[i]])) : S(1);
    body_placement(model, i, q, data.X_up[i]);
  }
}

/// The chart's velocity product of a quaternion joint: its three bodies at zero angle turn about
/// the moved frame's x, y, z one after the other, and that chain's angular acceleration is
/// a + b(w) where a ball's is a, b = (w_y w_z, -w_x w_z, w_x w_y) (the cross products of the
/// earlier axes' rates with the later ones'). The algorithms therefore give the chain the
/// accelerations a - b (inverse dynamics) or add b to what it yields (forward dynamics). Returns
/// b's entry for body i (0 for a body that is not a quaternion's).
template <class S> ARMDYN_INLINE S quaternion_bias(const ModelTpl<S>& model, int i, const S* v) {
  const int axis = model.quaternion_axis.empty() ? 0 : model.quaternion_axis[i];
  if (axis == 0) return S(0);
  const S* w = v + i - (axis - 1);
  if (axis == 1) return w[1] * w[2];
  if (axis == 2) return -(w[0] * w[2]);
  return w[0] * w[1];
}

/// qdd[i] += b_i (quaternion_bias) for every quaternion body: forward dynamics of the chain to the
/// ball's angular accelerations.
template <class S> void add_quaternion_bias(const ModelTpl<S>& model, const S* v, S* qdd) {
  for (const QuaternionJoint& j : model.quaternions)
    for (int k = 0; k < 3; ++k) qdd[j.body + k] += quaternion_bias(model, j.body + k, v);
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
  if (model.has_quaternions()) {
    quaternion_model_placements(model, data, q);
    return;
  }
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

/// Throws InputError unless q has model.nq() entries (a quaternion's four counted) and every
/// quaternion is finite and non-zero (any such length, however large or small, is read as the
/// unit quaternion's).
template <class S, class Vector>
inline void check_configuration(const ModelTpl<S>& model, const Vector& q, const char* name = "q") {
  if (q.size() != model.nq())
    throw InputError(std::string(name) + ": expected " + std::to_string(model.nq()) + " values, got " +
                     std::to_string(q.size()) +
                     (model.has_quaternions() ? " (a quaternion joint has four: w, x, y, z)" : ""));
  if constexpr (std::is_same_v<S, double>) {  // (the counting and tracing scalars have no value to test)
    for (const QuaternionJoint& j : model.quaternions) {
      const S n2 = q[j.q] * q[j.q] + q[j.q + 1] * q[j.q + 1] + q[j.q + 2] * q[j.q + 2] + q[j.q + 3] * q[j.q + 3];
      if (plain_squared_norm(n2)) continue;  // the usual case: one comparison
      const char* problem = direction_problem(Eigen::Vector4d(q[j.q], q[j.q + 1], q[j.q + 2], q[j.q + 3]));
      if (*problem)
        throw InputError(std::string(name) + ": the quaternion q[" + std::to_string(j.q) + ".." +
                         std::to_string(j.q + 3) + "] " + problem);
    }
  }
}

}  // namespace armdyn
