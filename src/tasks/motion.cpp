#include <algorithm>
#include <cmath>

#include "armdyn/tasks/motion.hpp"
#include "motion_plan.hpp"

namespace armdyn::tasks {

namespace detail {

void sample_position(const PositionPlan& plan, const ProfileSample& s, TaskReference& out) {
  switch (plan.kind) {
    case PositionKind::kLine:
      out.p = plan.start + s.s * plan.delta;
      out.dp = s.ds * plan.delta;
      out.ddp = s.dds * plan.delta;
      return;
    case PositionKind::kCoordinates: {
      const PointMotion m = to_cartesian(plan.system, plan.start + s.s * plan.delta, s.ds * plan.delta, s.dds * plan.delta);
      out.p = m.p;
      out.dp = m.dp;
      out.ddp = m.ddp;
      return;
    }
    case PositionKind::kArc: {
      // p = centre + cos α u + sin α v, α = s·angle (u ⟂ axis, v = axis × u, |u| = |v| = radius).
      const double a = s.s * plan.angle, da = s.ds * plan.angle, dda = s.dds * plan.angle;
      const Vec3<double> e = std::cos(a) * plan.u + std::sin(a) * plan.v;
      const Vec3<double> de = -std::sin(a) * plan.u + std::cos(a) * plan.v;
      out.p = plan.centre + e;
      out.dp = da * de;
      out.ddp = dda * de - da * da * e;
      return;
    }
  }
}

void sample_orientation(const OrientationPlan& plan, const ProfileSample& s, TaskReference& out) {
  out.orientation = plan.mode;
  out.R.setIdentity();
  out.w.setZero();
  out.dw.setZero();
  out.approach_axis = 2;
  out.approach = Vec3<double>::UnitZ();
  out.d_approach.setZero();
  out.dd_approach.setZero();
  const Vec3<double> x = plan.start + s.s * plan.delta, dx = s.ds * plan.delta, ddx = s.dds * plan.delta;
  switch (plan.kind) {
    case OrientationKind::kNone: return;
    case OrientationKind::kConstant:
      if (plan.mode == OrientationMode::kFull) {
        out.R = plan.pre;
      } else {
        out.approach_axis = plan.axis;
        out.approach = plan.direction;
      }
      return;
    case OrientationKind::kEuler: {
      const RotationMotion m = euler_motion(plan.sequence, x, dx, ddx);
      out.R = plan.pre * m.R;
      out.w = plan.pre * m.w;
      out.dw = plan.pre * m.dw;
      return;
    }
    case OrientationKind::kDirection: {
      const DirectionMotion d = direction_motion(x[0], x[1], dx[0], dx[1], ddx[0], ddx[1]);
      out.approach_axis = plan.axis;
      out.approach = d.h;
      out.d_approach = d.dh;
      out.dd_approach = d.ddh;
      return;
    }
    case OrientationKind::kDirectionFrame: {
      const RotationMotion m = direction_frame_motion(x, dx, ddx);
      out.R = m.R * plan.post;
      out.w = m.w;
      out.dw = m.dw;
      return;
    }
  }
}

}  // namespace detail

std::vector<double> TaskMotion::breakpoints() const {
  std::vector<double> out;
  for (std::size_t k = 0; k < plans_.size(); ++k) {
    if (k > 0) out.push_back(plans_[k].t0);
    for (double c : plans_[k].profile.corners()) out.push_back(plans_[k].t0 + c);
  }
  return out;
}

void TaskMotion::sample(double t, TaskReference& out) const {
  if (plans_.empty()) {
    out = rest_;
    out.t = t;
    return;
  }
  const double tc = std::clamp(std::isnan(t) ? 0.0 : t, 0.0, duration_);
  // The last segment starting at or before tc (segment k+1 owns its start instant).
  std::size_t k = 0;
  std::size_t lo = 1, hi = plans_.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (plans_[mid].t0 <= tc) {
      k = mid;
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  const detail::SegmentPlan& plan = plans_[k];
  const ProfileSample s = plan.profile.at(tc - plan.t0);
  out.t = t;
  detail::sample_position(plan.position, s, out);
  detail::sample_orientation(plan.orientation, s, out);
  out.joint = plan.joint.index;
  out.joint_q = plan.joint.index >= 0 ? plan.joint.start + s.s * plan.joint.delta : 0.0;
  out.joint_v = plan.joint.index >= 0 ? s.ds * plan.joint.delta : 0.0;
  out.joint_a = plan.joint.index >= 0 ? s.dds * plan.joint.delta : 0.0;
}

}  // namespace armdyn::tasks
