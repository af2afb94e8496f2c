#pragma once
// Cross-sections and materials of a manipulator's segments ([VP] ch. 3 §3.5, ch. 4 §4.5, ch. 5).
//
// A section lies in the segment's section plane (axes x, y; the segment's axis is z):
//   tube       outer radius R, inner radius r (0 <= r < R; r = 0 is the solid "rod")
//   rect_tube  outer Hx x Hy, inner hx x hy (0 < h < H, both sides; "rect" is the solid one)
// Properties ([VP] (3.5.11)-(3.5.16), (4.5.13), (4.5.19)):
//   area A; second moments I_x (bending about x), I_y; polar moment J = I_x + I_y;
//   torsion constant J_t (G J_t = torsional stiffness per unit length);
//   bending section moduli W_x = I_x / (Hy/2), W_y = I_y / (Hx/2) (W = I / R for a circle);
//   torsion section modulus W0 (tau = M_t / W0).
// Circle (tube, rod): ψ = r/R, D = 2R, I = π D⁴ (1 - ψ⁴)/64 (3.5.12), W = π D³ (1 - ψ⁴)/32
// (3.5.13), W0 = π D³ (1 - ψ⁴)/16 (3.5.15), J_t = J.
// Rectangle: I_x = (Hx Hy³ - hx hy³)/12, I_y = (Hx³ Hy - hx³ hy)/12 (4.5.19). Torsion, which VP
// approximates by the polar moment, is here the usual engineering one: a hollow section by the
// thin-walled (Bredt) formulas on the walls' median line, J_t = 4 A_m² / ∮ds/t, W0 = 2 A_m t_min;
// a solid one by Saint-Venant's solution as Roark's Formulas fits it (section.cpp).
#include <string>

namespace armdyn::segments {

enum class SectionType { kTube, kRod, kRectTube, kRect };

/// The section's name in segment files: "tube", "rod", "rect_tube", "rect".
const char* to_string(SectionType type);

struct Section {
  SectionType type = SectionType::kTube;
  double outer_radius = 0, inner_radius = 0;  ///< tube, rod (m)
  double outer_x = 0, outer_y = 0;            ///< rect_tube, rect: Hx, Hy (m)
  double inner_x = 0, inner_y = 0;            ///< rect_tube: hx, hy (m)

  static Section tube(double R, double r) { return {SectionType::kTube, R, r, 0, 0, 0, 0}; }
  static Section rod(double R) { return {SectionType::kRod, R, 0, 0, 0, 0, 0}; }
  static Section rect_tube(double Hx, double Hy, double hx, double hy) {
    return {SectionType::kRectTube, 0, 0, Hx, Hy, hx, hy};
  }
  static Section rect(double Hx, double Hy) { return {SectionType::kRect, 0, 0, Hx, Hy, 0, 0}; }
  bool circular() const { return type == SectionType::kTube || type == SectionType::kRod; }
};

/// Throws an InputError "<where>.<field>: <what>" unless the dimensions are finite, in
/// [1e-6, 1e3] m, and the inner ones less than the outer ones (by at least a millionth of them).
void check_section(const Section& s, const std::string& where);

struct SectionProperties {
  double area = 0;              ///< A (m²)
  double I_x = 0, I_y = 0;      ///< second moments about the section's x and y axes (m⁴)
  double polar = 0;             ///< J = I_x + I_y (m⁴)
  double torsion_constant = 0;  ///< J_t (m⁴)
  double W_x = 0, W_y = 0;      ///< bending section moduli (m³)
  double W0 = 0;                ///< torsion section modulus (m³)
  /// Shear stress at the neutral axis per unit transverse force along x / along y (1/m²,
  /// Zhuravskii's V Q / (I b)): 4/3A for a rod, 3/2A for a rectangle, ~2/A for a thin tube.
  double shear_x = 0, shear_y = 0;
};

SectionProperties section_properties(const Section& s);

/// A segment's material ([VP] ch. 5: Fig. 5.10 and Example 2).
struct Material {
  std::string name;
  double density = 0;                ///< kg/m³
  double young_modulus = 0;          ///< E (Pa)
  double poisson_ratio = 0;          ///< ν
  double allowed_normal_stress = 0;  ///< σ_d (Pa), the limit over the safety factor
  double allowed_shear_stress = 0;   ///< τ_d (Pa)
  double shear_modulus() const { return young_modulus / (2 * (1 + poisson_ratio)); }  ///< G (4.5.18)
};

/// "AlMg3": ρ = 2700 kg/m³, E = 7.848e10 Pa, ν = 0.29, σ_d = 2.943e8/5, τ_d = 2.4525e8/5 Pa
/// ([VP] Fig. 5.10, safety factor k = 5). "steel": ρ = 7850 kg/m³, E = 2.1e11 Pa ([VP] ch. 5
/// Example 2), ν = 0.3, and (not given by VP) the yield strength of structural steel S235,
/// 2.35e8 Pa, over the same k = 5: σ_d = 4.7e7, τ_d = σ_d/√3 = 2.7135e7 Pa. Throws an
/// InputError for any other name.
Material builtin_material(const std::string& name);
bool is_builtin_material(const std::string& name);

/// Throws an InputError "<where>.<field>: <what>" unless density is in [1, 1e5] kg/m³, E in
/// [1e3, 1e13] Pa, 0 <= ν < 0.5 and both allowed stresses in [1, 1e13] Pa.
void check_material(const Material& m, const std::string& where);

}  // namespace armdyn::segments
