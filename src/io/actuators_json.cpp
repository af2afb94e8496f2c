#include "armdyn/io/actuators_json.hpp"

#include <filesystem>

#include "armdyn/core/error.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/drives/catalogue.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/io/urdf_dynamics.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;
using drives::Drive;
using drives::Motor;
using drives::MotorType;

// A level given as one number (both sides) or as [positive, negative].
std::pair<double, double> levels(const JsonGetter& get, const json& j, const std::string& field) {
  if (j.is_array()) {
    const std::vector<double> x = get.numbers(j, field, 2);
    return {x[0], x[1]};
  }
  const double x = get.number(j, field);
  return {x, x};
}

MotorType motor_type(const JsonGetter& get, const json& motor, const std::string& at) {
  if (!motor.contains("type")) get.fail(at + ".type", "missing (dc2, dc3, hydraulic3 or hydraulic5)");
  const std::string type = get.string(motor.at("type"), at + ".type");
  for (MotorType t : {MotorType::kDc2, MotorType::kDc3, MotorType::kHydraulic3, MotorType::kHydraulic5})
    if (type == drives::to_string(t)) return t;
  get.fail(at + ".type", "unknown motor type '" + printable(type.substr(0, 40)) + "' (dc2, dc3, hydraulic3, hydraulic5)");
}

// A required parameter of the motor.
double required(const JsonGetter& get, const json& motor, const char* key, const std::string& at, MotorType type) {
  if (!motor.contains(key))
    get.fail(at + "." + key, std::string("missing (a ") + drives::to_string(type) + " motor needs it)");
  return get.number(motor.at(key), at + "." + key);
}

Motor read_motor(const JsonGetter& get, const json& j, const std::string& at) {
  get.require_object(j, at);
  Motor m;
  m.type = motor_type(get, j, at);
  const double inf = drives::kUnlimited;
  if (m.type == MotorType::kDc2 || m.type == MotorType::kDc3) {
    if (m.type == MotorType::kDc2)
      get.allow_keys(j, at, {"type", "resistance", "torque_constant", "back_emf_constant", "max_voltage", "max_current"});
    else
      get.allow_keys(j, at, {"type", "resistance", "inductance", "torque_constant", "back_emf_constant", "max_voltage",
                             "max_current"});
    m.dc.resistance = required(get, j, "resistance", at, m.type);
    if (m.type == MotorType::kDc3) m.dc.inductance = required(get, j, "inductance", at, m.type);
    m.dc.torque_constant = required(get, j, "torque_constant", at, m.type);
    m.dc.back_emf_constant = required(get, j, "back_emf_constant", at, m.type);
    m.dc.max_voltage = get.number_or(j, "max_voltage", at, inf);
    m.dc.max_current = get.number_or(j, "max_current", at, inf);
    return m;
  }
  if (m.type == MotorType::kHydraulic3)
    get.allow_keys(j, at, {"type", "piston_area", "moving_mass", "bulk_modulus", "volume", "flow_pressure_slope",
                           "leakage", "valve_gain", "max_current"});
  else
    get.allow_keys(j, at, {"type", "piston_area", "moving_mass", "bulk_modulus", "volume", "flow_pressure_slope",
                           "leakage", "valve_gain", "valve_c1", "valve_c2", "max_current"});
  drives::HydraulicActuator& h = m.hydraulic;
  h.piston_area = required(get, j, "piston_area", at, m.type);
  h.moving_mass = required(get, j, "moving_mass", at, m.type);
  h.bulk_modulus = required(get, j, "bulk_modulus", at, m.type);
  h.volume = required(get, j, "volume", at, m.type);
  h.flow_pressure_slope = get.number_or(j, "flow_pressure_slope", at, 0.0);
  h.leakage = get.number_or(j, "leakage", at, 0.0);
  h.valve_gain = required(get, j, "valve_gain", at, m.type);
  if (m.type == MotorType::kHydraulic5) {
    h.valve_c1 = required(get, j, "valve_c1", at, m.type);
    h.valve_c2 = required(get, j, "valve_c2", at, m.type);
  }
  h.max_current = get.number_or(j, "max_current", at, inf);
  return m;
}

Drive read_drive(const JsonGetter& get, const json& j, const std::string& at) {
  get.require_object(j, at);
  get.allow_keys(j, at, {"gear_ratio", "rotor_inertia", "viscous", "coulomb", "static", "stribeck_velocity",
                         "efficiency", "motor"});
  Drive d;
  d.gear_ratio = get.number_or(j, "gear_ratio", at, 1.0);
  d.rotor_inertia = get.number_or(j, "rotor_inertia", at, 0.0);
  d.viscous = get.number_or(j, "viscous", at, 0.0);
  if (j.contains("coulomb")) std::tie(d.coulomb_positive, d.coulomb_negative) = levels(get, j.at("coulomb"), at + ".coulomb");
  if (j.contains("static")) {
    const auto [positive, negative] = levels(get, j.at("static"), at + ".static");
    d.static_positive = positive;
    d.static_negative = negative;
  }
  d.stribeck_velocity = get.number_or(j, "stribeck_velocity", at, 0.0);
  d.efficiency = get.number_or(j, "efficiency", at, 1.0);
  if (j.contains("motor")) d.motor = read_motor(get, j.at("motor"), at + ".motor");
  // The ranges (a single level stands for both sides: its message names the key alone).
  try {
    drives::check_drive(d, get.source() + ": " + at);
  } catch (const InputError& e) {
    std::string what = e.what();
    const bool single_coulomb = j.contains("coulomb") && !j.at("coulomb").is_array();
    const bool single_static = j.contains("static") && !j.at("static").is_array();
    for (const auto& [pair, single] : {std::pair{std::string(".coulomb["), single_coulomb},
                                       std::pair{std::string(".static["), single_static}}) {
      const std::size_t k = what.find(pair);
      if (single && k != std::string::npos) what.erase(k + pair.size() - 1, 3);
    }
    throw InputError(what);
  }
  return d;
}

}  // namespace

drives::DriveSet parse_actuators(const std::string& text, const std::string& source, const Model& model) {
  const json doc = parse_json(text, source, true);
  const JsonGetter get(source);
  get.require_object(doc, "");
  get.allow_keys(doc, "", {"joints"});
  std::vector<Drive> out(static_cast<std::size_t>(model.dof));
  if (doc.contains("joints")) {
    const json& joints = doc.at("joints");
    get.require_object(joints, "joints");
    for (auto it = joints.begin(); it != joints.end(); ++it) {
      const std::string at = "joints." + printable(it.key().substr(0, 80));
      const int j = model.joint_index(it.key());
      if (j < 0) get.fail(at, "no joint of that name in '" + printable(model.name) + "' (joints: " + names_listed(model.joint_names) + ")");
      out[static_cast<std::size_t>(j)] = read_drive(get, it.value(), at);
    }
  }
  std::vector<std::string> names;
  for (const std::string& n : model.joint_names) names.push_back(printable(n));
  return drives::DriveSet(std::move(out), std::move(names), source);
}

drives::DriveSet load_actuators(const std::string& path, const Model& model) {
  return parse_actuators(read_text(path, InputFormat::kJson), path, model);
}

drives::DriveSet load_drives(const std::string& spec, const Model& model, const std::string& model_spec) {
  if (drives::is_builtin_drives(spec)) return drives::builtin_drives(spec, model);
  if (spec == "urdf") {
    const std::string ext = std::filesystem::path(model_spec).extension().string();
    if ((ext != ".urdf" && ext != ".xml") || is_mjcf_file(model_spec))
      throw InputError("actuators 'urdf': the model '" + model_spec + "' is not a URDF file (its <dynamics> are read)" +
                       (is_mjcf_file(model_spec) ? "; for an MJCF model's armature and damping use 'mjcf'" : ""));
    return load_urdf_dynamics(model_spec, model);
  }
  if (spec == "mjcf")
    throw InputError("actuators 'mjcf': read by the MJCF reader (load_any_drives of armdyn/io/mjcf.hpp), not by load_drives");
  std::error_code ec;
  if (!std::filesystem::exists(spec, ec))
    throw InputError(spec + ": no such file, and not a built-in drive set (puma560, urdf, mjcf)");
  return load_actuators(spec, model);
}

}  // namespace armdyn
