#include "armdyn/io/dh_json.hpp"

#include <nlohmann/json.hpp>

#include "armdyn/core/error.hpp"
#include "json_util.hpp"
#include "armdyn/dynamics/dependent_joint.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/model/dh.hpp"
#include "armdyn/spatial/rotation.hpp"

namespace armdyn {

namespace {

using nlohmann::json;

class DhJsonReader {
 public:
  explicit DhJsonReader(std::string source) : get_(std::move(source)) {}

  Model read(const json& doc) {
    get_.require_object(doc, "");
    get_.allow_keys(doc, "", {"name", "convention", "gravity", "base", "links", "tools", "about"});
    DhDescription d;
    d.source = get_.source();
    d.name = doc.contains("name") ? get_.string(doc["name"], "name") : "model";
    const std::string conv = doc.contains("convention") ? get_.string(doc["convention"], "convention") : "";
    if (conv == "modified") d.convention = DhConvention::kModified;
    else if (conv == "standard") d.convention = DhConvention::kStandard;
    else get_.fail("convention", "must be \"standard\" or \"modified\"");
    if (doc.contains("gravity")) d.gravity = get_.vec3(doc["gravity"], "gravity");
    if (doc.contains("base")) d.base = placement(doc["base"], "base");
    if (!doc.contains("links")) get_.fail("links", "is missing");
    const json& links = doc["links"];
    if (!links.is_array() || links.empty()) get_.fail("links", "must be a non-empty array");
    for (std::size_t i = 0; i < links.size(); ++i) d.links.push_back(link(links[i], "links[" + std::to_string(i) + "]", i));
    if (doc.contains("tools")) {
      const json& tools = doc["tools"];
      if (!tools.is_array()) get_.fail("tools", "must be an array");
      for (std::size_t i = 0; i < tools.size(); ++i) {
        const std::string at = "tools[" + std::to_string(i) + "]";
        get_.require_object(tools[i], at);
        if (!tools[i].contains("name")) {
          get_.allow_keys(tools[i], at, {"name", "xyz", "rpy"});
          get_.fail(at + ".name", "is missing");
        }
        d.tool_frames.emplace_back(get_.string(tools[i]["name"], at + ".name"), placement(tools[i], at, true));
      }
    }
    return model_from_dh(d);
  }

 private:
  Transform<double> placement(const json& j, const std::string& at, bool named = false) {
    get_.require_object(j, at);
    if (named) get_.allow_keys(j, at, {"name", "xyz", "rpy"});
    else get_.allow_keys(j, at, {"xyz", "rpy"});
    Transform<double> X;
    if (j.contains("xyz")) X.p = get_.vec3(j["xyz"], at + ".xyz");
    if (j.contains("rpy")) {
      const Vec3<double> rpy = get_.vec3(j["rpy"], at + ".rpy");
      X.R = rotation_from_rpy(rpy.x(), rpy.y(), rpy.z());
    }
    return X;
  }

  DhLink link(const json& j, const std::string& at, std::size_t index) {
    get_.require_object(j, at);
    get_.allow_keys(j, at, {"name", "joint", "type", "a", "alpha", "d", "theta", "mass", "com", "inertia", "limits"});
    DhLink out;
    const std::string n = std::to_string(index + 1);
    out.link_name = j.contains("name") ? get_.string(j["name"], at + ".name") : "link" + n;
    out.joint_name = j.contains("joint") ? get_.string(j["joint"], at + ".joint") : "joint" + n;
    const std::string type = j.contains("type") ? get_.string(j["type"], at + ".type") : "";
    if (type == "revolute") out.row.type = JointType::kRevolute;
    else if (type == "prismatic") out.row.type = JointType::kPrismatic;
    else get_.fail(at + ".type", "must be \"revolute\" or \"prismatic\"");
    out.row.a = get_.number_or(j, "a", at, 0.0);
    out.row.alpha = get_.number_or(j, "alpha", at, 0.0);
    out.row.d = get_.number_or(j, "d", at, 0.0);
    out.row.theta = get_.number_or(j, "theta", at, 0.0);
    out.inertial.field_prefix = at + ".";
    out.inertial.mass = get_.number_or(j, "mass", at, 0.0);
    if (j.contains("com")) out.inertial.com = get_.vec3(j["com"], at + ".com");
    if (j.contains("inertia")) {
      const json& I = j["inertia"];
      const std::string iat = at + ".inertia";
      get_.require_object(I, iat);
      get_.allow_keys(I, iat, {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"});
      const double ixx = get_.number_or(I, "ixx", iat, 0.0), iyy = get_.number_or(I, "iyy", iat, 0.0),
                   izz = get_.number_or(I, "izz", iat, 0.0), ixy = get_.number_or(I, "ixy", iat, 0.0),
                   ixz = get_.number_or(I, "ixz", iat, 0.0), iyz = get_.number_or(I, "iyz", iat, 0.0);
      out.inertial.inertia << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    }
    if (j.contains("limits")) {
      const json& L = j["limits"];
      const std::string lat = at + ".limits";
      get_.require_object(L, lat);
      get_.allow_keys(L, lat, {"lower", "upper", "velocity", "effort"});
      out.limits.lower = get_.number_or(L, "lower", lat, out.limits.lower);
      out.limits.upper = get_.number_or(L, "upper", lat, out.limits.upper);
      out.limits.velocity = get_.number_or(L, "velocity", lat, out.limits.velocity);
      out.limits.effort = get_.number_or(L, "effort", lat, out.limits.effort);
    }
    return out;
  }

  JsonGetter get_;
};

}  // namespace

Model load_dh_json_string(const std::string& text, const std::string& source) {
  Model model = DhJsonReader(source).read(parse_json(text, source));
  refuse_dependent_joints(model);
  return model;
}

Model load_dh_json(const std::string& path) {
  return load_dh_json_string(read_text(path, InputFormat::kJson), path);
}

}  // namespace armdyn
