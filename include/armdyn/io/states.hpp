#pragma once
// The STATES document `armdyn eval` evaluates: joint-space states and an optional gravity.
//
//   {"gravity": [gx, gy, gz],                                  (optional: the model's otherwise)
//    "states": [{"q": [...], "v": [...], "a": [...], "tau": [...]}, ...]}
//
// q and v are required in every state, a and tau optional (eval then omits what needs them).
// Every vector has the model's dof entries, every number is finite. Other keys are ignored
// (e.g. "expected" in tests/data/reference).
#include <optional>
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"

namespace armdyn {

/// One state: positions, velocities and, when given, accelerations and joint torques.
struct JointState {
  VecX<double> q, v;
  std::optional<VecX<double>> a, tau;
};

struct StatesDocument {
  std::optional<Vec3<double>> gravity;
  std::vector<JointState> states;
};

/// Parses a STATES document for a model of `dof` joints. `source` names it in errors: every bad
/// input is an InputError "<source>: <field>: <what>", the field like "states[3].q[2]" or
/// "gravity" (and the line and column for a syntax error or a number too large for a double).
StatesDocument parse_states(const std::string& text, const std::string& source, int dof);

/// Reads the STATES file at `path`, or standard input when `path` is "-" (named "<stdin>" in
/// errors), and parses it as parse_states does.
StatesDocument read_states(const std::string& path, int dof);

}  // namespace armdyn
