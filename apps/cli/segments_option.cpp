#include "segments_option.hpp"

#include "armdyn/io/segments_json.hpp"
#include "armdyn/segments/section.hpp"

namespace armdyn::cli {

void add_segments_option(CLI::App* sub, std::string& path) {
  sub->add_option("--segments", path,
                  "the links as real segments: sections, materials, point masses, optionally their mass and "
                  "inertia from the section (a segment JSON file; docs/segments.md)")
      ->type_name("FILE");
}

segments::SegmentSet load_cli_segments(const std::string& path, const Model& model) {
  if (path.empty()) return {};
  return load_segments(path, model);
}

Model with_segments_option(const Model& model, const std::string& path) {
  if (path.empty()) return model;
  return segments::with_section_masses(model, load_segments(path, model));
}

namespace {

using segments::Section;
using segments::SectionType;

std::string dimensions(const Section& s) {
  switch (s.type) {
    case SectionType::kTube: return "R " + human(s.outer_radius) + ", r " + human(s.inner_radius);
    case SectionType::kRod: return "R " + human(s.outer_radius);
    case SectionType::kRectTube:
      return human(s.outer_x) + " x " + human(s.outer_y) + " - " + human(s.inner_x) + " x " + human(s.inner_y);
    case SectionType::kRect: return human(s.outer_x) + " x " + human(s.outer_y);
  }
  return "";
}

}  // namespace

std::string segments_text(const segments::SegmentSet& set) {
  std::string out = "\nsegments (" + set.source() + "; SI units, section x, y and the segment axis z):\n";
  std::vector<std::vector<std::string>> rows = {{"link", "section", "dimensions [m]", "material", "length", "mass [kg]",
                                                 "A [m^2]", "I_x [m^4]", "I_y [m^4]", "W_x [m^3]", "W_y [m^3]",
                                                 "W0 [m^3]", "from section"}};
  for (int b = 0; b < set.size(); ++b) {
    if (!set[b]) continue;
    const segments::Segment& s = *set[b];
    const segments::SegmentGeometry& g = set.geometry(b);
    const segments::SectionProperties p = segments::section_properties(s.section);
    rows.push_back({set.name(b), segments::to_string(s.section.type), dimensions(s.section), s.material.name,
                    human(g.length), human(segments::segment_mass(s, g)), human(p.area), human(p.I_x), human(p.I_y),
                    human(p.W_x), human(p.W_y), human(p.W0), s.mass_from_section ? "yes" : "no"});
  }
  return out + format_table(rows, {false, false, false, false, true, true, true, true, true, true, true, true, false});
}

void segments_json(JsonWriter& w, const segments::SegmentSet& set) {
  w.begin_object(true);
  w.key("source").value(set.source());
  w.key("links").begin_array(true);
  for (int b = 0; b < set.size(); ++b) {
    if (!set[b]) continue;
    const segments::Segment& s = *set[b];
    const segments::SegmentGeometry& g = set.geometry(b);
    const segments::SectionProperties p = segments::section_properties(s.section);
    w.begin_object();
    w.key("name").value(set.name(b));
    w.key("section").value(segments::to_string(s.section.type));
    if (s.section.circular()) {
      w.key("outer_radius").value(s.section.outer_radius);
      w.key("inner_radius").value(s.section.type == SectionType::kTube ? s.section.inner_radius : 0.0);
    } else {
      w.key("outer").numbers(std::vector<double>{s.section.outer_x, s.section.outer_y});
      w.key("inner").numbers(std::vector<double>{s.section.inner_x, s.section.inner_y});
    }
    w.key("material").value(s.material.name);
    w.key("density").value(s.material.density);
    w.key("young_modulus").value(s.material.young_modulus);
    w.key("allowed_normal_stress").value(s.material.allowed_normal_stress);
    w.key("allowed_shear_stress").value(s.material.allowed_shear_stress);
    w.key("length").value(g.length);
    w.key("mass").value(segments::segment_mass(s, g));
    w.key("area").value(p.area);
    w.key("I_x").value(p.I_x);
    w.key("I_y").value(p.I_y);
    w.key("polar").value(p.polar);
    w.key("torsion_constant").value(p.torsion_constant);
    w.key("W_x").value(p.W_x);
    w.key("W_y").value(p.W_y);
    w.key("W0").value(p.W0);
    w.key("mass_from_section").value(s.mass_from_section);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

}  // namespace armdyn::cli
