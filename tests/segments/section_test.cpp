// Section properties and materials (armdyn/segments/section.hpp): VP's tube numbers, the masses
// per metre of VP's examples, rectangles and solids against closed forms and the torsion tables
// of Timoshenko & Goodier, and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "armdyn/core/error.hpp"
#include "armdyn/segments/section.hpp"

namespace armdyn::segments {
namespace section_test {

constexpr double kPi = std::numbers::pi;

TEST(Section, VpTubeOfRadius20mmAndPsi075) {
  // R = 0.02 m, ψ = r/R = 0.75 (VP §3.6, §5.4): I = π D⁴ (1 - ψ⁴)/64 (3.5.12), W = π D³ (1 - ψ⁴)/32
  // (3.5.13), W0 = π D³ (1 - ψ⁴)/16 (3.5.15) with D = 0.04, 1 - ψ⁴ = 0.68359375.
  const SectionProperties p = section_properties(Section::tube(0.02, 0.015));
  EXPECT_NEAR(p.I_x, 8.590292412e-8, 1e-16);
  EXPECT_NEAR(p.I_y, 8.590292412e-8, 1e-16);
  EXPECT_NEAR(p.W_x, 4.295146206e-6, 1e-15);
  EXPECT_NEAR(p.W0, 8.590292412e-6, 1e-15);
  EXPECT_NEAR(p.polar, 2 * 8.590292412e-8, 1e-16);
  EXPECT_NEAR(p.torsion_constant, p.polar, 1e-20);
  EXPECT_NEAR(p.area, kPi * (0.02 * 0.02 - 0.015 * 0.015), 1e-18);
}

TEST(Section, MassesPerMetreOfVpsAlMg3Tubes) {
  const Material al = builtin_material("AlMg3");
  const struct { double R, r, kg_per_m; } tubes[] = {
      {0.02, 0.015, 1.4844}, {0.022, 0.0165, 1.7961}, {0.04, 0.03, 5.9376}, {0.025, 0.01875, 2.3194}, {0.014, 0.0105, 0.7274}};
  for (const auto& t : tubes)
    EXPECT_NEAR(al.density * section_properties(Section::tube(t.R, t.r)).area, t.kg_per_m, 5e-5) << t.R;
}

TEST(Section, VpExample2GuideMasses) {
  // Segment 3 of VP's spray-painting arm: two steel guides of 1.14 m and a 3.07 kg piston and rod.
  const Material steel = builtin_material("steel");
  const auto m3 = [&](const Section& s) { return 2 * steel.density * section_properties(s).area * 1.14 + 3.07; };
  EXPECT_NEAR(m3(Section::rod(0.02)), 25.56, 5e-3);
  EXPECT_NEAR(m3(Section::rod(0.024)), 35.457, 5e-4);
  EXPECT_NEAR(m3(Section::tube(0.025, 0.02)), 15.721, 5e-4);
}

TEST(Section, SolidRodClosedForms) {
  const double R = 0.01;
  const SectionProperties p = section_properties(Section::rod(R));
  EXPECT_NEAR(p.area, kPi * R * R, 1e-18);
  EXPECT_NEAR(p.I_x, kPi * std::pow(R, 4) / 4, 1e-20);
  EXPECT_NEAR(p.W_x, kPi * std::pow(R, 3) / 4, 1e-18);
  EXPECT_NEAR(p.W0, kPi * std::pow(R, 3) / 2, 1e-18);
  EXPECT_NEAR(p.shear_x * p.area, 4.0 / 3.0, 1e-12);  // 4V/3A at the centre
}

TEST(Section, ThinTubeShearIsTwiceTheMean) {
  const SectionProperties p = section_properties(Section::tube(0.05, 0.0499));
  EXPECT_NEAR(p.shear_y * p.area, 2.0, 1e-3);
}

TEST(Section, ThinnestWallKeepsItsArea) {
  // The thinnest wall accepted, t = 1e-6 R: the thin-walled closed forms A = 2πR t and I = πR³t.
  const double R = 0.3, t = R * 1e-6;
  const SectionProperties p = section_properties(Section::tube(R, R - t));
  EXPECT_NEAR(p.area / (2 * kPi * R * t), 1.0, 2e-6);
  EXPECT_NEAR(p.I_x / (kPi * R * R * R * t), 1.0, 3e-6);
  EXPECT_GT(p.W0, 0);
}

TEST(Section, RectTubeClosedForms) {
  // Outer 60 x 40 mm, inner 50 x 30 mm (walls 5 mm) (4.5.19).
  const SectionProperties p = section_properties(Section::rect_tube(0.06, 0.04, 0.05, 0.03));
  EXPECT_NEAR(p.area, 0.0009, 1e-15);
  EXPECT_NEAR(p.I_x, 2.075e-7, 1e-18);
  EXPECT_NEAR(p.I_y, 4.075e-7, 1e-18);
  EXPECT_NEAR(p.W_x, 1.0375e-5, 1e-16);
  EXPECT_NEAR(p.W_y, 4.075e-7 / 0.03, 1e-16);
  EXPECT_NEAR(p.polar, 6.15e-7, 1e-18);
  // Bredt on the median rectangle 55 x 35 mm, walls 5 mm: A_m = 1.925e-3 m².
  EXPECT_NEAR(p.W0, 2 * 1.925e-3 * 0.005, 1e-15);
  EXPECT_NEAR(p.torsion_constant, 4 * 1.925e-3 * 1.925e-3 / (2 * 0.055 / 0.005 + 2 * 0.035 / 0.005), 1e-18);
}

TEST(Section, SolidRectangleAgainstTorsionTables) {
  // Timoshenko & Goodier, Theory of Elasticity, §109 table: a/b = 1: α = 0.208, β = 0.141;
  // a/b = 2: α = 0.246, β = 0.229 (tau_max = T / (α a b²), J_t = β a b³).
  const SectionProperties sq = section_properties(Section::rect(0.03, 0.03));
  EXPECT_NEAR(sq.W0 / (0.208 * std::pow(0.03, 3)), 1.0, 5e-3);
  EXPECT_NEAR(sq.torsion_constant / (0.141 * std::pow(0.03, 4)), 1.0, 5e-3);
  const SectionProperties r2 = section_properties(Section::rect(0.02, 0.04));  // a = 0.04 along y
  EXPECT_NEAR(r2.W0 / (0.246 * 0.04 * 0.02 * 0.02), 1.0, 5e-3);
  EXPECT_NEAR(r2.torsion_constant / (0.229 * 0.04 * std::pow(0.02, 3)), 1.0, 5e-3);
  EXPECT_NEAR(r2.I_x, 0.02 * std::pow(0.04, 3) / 12, 1e-18);
  EXPECT_NEAR(r2.I_y, 0.04 * std::pow(0.02, 3) / 12, 1e-18);
  EXPECT_NEAR(r2.shear_x * r2.area, 1.5, 1e-12);
  EXPECT_NEAR(r2.shear_y * r2.area, 1.5, 1e-12);
}

TEST(Material, BuiltinsAreVpsNumbers) {
  const Material al = builtin_material("AlMg3");
  EXPECT_EQ(al.density, 2700);
  EXPECT_EQ(al.young_modulus, 7.848e10);
  EXPECT_EQ(al.poisson_ratio, 0.29);
  EXPECT_NEAR(al.allowed_normal_stress, 5.886e7, 1);
  EXPECT_NEAR(al.allowed_shear_stress, 4.905e7, 1);
  EXPECT_NEAR(al.shear_modulus(), 7.848e10 / 2.58, 1);
  const Material steel = builtin_material("steel");
  EXPECT_EQ(steel.density, 7850);
  EXPECT_EQ(steel.young_modulus, 2.1e11);
  EXPECT_THROW(builtin_material("wood"), InputError);
}

TEST(Section, RefusalsNameTheField) {
  const auto message = [](const Section& s) {
    try {
      check_section(s, "f.json: links.a.section");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(Section::tube(0.02, 0.02)), "f.json: links.a.section.inner_radius: must be less than outer_radius");
  EXPECT_EQ(message(Section::tube(-1, 0)), "f.json: links.a.section.outer_radius: must be a positive number of metres");
  EXPECT_EQ(message(Section::rod(NAN)), "f.json: links.a.section.radius: must be a positive number of metres");
  EXPECT_EQ(message(Section::rect_tube(0.04, 0.04, 0.05, 0.01)), "f.json: links.a.section.inner[0]: must be less than outer[0]");
  EXPECT_EQ(message(Section::rect(0.04, 1e4)), "f.json: links.a.section.outer[1]: must be at most 1e3 m");
  EXPECT_EQ(message(Section::tube(0.02, 0)), "accepted");
}

}  // namespace section_test
}  // namespace armdyn::segments
