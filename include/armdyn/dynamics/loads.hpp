#pragma once
// What acts on the arm besides its joint torques and gravity, as one value taken by every dynamics
// algorithm (rnea, nonlinear_effects, the forward-dynamics routes, the constrained routes, the
// derivatives, the simulation's plant):
//
//   wrenches        forces and moments at named frames, base axes (FrameWrench: moment about the
//                   frame origin) -- the direction stays fixed in the base while the point moves
//                   with its body ([Craig] (6.117); [VP] §3.5)
//   body_wrenches   per-body wrenches, each in its body frame about the body origin (fixed to the
//                   body, so they turn with q); empty, or one per body
//   base            a prescribed motion of the base frame {0} ([VP] (2.3.48), a ship's or a
//                   vehicle's platform): v = [v_O; w_O], a = [a_O; ε_O] in the base frame's own
//                   axes (a_O the classical acceleration of the base origin). Gravity stays the
//                   model's, in the same axes (a base that turns relative to the ground turns g
//                   with it, which the caller updates).
//   payload         a rigid body held at a frame (model/payload.hpp): its inertia joins that of
//                   the frame's body in every algorithm (M changes too); held_payload() checks it
//                   and moves it to the body frame once.
//
// Every algorithm treats them the same way. The Newton-Euler recursion starts from the base's
// spatial velocity and acceleration instead of (0, -g):
//   v_0 = [w_O; v_O],   a_0 = [ε_O; a_O - w_O x v_O - g]                                     (1)
// (a_0 the spatial acceleration: the classical a_O less w_O x v_O); each body's net force loses
// the external wrenches on it (rnea.hpp (3)), the wrench at a frame moved to its body:
//   f_b = R_b^T f,   n_b = R_b^T n + p_f x f_b    (R_b the body's orientation, p_f the frame's
//   origin in the body frame)                                                                (2)
// and the payload's inertia is added to its body's. So
//   tau = M_L(q) q̈ + c_L(q, q̇),   q̈ = M_L(q)^-1 (tau - c_L(q, q̇))                         (3)
// with M_L the mass matrix with the payload (M without one) and c_L = rnea with the loads at
// q̈ = 0. An empty Loads, or none (nullptr), is the rigid arm on its fixed base, bit for bit: the
// algorithms compile their loaded passes apart from the plain ones.
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "armdyn/core/error.hpp"
#include "armdyn/model/data.hpp"
#include "armdyn/model/payload.hpp"

namespace armdyn {

/// A wrench applied to the body carrying frame `frame` (an index into model.frames):
/// [fx, fy, fz, nx, ny, nz], the force and the moment about the frame origin, in the base axes.
template <class S> struct FrameWrench {
  int frame = -1;
  Vec6<S> wrench = Vec6<S>::Zero();
};

/// The base's motion, each 6-vector [linear; angular] in the base frame's axes: v = [v_O; w_O],
/// a = [a_O; ε_O] (a_O the classical acceleration of the base origin).
template <class S> struct BaseMotion {
  Vec6<S> v = Vec6<S>::Zero();
  Vec6<S> a = Vec6<S>::Zero();
};

/// A payload as a load: the spatial inertia it adds to `body` (body frame, about the body origin).
template <class S> struct HeldPayload {
  int body = -1;
  Inertia<S> inertia;
};

/// The loads on the arm (see above). Built once and updated in place, it costs no allocation per
/// call.
template <class S> struct Loads {
  std::vector<FrameWrench<S>> wrenches;  ///< at frames, base axes
  std::vector<Force<S>> body_wrenches;   ///< empty, or one per body: body frame, about its origin
  std::optional<BaseMotion<S>> base;     ///< none: the base is fixed
  std::optional<HeldPayload<S>> payload;  ///< none: no payload (held_payload() builds one)

  /// Nothing acts: the rigid arm on a fixed base.
  bool empty() const { return wrenches.empty() && body_wrenches.empty() && !base && !payload; }
};

/// `payload` (frame axes, model/payload.hpp) held at frame `frame`, as a load: its inertia in the
/// frame's body's frame. The checks of with_payload (ModelError naming the frame for a frame fixed
/// to the base or out of range, or a payload that is not physical); an empty payload gives none.
template <class S>
std::optional<HeldPayload<S>> held_payload(const ModelTpl<S>& model, int frame, const Payload& payload);

/// InputError naming the field unless `loads` fits `model`: frame indices in range, body_wrenches
/// empty or one per body, the payload on a body of the model, every number finite; base motion and
/// frame wrenches need angle coordinates (no quaternion joint). Allocates nothing when it passes.
template <class S> void check_loads(const ModelTpl<S>& model, const Loads<S>& loads);

/// The loads are present and not empty: the loaded passes are needed.
template <class S> inline bool has_loads(const Loads<S>* loads) { return loads && !loads->empty(); }

namespace loads_detail {

/// (1): the base's spatial velocity [w_O; v_O] and acceleration [ε_O; a_O - w_O x v_O - g].
template <class S>
inline void base_motion(const ModelTpl<S>& model, const BaseMotion<S>& base, Motion<S>& v0, Motion<S>& a0) {
  v0.v = base.v.template head<3>();
  v0.w = base.v.template tail<3>();
  a0.w = base.a.template tail<3>();
  a0.v = base.a.template head<3>() - v0.w.cross(v0.v) - model.gravity;
}

/// (2): the wrench of `w` on its body, body frame about the body origin, given the body's
/// orientation R in the base.
template <class S>
inline Force<S> on_body(const ModelTpl<S>& model, const FrameWrench<S>& w, const Mat3<S>& R) {
  Force<S> f;
  f.f.noalias() = R.transpose() * w.wrench.template head<3>();
  f.n.noalias() = R.transpose() * w.wrench.template tail<3>();
  f.n += model.frames[w.frame].placement.p.cross(f.f);
  return f;
}

/// Every entry finite (tested on double only: the tracing scalars have no value to test).
template <class V> inline bool finite(const V& x) {
  if constexpr (std::is_same_v<typename V::Scalar, double>) return x.allFinite();
  else return true;
}

}  // namespace loads_detail

template <class S> void check_loads(const ModelTpl<S>& model, const Loads<S>& loads) {
  if (!loads.wrenches.empty()) require_angle_coordinates(model, "wrenches at frames");
  if (loads.base) require_angle_coordinates(model, "a prescribed base motion");
  const int frames = static_cast<int>(model.frames.size());
  for (std::size_t k = 0; k < loads.wrenches.size(); ++k) {
    const FrameWrench<S>& w = loads.wrenches[k];
    if (w.frame < 0 || w.frame >= frames)
      throw InputError("loads.wrenches[" + std::to_string(k) + "]: frame index " + std::to_string(w.frame) +
                       " out of range (model '" + model.name + "' has " + std::to_string(frames) + " frames)");
    if (!loads_detail::finite(w.wrench)) throw InputError("loads.wrenches[" + std::to_string(k) + "]: not finite");
  }
  if (!loads.body_wrenches.empty()) {
    if (static_cast<int>(loads.body_wrenches.size()) != model.dof)
      throw InputError("loads.body_wrenches: expected one wrench per body (" + std::to_string(model.dof) + "), got " +
                       std::to_string(loads.body_wrenches.size()));
    for (std::size_t k = 0; k < loads.body_wrenches.size(); ++k)
      if (!loads_detail::finite(loads.body_wrenches[k].n) || !loads_detail::finite(loads.body_wrenches[k].f))
        throw InputError("loads.body_wrenches[" + std::to_string(k) + "]: not finite");
  }
  if (loads.base) {
    if (!loads_detail::finite(loads.base->v)) throw InputError("loads.base.v: not finite");
    if (!loads_detail::finite(loads.base->a)) throw InputError("loads.base.a: not finite");
  }
  if (loads.payload) {
    const HeldPayload<S>& p = *loads.payload;
    if (p.body < 0 || p.body >= model.dof)
      throw InputError("loads.payload: body index " + std::to_string(p.body) + " out of range (model '" + model.name +
                       "' has " + std::to_string(model.dof) + " bodies)");
    if (!loads_detail::finite(Vec3<S>(p.inertia.m, S(0), S(0))) || !loads_detail::finite(p.inertia.h) ||
        !loads_detail::finite(p.inertia.I))
      throw InputError("loads.payload: not finite");
  }
}

extern template std::optional<HeldPayload<double>> held_payload(const Model&, int, const Payload&);

}  // namespace armdyn
