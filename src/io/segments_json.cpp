#include "armdyn/io/segments_json.hpp"


#include "armdyn/core/error.hpp"
#include "armdyn/io/text_file.hpp"
#include "armdyn/core/text.hpp"
#include "json_util.hpp"

namespace armdyn {

namespace {

using nlohmann::json;
using segments::Material;
using segments::Section;
using segments::SectionType;
using segments::Segment;

double required(const JsonGetter& get, const json& j, const char* key, const std::string& at) {
  if (!j.contains(key)) get.fail(at + "." + key, "missing");
  return get.number(j.at(key), at + "." + key);
}

std::vector<double> required_pair(const JsonGetter& get, const json& j, const char* key, const std::string& at) {
  if (!j.contains(key)) get.fail(at + "." + key, "missing ([x, y] in metres)");
  return get.numbers(j.at(key), at + "." + key, 2);
}

Section read_section(const JsonGetter& get, const json& j, const std::string& at) {
  get.require_object(j, at);
  if (!j.contains("type")) get.fail(at + ".type", "missing (tube, rod, rect_tube or rect)");
  const std::string type = get.string(j.at("type"), at + ".type");
  Section s;
  if (type == "tube") {
    get.allow_keys(j, at, {"type", "outer_radius", "inner_radius"});
    s = Section::tube(required(get, j, "outer_radius", at), required(get, j, "inner_radius", at));
  } else if (type == "rod") {
    get.allow_keys(j, at, {"type", "radius"});
    s = Section::rod(required(get, j, "radius", at));
  } else if (type == "rect_tube") {
    get.allow_keys(j, at, {"type", "outer", "inner"});
    const std::vector<double> o = required_pair(get, j, "outer", at), i = required_pair(get, j, "inner", at);
    s = Section::rect_tube(o[0], o[1], i[0], i[1]);
  } else if (type == "rect") {
    get.allow_keys(j, at, {"type", "outer"});
    const std::vector<double> o = required_pair(get, j, "outer", at);
    s = Section::rect(o[0], o[1]);
  } else {
    get.fail(at + ".type", "unknown section type '" + printable(type.substr(0, 40)) + "' (tube, rod, rect_tube, rect)");
  }
  segments::check_section(s, get.source() + ": " + at);
  return s;
}

Material read_material(const JsonGetter& get, const json& j, const std::string& at) {
  if (j.is_string()) {
    const std::string name = j.get<std::string>();
    if (!segments::is_builtin_material(name))
      get.fail(at, "unknown material '" + printable(name.substr(0, 40)) + "' (AlMg3, steel, or an object)");
    return segments::builtin_material(name);
  }
  if (!j.is_object()) get.fail(at, "must be a material name (AlMg3, steel) or an object");
  get.allow_keys(j, at, {"name", "density", "young_modulus", "poisson_ratio", "allowed_normal_stress",
                         "allowed_shear_stress"});
  Material m;
  m.name = j.contains("name") ? printable(get.string(j.at("name"), at + ".name").substr(0, 80)) : "custom";
  m.density = required(get, j, "density", at);
  m.young_modulus = required(get, j, "young_modulus", at);
  m.poisson_ratio = required(get, j, "poisson_ratio", at);
  m.allowed_normal_stress = required(get, j, "allowed_normal_stress", at);
  m.allowed_shear_stress = required(get, j, "allowed_shear_stress", at);
  segments::check_material(m, get.source() + ": " + at);
  return m;
}

Segment read_segment(const JsonGetter& get, const json& j, const std::string& at) {
  get.require_object(j, at);
  get.allow_keys(j, at, {"section", "material", "length", "axis", "point_masses", "mass_from_section"});
  Segment s;
  if (!j.contains("section")) get.fail(at + ".section", "missing (e.g. {\"type\": \"tube\", ...})");
  s.section = read_section(get, j.at("section"), at + ".section");
  if (!j.contains("material")) get.fail(at + ".material", "missing (AlMg3, steel or an object)");
  s.material = read_material(get, j.at("material"), at + ".material");
  if (j.contains("length")) s.length = get.number(j.at("length"), at + ".length");
  if (j.contains("axis")) s.axis = get.vec3(j.at("axis"), at + ".axis");
  if (j.contains("point_masses")) {
    const json& list = j.at("point_masses");
    if (!list.is_array()) get.fail(at + ".point_masses", "must be an array of {\"mass\", \"position\"}");
    if (list.size() > 1000) get.fail(at + ".point_masses", "more than 1000 entries");
    for (std::size_t k = 0; k < list.size(); ++k) {
      const std::string pat = at + ".point_masses[" + std::to_string(k) + "]";
      get.require_object(list[k], pat);
      get.allow_keys(list[k], pat, {"mass", "position"});
      s.point_masses.push_back({required(get, list[k], "mass", pat), required(get, list[k], "position", pat)});
    }
  }
  if (j.contains("mass_from_section")) {
    if (!j.at("mass_from_section").is_boolean()) get.fail(at + ".mass_from_section", "must be true or false");
    s.mass_from_section = j.at("mass_from_section").get<bool>();
  }
  return s;
}

int body_index(const Model& model, const std::string& name) {
  for (std::size_t k = 0; k < model.body_names.size(); ++k)
    if (model.body_names[k] == name) return static_cast<int>(k);
  return -1;
}

}  // namespace

segments::SegmentSet parse_segments(const std::string& text, const std::string& source, const Model& model) {
  const json doc = parse_json(text, source, true);
  const JsonGetter get(source);
  get.require_object(doc, "");
  get.allow_keys(doc, "", {"links"});
  std::vector<std::optional<Segment>> out(static_cast<std::size_t>(model.dof));
  if (doc.contains("links")) {
    const json& links = doc.at("links");
    get.require_object(links, "links");
    for (auto it = links.begin(); it != links.end(); ++it) {
      const std::string at = "links." + printable(it.key().substr(0, 80));
      const int b = body_index(model, it.key());
      if (b < 0)
        get.fail(at, "no moving link of that name in '" + printable(model.name) + "' (links: " + names_listed(model.body_names) + ")");
      out[static_cast<std::size_t>(b)] = read_segment(get, it.value(), at);
    }
  }
  return segments::SegmentSet(model, std::move(out), source);
}

segments::SegmentSet load_segments(const std::string& path, const Model& model) {
  return parse_segments(read_text(path, InputFormat::kJson), path, model);
}

}  // namespace armdyn
