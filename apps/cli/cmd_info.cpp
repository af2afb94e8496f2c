// `armdyn info MODEL [--json]`: what a model holds — joints and limits, bodies and masses,
// gravity, the DH table, named frames, the loader's warnings — for people or (--json) programs.
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "armdyn/io/load.hpp"
#include "armdyn/model/catalogue.hpp"
#include "cli.hpp"
#include "json_writer.hpp"

namespace armdyn::cli {
namespace {

struct InfoOptions {
  std::string model;
  bool json = false;
};

// The model, plus the reference and named poses when it is a built-in one.
struct Loaded {
  Model model;
  std::optional<BuiltinModel> builtin;
};

Loaded load(const std::string& spec) {
  if (is_builtin(spec)) {
    BuiltinModel b = builtin_model(spec);
    Model m = b.model;
    return Loaded{std::move(m), std::move(b)};
  }
  return Loaded{load_model(spec), std::nullopt};
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

std::string text_report(const Loaded& loaded) {
  const Model& m = loaded.model;
  std::string out;
  std::vector<std::vector<std::string>> head = {{"model", m.name}, {"source", m.source}};
  if (loaded.builtin) head.push_back({"reference", loaded.builtin->reference});
  head.push_back({"dof", std::to_string(m.dof)});
  head.push_back({"gravity", vec3(m.gravity) + " m/s^2 (base frame)"});
  head.push_back({"total mass", human(total_mass(m)) + " kg (moving links; the fixed base '" + base_name(m) +
                                    "' is not counted)"});
  out += format_table(head, {false, false}, 0);

  out += "\njoints:\n";
  std::vector<std::vector<std::string>> joints = {
      {"#", "name", "type", "parent", "lower", "upper", "velocity", "effort"}};
  for (int i = 0; i < m.dof; ++i) {
    const bool revolute = m.joint_type[i] == JointType::kRevolute;
    const JointLimits& l = m.limits[i];
    joints.push_back({std::to_string(i + 1), m.joint_names[i], to_string(m.joint_type[i]), body_name(m, m.parent[i]),
                      limit(l.lower, revolute ? "rad" : "m"), limit(l.upper, revolute ? "rad" : "m"),
                      limit(l.velocity, revolute ? "rad/s" : "m/s"), limit(l.effort, revolute ? "N m" : "N")});
  }
  out += format_table(joints, {true, false, false, false, true, true, true, true});

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

  if (m.warnings.empty()) {
    out += "\nwarnings: none\n";
  } else {
    out += "\nwarnings:\n";
    for (const std::string& w : m.warnings) out += "  - " + w + "\n";
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
  w.key("gravity").numbers(m.gravity.data(), 3);
  w.key("total_mass").value(total_mass(m));
  w.key("base").value(base_name(m));
  w.key("joints").begin_array(true);
  for (int i = 0; i < m.dof; ++i) {
    const JointLimits& l = m.limits[i];
    w.begin_object();
    w.key("name").value(m.joint_names[i]);
    w.key("type").value(to_string(m.joint_type[i]));
    w.key("parent").value(body_name(m, m.parent[i]));
    json_limit(w, "lower", l.lower);
    json_limit(w, "upper", l.upper);
    json_limit(w, "velocity", l.velocity);
    json_limit(w, "effort", l.effort);
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
  w.key("warnings").begin_array(true);
  for (const std::string& s : m.warnings) w.value(s);
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace

Command add_info_command(CLI::App& app) {
  auto opts = std::make_shared<InfoOptions>();
  CLI::App* sub = app.add_subcommand(
      "info", "Describe a model: joints and limits, bodies and masses, gravity, DH table, frames, warnings");
  sub->add_option("MODEL", opts->model, "built-in model name or a .urdf / .json model file")->required();
  sub->add_flag("--json", opts->json, "print a JSON document instead of text");
  return Command{sub, [opts] {
                   const Loaded loaded = load(opts->model);
                   write_stdout(opts->json ? json_report(loaded) : text_report(loaded));
                   return kExitOk;
                 }};
}

}  // namespace armdyn::cli
