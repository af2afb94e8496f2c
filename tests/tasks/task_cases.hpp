#pragma once
// Shared by the task tests: the arms they run on, a known joint motion q(t) (a quintic per
// joint, rest to rest) and the reference its frame follows (from forward kinematics and the
// frame velocity and acceleration of kinematics/jacobian.hpp), so that a runner fed with that
// reference must give back q(t).
#include <random>
#include <string>
#include <vector>

#include "armdyn/io/urdf.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/tasks/reference.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

struct TaskArm {
  std::string label;
  Model model;
  std::string frame;
};

/// Random DH chains of 3 to 8 joints (both conventions, with and without prismatic joints),
/// ur5 and panda.
inline std::vector<TaskArm> task_arms() {
  std::vector<TaskArm> out;
  std::mt19937_64 rng(2311);
  for (int n = 3; n <= 8; ++n) {
    std::string standard = "dh_standard_revolute_", modified = "dh_modified_mixed_";
    standard += std::to_string(n);
    modified += std::to_string(n);
    out.push_back({standard, random_dh_chain(rng, n, DhConvention::kStandard, false), "tool"});
    out.push_back({modified, random_dh_chain(rng, n, DhConvention::kModified, true), "tool"});
  }
  out.push_back({"ur5", load_urdf(data_path("models/ur5.urdf")), "tool0"});
  out.push_back({"panda", load_urdf(data_path("models/panda.urdf")), "panda_hand_tcp"});
  return out;
}

/// q(t) = q0 + (q1 − q0) s(t / T), s the rest-to-rest quintic 10 u³ − 15 u⁴ + 6 u⁵.
struct QuinticMotion {
  VecX<double> q0, q1;
  double T = 1.0;
  void at(double t, VecX<double>& q, VecX<double>& v, VecX<double>& a) const {
    const double u = t / T;
    const double s = u * u * u * (10 - 15 * u + 6 * u * u);
    const double ds = 30 * u * u * (1 - 2 * u + u * u) / T;
    const double dds = 60 * u * (1 - 3 * u + 2 * u * u) / (T * T);
    q = q0 + s * (q1 - q0);
    v = ds * (q1 - q0);
    a = dds * (q1 - q0);
  }
};

/// The reference of frame `frame` when the joints move as (q, v, a): p, R from forward
/// kinematics, [dp; w] and [ddp; dw] from frame_acceleration; the approach direction (frame axis
/// `axis`) with ḣ = w × h, ḧ = ẇ × h + w × (w × h).
inline tasks::TaskReference reference_from_joints(const Model& model, int frame, const VecX<double>& q,
                                                  const VecX<double>& v, const VecX<double>& a,
                                                  tasks::OrientationMode mode, int axis = 2) {
  Data data(model);
  FrameWorkspace<double> ws(model);
  const Vec6<double> acc = frame_acceleration(model, data, ws, frame, q, v, a);
  const Vec6<double> vel = ws.velocity;
  const Transform<double> X = data.oMf[static_cast<std::size_t>(frame)];
  tasks::TaskReference r;
  r.p = X.p;
  r.dp = vel.head<3>();
  r.ddp = acc.head<3>();
  r.orientation = mode;
  r.R = X.R;
  r.w = vel.tail<3>();
  r.dw = acc.tail<3>();
  r.approach_axis = axis;
  const Vec3<double> h = X.R.col(axis), w = vel.tail<3>();
  r.approach = h;
  r.d_approach = w.cross(h);
  r.dd_approach = acc.tail<3>().cross(h) + w.cross(w.cross(h));
  return r;
}

/// The orientation mode (and whether a joint is prescribed) that makes a square block on an
/// n-joint arm: 3 position, 4 position + joint (A1), 5 approach (B1), 6 full (C1), 7 full + joint.
inline void square_block(int n, tasks::OrientationMode& mode, bool& joint) {
  mode = n >= 6 ? tasks::OrientationMode::kFull
                : (n == 5 ? tasks::OrientationMode::kApproach : tasks::OrientationMode::kFree);
  joint = n == 4 || n == 7;
}

}  // namespace armdyn::test
