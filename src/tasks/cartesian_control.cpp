#include "armdyn/tasks/cartesian_control.hpp"

#include <cmath>
#include <string>

#include <Eigen/Geometry>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/crba.hpp"

namespace armdyn::tasks {
namespace {

/// The rotation vector (axis times angle, angle in [0, pi]) of the rotation R.
Vec3<double> rotation_vector(const Mat3<double>& R) {
  const Eigen::AngleAxisd aa(R);
  return aa.angle() * aa.axis();
}

/// The rotation vector of the shortest rotation taking unit vector a onto unit vector h
/// (perpendicular to both; zero when they are parallel, including opposite).
Vec3<double> direction_error(const Vec3<double>& a, const Vec3<double>& h) {
  const Vec3<double> c = a.cross(h);
  const double s = c.norm();
  if (s == 0) return Vec3<double>::Zero();
  return c * (std::atan2(s, a.dot(h)) / s);
}

void check_gains(const VecX<double>& g, const char* what) {
  if (!g.allFinite() || (g.array() < 0).any())
    throw InputError(std::string("operational-space controller: ") + what + " must be finite and >= 0");
}

}  // namespace

void default_posture_gains(const Model& model, VecIn<double> q, double omega, OperationalSpaceSpec& spec) {
  Data data(model);
  const VecX<double> m = crba(model, data, q).diagonal();
  spec.posture_kp = omega * omega * m;
  spec.posture_kd = 2 * omega * m;
}

OperationalSpaceController::OperationalSpaceController(const Model& model, int frame, OperationalSpaceSpec spec,
                                                       ReferenceFunction reference)
    : model_(model), frame_(frame), spec_(std::move(spec)), reference_(std::move(reference)), data_(model),
      ws_(model), posture_tau_(VecX<double>::Zero(model.dof)), held_(VecX<double>::Zero(model.dof)) {
  const auto n = static_cast<Eigen::Index>(model.dof);
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw InputError("operational-space controller: frame index " + std::to_string(frame) + " is not a frame of model '" +
                     model.name + "'");
  if (!reference_) throw InputError("operational-space controller: no reference motion");
  check_gains(spec_.kp, "Kp");
  check_gains(spec_.kd, "Kd");
  if (spec_.posture.size() > 0) {
    if (spec_.posture.size() != n || spec_.posture_kp.size() != n || spec_.posture_kd.size() != n)
      throw InputError("operational-space controller: the posture and its gains need " + std::to_string(n) +
                       " entries each, got " + std::to_string(spec_.posture.size()) + ", " +
                       std::to_string(spec_.posture_kp.size()) + " and " + std::to_string(spec_.posture_kd.size()));
    if (!spec_.posture.allFinite()) throw InputError("operational-space controller: the posture must be finite");
    check_gains(spec_.posture_kp, "the posture's Kp");
    check_gains(spec_.posture_kd, "the posture's Kd");
  }
  if (!(spec_.rate >= 0) || !std::isfinite(spec_.rate))
    throw InputError("operational-space controller: rate must be >= 0 and finite");
  if (!(spec_.singular_threshold > 0) || !(spec_.singular_threshold < 1))
    throw InputError("operational-space controller: singular_threshold must be in (0, 1)");
}

OperationalSpaceController::OperationalSpaceController(const Model& model, int frame, OperationalSpaceSpec spec,
                                                       TaskMotion motion)
    : OperationalSpaceController(model, frame, std::move(spec),
                                 [m = std::move(motion)](double t, TaskReference& r) { m.sample(t, r); }) {}

void OperationalSpaceController::sample(double t, VecIn<double> q, VecIn<double> v) {
  if (spec_.rate > 0) evaluate(t, q, v, held_);
}

void OperationalSpaceController::torque(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) {
  if (spec_.rate > 0) tau = held_;
  else evaluate(t, q, v, tau);
}

// cmd_ <- xdd* = xdd_d + Kd (xd_d - xd) + Kp e in base axes (the angular half as the mode asks),
// from the frame's pose (p, R) and its velocity in ws_.frame.velocity.
void OperationalSpaceController::command(const Vec3<double>& p, const Mat3<double>& R) {
  const Vec3<double> vo = ws_.frame.velocity.head<3>(), w = ws_.frame.velocity.tail<3>();
  cmd_.head<3>() = ref_.ddp + spec_.kd.head<3>().cwiseProduct(ref_.dp - vo) + spec_.kp.head<3>().cwiseProduct(ref_.p - p);
  Vec3<double> e = Vec3<double>::Zero(), wd = Vec3<double>::Zero(), dwd = Vec3<double>::Zero();
  if (ref_.orientation == OrientationMode::kFull) {
    e = rotation_vector(ref_.R * R.transpose());
    wd = ref_.w;
    dwd = ref_.dw;
  } else if (ref_.orientation == OrientationMode::kApproach) {
    const Vec3<double>& h = ref_.approach;
    e = direction_error(R.col(ref_.approach_axis), h);
    // The angular velocity that turns h as prescribed (none about h), and the acceleration
    // that gives the axis a (on the path a = h) the prescribed second derivative: with
    // w = h x dh + lambda a (lambda = w . a, free), a'' = dw x a + w x (w x a) equals ddh when
    // dw = h x ddh + lambda dh (up to the free part along a).
    wd = h.cross(ref_.d_approach);
    dwd = h.cross(ref_.dd_approach) + w.dot(R.col(ref_.approach_axis)) * ref_.d_approach;
  }
  cmd_.tail<3>() = dwd + spec_.kd.tail<3>().cwiseProduct(wd - w) + spec_.kp.tail<3>().cwiseProduct(e);
}

void OperationalSpaceController::evaluate(double t, VecIn<double> q, VecIn<double> v, VecX<double>& tau) {
  reference_(t, ref_);
  CartesianOptions o;
  o.singular_threshold = spec_.singular_threshold;
  switch (ref_.orientation) {
    case OrientationMode::kFull:
      o.rows = kAllRows;
      break;
    case OrientationMode::kApproach:  // frame axes: the angular rows other than the approach axis
      o.rows = kLinearRows | (kAngularRows & ~(1u << (3 + ref_.approach_axis)));
      o.axes = Axes::kLocal;
      break;
    case OrientationMode::kFree:
      o.rows = kLinearRows;
      break;
  }
  const OperationalSpace<double>& op = operational_space(model_, data_, ws_, frame_, q, v, o);
  singular_ = op.singular;
  const Transform<double>& pose = data_.oMf[static_cast<std::size_t>(frame_)];
  command(pose.p, pose.R);

  // The commanded acceleration of the task rows, in their axes. In the frame's axes the rates are
  // x = blockdiag(R^T, R^T) [v_o; w], whose derivative is R^T (dv_o - w x v_o) and R^T dw.
  const int m = ws_.task_rows;
  Vec6<double> rows = cmd_;
  if (o.axes == Axes::kLocal) {
    const Vec3<double> vo = ws_.frame.velocity.head<3>(), w = ws_.frame.velocity.tail<3>();
    rows.head<3>() = pose.R.transpose() * (cmd_.head<3>() - w.cross(vo));
    rows.tail<3>() = pose.R.transpose() * cmd_.tail<3>();
  }
  SmallVector<double> f(m);
  for (int r = 0; r < m; ++r) f[r] = rows[ws_.row_index[static_cast<std::size_t>(r)]];
  SmallVector<double> force(m);
  force.noalias() = op.Lambda * f;  // Lambda xdd* + mu + p
  force += op.mu;
  force += op.p;
  tau.noalias() = ws_.J.topRows(m).transpose() * force;

  // The null-space torque N^T (g + h + tau_posture) = t - J_r^T Lambda (J_r M^-1 t) with
  // ws_.MinvJt = M^-1 J_r^T: the weight and velocity terms the task forces leave out, so that the
  // null space neither sags nor drifts, and the posture PD.
  posture_tau_ = ws_.g + ws_.h;
  if (spec_.posture.size() > 0)
    posture_tau_ += spec_.posture_kp.cwiseProduct(spec_.posture - q) - spec_.posture_kd.cwiseProduct(v);
  SmallVector<double> y(m);
  y.noalias() = ws_.MinvJt.leftCols(m).transpose() * posture_tau_;
  force.noalias() = op.Lambda * y;
  tau += posture_tau_;
  tau.noalias() -= ws_.J.topRows(m).transpose() * force;
}

}  // namespace armdyn::tasks
