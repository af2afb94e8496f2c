// TaskMotion's construction: each segment planned from where the previous one ended.
#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>
#include <optional>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/tasks/motion.hpp"
#include "motion_plan.hpp"

namespace armdyn::tasks {

namespace {

using detail::OrientationKind;
using detail::PositionKind;

constexpr double kTwoPi = 2 * std::numbers::pi;

/// `from` moved by a whole number of turns to lie within π of `to` (the shorter way).
double nearest_turn(double from, double to) { return from + kTwoPi * std::round((to - from) / kTwoPi); }

/// ∫₀¹ rate(s) ds by Simpson's rule on 256 intervals (path lengths for trapezoidal profiles).
double integrate(const std::function<double(double)>& rate) {
  constexpr int n = 256;
  double sum = rate(0) + rate(1);
  for (int i = 1; i < n; ++i) sum += (i % 2 ? 4 : 2) * rate(static_cast<double>(i) / n);
  return sum / (3 * n);
}

/// What the orientation at a segment's start is known to be.
enum class Known { kFull, kDirection, kNothing };

struct Cursor {
  Vec3<double> p;
  Known known = Known::kFull;
  Mat3<double> R;
  int axis = 2;  ///< kDirection: the frame axis and its direction
  Vec3<double> h = Vec3<double>::UnitZ();
  VecX<double> q;
};

class Planner {
 public:
  Planner(const Task& task, std::size_t k) : seg_(task.segments[k]) {
    at_ = (task.source.empty() ? std::string() : task.source + ": ") + "segments[" + std::to_string(k) + "]";
  }

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw InputError(at_ + (field.empty() ? "" : "." + field) + ": " + what);
  }

  detail::SegmentPlan plan(Cursor& c, const std::vector<std::string>& joint_names) const {
    detail::SegmentPlan out;
    if (!std::isfinite(seg_.duration) || !(seg_.duration > 0))
      fail("duration", "must be a finite number > 0, got " + number_text(seg_.duration, 9));
    out.position = position(c.p);
    out.orientation = orientation(c);
    out.joint = joint(c, joint_names);
    out.profile = profile(out);
    // The end state, from the plan itself (exact continuity of the next segment's start).
    TaskReference end;
    const ProfileSample one{1, 0, 0};
    detail::sample_position(out.position, one, end);
    detail::sample_orientation(out.orientation, one, end);
    c.p = end.p;
    if (out.orientation.mode == OrientationMode::kFull) {
      c.known = Known::kFull;
      c.R = end.R;
    } else if (out.orientation.mode == OrientationMode::kApproach) {
      c.known = Known::kDirection;
      c.axis = end.approach_axis;
      c.h = end.approach;
    } else {
      c.known = Known::kNothing;
    }
    if (out.joint.index >= 0) c.q[out.joint.index] = out.joint.start + out.joint.delta;
    return out;
  }

 private:
  detail::PositionPlan position(const Vec3<double>& p0) const {
    detail::PositionPlan out;
    out.start = p0;
    if (seg_.path == PathShape::kRotation) return out;  // held: a line of zero length
    if (seg_.path == PathShape::kArc) return arc(p0);
    const PositionTarget& target = seg_.position;
    const char* key = target.target == Target::kBy ? "position.by" : "position.to";
    if (target.coordinates == Coordinates::kCartesian) {
      out.delta = target.target == Target::kBy ? target.value : Vec3<double>(target.value - p0);
      return out;
    }
    out.kind = PositionKind::kCoordinates;
    out.system = target.coordinates;
    out.start = from_cartesian(target.coordinates, p0);
    Vec3<double> end = target.value;
    if (target.target == Target::kBy) {
      end += out.start;
      if (end[0] < 0)
        fail(std::string(key) + "[0]", "the radius would end negative (" + number_text(out.start[0], 9) + " + " +
                                           number_text(target.value[0], 9) + ")");
    } else {
      if (end[0] < 0) fail(std::string(key) + "[0]", "the radius must be >= 0, got " + number_text(end[0], 9));
      out.start[1] = nearest_turn(out.start[1], end[1]);  // the azimuth the shorter way
    }
    out.delta = end - out.start;
    return out;
  }

  detail::PositionPlan arc(const Vec3<double>& p0) const {
    const ArcSpec& a = seg_.arc;
    const std::optional<Vec3<double>> unit = unit_vector(a.axis);  // of any finite non-zero length
    if (!unit) fail("position.axis", a.axis.allFinite() ? "must be a non-zero vector" : "must be finite");
    if (!std::isfinite(a.angle)) fail("position.angle", "must be finite");
    const Vec3<double> n = *unit;
    const Vec3<double> centre = a.centre_target == Target::kBy ? Vec3<double>(p0 + a.centre) : a.centre;
    const Vec3<double> r = p0 - centre, along = n * n.dot(r);
    detail::PositionPlan out;
    out.kind = PositionKind::kArc;
    out.centre = centre + along;  // the circle's own centre, in the plane of the start point
    out.u = r - along;
    out.v = n.cross(out.u);
    out.angle = a.angle;
    if (!(out.u.norm() > 1e-12))
      fail(a.centre_target == Target::kBy ? "position.centre_by" : "position.centre",
           "the start point lies on the arc's axis (radius 0)");
    return out;
  }

  detail::OrientationPlan orientation(const Cursor& c) const {
    detail::OrientationPlan out;
    const OrientationSpec& o = seg_.orientation;
    switch (o.rule) {
      case OrientationRule::kFree:
        out.mode = OrientationMode::kFree;
        out.kind = OrientationKind::kNone;
        return out;
      case OrientationRule::kHold:
        out.kind = OrientationKind::kConstant;
        if (c.known == Known::kFull) {
          out.pre = c.R;
        } else if (c.known == Known::kDirection) {
          out.mode = OrientationMode::kApproach;
          out.axis = c.axis;
          out.direction = c.h;
        } else {
          out.mode = OrientationMode::kFree;
          out.kind = OrientationKind::kNone;
        }
        return out;
      case OrientationRule::kEuler: return euler(c);
      case OrientationRule::kApproach: return approach(c);
    }
    return out;
  }

  void require_full(const Cursor& c, const std::string& field, const char* what) const {
    if (c.known == Known::kFull) return;
    fail(field, std::string(what) + " needs the whole orientation at the segment's start, but an earlier segment left it " +
                    (c.known == Known::kNothing ? "free" : "prescribed only by a direction"));
  }

  detail::OrientationPlan euler(const Cursor& c) const {
    const EulerSpec& e = seg_.orientation.euler;
    require_full(c, "orientation", "an Euler-angle rule");
    detail::OrientationPlan out;
    out.kind = OrientationKind::kEuler;
    out.sequence = e.sequence;
    if (!e.angles.allFinite()) fail("orientation", "the angles must be finite");
    if (e.target == Target::kBy) {  // turned in the frame's own axes from the start orientation
      out.pre = c.R;
      out.delta = e.angles;
    } else {
      out.start = euler_angles(e.sequence, c.R);
      out.start[0] = nearest_turn(out.start[0], e.angles[0]);
      out.start[2] = nearest_turn(out.start[2], e.angles[2]);
      out.delta = e.angles - out.start;
    }
    return out;
  }

  detail::OrientationPlan approach(const Cursor& c) const {
    const ApproachSpec& a = seg_.orientation.approach;
    if (a.axis < 0 || a.axis > 2) fail("orientation.approach", "the axis must be x, y or z");
    Vec3<double> h0;
    if (c.known == Known::kFull) {
      h0 = c.R.col(a.axis);
    } else if (c.known == Known::kDirection && c.axis == a.axis) {
      h0 = c.h;
    } else if (c.known == Known::kDirection) {
      fail("orientation.approach", std::string("the direction prescribed before is the frame's ") + "xyz"[c.axis] +
                                       " axis, not " + "xyz"[a.axis] + "; the whole orientation is not known here");
    } else {
      fail("orientation", "an approach rule needs the direction at the segment's start, but an earlier segment left the orientation free");
    }
    const auto [theta0, phi0] = direction_angles(h0);
    detail::OrientationPlan out;
    out.axis = a.axis;
    out.start = Vec3<double>(theta0, phi0, 0);
    Vec3<double> target(a.theta, a.phi, a.psi.value_or(0));
    if (a.psi) {
      require_full(c, "orientation.psi", "a rotation ψ about the direction");
      out.mode = OrientationMode::kFull;
      out.kind = OrientationKind::kDirectionFrame;
      out.post = axis_to_x(a.axis);
      // R0 = A(θ0, φ0, 0) R_x(ψ0) P, so R_x(ψ0) = A(θ0, φ0, 0)ᵀ R0 Pᵀ.
      const Mat3<double> Rx = direction_frame_motion(out.start, Vec3<double>::Zero(), Vec3<double>::Zero()).R.transpose() *
                              c.R * out.post.transpose();
      out.start[2] = std::atan2(Rx(2, 1), Rx(1, 1));
    } else {
      out.mode = OrientationMode::kApproach;
      out.kind = OrientationKind::kDirection;
    }
    if (a.target == Target::kBy) {
      target += out.start;
    } else {
      out.start[0] = nearest_turn(out.start[0], target[0]);
      out.start[2] = nearest_turn(out.start[2], target[2]);
    }
    out.delta = target - out.start;
    if (!a.psi) out.delta[2] = 0;
    return out;
  }

  detail::JointPlan joint(const Cursor& c, const std::vector<std::string>& joint_names) const {
    detail::JointPlan out;
    if (!seg_.joint) return out;
    const PrescribedJointSpec& j = *seg_.joint;
    for (std::size_t k = 0; k < joint_names.size(); ++k)
      if (joint_names[k] == j.name) out.index = static_cast<int>(k);
    if (out.index < 0) fail("joint.name", "no movable joint named '" + printable(j.name) + "'");
    if (out.index >= c.q.size()) fail("joint.name", "the initial q has no entry for joint '" + printable(j.name) + "'");
    if (!std::isfinite(j.value)) fail(j.target == Target::kBy ? "joint.by" : "joint.to", "must be finite");
    out.to = j.target == Target::kTo;
    out.value = j.value;
    out.start = c.q[out.index];
    out.delta = out.to ? j.value - out.start : j.value;
    return out;
  }

  Profile profile(const detail::SegmentPlan& plan) const {
    const ProfileSpec& spec = seg_.profile;
    if (spec.kind != ProfileKind::kTrapezoidal) return Profile(spec.kind, seg_.duration);
    // The path's length at unit rate ṡ = 1: the position's, else the orientation's angle, else
    // the prescribed joint's travel.
    auto at = [](const auto& sampler, const auto& part, double s) {
      TaskReference r;
      sampler(part, ProfileSample{s, 1, 0}, r);
      return r;
    };
    double length = integrate([&](double s) { return at(detail::sample_position, plan.position, s).dp.norm(); });
    if (!(length > 1e-12))
      length = integrate([&](double s) {
        const TaskReference r = at(detail::sample_orientation, plan.orientation, s);
        return r.orientation == OrientationMode::kApproach ? r.d_approach.norm() : r.w.norm();
      });
    if (!(length > 1e-12)) length = std::abs(plan.joint.delta);
    if (!(length > 1e-12))
      fail("profile.peak_velocity", "the segment does not move, so a peak velocity has no meaning (use another profile)");
    const double v = spec.peak_velocity, T = seg_.duration;
    if (!std::isfinite(v) || !(v * T > length) || v * T > 2 * length * (1 + 1e-12))
      fail("profile.peak_velocity", number_text(v, 9) + " is unreachable: a path of " + number_text(length, 9) + " in " + number_text(T, 9) +
                                        " s needs a peak velocity above " + number_text(length / T, 9) + " and at most " +
                                        number_text(2 * length / T, 9));
    return Profile::trapezoidal(T, v / length);
  }

  const Segment& seg_;
  std::string at_;
};

}  // namespace

TaskMotion::TaskMotion(const Task& task, const Vec3<double>& p0, const Mat3<double>& R0, const VecX<double>& q0,
                       const std::vector<std::string>& joint_names) {
  Cursor c;
  c.p = p0;
  c.R = R0;
  c.q = q0;
  rest_.p = p0;
  rest_.R = R0;
  plans_.reserve(task.segments.size());
  double t = 0;
  for (std::size_t k = 0; k < task.segments.size(); ++k) {
    detail::SegmentPlan plan = Planner(task, k).plan(c, joint_names);
    plan.t0 = t;
    t += task.segments[k].duration;
    plans_.push_back(std::move(plan));
  }
  duration_ = t;
}

void TaskMotion::restart_joint(std::size_t k, double q) {
  detail::JointPlan& joint = plans_.at(k).joint;
  if (joint.index < 0) return;
  joint.start = q;
  joint.delta = joint.to ? joint.value - q : joint.value;
}

}  // namespace armdyn::tasks
