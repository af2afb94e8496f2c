#pragma once
// The STUDY document of `armdyn design` (docs/design.md, "Design studies"):
//
//   {"model": "arm.json" | {DH model},          paths relative to the study file
//    "task": "task.json" | {task},
//    "segments": "segments.json" | {segments},  optional
//    "actuators": "actuators.json" | {drives},  optional
//    "parameters": {"R": {"from": 0.014, "to": 0.04, "count": 3}, "N": {"values": [100, 150]}},
//    "time_scale": 1.5 | [1, 2] | {"param": "s"}   or   "duration": 6 | [10, 6.2] | {"param": "T_task"},
//    "limits": {"allowed_deflection": 0.001, "max_position_deviation": 1e-3,
//               "max_orientation_deviation": 1e-2, "joint_limits": true},
//    "criterion": {"T0", "T1", "E0", "E1", "w_t", "r" | "c"},
//    "run": {"integrator": "rk4", "dt": 1e-3, "check_period": 0},
//    "kind": "sweep" | "tmin" | "optimize",
//    "tmin": {"scale_from", "scale_to", "rel_tol"},
//    "optimize": {"variables": [...], "start": {...}, "step": {...}, "objective", "method",
//                 "max_evaluations", "min_step_ratio"},
//    "description": "..."}
//
// Any number in the model, task, segments or actuators may be {"param": "R"} or
// {"param": "R", "times": 0.75}: the parameter's value (times the factor) in each candidate.
// A list for time_scale or duration is a parameter of that name ("scale", "duration").
// Unknown keys are errors; every error is an InputError "<file>: <field>: <what>" naming the
// file the field is in (the study, or the referenced file) and its JSON path.
#include <string>

#include "armdyn/design/study.hpp"

namespace armdyn {

/// Parses a STUDY document; `source` names it in errors. Referenced files are read relative to
/// `base_dir`; with an empty `base_dir` only inline documents are accepted (a file name is an
/// error). The first grid point's candidate is built once, so that a base design that cannot
/// be read is refused here. The returned Study's build() keeps the parsed documents (immutable)
/// and is thread-safe.
design::Study parse_study(const std::string& text, const std::string& source, const std::string& base_dir);

/// Reads the STUDY file at `path` (files it names are relative to its folder).
design::Study read_study(const std::string& path);

}  // namespace armdyn
