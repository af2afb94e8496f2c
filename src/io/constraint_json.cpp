#include "armdyn/io/constraint_json.hpp"

#include <cmath>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/io/text_file.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;

// A unit vector from a 3-vector that must not be zero.
Vec3<double> unit(const JsonGetter& get, const json& j, const std::string& field) {
  const Vec3<double> x = get.vec3(j, field);
  const double norm = x.norm();
  if (!(norm > 0) || !std::isfinite(norm)) get.fail(field, "must not be zero (a direction)");
  return x / norm;
}

double positive(const JsonGetter& get, const json& obj, const char* key, const std::string& at) {
  const std::string field = at + "." + key;
  if (!obj.contains(key)) get.fail(field, "missing");
  const double x = get.number(obj.at(key), field);
  if (!(x > 0)) get.fail(field, "must be positive");
  return x;
}

Vec3<double> required_vec3(const JsonGetter& get, const json& obj, const char* key, const std::string& at) {
  if (!obj.contains(key)) get.fail(at + "." + key, "missing");
  return get.vec3(obj.at(key), at + "." + key);
}

Surface<double> surface(const JsonGetter& get, const json& s) {
  get.require_object(s, "surface");
  if (!s.contains("type")) get.fail("surface.type", "missing (plane, sphere or cylinder)");
  const std::string type = get.string(s.at("type"), "surface.type");
  Surface<double> out;
  if (type == "plane") {
    get.allow_keys(s, "surface", {"type", "point", "normal"});
    out.type = SurfaceType::kPlane;
    out.point = required_vec3(get, s, "point", "surface");
    if (!s.contains("normal")) get.fail("surface.normal", "missing");
    out.direction = unit(get, s.at("normal"), "surface.normal");
  } else if (type == "sphere") {
    get.allow_keys(s, "surface", {"type", "centre", "radius"});
    out.type = SurfaceType::kSphere;
    out.point = required_vec3(get, s, "centre", "surface");
    out.radius = positive(get, s, "radius", "surface");
  } else if (type == "cylinder") {
    get.allow_keys(s, "surface", {"type", "point", "axis", "radius"});
    out.type = SurfaceType::kCylinder;
    out.point = required_vec3(get, s, "point", "surface");
    if (!s.contains("axis")) get.fail("surface.axis", "missing");
    out.direction = unit(get, s.at("axis"), "surface.axis");
    out.radius = positive(get, s, "radius", "surface");
  } else {
    get.fail("surface.type", "unknown surface '" + printable(type) + "' (plane, sphere or cylinder)");
  }
  return out;
}

}  // namespace

PointConstraint<double> parse_constraint(const std::string& text, const std::string& source, const Model& model) {
  const json doc = parse_json(text, source, true);
  const JsonGetter get(source);
  get.require_object(doc, "");
  get.allow_keys(doc, "", {"frame", "point", "surface", "line", "baumgarte_rate"});
  if (!doc.contains("frame")) get.fail("frame", "missing (the frame whose point is held)");
  const std::string name = get.string(doc.at("frame"), "frame");
  const int frame = model.frame_index(name);
  if (frame < 0) {
    std::string list;
    for (const Frame<double>& f : model.frames) list += (list.empty() ? "" : ", ") + printable(f.name);
    get.fail("frame", "unknown frame '" + printable(name) + "' (frames of '" + printable(model.name) + "': " + list +
                          ")");
  }
  const Vec3<double> offset = doc.contains("point") ? get.vec3(doc.at("point"), "point") : Vec3<double>::Zero();
  const bool has_surface = doc.contains("surface"), has_line = doc.contains("line");
  if (has_surface == has_line)
    get.fail(has_line ? "line" : "surface", "give exactly one of \"surface\" and \"line\"");
  PointConstraint<double> c;
  if (has_line) {
    const json& l = doc.at("line");
    get.require_object(l, "line");
    get.allow_keys(l, "line", {"point", "direction"});
    const Vec3<double> point = required_vec3(get, l, "point", "line");
    if (!l.contains("direction")) get.fail("line.direction", "missing");
    c = line_constraint(frame, offset, point, unit(get, l.at("direction"), "line.direction"));
  } else {
    c.frame = frame;
    c.offset = offset;
    c.count = 1;
    c.surfaces[0] = surface(get, doc.at("surface"));
  }
  if (doc.contains("baumgarte_rate")) {
    c.baumgarte_rate = get.number(doc.at("baumgarte_rate"), "baumgarte_rate");
    if (!(c.baumgarte_rate > 0)) get.fail("baumgarte_rate", "must be positive (1/s)");
  }
  return c;
}

PointConstraint<double> read_constraint(const std::string& path, const Model& model) {
  return parse_constraint(read_text(path), path, model);
}

}  // namespace armdyn
