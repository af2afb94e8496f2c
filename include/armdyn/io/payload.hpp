#pragma once
// A payload (model/payload.hpp) written as text, as `--payload` takes it. Two forms:
//
//   MASS[,cx,cy,cz[,Ixx,Iyy,Izz[,Ixy,Ixz,Iyz]]]     comma-separated numbers (1, 4, 7 or 10)
//   {"mass": m, "com": [cx, cy, cz], "inertia": [Ixx, Iyy, Izz, Ixy, Ixz, Iyz]}   a JSON object
//
// In the frame's axes, SI units: the mass (kg), the centre of mass from the frame origin (m,
// default 0) and the inertia tensor's entries about the centre of mass (kg m^2, default 0; the
// products are tensor entries, as URDF's <inertia ixy=...> gives them: I(0,1) = ixy). In the JSON
// form only "mass" is required and other keys are refused. Whether the payload is physical
// (mass >= 0, inertia positive semi-definite, ...) is with_payload's check.
#include <string>

#include "armdyn/model/payload.hpp"

namespace armdyn {

/// Parses either form; an InputError "<what>: ..." naming the entry or key for anything else
/// (wrong count, a non-number, a non-finite number, an unknown key).
Payload parse_payload(const std::string& text, const std::string& what = "--payload");

}  // namespace armdyn
