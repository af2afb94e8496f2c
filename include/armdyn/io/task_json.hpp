#pragma once
// The TASK document `armdyn task` runs (docs/tasks.md gives the format with a complete example):
//
//   {"frame": "tool", "initial": {"q": [...]},
//    "segments": [{"duration": 1.0, "profile": "triangular",
//                  "position": {"coordinates": "cartesian", "by": [dx, dy, dz]},
//                  "orientation": "hold"}, ...]}
//
// Unknown keys are errors (a misspelt key is never ignored silently).
#include <string>

#include "armdyn/tasks/task.hpp"

namespace armdyn {

/// Parses a TASK document. `dof` >= 0: initial.q and initial.q_guess must have that many entries
/// (any length when < 0). `source` names it in errors and becomes the task's source: every bad
/// input is an InputError "<source>: <field>: <what>", the field like "segments[2].position.by[1]"
/// (and the line and column for a syntax error or a number too large for a double).
tasks::Task parse_task(const std::string& text, const std::string& source, int dof = -1);

/// Reads the TASK file at `path`, or standard input when `path` is "-" (named "<stdin>" in
/// errors), and parses it as parse_task does.
tasks::Task read_task(const std::string& path, int dof = -1);

}  // namespace armdyn
