#pragma once
// The rigid-body dynamics with the drives' joint-side terms ([Craig] (6.114); [VP] (3.8.1) with
// the rotors reduced to the joint side):
//
//   tau = (M(q) + diag(G^2 Jm)) a + c(q, v) + f(v)
//
// drive_torque is this inverse dynamics, drive_mass_matrix the mass matrix with the reflected
// inertia on its diagonal, drive_forward_dynamics solves for a. The gyroscopic torques of the
// spinning rotors are neglected (as [AKB] and [VP] do). An empty DriveSet adds nothing. With
// `loads` (dynamics/loads.hpp: wrenches, a moving base, a payload) M and c are M_L and c_L.
// Allocation-free per call.
#include "armdyn/drives/drive.hpp"
#include "armdyn/drives/friction.hpp"
#include "armdyn/dynamics/loads.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn::drives {

/// InputError unless `drives` is empty or has one drive per joint of `model`.
void check_drives(const Model& model, const DriveSet& drives);

/// f(v) of every joint into `out` (sized dof); zeros for an empty set.
void friction_torques(const DriveSet& drives, VecIn<double> v, Sign sign, VecX<double>& out);

/// tau = rnea(q, v, a, loads) + G^2 Jm a + f(v) (exact sign by default). Writes data.tau; returns it.
const VecX<double>& drive_torque(const Model& model, const DriveSet& drives, Data& data, VecIn<double> q,
                                 VecIn<double> v, VecIn<double> a, Sign sign = Sign::kExact,
                                 const Loads<double>* loads = nullptr);

/// M(q) + diag(G^2 Jm) (M_L with loads). Writes data.M; returns it.
const MatX<double>& drive_mass_matrix(const Model& model, const DriveSet& drives, Data& data, VecIn<double> q,
                                      const Loads<double>* loads = nullptr);

/// a = (M + diag(G^2 Jm))^-1 (tau - c(q, v) - f(v)) by LDL^T (smooth sign by default).
/// Writes data.M, data.c, data.L, data.qdd; returns data.qdd.
const VecX<double>& drive_forward_dynamics(const Model& model, const DriveSet& drives, Data& data, VecIn<double> q,
                                           VecIn<double> v, VecIn<double> tau, Sign sign = Sign::kSmooth,
                                           const Loads<double>* loads = nullptr);

/// The kinetic energy of the rotors, sum 1/2 G^2 Jm v^2 (the rigid bodies' is terms::kinetic_energy).
double rotor_kinetic_energy(const DriveSet& drives, VecIn<double> v);

/// The torque the motor of one drive delivers for a joint-side torque `tau_joint` (the link's
/// rigid-body torque plus the joint-side friction) at joint velocity v and acceleration a:
///
///   tau_m = Jm G a + tau_joint / (G eta)   when the motor drives the load (tau_joint v >= 0),
///   tau_m = Jm G a + tau_joint eta / G     when the load drives the motor back (tau_joint v < 0).
///
/// The gear loses the fraction 1 - eta of the power that flows through it, either way. With
/// eta = 1: G tau_m = G^2 Jm a + tau_joint, the joint-side equation above.
double motor_torque(const Drive& drive, double tau_joint, double v, double a);

}  // namespace armdyn::drives
