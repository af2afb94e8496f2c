#pragma once
// A joint motion as CSV: what `armdyn simulate` and `armdyn task` write. The first line is the
// header; the columns t, q1..qn, v1..vn, a1..an (n the model's joints) are required, j1..jn (the
// jerk) optional and all or none, in any order; every other column (tau1, energy, pos_x, ...) is
// ignored. Each further line is one sample: as many comma-separated cells as the header, the
// needed ones finite numbers, the times strictly increasing. Blank lines and a '\r' before the
// line end are allowed. Errors: InputError "<source>:<line>: <what>" (line 1 the header).
#include <string>

#include "armdyn/drives/nominal_control.hpp"

namespace armdyn {

/// The motion in `text` (named `source` in messages) for a model of `dof` joints. InputError for
/// a missing, repeated or surplus joint column (q7 for a 6-joint model), a row of the wrong
/// length, a cell that is not a finite number, times that do not increase strictly, no rows.
drives::SampledMotion parse_trajectory_csv(const std::string& text, const std::string& source, int dof);

/// The same for the file at `path` ('-': standard input).
drives::SampledMotion read_trajectory_csv(const std::string& path, int dof);

}  // namespace armdyn
