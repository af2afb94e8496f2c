#include "armdyn/drives/drive_dynamics.hpp"

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/ldlt.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/kinematics/joint.hpp"

namespace armdyn::drives {

void check_drives(const Model& model, const DriveSet& drives) {
  if (drives.empty() || drives.size() == model.dof) return;
  throw InputError(drives.source() + ": " + std::to_string(drives.size()) + " drives for the " +
                   std::to_string(model.dof) + " joints of '" + model.name + "'");
}

void friction_torques(const DriveSet& drives, VecIn<double> v, Sign sign, VecX<double>& out) {
  out.setZero(v.size());
  for (int j = 0; j < drives.size(); ++j) out[j] = friction_torque(drives[j], v[j], sign, drives.smoothing_velocity());
}

const VecX<double>& drive_torque(const Model& model, const DriveSet& drives, Data& data, VecIn<double> q,
                                 VecIn<double> v, VecIn<double> a, Sign sign, const Loads<double>* loads) {
  check_drives(model, drives);
  rnea(model, data, q, v, a, loads);
  for (int j = 0; j < drives.size(); ++j) {
    const Drive& d = drives[j];
    data.tau[j] += d.reflected_inertia() * a[j] + friction_torque(d, v[j], sign, drives.smoothing_velocity());
  }
  return data.tau;
}

const MatX<double>& drive_mass_matrix(const Model& model, const DriveSet& drives, Data& data, VecIn<double> q,
                                      const Loads<double>* loads) {
  check_drives(model, drives);
  crba(model, data, q, loads);
  for (int j = 0; j < drives.size(); ++j) data.M(j, j) += drives[j].reflected_inertia();
  return data.M;
}

const VecX<double>& drive_forward_dynamics(const Model& model, const DriveSet& drives, Data& data, VecIn<double> q,
                                           VecIn<double> v, VecIn<double> tau, Sign sign, const Loads<double>* loads) {
  check_size(tau, model.dof, "tau");
  check_size(v, model.dof, "v");
  drive_mass_matrix(model, drives, data, q, loads);
  nonlinear_effects(model, data, q, v, loads);
  data.qdd = tau - data.c;
  for (int j = 0; j < drives.size(); ++j)
    data.qdd[j] -= friction_torque(drives[j], v[j], sign, drives.smoothing_velocity());
  ldlt_factor_solve(data.M, data.L, data.L_inv_diag, data.qdd);
  return data.qdd;
}

double rotor_kinetic_energy(const DriveSet& drives, VecIn<double> v) {
  double e = 0;
  for (int j = 0; j < drives.size(); ++j) e += 0.5 * drives[j].reflected_inertia() * v[j] * v[j];
  return e;
}

double motor_torque(const Drive& d, double tau_joint, double v, double a) {
  const double G = d.gear_ratio;
  const double rotor = d.rotor_inertia * G * a;  // Jm times the motor's acceleration G a
  const bool driving = tau_joint * v >= 0;
  return rotor + (driving ? tau_joint / (G * d.efficiency) : tau_joint * d.efficiency / G);
}

}  // namespace armdyn::drives
