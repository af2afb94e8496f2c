#pragma once
// The prescribed motion of a task's frame at any time ([VP] §3.2-3.4, §3.6): a Task, its start
// pose and start joint positions become a TaskReference (position, orientation and a prescribed
// joint with their first two time derivatives, base axes) at every t.
//
// Segment k starts where segment k−1 ended, at rest; within a segment every quantity follows
// the segment's profile s(t): a line moves each coordinate of its system linearly in s (a line in
// cylindrical or spherical coordinates is therefore a helix-like curve in space, not a straight
// line), an arc turns the point about its axis by s times its angle, Euler angles and direction
// angles move linearly in s. After the last segment the frame rests at the task's end pose.
#include <string>
#include <vector>

#include "armdyn/core/types.hpp"
#include "armdyn/tasks/profile.hpp"
#include "armdyn/tasks/reference.hpp"
#include "armdyn/tasks/task.hpp"

namespace armdyn::tasks {

namespace detail {

// How TaskMotion samples one segment, worked out once when it is built.
enum class PositionKind { kLine, kCoordinates, kArc };
struct PositionPlan {
  PositionKind kind = PositionKind::kLine;
  Coordinates system = Coordinates::kCartesian;
  Vec3<double> start = Vec3<double>::Zero(), delta = Vec3<double>::Zero();  ///< line: p0, Δp; coordinates: c0, Δc
  Vec3<double> centre = Vec3<double>::Zero(), u = Vec3<double>::Zero(), v = Vec3<double>::Zero();  ///< arc
  double angle = 0;
};
enum class OrientationKind { kNone, kConstant, kEuler, kDirection, kDirectionFrame };
struct OrientationPlan {
  OrientationMode mode = OrientationMode::kFull;
  OrientationKind kind = OrientationKind::kConstant;
  Mat3<double> pre = Mat3<double>::Identity(), post = Mat3<double>::Identity();  ///< R = pre · law · post
  EulerSequence sequence;
  Vec3<double> start = Vec3<double>::Zero(), delta = Vec3<double>::Zero();  ///< angles (θ, φ, ψ for directions)
  int axis = 2;
  Vec3<double> direction = Vec3<double>::UnitZ();  ///< a held direction
};
struct JointPlan {
  int index = -1;
  double start = 0, delta = 0;
  bool to = false;   ///< "to" target (else "by")
  double value = 0;  ///< the target or the displacement
};
struct SegmentPlan {
  double t0 = 0;
  Profile profile;
  PositionPlan position;
  OrientationPlan orientation;
  JointPlan joint;
};

}  // namespace detail

class TaskMotion {
 public:
  /// `p0`, `R0`: the frame's pose at the task's start (base axes). `q0` and `joint_names` (the
  /// model's movable joints, in q order) are needed only when a segment prescribes a joint: it
  /// starts at q0 or where an earlier segment left it. InputError "<task.source>: segments[k].<field>:
  /// <what>" for a segment that cannot be planned: a duration not > 0, a trapezoidal peak
  /// velocity out of reach, a radius that would turn negative, an arc whose start lies on its
  /// axis, an orientation rule that needs more of the start orientation than earlier segments
  /// prescribe (Euler angles or ψ after a "free" or approach-only segment), an unknown joint.
  TaskMotion(const Task& task, const Vec3<double>& p0, const Mat3<double>& R0, const VecX<double>& q0 = {},
             const std::vector<std::string>& joint_names = {});

  double duration() const { return duration_; }
  std::size_t segment_count() const { return plans_.size(); }
  double segment_start(std::size_t k) const { return plans_[k].t0; }
  /// Segment k's velocity profile (its time runs from segment_start(k)).
  const Profile& segment_profile(std::size_t k) const { return plans_[k].profile; }
  /// The instants in (0, duration()) where the prescribed acceleration may jump, ascending: each
  /// segment's start after the first and its profile's corners (Profile::corners). An integrator
  /// that ends its steps there keeps its order across the jumps.
  std::vector<double> breakpoints() const;
  /// The orientation mode segment k prescribes.
  OrientationMode segment_orientation(std::size_t k) const { return plans_[k].orientation.mode; }

  /// Starts the prescribed joint of segment k at `q`, the arm's value of that joint as it
  /// enters the segment: the joint then runs from q to q + by, or to the "to" target. Without
  /// this call the plan starts it at q0, or where the last earlier segment that prescribed it
  /// left it; a runner calls it at each segment start, because a joint that no segment prescribes
  /// moves with the arm. No effect when segment k prescribes no joint.
  void restart_joint(std::size_t k, double q);

  /// The prescribed motion at time t (clamped to [0, duration()]); allocates nothing. Fields
  /// that the sample's orientation mode does not use hold their defaults (R = I, approach = z).
  /// At a breakpoint the accelerations are those after it (the next segment's, the next ramp's).
  void sample(double t, TaskReference& out) const;

 private:
  std::vector<detail::SegmentPlan> plans_;
  double duration_ = 0;
  TaskReference rest_;  ///< the start pose when the task has no segment
};

}  // namespace armdyn::tasks
