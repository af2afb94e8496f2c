#pragma once
// armdyn.Payload (model/payload.hpp) and the payload arguments of Model.with_payload and
// gripper_wrench: an armdyn.Payload, or a mass with com and inertia given beside it.
#include "armdyn/model/payload.hpp"
#include "handles.hpp"

namespace armdyn::python {

/// The payload of `payload` (an armdyn.Payload, or a mass in kg) with `com` (3,) and `inertia`
/// ((3, 3) or the six entries Ixx, Iyy, Izz, Ixy, Ixz, Iyz) given only with a mass.
/// ValueError naming fn and the argument.
Payload payload_arg(py::handle payload, py::handle com, py::handle inertia, const char* fn);

/// The frame holding a payload: `frame` (name or index), or None for the last moving body's frame.
int payload_frame(const Model& model, py::handle frame, const char* fn);

}  // namespace armdyn::python
