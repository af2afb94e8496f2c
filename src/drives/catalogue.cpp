#include "armdyn/drives/catalogue.hpp"

#include <cmath>

#include "armdyn/core/error.hpp"

namespace armdyn::drives {

namespace {

// One PUMA 560 drive: gear ratio and rotor inertia as published; viscous and Coulomb friction
// given on the motor side (B_m, and the levels Tc_m for joint velocity > 0 and < 0)
// and carried to the joint side here: B = G^2 B_m, Tc = |G| Tc_m (docs/drives.md).
Drive puma_drive(double G, double Jm, double Bm, double tc_positive, double tc_negative) {
  Drive d;
  d.gear_ratio = G;
  d.rotor_inertia = Jm;
  d.viscous = G * G * Bm;
  d.coulomb_positive = std::abs(G) * tc_positive;
  d.coulomb_negative = std::abs(G) * tc_negative;
  return d;
}

DriveSet puma560(const Model& model) {
  // Gear ratios G and rotor (motor and drive) inertias Jm: Armstrong, Khatib & Burdick (1986),
  // as tabulated in Corke's Robotics Toolbox (mdl_puma560akb), for the built-in model's frames.
  // Friction (viscous B_m and Coulomb Tc_m, motor side; AKB do not give it): Corke &
  // Armstrong-Helouvry (1994), as carried by the toolbox's mdl_puma560. That model measures
  // joints 2 and 3 in the opposite sense to AKB's frames (catalogue.cpp), so their positive and
  // negative Coulomb levels are exchanged here. Magnitudes; the toolbox prints the negative
  // level with its sign.
  std::vector<Drive> d = {
      puma_drive(-62.6111, 291e-6, 1.48e-3, 0.395, 0.435),
      puma_drive(107.815, 409e-6, 0.817e-3, 0.071, 0.126),   // levels exchanged (sense of q2)
      puma_drive(-53.7063, 299e-6, 1.38e-3, 0.105, 0.132),   // levels exchanged (sense of q3)
      puma_drive(76.0364, 35e-6, 71.2e-6, 11.2e-3, 16.9e-3),
      puma_drive(71.923, 35e-6, 82.6e-6, 9.26e-3, 14.5e-3),
      puma_drive(76.686, 35e-6, 36.7e-6, 3.96e-3, 10.5e-3),
  };
  return DriveSet(std::move(d), model.joint_names, "puma560");
}

}  // namespace

std::vector<std::string> builtin_drive_names() { return {"puma560"}; }

bool is_builtin_drives(const std::string& name) {
  for (const std::string& n : builtin_drive_names())
    if (n == name) return true;
  return false;
}

DriveSet builtin_drives(const std::string& name, const Model& model) {
  if (name != "puma560") throw InputError("unknown built-in drive set '" + name + "' (known: puma560)");
  const std::vector<std::string> joints = {"joint1", "joint2", "joint3", "joint4", "joint5", "joint6"};
  if (model.name != "puma560" || model.joint_names != joints)
    throw InputError("the built-in drive set 'puma560' is for the model puma560 (joints joint1 to joint6), not "
                     "for '" + model.name + "'");
  return puma560(model);
}

}  // namespace armdyn::drives
