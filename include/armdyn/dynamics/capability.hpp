#pragma once
// What the joint effort limits allow at a state ([TML] §10.2, (10.3): the hand accelerations
// attainable over the available torque range). Both questions have joint torques affine in one
// scalar s >= 0, tau(s) = tau0 + s tau1, and the answer is the largest s with
// -effort_j <= tau_j(s) <= effort_j for every joint j that has an effort limit: the
// intersection of one interval per joint, in closed form.
//
// Frame acceleration along a direction d (3 numbers: the origin's linear acceleration, the
// orientation left free; 6: linear then angular, base axes), normalised to |d| = 1. The task
// acceleration is xdd = s d and the torques are the operational-space ones (cartesian.hpp),
//   tau(s) = J_r^T (Lambda s d + mu + p):    tau0 = J_r^T (mu + p),  tau1 = J_r^T Lambda d,
// which give J_r qdd + Jdot_r v = s d with qdd = M^-1 (tau - c): for a square J_r the only
// torques that do, for a redundant arm the ones with no null-space component. s is in m/s^2
// for a linear direction (mixed units for a 6-D one).
//
// Payload capacity: a point mass s (kg) at the frame origin, held at rest (v = 0, qdd = 0):
//   tau(s) = g(q) - s J_lin^T gravity:       tau0 = g(q),  tau1 = -J_lin^T gravity.
#include "armdyn/dynamics/cartesian.hpp"

namespace armdyn {

struct Capability {
  double value = 0;  ///< the largest s (+infinity when no limited joint bounds it; 0 when !feasible)
  bool feasible = true;    ///< false: some joint exceeds its limit already at s = 0
  int limiting_joint = -1;  ///< the joint that reaches its limit at `value` (or exceeds it at 0); -1 if none
  VecX<double> tau;        ///< tau(value) (tau0 when unbounded or not feasible)
  VecX<double> tau0, tau1;  ///< tau(s) = tau0 + s tau1
};

/// The largest s >= 0 with |tau0 + s tau1| <= effort for every joint with a finite effort limit.
/// InputError (naming the model) when no joint has one.
Capability effort_interval(const Model& model, const VecX<double>& tau0, const VecX<double>& tau1);

/// The largest acceleration of frame `frame` along `direction` (3 or 6 numbers, base axes; not
/// necessarily unit) at (q, v). InputError for a zero or non-finite direction, and when the
/// frame's rows are singular at q (cartesian.hpp's rule).
Capability max_frame_acceleration(const Model& model, Data& data, CartesianWorkspace<double>& ws, int frame,
                                  VecIn<double> q, VecIn<double> v, VecIn<double> direction);

/// The largest point mass at the origin of frame `frame` the arm holds at rest at q.
Capability max_payload(const Model& model, Data& data, FrameWorkspace<double>& ws, int frame, VecIn<double> q);

}  // namespace armdyn
