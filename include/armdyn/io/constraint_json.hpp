#pragma once
// The constraint document of `armdyn simulate --constraint` (dynamics/constrained.hpp; [VP] §2.10):
// a point of a frame held on a surface, a line or a point of another frame (a loop), with the
// unknown reaction forces.
//
//   {"frame": "tool",                        the frame whose point is held
//    "point": [x, y, z],                     (optional) the point in the frame's axes, default 0
//    "surface": {"type": "plane",    "point": [..], "normal": [..]}
//             | {"type": "sphere",   "centre": [..], "radius": r}
//             | {"type": "cylinder", "point": [..], "axis": [..], "radius": r}
//    or "line": {"point": [..], "direction": [..]},
//    or "loop": {"frame": "rocker",          a loop: the point meets this frame's point
//                "point": [x, y, z],         (optional) in loop.frame's axes, default 0
//                "axes": [[..], [..]]},      (optional) a revolute closure's axis in "frame"'s
//                                            axes, then in loop.frame's, held aligned
//    "baumgarte_rate": 20,                   (optional) the stabilisation rate w, 1/s (> 0)
//    "projection": true}                     (optional) project onto the constraint after each
//                                            step; default true for a loop, false otherwise
//
// Base axes (a loop: the frames' own axes), metres. Exactly one of "surface", "line" and "loop";
// normals, axes and directions are normalised (not zero); radii positive; unknown keys are refused.
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
