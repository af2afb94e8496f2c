#include "armdyn/segments/section.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/core/names.hpp"
#include "armdyn/core/text.hpp"
#include "field_error.hpp"

namespace armdyn::segments {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kMaxLength = 1e3;  // m: a larger section is a unit mistake

using detail::fail;

void positive(double x, const std::string& where, const std::string& field) {
  if (!std::isfinite(x) || !(x > 0)) fail(where, field, "must be a positive number of metres");
  if (x > kMaxLength) fail(where, field, "must be at most 1e3 m");
  if (x < 1e-6) fail(where, field, "must be at least 1e-6 m");
}

// Saint-Venant's torsion of a solid rectangle with sides a >= b, k = b/a (Roark's Formulas,
// Table 10.7 case 4, in full sides): J_t = a b³ (1/3 - 0.21 k (1 - k⁴/12)), and
// tau_max = 3 T / (a b²) (1 + 0.6095 k + 0.8865 k² - 1.8023 k³ + 0.9100 k⁴).
void solid_rect_torsion(double Hx, double Hy, SectionProperties& p) {
  const double a = std::max(Hx, Hy), b = std::min(Hx, Hy), k = b / a;
  p.torsion_constant = a * b * b * b * (1.0 / 3.0 - 0.21 * k * (1 - k * k * k * k / 12));
  p.W0 = a * b * b / (3 * (1 + k * (0.6095 + k * (0.8865 + k * (-1.8023 + k * 0.9100)))));
}

}  // namespace

const char* to_string(SectionType type) {
  static constexpr std::array<NamedValue<SectionType>, 4> kNames{{{SectionType::kTube, "tube"},
                                                                  {SectionType::kRod, "rod"},
                                                                  {SectionType::kRectTube, "rect_tube"},
                                                                  {SectionType::kRect, "rect"}}};
  return name_of(kNames, type);
}

void check_section(const Section& s, const std::string& where) {
  switch (s.type) {
    case SectionType::kTube:
      positive(s.outer_radius, where, "outer_radius");
      if (!std::isfinite(s.inner_radius) || s.inner_radius < 0)
        fail(where, "inner_radius", "must be a number of metres >= 0");
      if (!(s.inner_radius <= s.outer_radius * (1 - 1e-6))) fail(where, "inner_radius", "must be less than outer_radius");
      return;
    case SectionType::kRod: positive(s.outer_radius, where, "radius"); return;
    case SectionType::kRect:
      positive(s.outer_x, where, "outer[0]");
      positive(s.outer_y, where, "outer[1]");
      return;
    case SectionType::kRectTube:
      positive(s.outer_x, where, "outer[0]");
      positive(s.outer_y, where, "outer[1]");
      positive(s.inner_x, where, "inner[0]");
      positive(s.inner_y, where, "inner[1]");
      if (!(s.inner_x <= s.outer_x * (1 - 1e-6))) fail(where, "inner[0]", "must be less than outer[0]");
      if (!(s.inner_y <= s.outer_y * (1 - 1e-6))) fail(where, "inner[1]", "must be less than outer[1]");
      return;
  }
}

SectionProperties section_properties(const Section& s) {
  SectionProperties p;
  if (s.circular()) {
    const double R = s.outer_radius, r = s.type == SectionType::kTube ? s.inner_radius : 0.0;
    // f = 1 - ψ⁴ (3.5.11), ψ = r/R, factored.
    const double D = 2 * R, f = (R - r) * (R + r) * (R * R + r * r) / (R * R * R * R);
    p.area = kPi * (R - r) * (R + r);  // (4.5.13)
    p.I_x = p.I_y = kPi * std::pow(D, 4) * f / 64;                   // (3.5.12)
    p.polar = p.torsion_constant = p.I_x + p.I_y;
    p.W_x = p.W_y = kPi * D * D * D * f / 32;  // (3.5.13)
    p.W0 = kPi * D * D * D * f / 16;           // (3.5.15)
    // Zhuravskii at the neutral axis: Q = 2 (R³ - r³)/3, b = 2 (R - r).
    p.shear_x = p.shear_y = (1.0 / 3.0) * (R * R + R * r + r * r) / p.I_x;
    return p;
  }
  const double Hx = s.outer_x, Hy = s.outer_y;
  const double hx = s.type == SectionType::kRectTube ? s.inner_x : 0.0;
  const double hy = s.type == SectionType::kRectTube ? s.inner_y : 0.0;
  p.area = Hx * Hy - hx * hy;
  p.I_x = (Hx * Hy * Hy * Hy - hx * hy * hy * hy) / 12;  // (4.5.19)
  p.I_y = (Hx * Hx * Hx * Hy - hx * hx * hx * hy) / 12;
  p.polar = p.I_x + p.I_y;
  p.W_x = p.I_x / (Hy / 2);
  p.W_y = p.I_y / (Hx / 2);
  // Zhuravskii at the neutral axis: a force along y shears the section across x (Q about x,
  // width the walls' total Hx - hx), and the other way round.
  p.shear_y = ((Hx * Hy * Hy - hx * hy * hy) / 8) / (p.I_x * (Hx - hx));
  p.shear_x = ((Hy * Hx * Hx - hy * hx * hx) / 8) / (p.I_y * (Hy - hy));
  if (s.type == SectionType::kRect) {
    solid_rect_torsion(Hx, Hy, p);
    return p;
  }
  // Bredt: walls of thickness t_x (the two sides normal to x) and t_y, median rectangle a x b.
  const double tx = (Hx - hx) / 2, ty = (Hy - hy) / 2;
  const double a = Hx - tx, b = Hy - ty, Am = a * b;
  p.torsion_constant = 4 * Am * Am / (2 * a / ty + 2 * b / tx);
  p.W0 = 2 * Am * std::min(tx, ty);
  return p;
}

bool is_builtin_material(const std::string& name) { return name == "AlMg3" || name == "steel"; }

Material builtin_material(const std::string& name) {
  constexpr double k = 5;  // safety factor, [VP] Fig. 5.10
  if (name == "AlMg3") return {"AlMg3", 2700, 7.848e10, 0.29, 2.943e8 / k, 2.4525e8 / k};
  if (name == "steel") return {"steel", 7850, 2.1e11, 0.3, 2.35e8 / k, 2.35e8 / k / std::sqrt(3.0)};
  throw InputError("material '" + name + "': not a built-in material (AlMg3, steel)");
}

void check_material(const Material& m, const std::string& where) {
  const auto range = [&](double x, const char* field, double lo, double hi, const char* unit) {
    if (!std::isfinite(x) || !(x >= lo) || !(x <= hi))
      fail(where, field, std::string("must be a number of ") + unit + " in [" + number_text(lo, 6) + ", " + number_text(hi, 6) + "]");
  };
  range(m.density, "density", 1, 1e5, "kg/m^3");
  range(m.young_modulus, "young_modulus", 1e3, 1e13, "Pa");
  if (!std::isfinite(m.poisson_ratio) || m.poisson_ratio < 0 || !(m.poisson_ratio < 0.5))
    fail(where, "poisson_ratio", "must be in [0, 0.5)");
  range(m.allowed_normal_stress, "allowed_normal_stress", 1, 1e13, "Pa");
  range(m.allowed_shear_stress, "allowed_shear_stress", 1, 1e13, "Pa");
}

}  // namespace armdyn::segments
