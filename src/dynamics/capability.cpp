// The effort-limited capabilities of capability.hpp ([TML] §10.2): one interval per joint.
#include "armdyn/dynamics/capability.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/dynamics/rnea.hpp"

namespace armdyn {

Capability effort_interval(const Model& model, const VecX<double>& tau0, const VecX<double>& tau1) {
  bool limited = false;
  for (const JointLimits& l : model.limits) limited = limited || std::isfinite(l.effort);
  if (!limited)
    throw InputError("model '" + model.name +
                     "': no joint has an effort limit (the capability needs them: <limit effort=...> in a URDF, "
                     "\"limits\": {\"effort\": ...} in a JSON model)");
  Capability out;
  out.tau0 = tau0;
  out.tau1 = tau1;
  out.value = std::numeric_limits<double>::infinity();
  double worst = 1.0;  // the largest |tau0_j| / effort_j over the joints above their limit at s = 0
  for (int j = 0; j < model.dof; ++j) {
    const double effort = model.limits[static_cast<std::size_t>(j)].effort;
    if (!std::isfinite(effort)) continue;
    const double over = std::abs(tau0[j]) / effort;
    if (std::abs(tau0[j]) > effort && (out.feasible || over > worst)) {
      out.feasible = false;
      out.limiting_joint = j;
      worst = over;
    }
    if (!out.feasible) continue;
    double bound = std::numeric_limits<double>::infinity();
    if (tau1[j] > 0) bound = (effort - tau0[j]) / tau1[j];
    if (tau1[j] < 0) bound = (-effort - tau0[j]) / tau1[j];
    if (bound < out.value) {
      out.value = bound;
      out.limiting_joint = j;
    }
  }
  if (!out.feasible) {
    out.value = 0;
    out.tau = tau0;
  } else {
    out.tau = std::isfinite(out.value) ? VecX<double>(tau0 + out.value * tau1) : tau0;
  }
  return out;
}

Capability max_frame_acceleration(const Model& model, Data& data, CartesianWorkspace<double>& ws, int frame,
                                  VecIn<double> q, VecIn<double> v, VecIn<double> direction) {
  if (direction.size() != 3 && direction.size() != 6)
    throw InputError("direction: expected 3 numbers (linear acceleration) or 6 (linear, then angular), got " +
                     std::to_string(direction.size()));
  const std::optional<VecX<double>> unit = unit_vector(direction);  // of any finite non-zero length
  if (!unit) throw InputError(std::string("direction ") + direction_problem(direction));
  CartesianOptions options;
  options.rows = direction.size() == 3 ? kLinearRows : kAllRows;
  const OperationalSpace<double>& op = operational_space(model, data, ws, frame, q, v, options);
  if (op.singular)
    throw InputError("direction: frame '" + model.frames[static_cast<std::size_t>(frame)].name + "' of model '" +
                     model.name + "' is at a singularity for these " + std::to_string(direction.size()) +
                     " rows (its Jacobian has lost rank), where the acceleration along a direction is not defined");
  const int m = ws.task_rows, n = model.dof;
  const SmallVector<double> d = *unit;
  const SmallVector<double> force = op.Lambda * d, bias = op.mu + op.p;
  VecX<double> tau0 = VecX<double>::Zero(n), tau1 = VecX<double>::Zero(n);
  for (int r = 0; r < m; ++r) {
    tau0 += ws.J.row(r).transpose() * bias[r];
    tau1 += ws.J.row(r).transpose() * force[r];
  }
  return effort_interval(model, tau0, tau1);
}

Capability max_payload(const Model& model, Data& data, FrameWorkspace<double>& ws, int frame, VecIn<double> q) {
  const MatX<double>& J = frame_jacobian(model, data, ws, frame, q);
  const VecX<double> tau1 = -J.topRows<3>().transpose() * model.gravity;
  return effort_interval(model, gravity_torque(model, data, q), tau1);
}

}  // namespace armdyn
