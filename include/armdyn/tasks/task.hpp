#pragma once
// A task description ([VP] §3.3-3.4, §3.6): what a named frame of the arm must do, segment by
// segment. docs/tasks.md gives its file form (TASK.json, read by io/task_json.hpp); TaskMotion
// (tasks/motion.hpp) turns it into the frame's prescribed motion at any time.
#include <optional>
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/model/payload.hpp"
#include "armdyn/tasks/coordinates.hpp"
#include "armdyn/tasks/orientation.hpp"
#include "armdyn/tasks/profile.hpp"

namespace armdyn::tasks {

/// A target given relative to the segment's start ("by") or absolutely ("to").
enum class Target { kBy, kTo };

/// A segment's velocity profile; `peak_velocity` only for kTrapezoidal: the peak speed along
/// the segment's path (m/s of path length; rad/s of rotation angle for a segment whose position
/// does not move; joint units/s when only the prescribed joint moves).
struct ProfileSpec {
  ProfileKind kind = ProfileKind::kTriangular;
  double peak_velocity = 0;
};

enum class PathShape {
  kLine,      ///< each coordinate of the chosen system follows the profile from start to target
  kArc,       ///< a circular arc about an axis through a centre (ArcSpec)
  kRotation,  ///< the position is held; only the orientation (and prescribed joint) moves
};

/// Where a line segment goes: `value` in `coordinates` (cartesian x, y, z; cylindrical ρ, θ, z;
/// spherical r, θ, φ), a displacement of the coordinates from the segment's start ("by";
/// base axes for cartesian) or the absolute end point ("to").
struct PositionTarget {
  Coordinates coordinates = Coordinates::kCartesian;
  Target target = Target::kBy;
  Vec3<double> value = Vec3<double>::Zero();
};

/// A circular arc: the point turns by `angle` (rad, right-handed about `axis`, any sign, may
/// exceed 2π) about the line through `centre` along `axis` (base axes, any non-zero length).
/// `centre` is absolute ("to") or relative to the segment's start ("by").
struct ArcSpec {
  Target centre_target = Target::kTo;
  Vec3<double> centre = Vec3<double>::Zero();
  Vec3<double> axis = Vec3<double>::UnitZ();
  double angle = 0;
};

enum class OrientationRule {
  kHold,      ///< keep the orientation the segment starts with (as much of it as is prescribed)
  kFree,      ///< prescribe no orientation
  kEuler,     ///< Euler angles of `euler.sequence` follow the profile ([VP] block C1)
  kApproach,  ///< a frame axis points along direction angles θ, φ, optionally turned by ψ ([VP] B1, C2, C3)
};

/// Euler angles: "by" turns the frame by R_a(s Δα) R_b(s Δβ) R_c(s Δγ) in its own axes (the
/// start orientation times it); "to" moves each angle of the start orientation (extracted in
/// the same sequence) to the target angles along the shorter way of α and γ.
struct EulerSpec {
  EulerSequence sequence;
  Target target = Target::kTo;
  Vec3<double> angles = Vec3<double>::Zero();
};

/// Approach direction: frame axis `axis` (0, 1, 2 = x, y, z) points along h(θ, φ)
/// ([VP] (3.4.40)). θ, φ (and ψ when given) follow the profile from the start's values: "by"
/// adds the values, "to" reaches them (θ and ψ along the shorter way). Without ψ only the
/// direction is prescribed (OrientationMode::kApproach, two angular rows); with ψ the frame is
/// fully prescribed as A(θ, φ, ψ) P ([VP] (3.4.23); P = axis_to_x(axis)).
struct ApproachSpec {
  int axis = 2;
  Target target = Target::kTo;
  double theta = 0, phi = 0;
  std::optional<double> psi;
};

struct OrientationSpec {
  OrientationRule rule = OrientationRule::kHold;
  EulerSpec euler;        ///< kEuler
  ApproachSpec approach;  ///< kApproach
};

/// One joint moved directly ([VP] blocks A1, C3): its coordinate follows the segment's profile
/// from where it starts to `value` ("to") or by `value` ("by"), in the joint's units.
struct PrescribedJointSpec {
  std::string name;
  Target target = Target::kBy;
  double value = 0;
};

struct Segment {
  double duration = 1;
  ProfileSpec profile;
  PathShape path = PathShape::kLine;
  PositionTarget position;  ///< kLine
  ArcSpec arc;              ///< kArc
  OrientationSpec orientation;
  std::optional<PrescribedJointSpec> joint;
};

/// Where the task starts: the joint positions, or a pose of the frame (its origin in base axes
/// and optionally its orientation) for an inverse-kinematics start from `q_guess` (zeros when
/// absent). Exactly one of q and position is set. The arm starts at rest.
struct InitialState {
  std::optional<VecX<double>> q;
  std::optional<Vec3<double>> position;
  std::optional<Mat3<double>> orientation;
  std::optional<VecX<double>> q_guess;
};

struct Task {
  std::string source;  ///< the file it came from; names it in errors (may be empty)
  std::string frame;   ///< the model frame that performs the task
  InitialState initial;
  std::optional<Payload> payload;  ///< the object held at the frame
  std::vector<Segment> segments;
};

}  // namespace armdyn::tasks
