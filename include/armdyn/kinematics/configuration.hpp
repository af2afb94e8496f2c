#pragma once
// The configuration space of a model with quaternion joints (model.hpp): q has nq entries, v and
// a have nv = dof. A one-axis coordinate moves as q_i' = v_i; a quaternion joint's (w, x, y, z)
// as q' = 1/2 q (x) (0, w_moved), its angular velocity in the moved frame (so that R' = R [w]x).
// On a model without quaternions every function here is the identity map it replaces (q' = v,
// q + h v).
#include <cmath>
#include <string>
#include <type_traits>

#include "armdyn/core/error.hpp"
#include "armdyn/core/types.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// The unit quaternion (w, x, y, z) of the rotation by the vector r (axis-angle, radians):
/// (cos |r|/2, sin(|r|/2) r / |r|), written to out[0..3].
template <class S> void rotation_vector_quaternion(const Vec3<S>& r, S* out) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  const S angle = sqrt(r.squaredNorm());
  const S s = angle > S(0) ? S(sin(angle / S(2)) / angle) : S(0.5);
  out[0] = cos(angle / S(2));
  for (int k = 0; k < 3; ++k) out[1 + k] = s * r[k];
}

/// The zero configuration: every one-axis coordinate 0, every quaternion (1, 0, 0, 0).
template <class S> VecX<S> neutral_configuration(const ModelTpl<S>& model) {
  VecX<S> q = VecX<S>::Zero(model.nq());
  for (const QuaternionJoint& j : model.quaternions) q[j.q] = S(1);
  return q;
}

/// The configuration whose one-axis coordinates are x's entries and whose quaternions are the
/// rotations by the vectors (x_b, x_b+1, x_b+2) of their bodies b (axis-angle, in radians): a
/// map from nv numbers onto the configurations, for test poses and sampled states.
template <class S> VecX<S> configuration_from_rotation_vectors(const ModelTpl<S>& model, VecIn<S> x) {
  if (x.size() != model.dof)
    throw InputError("configuration: expected " + std::to_string(model.dof) + " values, got " + std::to_string(x.size()));
  if (!model.has_quaternions()) return x;
  VecX<S> q(model.nq());
  for (int i = 0; i < model.dof; ++i)
    if (model.quaternion_axis[i] == 0) q[model.q_index[i]] = x[i];
  for (const QuaternionJoint& j : model.quaternions)
    rotation_vector_quaternion(Vec3<S>(x[j.body], x[j.body + 1], x[j.body + 2]), q.data() + j.q);
  return q;
}

/// qdot = q' for velocity v: v_i for a one-axis coordinate, 1/2 q (x) (0, w) for a quaternion,
/// (w, u) (x) (0, w') = (-u . w', w w' + u x w').
template <class S> void configuration_rate(const ModelTpl<S>& model, VecIn<S> q, VecIn<S> v, VecX<S>& qdot) {
  if (!model.has_quaternions()) {
    qdot = v;
    return;
  }
  qdot.resize(model.nq());
  for (int i = 0; i < model.dof; ++i)
    if (model.quaternion_axis[i] == 0) qdot[model.q_index[i]] = v[i];
  for (const QuaternionJoint& j : model.quaternions) {
    const S w = q[j.q];
    const Vec3<S> u(q[j.q + 1], q[j.q + 2], q[j.q + 3]), om(v[j.body], v[j.body + 1], v[j.body + 2]);
    const Vec3<S> du = S(0.5) * (w * om + u.cross(om));
    qdot[j.q] = S(-0.5) * u.dot(om);
    for (int k = 0; k < 3; ++k) qdot[j.q + 1 + k] = du[k];
  }
}

/// q <- q (+) dq for a velocity-space step dq (nv entries): q_i + dq_i for a one-axis coordinate,
/// q (x) exp(dq_w / 2) for a quaternion (the rotation by dq_w about the moved frame's axes), then
/// scaled to unit length.
template <class S> void integrate_configuration(const ModelTpl<S>& model, VecX<S>& q, VecIn<S> dq) {
  if (!model.has_quaternions()) {
    q += dq;
    return;
  }
  for (int i = 0; i < model.dof; ++i)
    if (model.quaternion_axis[i] == 0) q[model.q_index[i]] += dq[i];
  for (const QuaternionJoint& j : model.quaternions) {
    S step[4];  // exp(dq_w / 2) = (c, e)
    rotation_vector_quaternion(Vec3<S>(dq[j.body], dq[j.body + 1], dq[j.body + 2]), step);
    const S c = step[0];
    const Vec3<S> e(step[1], step[2], step[3]);
    const S w = q[j.q];
    const Vec3<S> u(q[j.q + 1], q[j.q + 2], q[j.q + 3]);
    const Vec3<S> nu = w * e + c * u + u.cross(e);
    q[j.q] = w * c - u.dot(e);
    for (int k = 0; k < 3; ++k) q[j.q + 1 + k] = nu[k];
  }
  normalize_configuration(model, q);
}

/// Scales every quaternion of q to unit length (of any finite non-zero length on double:
/// core/vector_length.hpp); one that is zero or not finite is left as it is (a diverged state
/// stays visible as one: the simulator reports it).
template <class S> void normalize_configuration(const ModelTpl<S>& model, VecX<S>& q);

template <class S> void normalize_configuration(const ModelTpl<S>& model, VecX<S>& q) {
  using std::sqrt;
  for (const QuaternionJoint& j : model.quaternions) {
    auto quaternion = q.template segment<4>(j.q);
    if constexpr (std::is_same_v<S, double>) {
      if (const auto unit = unit_vector(quaternion)) quaternion = *unit;
    } else {
      const S n = sqrt(quaternion.squaredNorm());
      if (n > S(0) && std::isfinite(double(n))) quaternion /= n;
    }
  }
}

}  // namespace armdyn
