#include "armdyn/io/constraint_json.hpp"

#include <cmath>
#include <optional>

#include "armdyn/core/error.hpp"
#include "armdyn/core/text.hpp"
#include "armdyn/core/vector_length.hpp"
#include "armdyn/io/text_file.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;

// A unit vector from a 3-vector that must not be zero.
Vec3<double> unit(const JsonGetter& get, const json& j, const std::string& field) {
  const Vec3<double> x = get.vec3(j, field);
  const std::optional<Vec3<double>> u = unit_vector(x);  // of any non-zero length
  if (!u) get.fail(field, "must not be zero (a direction)");
  return *u;
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

// The index of the named frame, or the error listing the model's frames.
int frame_named(const JsonGetter& get, const json& j, const std::string& field, const Model& model) {
  const std::string name = get.string(j, field);
  const int frame = model.frame_index(name);
  if (frame < 0) {
    std::string list;
    for (const Frame<double>& f : model.frames) list += (list.empty() ? "" : ", ") + printable(f.name);
    get.fail(field, "unknown frame '" + printable(name) + "' (frames of '" + printable(model.name) + "': " + list +
                        ")");
  }
  return frame;
}

// "loop": {"frame": f2, "point": B, "axes": [a1, a2]} closing A of (frame, offset) on B.
PointConstraint<double> loop_closure(const JsonGetter& get, const json& l, int frame, const Vec3<double>& offset,
                             const Model& model) {
  get.require_object(l, "loop");
  get.allow_keys(l, "loop", {"frame", "point", "axes"});
  if (!l.contains("frame")) get.fail("loop.frame", "missing (the frame whose point closes the loop)");
  const int other = frame_named(get, l.at("frame"), "loop.frame", model);
  if (other == frame) get.fail("loop.frame", "the same frame as \"frame\" (a loop joins two frames)");
  const Vec3<double> other_offset = l.contains("point") ? get.vec3(l.at("point"), "loop.point") : Vec3<double>::Zero();
  if (!l.contains("axes")) return loop_constraint(frame, offset, other, other_offset);
  const json& axes = l.at("axes");
  if (!axes.is_array() || axes.size() != 2)
    get.fail("loop.axes", "must be two directions [a1, a2]: the axis in \"frame\"'s axes, then in loop.frame's");
  const Vec3<double> a1 = unit(get, axes.at(0), "loop.axes[0]"), a2 = unit(get, axes.at(1), "loop.axes[1]");
  return loop_constraint(frame, offset, other, other_offset, true, a1, a2);
}

}  // namespace

PointConstraint<double> parse_constraint(const std::string& text, const std::string& source, const Model& model) {
  const json doc = parse_json(text, source, true);
  const JsonGetter get(source);
  get.require_object(doc, "");
  get.allow_keys(doc, "", {"frame", "point", "surface", "line", "loop", "baumgarte_rate", "projection"});
  if (!doc.contains("frame")) get.fail("frame", "missing (the frame whose point is held)");
  const int frame = frame_named(get, doc.at("frame"), "frame", model);
  const Vec3<double> offset = doc.contains("point") ? get.vec3(doc.at("point"), "point") : Vec3<double>::Zero();
  const int shapes = int{doc.contains("surface")} + int{doc.contains("line")} + int{doc.contains("loop")};
  if (shapes != 1)
    get.fail(doc.contains("loop") ? "loop" : doc.contains("line") ? "line" : "surface",
             "give exactly one of \"surface\", \"line\" and \"loop\"");
  PointConstraint<double> c;
  if (doc.contains("loop")) {
    c = loop_closure(get, doc.at("loop"), frame, offset, model);
  } else if (doc.contains("line")) {
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
  if (doc.contains("projection")) {
    if (!doc.at("projection").is_boolean()) get.fail("projection", "must be true or false");
    c.project = doc.at("projection").get<bool>();
  }
  return c;
}

PointConstraint<double> read_constraint(const std::string& path, const Model& model) {
  return parse_constraint(read_text(path, InputFormat::kJson), path, model);
}

}  // namespace armdyn
