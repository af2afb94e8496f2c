#pragma once
// The segment file: links as real bodies, their sections, materials and point masses
// (segments/segment.hpp, docs/segments.md).
//
//   {"links": {"<link name>": {
//      "section": {"type": "tube", "outer_radius": R, "inner_radius": r}
//               | {"type": "rod", "radius": R}
//               | {"type": "rect_tube", "outer": [Hx, Hy], "inner": [hx, hy]}
//               | {"type": "rect", "outer": [Hx, Hy]},
//      "material": "AlMg3" | "steel" | {"density", "young_modulus", "poisson_ratio",
//                                       "allowed_normal_stress", "allowed_shear_stress"},
//      "length": l, "axis": [x, y, z],
//      "point_masses": [{"mass": m, "position": s}, ...],
//      "mass_from_section": true | false}}}
//
// section and material are required; the rest optional. Unknown keys and link names are errors
// naming them; every error is an InputError "<source>: links.<name>.<key>: <what>".
#include <string>

#include "armdyn/model/model.hpp"
#include "armdyn/segments/segment.hpp"

namespace armdyn {

/// Parses a segment document for `model`; `source` names it in errors.
segments::SegmentSet parse_segments(const std::string& text, const std::string& source, const Model& model);

/// Reads the segment file at `path` for `model`.
segments::SegmentSet load_segments(const std::string& path, const Model& model);

}  // namespace armdyn
