#pragma once
// The constraint document of `armdyn simulate --constraint` (dynamics/constrained.hpp; [VP] §2.10):
// a point of a frame held on a surface or a line, with the unknown normal forces.
//
//   {"frame": "tool",                        the frame whose point is held
//    "point": [x, y, z],                     (optional) the point in the frame's axes, default 0
//    "surface": {"type": "plane",    "point": [..], "normal": [..]}
//             | {"type": "sphere",   "centre": [..], "radius": r}
//             | {"type": "cylinder", "point": [..], "axis": [..], "radius": r}
//    or "line": {"point": [..], "direction": [..]},
//    "baumgarte_rate": 20}                   (optional) the stabilisation rate w, 1/s (> 0)
//
// Base axes, metres. Exactly one of "surface" and "line"; normals, axes and directions are
// normalised (not zero); radii positive; unknown keys are refused.
#include <string>

#include "armdyn/dynamics/constrained.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// Parses a constraint document for `model`. Every bad input is an InputError
/// "<source>: <field>: <what>", the field a JSON path like "surface.normal[2]" or "frame".
PointConstraint<double> parse_constraint(const std::string& text, const std::string& source, const Model& model);

/// Reads the constraint file at `path` and parses it (errors name the file).
PointConstraint<double> read_constraint(const std::string& path, const Model& model);

}  // namespace armdyn
