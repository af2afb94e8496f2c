// The segment file (armdyn/io/segments_json.hpp): every section type and material form read
// into the segment set, and errors naming the file, the link and the key.
#include <gtest/gtest.h>

#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/io/segments_json.hpp"
#include "segments/segment_test_models.hpp"
#include "support/refusal.hpp"

namespace armdyn {
namespace segments_json_test {

using segments::SectionType;

Model arm() { return segments::test_models::two_link(segments::test_models::placeholder(), segments::test_models::placeholder()); }

std::string error_of(const std::string& text) {
  return test::refusal([&] { parse_segments(text, "arm.json", arm()); }, "accepted");
}

TEST(SegmentsJson, ReadsSectionsMaterialsAndPointMasses) {
  const segments::SegmentSet set = parse_segments(R"({"links": {
    "link1": {"section": {"type": "rect_tube", "outer": [0.06, 0.04], "inner": [0.05, 0.03]}, "material": "AlMg3",
              "length": 0.7, "point_masses": [{"mass": 2.5, "position": 0.1}], "mass_from_section": true},
    "link2": {"section": {"type": "tube", "outer_radius": 0.02, "inner_radius": 0.015},
              "material": {"density": 8000, "young_modulus": 2e11, "poisson_ratio": 0.3,
                           "allowed_normal_stress": 1e8, "allowed_shear_stress": 6e7}, "axis": [1, 0, 0]}}})",
                                                  "arm.json", arm());
  ASSERT_TRUE(set[0] && set[1]);
  EXPECT_EQ(set[0]->section.type, SectionType::kRectTube);
  EXPECT_EQ(set[0]->section.inner_y, 0.03);
  EXPECT_EQ(set[0]->material.name, "AlMg3");
  EXPECT_EQ(set.geometry(0).length, 0.7);
  ASSERT_EQ(set[0]->point_masses.size(), 1u);
  EXPECT_EQ(set[0]->point_masses[0].mass, 2.5);
  EXPECT_TRUE(set[0]->mass_from_section);
  EXPECT_EQ(set[1]->section.outer_radius, 0.02);
  EXPECT_EQ(set[1]->material.density, 8000);
  EXPECT_FALSE(set[1]->mass_from_section);
  EXPECT_NEAR(set.geometry(1).length, 0.5, 1e-15);
  const segments::SegmentSet solids = parse_segments(
      R"({"links": {"link1": {"section": {"type": "rod", "radius": 0.01}, "material": "steel"},
                    "link2": {"section": {"type": "rect", "outer": [0.02, 0.03]}, "material": "steel"}}})",
      "arm.json", arm());
  EXPECT_EQ(solids[0]->section.type, SectionType::kRod);
  EXPECT_EQ(solids[1]->section.outer_y, 0.03);
  EXPECT_TRUE(parse_segments("{}", "arm.json", arm()).empty());
}

TEST(SegmentsJson, ErrorsNameFileLinkAndKey) {
  const std::string tube = R"("section": {"type": "tube", "outer_radius": 0.02, "inner_radius": 0.015})";
  test::expect_refusals(error_of, {
      {R"({"links": {"link1": {"section": {"type": "tube", "outer_radius": -0.02, "inner_radius": 0}, "material": "AlMg3"}}})", "arm.json: links.link1.section.outer_radius: must be a positive number of metres"},
      {R"({"links": {"elbow": {)" + tube + R"(, "material": "AlMg3"}}})", "arm.json: links.elbow: no moving link of that name in 'two_link' (links: link1, link2)"},
      {R"({"links": {"link1": {)" + tube + R"(, "material": "AlMg3", "colour": 1}}})", "arm.json: links.link1.colour: unknown key"},
      {R"({"links": {"link1": {)" + tube + R"(, "material": "wood"}}})", "arm.json: links.link1.material: unknown material 'wood' (AlMg3, steel, or an object)"},
      {R"({"links": {"link1": {)" + tube + R"(}}})", "arm.json: links.link1.material: missing (AlMg3, steel or an object)"},
      {R"({"links": {"link1": {"section": {"type": "hexagon"}, "material": "AlMg3"}}})", "arm.json: links.link1.section.type: unknown section type 'hexagon' (tube, rod, rect_tube, rect)"},
      {R"({"links": {"link1": {"section": {"type": "rect_tube", "outer": [0.04, 0.04]}, "material": "AlMg3"}}})", "arm.json: links.link1.section.inner: missing ([x, y] in metres)"},
      {R"({"links": {"link1": {)" + tube +
                     R"(, "material": {"density": 1000, "young_modulus": 1e9, "poisson_ratio": 0.7, "allowed_normal_stress": 1e6, "allowed_shear_stress": 1e6}}}})", "arm.json: links.link1.material.poisson_ratio: must be in [0, 0.5)"},
      {R"({"links": {"link1": {)" + tube + R"(, "material": "AlMg3", "point_masses": [{"mass": 1}]}}})", "arm.json: links.link1.point_masses[0].position: missing"},
      {R"({"links": {"link1": {)" + tube + R"(, "material": "AlMg3", "mass_from_section": 1}}})", "arm.json: links.link1.mass_from_section: must be true or false"},
      {R"({"links": {"link1": {)" + tube + R"(, "material": "AlMg3", "length": 1e9}}})", "arm.json: links.link1.length: must be a number of metres in [1e-6, 1e3]"},
      {R"({"links": {"link1": {)" + tube +
                     R"(, "material": {"density": 1e-300, "young_modulus": 1e9, "poisson_ratio": 0.3, "allowed_normal_stress": 1e6, "allowed_shear_stress": 1e6}}}})", "arm.json: links.link1.material.density: must be a number of kg/m^3 in [1, 100000]"},
      {R"({"segments": {}})", "arm.json: segments: unknown key"}});
  EXPECT_NE(error_of("{\"links\": "), "accepted");
}

TEST(SegmentsJson, MissingFileIsAnInputError) {
  EXPECT_THROW(load_segments("/nonexistent/segments.json", arm()), InputError);
}

}  // namespace segments_json_test
}  // namespace armdyn
