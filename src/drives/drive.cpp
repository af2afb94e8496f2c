#include "armdyn/drives/drive.hpp"

#include <charconv>
#include <cmath>

#include "armdyn/core/error.hpp"
#include "armdyn/core/names.hpp"
#include "armdyn/core/magnitude.hpp"
#include "armdyn/core/text.hpp"

namespace armdyn::drives {

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& key, const std::string& what, double x) {
  throw InputError(where + "." + key + ": " + what + " (got " + shortest_text(x) + ")");
}

// The magnitude rule of every number read from a file (core/magnitude.hpp), as for URDF numbers:
// within 1e50 a gear ratio squared times a rotor inertia, or a level times a gear ratio, stays finite.
void magnitude(double x, const std::string& where, const std::string& key) {
  if (const std::string problem = magnitude_problem(x); !problem.empty()) throw InputError(where + "." + key + ": " + problem);
}

void finite(double x, const std::string& where, const std::string& key) {
  if (!std::isfinite(x)) fail(where, key, "must be finite", x);
  magnitude(x, where, key);
}

void non_negative(double x, const std::string& where, const std::string& key) {
  if (!(x >= 0) || !std::isfinite(x)) fail(where, key, "must be >= 0 and finite", x);
  magnitude(x, where, key);
}

void positive(double x, const std::string& where, const std::string& key) {
  if (!(x > 0) || !std::isfinite(x)) fail(where, key, "must be positive and finite", x);
  magnitude(x, where, key);
}

// A saturation level: positive, or unlimited (infinity, the default).
void limit(double x, const std::string& where, const std::string& key) {
  if (!(x > 0)) fail(where, key, "must be positive", x);
  if (std::isfinite(x)) magnitude(x, where, key);
}

void check_motor(const Motor& m, const std::string& where) {
  const std::string at = where + ".motor";
  switch (m.type) {
    case MotorType::kDc2:
    case MotorType::kDc3: {
      const DcMotor& dc = m.dc;
      positive(dc.resistance, at, "resistance");
      if (m.type == MotorType::kDc3) positive(dc.inductance, at, "inductance");
      else if (dc.inductance != 0) fail(at, "inductance", "only a dc3 motor has one (dc2 neglects it)", dc.inductance);
      positive(dc.torque_constant, at, "torque_constant");
      positive(dc.back_emf_constant, at, "back_emf_constant");
      limit(dc.max_voltage, at, "max_voltage");
      limit(dc.max_current, at, "max_current");
      return;
    }
    case MotorType::kHydraulic3:
    case MotorType::kHydraulic5: {
      const HydraulicActuator& h = m.hydraulic;
      positive(h.piston_area, at, "piston_area");
      positive(h.moving_mass, at, "moving_mass");
      positive(h.bulk_modulus, at, "bulk_modulus");
      positive(h.volume, at, "volume");
      non_negative(h.flow_pressure_slope, at, "flow_pressure_slope");
      non_negative(h.leakage, at, "leakage");
      if (h.flow_pressure_slope + h.leakage <= 0)
        fail(at, "leakage", "flow_pressure_slope + leakage must be positive (the pressure equation's damping)", 0);
      finite(h.valve_gain, at, "valve_gain");
      if (h.valve_gain == 0) fail(at, "valve_gain", "must be nonzero", 0);
      if (m.type == MotorType::kHydraulic5) {
        positive(h.valve_c1, at, "valve_c1");
        positive(h.valve_c2, at, "valve_c2");
      } else {
        if (h.valve_c1 != 0) fail(at, "valve_c1", "only a hydraulic5 actuator has one", h.valve_c1);
        if (h.valve_c2 != 0) fail(at, "valve_c2", "only a hydraulic5 actuator has one", h.valve_c2);
      }
      limit(h.max_current, at, "max_current");
      return;
    }
  }
}

}  // namespace

const char* to_string(MotorType type) {
  static constexpr std::array<NamedValue<MotorType>, 4> kNames{{{MotorType::kDc2, "dc2"},
                                                                {MotorType::kDc3, "dc3"},
                                                                {MotorType::kHydraulic3, "hydraulic3"},
                                                                {MotorType::kHydraulic5, "hydraulic5"}}};
  return name_of(kNames, type);
}

void check_drive(const Drive& d, const std::string& where) {
  finite(d.gear_ratio, where, "gear_ratio");
  if (d.gear_ratio == 0) fail(where, "gear_ratio", "must be nonzero", 0);
  non_negative(d.rotor_inertia, where, "rotor_inertia");
  non_negative(d.viscous, where, "viscous");
  non_negative(d.coulomb_positive, where, "coulomb[0]");
  non_negative(d.coulomb_negative, where, "coulomb[1]");
  if (d.static_positive) {
    non_negative(*d.static_positive, where, "static[0]");
    if (*d.static_positive < d.coulomb_positive)
      fail(where, "static[0]", "must be >= the Coulomb level " + shortest_text(d.coulomb_positive), *d.static_positive);
  }
  if (d.static_negative) {
    non_negative(*d.static_negative, where, "static[1]");
    if (*d.static_negative < d.coulomb_negative)
      fail(where, "static[1]", "must be >= the Coulomb level " + shortest_text(d.coulomb_negative), *d.static_negative);
  }
  non_negative(d.stribeck_velocity, where, "stribeck_velocity");
  if (!(d.efficiency > 0 && d.efficiency <= 1)) fail(where, "efficiency", "must be in (0, 1]", d.efficiency);
  magnitude(d.efficiency, where, "efficiency");
  if (d.motor) check_motor(*d.motor, where);
}

DriveSet::DriveSet(std::vector<Drive> drives, std::vector<std::string> names, std::string source,
                   double smoothing_velocity)
    : drives_(std::move(drives)), names_(std::move(names)), source_(std::move(source)),
      smoothing_velocity_(smoothing_velocity) {
  if (names_.size() != drives_.size())
    throw InputError(source_ + ": " + std::to_string(drives_.size()) + " drives but " + std::to_string(names_.size()) +
                     " joint names");
  if (!(smoothing_velocity_ > 0) || !std::isfinite(smoothing_velocity_))
    throw InputError(source_ + ": the smoothing velocity must be positive and finite (got " +
                     shortest_text(smoothing_velocity_) + ")");
  for (std::size_t j = 0; j < drives_.size(); ++j) check_drive(drives_[j], source_ + ": joints." + names_[j]);
}

DriveSet DriveSet::rigid(int dof) {
  std::vector<std::string> names;
  for (int j = 1; j <= dof; ++j) names.push_back("joint" + std::to_string(j));
  return DriveSet(std::vector<Drive>(static_cast<std::size_t>(dof)), std::move(names), "rigid");
}

bool DriveSet::is_rigid() const {
  for (const Drive& d : drives_)
    if (!d.is_rigid()) return false;
  return true;
}

bool DriveSet::dissipative() const {
  for (const Drive& d : drives_)
    if (d.viscous > 0 || d.coulomb_positive > 0 || d.coulomb_negative > 0 || d.has_dry_friction()) return true;
  return false;
}

VecX<double> DriveSet::reflected_inertia(int dof) const {
  VecX<double> out = VecX<double>::Zero(dof);
  for (int j = 0; j < size() && j < dof; ++j) out[j] = (*this)[j].reflected_inertia();
  return out;
}

}  // namespace armdyn::drives
