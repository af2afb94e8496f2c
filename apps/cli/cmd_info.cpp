// `armdyn info MODEL [--json]`: what a model holds — joints, their axes and limits, bodies and
// masses, gravity and which way it points, the DH table and its base, named frames, the loader's
// warnings (and one when gravity is parallel to every revolute axis) — for people or (--json) programs.
#include <cmath>
#include <iostream>
#include <memory>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/io/mjcf.hpp"
#include "armdyn/model/catalogue.hpp"
#include "armdyn/model/gravity_axes.hpp"
#include "cli.hpp"
#include "drives_option.hpp"
#include "json_writer.hpp"
#include "segments_option.hpp"

namespace armdyn::cli {
namespace {

struct InfoOptions {
  std::string model, actuators, segments;
  bool json = false;
};

// The model, plus the reference and named poses when it is a built-in one.
struct Loaded {
  Model model;
  std::optional<BuiltinModel> builtin;
  drives::DriveSet drives;  ///< --actuators, shown when given
  segments::SegmentSet segments;  ///< --segments, shown when given (the model has their masses)
};

Loaded load(const std::string& spec) {
  if (is_builtin(spec)) {
    BuiltinModel b = builtin_model(spec);
    Model m = b.model;
    return Loaded{std::move(m), std::move(b), {}, {}};
  }
  return Loaded{load_any_model(spec), std::nullopt, {}, {}};
}

std::string base_name(const Model& model) {
  for (const Frame<double>& f : model.frames)
    if (f.body < 0) return f.name;
  return "base";
}

std::string body_name(const Model& model, int body) { return body < 0 ? base_name(model) : model.body_names[body]; }

double total_mass(const Model& model) {
  double m = 0;
  for (double x : model.mass) m += x;
  return m;
}

const char* convention_name(DhConvention c) { return c == DhConvention::kStandard ? "standard" : "modified"; }

// A limit for people: "none" when absent (infinite).
std::string limit(double x, const char* unit) {
  return std::isfinite(x) ? human(x) + " " + unit : std::string("none");
}

std::string vec3(const Vec3<double>& x) { return "[" + human(x[0]) + ", " + human(x[1]) + ", " + human(x[2]) + "]"; }

// v with round-off (components below 1e-12 of its length) printed as 0.
Vec3<double> clean(Vec3<double> v) {
  const double n = v.norm();
  for (int k = 0; k < 3; ++k)
    if (std::abs(v[k]) <= 1e-12 * n) v[k] = 0;
  return v;
}

// A direction: "+z" when along a coordinate axis, else the vector.
std::string direction(const Vec3<double>& v) {
  const std::string name = axis_name(v);
  return name.empty() ? vec3(clean(v)) : name;
}

// The DH base placement when it is not the identity (the model "has a base rotation or offset").
std::optional<Transform<double>> dh_base(const Model& m) {
  const std::optional<Transform<double>> base = dh_base_placement(m);
  constexpr double kRoundOff = 1e-12;
  if (!base || ((base->R - Mat3<double>::Identity()).norm() <= kRoundOff && base->p.norm() <= kRoundOff))
    return std::nullopt;
  return base;
}

// "[0, 0, -9.81] m/s^2 in the base frame 'base' (along -z)", and for a turned DH frame {0} the
// same vector in it: gravity is always given in the base frame, whatever frame the table uses.
std::string gravity_text(const Model& m) {
  std::string out = vec3(m.gravity) + " m/s^2 in the base frame '" + base_name(m) + "'";
  const std::string along = axis_name(m.gravity);
  if (!along.empty()) out += " (along " + along + ")";
  if (const auto base = dh_base(m); base && (base->R - Mat3<double>::Identity()).norm() > 1e-12) {
    const Vec3<double> g0 = clean(base->R.transpose() * m.gravity);
    out += "; in DH frame {0}: " + vec3(g0);
    if (const std::string a0 = axis_name(g0); !a0.empty()) out += " (along " + a0 + "0)";
  }
  return out;
}

// "DH frame {0} is the base frame turned 90 deg about +x" (and moved by p).
std::string dh_base_text(const Transform<double>& base) {
  const Eigen::AngleAxis<double> turn(base.R);
  std::string out = "DH frame {0} is the base frame";
  if (std::abs(turn.angle()) > 1e-12)
    out += " turned " + human(turn.angle() * 180.0 / std::numbers::pi, 6) + " deg about " + direction(turn.axis());
  if (base.p.norm() > 1e-12) out += std::string(std::abs(turn.angle()) > 1e-12 ? "," : "") + " moved by " +
                                    vec3(base.p) + " m";
  return out;
}

// The loader's warnings and, when gravity is parallel to every revolute joint axis, that one.
std::vector<std::string> all_warnings(const Model& m) {
  std::vector<std::string> out = m.warnings;
  if (std::string g = gravity_warning(m); !g.empty()) out.push_back(std::move(g));
  return out;
}

/// Where a compound joint's Euler angles are singular (builder.hpp: CompoundJointSpec), or "-".
std::string euler_singularity(const CompoundJoint& j) {
  if (j.euler.empty()) return "-";
  if (j.quaternion()) return "nowhere (a unit quaternion)";
  const std::string middle = "q" + std::to_string(j.first + j.count - 1);  // the second rotation, 1-based
  return j.euler[0] == j.euler[2] ? "sin " + middle + " = 0 (q = 0 included)" : "cos " + middle + " = 0";
}

std::string text_report(const Loaded& loaded) {
  const Model& m = loaded.model;
  std::string out;
  std::vector<std::vector<std::string>> head = {{"model", m.name}, {"source", m.source}};
  if (loaded.builtin) head.push_back({"reference", loaded.builtin->reference});
  head.push_back({"dof", std::to_string(m.dof)});
  if (m.has_quaternions())
    head.push_back({"nq", std::to_string(m.nq()) + " (q: " + join(m.configuration_names()) + ")"});
  head.push_back({"gravity", gravity_text(m)});
  if (const auto base = dh_base(m)) head.push_back({"DH base", dh_base_text(*base)});
  head.push_back({"total mass", human(total_mass(m)) + " kg (moving links; the fixed base '" + base_name(m) +
                                    "' is not counted)"});
  out += format_table(head, {false, false}, 0);

  out += "\njoints:\n";
  std::vector<std::vector<std::string>> joints = {
      {"#", "name", "type", "parent", "axis (base frame, q = 0)", "lower", "upper", "velocity", "effort"}};
  const GravityAxes axes = gravity_axes(m);
  for (int i = 0; i < m.dof; ++i) {
    const bool revolute = m.joint_type[i] == JointType::kRevolute;
    const JointLimits& l = m.limits[i];
    joints.push_back({std::to_string(i + 1), m.joint_names[i], to_string(m.joint_type[i]), body_name(m, m.parent[i]),
                      direction(axes.joint_axes[i]), limit(l.lower, revolute ? "rad" : "m"), limit(l.upper, revolute ? "rad" : "m"),
                      limit(l.velocity, revolute ? "rad/s" : "m/s"), limit(l.effort, revolute ? "N m" : "N")});
  }
  out += format_table(joints, {true, false, false, false, false, true, true, true, true});
  if (!m.compound_joints.empty()) {
    out += "\ncompound joints (one body and coordinate per axis, massless but for the last):\n";
    std::vector<std::vector<std::string>> rows = {{"name", "type", "coordinates", "Euler sequence", "singular where"}};
    for (const CompoundJoint& j : m.compound_joints)
      rows.push_back({j.name, to_string(j.kind), std::to_string(j.first + 1) + ".." + std::to_string(j.first + j.count),
                      j.euler.empty() ? "-" : j.euler, euler_singularity(j)});
    out += format_table(rows, {false, false, false, false, false});
  }

  out += "\nbodies:\n";
  std::vector<std::vector<std::string>> bodies = {{"#", "name", "mass [kg]", "centre of mass [m] (body frame)"}};
  for (int i = 0; i < m.dof; ++i)
    bodies.push_back({std::to_string(i + 1), m.body_names[i], human(m.mass[i]), vec3(m.com[i])});
  bodies.push_back({"", "total", human(total_mass(m)), ""});
  out += format_table(bodies, {true, false, true, false});

  if (m.dh) {
    out += std::string("\nDH table (") + convention_name(m.dh->convention) + " convention):\n";
    std::vector<std::vector<std::string>> rows = {{"i", "type", "a [m]", "alpha [rad]", "d [m]", "theta [rad]"}};
    for (std::size_t i = 0; i < m.dh->rows.size(); ++i) {
      const DhRow& r = m.dh->rows[i];
      rows.push_back({std::to_string(i + 1), to_string(r.type), human(r.a), human(r.alpha), human(r.d), human(r.theta)});
    }
    out += format_table(rows, {true, false, true, true, true, true});
  }

  out += "\nframes:\n";
  std::vector<std::vector<std::string>> frames = {{"name", "attached to", "origin [m] (in that body's frame)"}};
  for (const Frame<double>& f : m.frames) frames.push_back({f.name, body_name(m, f.body), vec3(f.placement.p)});
  out += format_table(frames, {false, false, false});

  if (loaded.builtin) {
    out += "\nnamed poses:\n";
    std::vector<std::vector<std::string>> poses = {{"name", "q", "description"}};
    for (const NamedPose& p : loaded.builtin->poses) {
      std::vector<std::string> q;
      for (double x : p.q) q.push_back(human(x, 4));
      poses.push_back({p.name, "[" + join(q) + "]", p.description});
    }
    out += format_table(poses, {false, false, false});
  }

  if (!loaded.drives.empty()) out += drives_text(loaded.drives);
  if (!loaded.segments.empty()) out += segments_text(loaded.segments);

  const std::vector<std::string> warnings = all_warnings(m);
  if (warnings.empty()) {
    out += "\nwarnings: none\n";
  } else {
    out += "\nwarnings:\n";
    for (const std::string& w : warnings) out += "  - " + w + "\n";
  }
  return out;
}

void json_limit(JsonWriter& w, const char* key, double x) {
  w.key(key);
  if (std::isfinite(x)) w.value(x);
  else w.null();
}

std::string json_report(const Loaded& loaded) {
  const Model& m = loaded.model;
  JsonWriter w;
  w.begin_object(true);
  w.key("name").value(m.name);
  w.key("source").value(m.source);
  if (loaded.builtin) w.key("reference").value(loaded.builtin->reference);
  w.key("dof").value(m.dof);
  w.key("nq").value(m.nq());
  w.key("configuration").begin_array();
  for (const std::string& name : m.configuration_names()) w.value(name);
  w.end_array();
  w.key("gravity").numbers(m.gravity.data(), 3);
  w.key("total_mass").value(total_mass(m));
  w.key("base").value(base_name(m));
  const GravityAxes axes = gravity_axes(m);
  w.key("gravity_torques_vanish").value(axes.revolute_torques_vanish);
  w.key("joints").begin_array(true);
  for (int i = 0; i < m.dof; ++i) {
    const JointLimits& l = m.limits[i];
    w.begin_object();
    w.key("name").value(m.joint_names[i]);
    w.key("type").value(to_string(m.joint_type[i]));
    w.key("parent").value(body_name(m, m.parent[i]));
    w.key("axis").numbers(axes.joint_axes[i].data(), 3);
    json_limit(w, "lower", l.lower);
    json_limit(w, "upper", l.upper);
    json_limit(w, "velocity", l.velocity);
    json_limit(w, "effort", l.effort);
    w.end_object();
  }
  w.end_array();
  w.key("compound_joints").begin_array(true);
  for (const CompoundJoint& j : m.compound_joints) {
    w.begin_object();
    w.key("name").value(j.name);
    w.key("type").value(to_string(j.kind));
    w.key("coordinates").begin_array();
    for (int k = j.first; k < j.first + j.count; ++k) w.value(m.joint_names[k]);
    w.end_array();
    w.key("euler");
    if (j.euler.empty()) w.null();
    else w.value(j.euler);
    w.end_object();
  }
  w.end_array();
  w.key("bodies").begin_array(true);
  for (int i = 0; i < m.dof; ++i) {
    w.begin_object();
    w.key("name").value(m.body_names[i]);
    w.key("mass").value(m.mass[i]);
    w.key("com").numbers(m.com[i].data(), 3);
    w.end_object();
  }
  w.end_array();
  w.key("dh");
  if (m.dh) {
    w.begin_object(true);
    w.key("convention").value(convention_name(m.dh->convention));
    if (const auto base = dh_base_placement(m)) {  // DH frame {0} in the base frame
      w.key("base").begin_object();
      const Mat3<double> rows = base->R.transpose();  // column-major storage: rows of R
      w.key("rotation").begin_array();
      for (int r = 0; r < 3; ++r) w.numbers(rows.col(r).data(), 3);
      w.end_array();
      w.key("position").numbers(base->p.data(), 3);
      w.end_object();
    }
    w.key("rows").begin_array(true);
    for (const DhRow& r : m.dh->rows) {
      w.begin_object();
      w.key("type").value(to_string(r.type));
      w.key("a").value(r.a);
      w.key("alpha").value(r.alpha);
      w.key("d").value(r.d);
      w.key("theta").value(r.theta);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  } else {
    w.null();
  }
  w.key("frames").begin_array(true);
  for (const Frame<double>& f : m.frames) {
    w.begin_object();
    w.key("name").value(f.name);
    w.key("attached_to").value(body_name(m, f.body));
    w.key("position").numbers(f.placement.p.data(), 3);
    w.end_object();
  }
  w.end_array();
  if (loaded.builtin) {
    w.key("poses").begin_array(true);
    for (const NamedPose& p : loaded.builtin->poses) {
      w.begin_object();
      w.key("name").value(p.name);
      w.key("q").numbers(p.q);
      w.key("description").value(p.description);
      w.end_object();
    }
    w.end_array();
  }
  if (!loaded.drives.empty()) drives_json(w.key("drives"), loaded.drives);
  if (!loaded.segments.empty()) segments_json(w.key("segments"), loaded.segments);
  w.key("warnings").begin_array(true);
  for (const std::string& s : all_warnings(m)) w.value(s);
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace

Command add_info_command(CLI::App& app) {
  auto opts = std::make_shared<InfoOptions>();
  CLI::App* sub = app.add_subcommand(
      "info", "Describe a model: joints and limits, bodies and masses, gravity, DH table, frames, warnings");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / MJCF .xml / .json model file")->required();
  sub->add_flag("--json", opts->json, "print a JSON document instead of text");
  add_actuators_option(sub, opts->actuators);
  add_segments_option(sub, opts->segments);
  return Command{sub, [opts] {
                   Loaded loaded = load(opts->model);
                   loaded.drives = load_cli_drives(opts->actuators, loaded.model, opts->model);
                   loaded.segments = load_cli_segments(opts->segments, loaded.model);
                   loaded.model = segments::with_section_masses(loaded.model, loaded.segments);
                   write_stdout(opts->json ? json_report(loaded) : text_report(loaded));
                   return kExitOk;
                 }};
}

}  // namespace armdyn::cli
