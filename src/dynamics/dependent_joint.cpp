#include "armdyn/dynamics/dependent_joint.hpp"

#include <cmath>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/dynamics/aba.hpp"
#include "armdyn/kinematics/configuration.hpp"

namespace armdyn {
namespace {

constexpr double kRelativePivot = 1e-12;

// flagged[i]: joint i's articulated pivot D_i is not above kRelativePivot * M_ii at q.
void flag_small_pivots(const Model& model, Data& data, AbaWorkspace<double>& ws, const VecX<double>& q,
                       std::vector<bool>& flagged) {
  const VecX<double> zero = VecX<double>::Zero(model.dof);
  aba(model, data, ws, configuration_from_rotation_vectors<double>(model, q), zero, zero);  // data.X_up, ws.D_inv
  std::vector<Inertia<double>> Ic = model.inertia;  // composite inertias, leaves first
  for (int i = model.dof - 1; i >= 0; --i)
    if (model.parent[i] >= 0) Ic[model.parent[i]] += transform_to_parent(data.X_up[i], Ic[i]);
  for (int i = 0; i < model.dof; ++i) {
    const double locked = model.joint_type[i] == JointType::kRevolute ? Ic[i].I(2, 2) : Ic[i].m;
    const double pivot = 1.0 / ws.D_inv[i];  // D_inv = inf for an exact zero pivot: pivot 0
    if (!(pivot > kRelativePivot * locked)) flagged[i] = true;
  }
}

}  // namespace

int dependent_joint(const Model& model) {
  const int n = model.dof;
  if (n == 0) return -1;
  Data data(model);
  AbaWorkspace<double> ws(model);
  VecX<double> q1(n), q2(n);
  for (int i = 0; i < n; ++i) {
    q1[i] = 1.1 + 0.3 * i;  // two configurations unrelated to each other and to any round angle
    q2[i] = -0.7 - 0.45 * i;
  }
  std::vector<bool> at_q1(n, false), at_q2(n, false);
  flag_small_pivots(model, data, ws, q1, at_q1);
  flag_small_pivots(model, data, ws, q2, at_q2);
  // A zero pivot poisons the articulated inertias of the joint's ancestors, so the deepest joint
  // flagged at both configurations is the one to name.
  for (int i = n - 1; i >= 0; --i)
    if (at_q1[i] && at_q2[i]) return i;
  return -1;
}

void refuse_dependent_joints(const Model& model) {
  const int i = dependent_joint(model);
  if (i < 0) return;
  throw ModelError(model.source, "joint '" + printable(model.joint_names[i]) + "'", "",
                   "its motion can be taken up by the joints it carries without moving any inertia (e.g. a "
                   "joint coaxial with it and nothing between them with a moment of inertia about the axis): "
                   "the mass matrix is singular in every configuration");
}

}  // namespace armdyn
