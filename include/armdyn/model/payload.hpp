#pragma once
// A payload held at a frame: a rigid body welded to the frame's body ([VP] §3.5, the object the
// gripper carries; Craig §6.9's "load at the end-effector"). Adding it gives a new model whose
// body carrying the frame has the combined mass, centre of mass and inertia; nothing else
// changes (the same joints, frames and names).
#include "armdyn/model/model.hpp"

namespace armdyn {

/// A rigid payload described in the axes of the frame that holds it.
struct Payload {
  double mass = 0;                          ///< kg, >= 0
  Vec3<double> com = Vec3<double>::Zero();  ///< centre of mass, frame axes, from the frame origin (m)
  Mat3<double> inertia = Mat3<double>::Zero();  ///< rotational inertia about the centre of mass, frame axes (kg m^2)
};

/// The payload adds nothing (zero mass and inertia).
bool payload_is_empty(const Payload& payload);

/// The spatial inertia `payload` adds to the body of frame `frame` (body frame, about the body
/// origin), with the checks and ModelErrors of with_payload.
template <class S> Inertia<S> payload_body_inertia(const ModelTpl<S>& model, int frame, const Payload& payload);

/// The model with `payload` rigidly attached at frame `frame` (an index into model.frames whose
/// body is movable). ModelError naming the frame when it is fixed to the base or the payload is
/// not physical (negative or non-finite mass, inertia not symmetric positive semi-definite or
/// violating the triangle inequality).
template <class S> ModelTpl<S> with_payload(const ModelTpl<S>& model, int frame, const Payload& payload);

extern template Inertia<double> payload_body_inertia(const ModelTpl<double>&, int, const Payload&);
extern template ModelTpl<double> with_payload(const ModelTpl<double>&, int, const Payload&);

}  // namespace armdyn
