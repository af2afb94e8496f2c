// Damped least-squares inverse kinematics (Levenberg-Marquardt damping); see
// tasks/inverse_kinematics.hpp.
#include "armdyn/tasks/inverse_kinematics.hpp"

#include <cmath>
#include <cstdio>

#include <Eigen/Cholesky>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/kinematics/jacobian.hpp"
#include "armdyn/tasks/blocks.hpp"

namespace armdyn::tasks {

namespace {

// The pose error at the frame's placement X (rows as in the header) and its rows of J.
struct PoseError {
  VecX<double> e;
  MatX<double> J;
  double position = 0, orientation = 0;
  double norm() const { return e.norm(); }
};

void pose_error(const IkTarget& target, const Transform<double>& X, const MatX<double>& J6, PoseError& out) {
  const int m = block_rows(target.orientation, false);
  out.e.resize(m);
  out.J.resize(m, J6.cols());
  out.e.head<3>() = target.p - X.p;
  out.J.topRows(3) = J6.topRows(3);
  out.position = out.e.head<3>().norm();
  out.orientation = 0;
  if (target.orientation == OrientationMode::kFull) {
    out.e.tail<3>() = rotation_error(target.R, X.R);
    out.J.bottomRows(3) = J6.bottomRows(3);
    out.orientation = out.e.tail<3>().norm();
  } else if (target.orientation == OrientationMode::kApproach) {
    const Vec3<double> h = X.R.col(target.approach_axis);
    const Vec3<double> axis = h.cross(target.approach);  // |axis| = sin(angle)
    const double angle = std::atan2(axis.norm(), h.dot(target.approach));
    const Vec3<double> rot = axis.norm() > 0 ? Vec3<double>(angle * axis.normalized()) : Vec3<double>::Zero();
    // A turn by `rot` about an axis ⟂ h: its components on e1, e2 (the turn about h is free).
    Vec3<double> e1, e2;
    tangent_basis(h, e1, e2);
    out.e(3) = e1.dot(rot);
    out.e(4) = e2.dot(rot);
    out.J.row(3) = e1.transpose() * J6.bottomRows(3);
    out.J.row(4) = e2.transpose() * J6.bottomRows(3);
    out.orientation = angle;
  }
}

}  // namespace

IkResult inverse_kinematics(const Model& model, int frame, const IkTarget& target, VecIn<double> q_start,
                            const IkOptions& options) {
  require_angle_coordinates(model, "inverse kinematics");
  if (frame < 0 || frame >= static_cast<int>(model.frames.size()))
    throw InputError("inverse kinematics: frame index " + std::to_string(frame) + " out of range");
  if (q_start.size() != model.dof || !q_start.allFinite())
    throw InputError("inverse kinematics: the start q must hold " + std::to_string(model.dof) + " finite values");
  if (!target.p.allFinite() || !target.R.allFinite() || !target.approach.allFinite())
    throw InputError("inverse kinematics: the target pose is not finite");
  if (target.orientation == OrientationMode::kApproach &&
      (target.approach_axis < 0 || target.approach_axis > 2 || !unit_vector(target.approach)))
    throw InputError("inverse kinematics: the approach axis must be 0, 1 or 2 and the direction non-zero");
  IkTarget goal = target;
  if (goal.orientation == OrientationMode::kApproach) goal.approach = *unit_vector(target.approach);  // any length
  const std::string frame_name = model.frames[static_cast<std::size_t>(frame)].name;

  Data data(model);
  FrameWorkspace<double> ws(model);
  IkResult r;
  r.q = q_start;
  PoseError err, trial_err;
  frame_jacobian(model, data, ws, frame, r.q);
  pose_error(goal, data.oMf[static_cast<std::size_t>(frame)], ws.J, err);
  double lambda = options.initial_damping;
  VecX<double> trial(model.dof);
  auto done = [&](const PoseError& e) {
    return e.position <= options.position_tolerance && e.orientation <= options.orientation_tolerance;
  };
  while (!done(err) && r.iterations < options.max_iterations && lambda <= 1e6) {
    ++r.iterations;
    MatX<double> G = err.J * err.J.transpose();
    G.diagonal().array() += lambda * lambda;
    trial = r.q + err.J.transpose() * G.ldlt().solve(err.e);
    frame_jacobian(model, data, ws, frame, trial);
    pose_error(goal, data.oMf[static_cast<std::size_t>(frame)], ws.J, trial_err);
    if (trial.allFinite() && trial_err.norm() < err.norm()) {
      r.q = trial;
      std::swap(err, trial_err);
      lambda = std::max(options.min_damping, lambda / 10);
    } else {
      lambda *= 10;
    }
  }
  r.converged = done(err);
  r.position_error = err.position;
  r.orientation_error = err.orientation;
  if (!r.converged)
    r.message = "inverse kinematics: frame '" + frame_name + "' did not reach the pose after " +
                std::to_string(r.iterations) + " iterations (position error " + number_text(err.position, 3) +
                " m, orientation error " + number_text(err.orientation, 3) +
                " rad): the pose may be out of reach, or another start q may reach it";
  return r;
}

}  // namespace armdyn::tasks
