#pragma once
// The STATES document `armdyn eval` evaluates: joint-space states and an optional gravity.
//
//   {"gravity": [gx, gy, gz],                                  (optional: the model's otherwise)
//    "states": [{"q": [...], "v": [...], "a": [...], "tau": [...],
//                "f_ext": {"<frame>": [fx, fy, fz, nx, ny, nz], ...},
//                "base": {"v": [vx, vy, vz, wx, wy, wz], "a": [ax, ay, az, ex, ey, ez]}}, ...]}
//
// q and v are required in every state, a, tau and f_ext optional (eval then omits what needs
// them). Every vector has the model's dof entries (q: nq, with a quaternion joint's four numbers
// w, x, y, z, not all zero), every number is finite. f_ext holds external
// wrenches on named frames: the force and the moment about the frame origin, base axes. base
// (optional) is a prescribed motion of the base (dynamics/loads.hpp): its velocity and
// acceleration, each [linear; angular] in the base frame's axes, either omitted = zero. Other
// keys are ignored (e.g. "expected" in tests/data/reference).
#include <optional>
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// An external wrench of a state: [fx, fy, fz, nx, ny, nz] on the body carrying the named frame,
/// the moment about the frame origin, base axes.
struct StateWrench {
  std::string frame;
  Vec6<double> wrench = Vec6<double>::Zero();
};

/// One state: positions, velocities and, when given, accelerations, joint torques and external
/// wrenches (f_ext, ordered by frame name; empty when none) and a prescribed base motion.
struct JointState {
  VecX<double> q, v;
  std::optional<VecX<double>> a, tau;
  std::vector<StateWrench> f_ext;
  std::optional<BaseMotion<double>> base;
};

struct StatesDocument {
  std::optional<Vec3<double>> gravity;
  std::vector<JointState> states;
};

/// Parses a STATES document for a model of `dof` joints. `source` names it in errors: every bad
/// input is an InputError "<source>: <field>: <what>", the field like "states[3].q[2]" or
/// "gravity" (and the line and column for a syntax error or a number too large for a double).
/// f_ext is checked for its form only (an object of arrays of 6 finite numbers, each error naming
/// "states[k].f_ext.<frame>[i]"); its frame names are not checked here.
StatesDocument parse_states(const std::string& text, const std::string& source, int dof);

/// As above for `model`: its dof (nq for q), and every f_ext frame must be one of model.frames (an
/// InputError naming "states[k].f_ext.<frame>" and listing the frames otherwise).
StatesDocument parse_states(const std::string& text, const std::string& source, const Model& model);

/// Reads the STATES file at `path`, or standard input when `path` is "-" (named "<stdin>" in
/// errors), and parses it as parse_states does.
StatesDocument read_states(const std::string& path, int dof);
StatesDocument read_states(const std::string& path, const Model& model);

}  // namespace armdyn
