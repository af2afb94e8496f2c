#pragma once
// Checks shared by the TaskMotion tests: sampling at one instant, velocities and accelerations
// against central differences of the samples, continuity of the pose at segment boundaries.
#include <gtest/gtest.h>

#include <cmath>

#include "armdyn/tasks/motion.hpp"

namespace armdyn::tasks::motion_checks {

inline TaskReference at(const TaskMotion& m, double t) {
  TaskReference r;
  m.sample(t, r);
  return r;
}

inline Vec3<double> log_map(const Mat3<double>& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.angle() * aa.axis();
}

// Velocities and accelerations of the samples against central differences of the samples, at
// instants away from segment boundaries (where s̈ may jump).
inline void expect_consistent_derivatives(const TaskMotion& m, int samples = 37) {
  const double h = 1e-6;
  for (int i = 0; i < samples; ++i) {
    const double t = m.duration() * (i + 0.5) / samples;
    bool near_boundary = false;
    for (std::size_t k = 0; k < m.segment_count(); ++k) near_boundary |= std::abs(t - m.segment_start(k)) < 1e-3;
    if (near_boundary) continue;
    const TaskReference r = at(m, t), plus = at(m, t + h), minus = at(m, t - h);
    // Across a profile's corner (the triangular profile's mid-point, a trapezoid's ramp ends)
    // s̈ jumps: no difference quotient there.
    if ((plus.ddp - minus.ddp).norm() > 1e-3 || (plus.dw - minus.dw).norm() > 1e-3 ||
        (plus.dd_approach - minus.dd_approach).norm() > 1e-3 || std::abs(plus.joint_a - minus.joint_a) > 1e-3)
      continue;
    EXPECT_LT((r.dp - (plus.p - minus.p) / (2 * h)).norm(), 1e-7) << t;
    EXPECT_LT((r.ddp - (plus.dp - minus.dp) / (2 * h)).norm(), 1e-6) << t;
    if (r.orientation == OrientationMode::kFull) {
      EXPECT_LT((r.w - log_map(plus.R * minus.R.transpose()) / (2 * h)).norm(), 1e-7) << t;
      EXPECT_LT((r.dw - (plus.w - minus.w) / (2 * h)).norm(), 1e-6) << t;
    }
    if (r.orientation == OrientationMode::kApproach) {
      EXPECT_LT((r.d_approach - (plus.approach - minus.approach) / (2 * h)).norm(), 1e-7) << t;
      EXPECT_LT((r.dd_approach - (plus.d_approach - minus.d_approach) / (2 * h)).norm(), 1e-6) << t;
    }
    if (r.joint >= 0) {
      EXPECT_NEAR(r.joint_v, (plus.joint_q - minus.joint_q) / (2 * h), 1e-7) << t;
      EXPECT_NEAR(r.joint_a, (plus.joint_v - minus.joint_v) / (2 * h), 1e-6) << t;
    }
  }
}

// Pose continuity at every segment boundary: the end of segment k−1 is the start of segment k.
inline void expect_continuous(const TaskMotion& m) {
  for (std::size_t k = 1; k < m.segment_count(); ++k) {
    const double t = m.segment_start(k);
    const TaskReference a = at(m, std::nextafter(t, 0.0)), b = at(m, t);
    EXPECT_LT((a.p - b.p).norm(), 1e-12) << k;
    EXPECT_LT(b.dp.norm(), 1e-12) << k;
    if (a.orientation == OrientationMode::kFull && b.orientation == OrientationMode::kFull) {
      EXPECT_LT((a.R - b.R).norm(), 1e-12) << k;
    }
    if (b.orientation == OrientationMode::kApproach && a.orientation != OrientationMode::kFree) {
      const Vec3<double> before = a.orientation == OrientationMode::kFull ? Vec3<double>(a.R.col(b.approach_axis)) : a.approach;
      EXPECT_LT((before - b.approach).norm(), 1e-12) << k;
    }
  }
}

}  // namespace armdyn::tasks::motion_checks
