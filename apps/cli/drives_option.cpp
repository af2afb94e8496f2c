#include "drives_option.hpp"

#include <cmath>

#include "armdyn/drives/friction.hpp"
#include "armdyn/io/mjcf.hpp"

namespace armdyn::cli {

void add_actuators_option(CLI::App* sub, std::string& spec) {
  sub->add_option("--actuators", spec,
                  "the joints' drives (gear, rotor inertia, friction; docs/drives.md): an actuator JSON file, "
                  "puma560 (the built-in PUMA 560's), urdf (the URDF model's <dynamics damping friction>) or mjcf (the MJCF "
                  "model's joint armature, damping, frictionloss)")
      ->type_name("FILE|puma560|urdf|mjcf");
}

drives::DriveSet load_cli_drives(const std::string& spec, const Model& model, const std::string& model_spec) {
  if (spec.empty()) return {};
  return load_any_drives(spec, model, model_spec);
}

const VecX<double>& with_drive_torque(const drives::DriveSet& set, const VecX<double>& tau, const VecX<double>& v,
                                      const VecX<double>& a, VecX<double>& scratch) {
  if (set.empty()) return tau;
  scratch = tau;
  for (int j = 0; j < set.size(); ++j)
    scratch[j] += set[j].reflected_inertia() * a[j] +
                  drives::friction_torque(set[j], v[j], drives::Sign::kExact, set.smoothing_velocity());
  return scratch;
}

const MatX<double>& with_reflected_inertia(const drives::DriveSet& set, const MatX<double>& M, MatX<double>& scratch) {
  if (set.empty()) return M;
  scratch = M;
  for (int j = 0; j < set.size(); ++j) scratch(j, j) += set[j].reflected_inertia();
  return scratch;
}

namespace {

std::string levels(double positive, double negative) {
  return positive == negative ? human(positive) : human(positive) + " / " + human(negative);
}

std::string motor_text(const drives::Drive& d) {
  if (!d.motor) return "-";
  const drives::Motor& m = *d.motor;
  std::string out = drives::to_string(m.type);
  if (m.type == drives::MotorType::kDc2 || m.type == drives::MotorType::kDc3) {
    out += " R " + human(m.dc.resistance) + " ohm";
    if (m.type == drives::MotorType::kDc3) out += ", L " + human(m.dc.inductance) + " H";
    out += ", Kt " + human(m.dc.torque_constant) + ", Ke " + human(m.dc.back_emf_constant);
  } else {
    out += " A " + human(m.hydraulic.piston_area) + " m^2, m " + human(m.hydraulic.moving_mass) + " kg";
  }
  return out;
}

}  // namespace

std::string drives_text(const drives::DriveSet& set) {
  if (set.empty()) return "\ndrives: none (rigid joints)\n";
  std::string out = "\ndrives (" + set.source() + "; friction joint side, rotor inertia motor side):\n";
  std::vector<std::vector<std::string>> rows = {{"joint", "gear ratio", "rotor [kg m^2]", "reflected G^2 Jm",
                                                 "viscous", "coulomb +/-", "static +/-", "stribeck v", "efficiency",
                                                 "motor"}};
  for (int j = 0; j < set.size(); ++j) {
    const drives::Drive& d = set[j];
    rows.push_back({set.names()[static_cast<std::size_t>(j)], human(d.gear_ratio), human(d.rotor_inertia),
                    human(d.reflected_inertia()), human(d.viscous), levels(d.coulomb_positive, d.coulomb_negative),
                    levels(d.breakaway_positive(), d.breakaway_negative()), human(d.stribeck_velocity),
                    human(d.efficiency), motor_text(d)});
  }
  return out + format_table(rows, {false, true, true, true, true, true, true, true, true, false});
}

void drives_json(JsonWriter& w, const drives::DriveSet& set) {
  if (set.empty()) {
    w.null();
    return;
  }
  w.begin_object(true);
  w.key("source").value(set.source());
  w.key("joints").begin_array(true);
  for (int j = 0; j < set.size(); ++j) {
    const drives::Drive& d = set[j];
    w.begin_object();
    w.key("name").value(set.names()[static_cast<std::size_t>(j)]);
    w.key("gear_ratio").value(d.gear_ratio);
    w.key("rotor_inertia").value(d.rotor_inertia);
    w.key("reflected_inertia").value(d.reflected_inertia());
    w.key("viscous").value(d.viscous);
    w.key("coulomb").numbers(std::vector<double>{d.coulomb_positive, d.coulomb_negative});
    w.key("static").numbers(std::vector<double>{d.breakaway_positive(), d.breakaway_negative()});
    w.key("stribeck_velocity").value(d.stribeck_velocity);
    w.key("efficiency").value(d.efficiency);
    w.key("motor");
    if (d.motor) w.value(drives::to_string(d.motor->type));
    else w.null();
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

}  // namespace armdyn::cli
