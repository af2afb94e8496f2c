#include "armdyn/drives/complete_model.hpp"

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/drives/drive_dynamics.hpp"
#include "armdyn/drives/friction.hpp"
#include "armdyn/dynamics/cholesky.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/kinematics/joint.hpp"

namespace armdyn::drives {

namespace {

// The Coulomb and Stribeck part of a drive's friction (smooth sign): the viscous part is in C.
double dry_friction(const DriveSet& drives, int j, double v) {
  const Drive& d = drives[j];
  return friction_torque(d, v, Sign::kSmooth, drives.smoothing_velocity()) - d.viscous * v;
}

// At state x: q, v; W = data.M, U; the Cholesky factor of W + J.
void prepare(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x) {
  check_size(x, cm.state_size(), "x");
  const Model& model = cm.model();
  cm.joint_state(x, ws.q, ws.v);
  crba(model, ws.data, ws.q);
  nonlinear_effects(model, ws.data, ws.q, ws.v);
  const int n = cm.dof();
  for (int j = 0; j < n; ++j) ws.U[j] = -ws.data.c[j] - dry_friction(cm.drives(), j, ws.v[j]);
  ws.L = ws.data.M;
  for (int j = 0; j < n; ++j) ws.L(j, j) += cm.actuator(j).inertia;
  cholesky_factor(ws.L, ws.inv_diag);
}

// r -> P = J (W + J)^-1 r in place: (E - W T F)^-1 r.
void coupling_solve(const CompleteModel& cm, CompleteWorkspace& ws) {
  cholesky_solve(ws.L, ws.inv_diag, ws.r);
  for (int j = 0; j < cm.dof(); ++j) ws.r[j] *= cm.actuator(j).inertia;
}

// x' = C x + D u + F P with P from (3.8.9), after prepare(); u (the applied inputs) in ws.u.
void derivative(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x, VecX<double>& out) {
  const int n = cm.dof();
  for (int j = 0; j < n; ++j) {  // y = C x + D N(u), block by block
    const ActuatorModel& a = cm.actuator(j);
    const int o = cm.offset(j), m = a.size();
    for (int r = 0; r < m; ++r) {
      double s = a.d[r] * ws.u[j];
      for (int c = 0; c < m; ++c) s += a.C(r, c) * x[o + c];
      ws.y[o + r] = s;
    }
  }
  for (int k = 0; k < n; ++k) {  // r = W T y - U
    double s = -ws.U[k];
    for (int j = 0; j < n; ++j) s += ws.data.M(k, j) * ws.y[cm.offset(j) + ActuatorModel::kVelocity];
    ws.r[k] = s;
  }
  coupling_solve(cm, ws);
  ws.P = ws.r;
  out = ws.y;
  for (int j = 0; j < n; ++j) {  // + F P
    const ActuatorModel& a = cm.actuator(j);
    for (int r = 0; r < a.size(); ++r) out[cm.offset(j) + r] += a.f[r] * ws.P[j];
    ws.qdd[j] = out[cm.offset(j) + ActuatorModel::kVelocity];
  }
}

}  // namespace

CompleteModel::CompleteModel(const Model& model, const DriveSet& drives) : model_(model), drives_(drives) {
  require_angle_coordinates(model, "the complete model of arm and actuators");
  if (drives.size() != model.dof)
    throw InputError((drives.empty() ? std::string("no actuators") : drives.source()) + ": " +
                     std::to_string(drives.size()) + " drives for the " + std::to_string(model.dof) + " joints of '" +
                     model.name + "' (the complete model needs a motor on every joint)");
  for (int j = 0; j < model.dof; ++j) {
    const std::size_t k = static_cast<std::size_t>(j);
    actuators_.push_back(
        actuator_model(drives[j], model.joint_type[k], drives.source() + ": joints." + drives.names()[k]));
    offset_.push_back(size_);
    size_ += actuators_.back().size();
  }
}

VecX<double> CompleteModel::state(VecIn<double> q0, VecIn<double> v0) const {
  check_size(q0, dof(), "q0");
  check_size(v0, dof(), "v0");
  VecX<double> x = VecX<double>::Zero(size_);
  for (int j = 0; j < dof(); ++j) {
    x[offset(j) + ActuatorModel::kPosition] = q0[j];
    x[offset(j) + ActuatorModel::kVelocity] = v0[j];
  }
  return x;
}

void CompleteModel::joint_state(VecIn<double> x, VecX<double>& q, VecX<double>& v) const {
  q.resize(dof());
  v.resize(dof());
  for (int j = 0; j < dof(); ++j) {
    q[j] = x[offset(j) + ActuatorModel::kPosition];
    v[j] = x[offset(j) + ActuatorModel::kVelocity];
  }
}

MatX<double> CompleteModel::C() const {
  MatX<double> c = MatX<double>::Zero(size_, size_);
  for (int j = 0; j < dof(); ++j) c.block(offset(j), offset(j), actuator(j).size(), actuator(j).size()) = actuator(j).C;
  return c;
}

MatX<double> CompleteModel::F() const {
  MatX<double> f = MatX<double>::Zero(size_, dof());
  for (int j = 0; j < dof(); ++j) f.block(offset(j), j, actuator(j).size(), 1) = actuator(j).f;
  return f;
}

MatX<double> CompleteModel::D() const {
  MatX<double> d = MatX<double>::Zero(size_, dof());
  for (int j = 0; j < dof(); ++j) d.block(offset(j), j, actuator(j).size(), 1) = actuator(j).d;
  return d;
}

MatX<double> CompleteModel::T() const {
  MatX<double> t = MatX<double>::Zero(dof(), size_);
  for (int j = 0; j < dof(); ++j) t(j, offset(j) + ActuatorModel::kVelocity) = 1;
  return t;
}

CompleteWorkspace::CompleteWorkspace(const CompleteModel& cm)
    : data(cm.model()), q(VecX<double>::Zero(cm.dof())), v(VecX<double>::Zero(cm.dof())),
      u(VecX<double>::Zero(cm.dof())), U(VecX<double>::Zero(cm.dof())), y(VecX<double>::Zero(cm.state_size())),
      r(VecX<double>::Zero(cm.dof())), inv_diag(VecX<double>::Zero(cm.dof())),
      L(MatX<double>::Zero(cm.dof(), cm.dof())), P(VecX<double>::Zero(cm.dof())), qdd(VecX<double>::Zero(cm.dof())),
      xdot(VecX<double>::Zero(cm.state_size())), C_hat(VecX<double>::Zero(cm.state_size())),
      D_hat(MatX<double>::Zero(cm.state_size(), cm.dof())) {}

void saturate_inputs(const CompleteModel& cm, VecIn<double> u, VecX<double>& out) {
  check_size(u, cm.dof(), "u");
  out.resize(cm.dof());
  for (int j = 0; j < cm.dof(); ++j) out[j] = cm.actuator(j).saturate(u[j]);
}

const VecX<double>& state_derivative(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x,
                                     VecIn<double> u) {
  check_size(u, cm.dof(), "u");
  prepare(cm, ws, x);
  for (int j = 0; j < cm.dof(); ++j) ws.u[j] = cm.actuator(j).applied_input(u[j], ws.v[j]);
  derivative(cm, ws, x, ws.xdot);
  return ws.xdot;
}

const VecX<double>& c_hat(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x) {
  ws.u.setZero();
  prepare(cm, ws, x);
  derivative(cm, ws, x, ws.C_hat);
  return ws.C_hat;
}

const MatX<double>& d_hat(const CompleteModel& cm, CompleteWorkspace& ws, VecIn<double> x) {
  prepare(cm, ws, x);
  const int n = cm.dof();
  for (int j = 0; j < n; ++j) {  // column j: d_j + F (E - W T F)^-1 W T d_j
    const ActuatorModel& a = cm.actuator(j);
    ws.D_hat.col(j).setZero();
    ws.D_hat.col(j).segment(cm.offset(j), a.size()) = a.d;
    const double td = a.d[ActuatorModel::kVelocity];
    if (td == 0) continue;  // dc3, hydraulic: the input acts through the current or the pressure
    for (int k = 0; k < n; ++k) ws.r[k] = ws.data.M(k, j) * td;
    coupling_solve(cm, ws);
    for (int k = 0; k < n; ++k) {
      const ActuatorModel& b = cm.actuator(k);
      for (int r = 0; r < b.size(); ++r) ws.D_hat(cm.offset(k) + r, j) += b.f[r] * ws.r[k];
    }
  }
  return ws.D_hat;
}

double actuator_kinetic_energy(const CompleteModel& cm, VecIn<double> v) {
  double e = 0;
  for (int j = 0; j < cm.dof(); ++j) e += 0.5 * cm.actuator(j).inertia * v[j] * v[j];
  return e;
}

}  // namespace armdyn::drives
