#include "armdyn/segments/influence.hpp"

#include <cmath>
#include <string>

#include "armdyn/core/error.hpp"

namespace armdyn::segments {

namespace {

void check_positive(double x, const char* what) {
  if (!std::isfinite(x) || !(x > 0))
    throw InputError(std::string("cane influence coefficients: ") + what + " must be positive and finite");
}

}  // namespace

InfluenceCoefficients cane_influence(const SectionProperties& p, const Material& m, double length) {
  check_positive(length, "the length");
  check_positive(m.young_modulus, "Young's modulus");
  check_positive(m.shear_modulus(), "the shear modulus");
  check_positive(p.area, "the area");
  check_positive(p.I_x, "I_x");
  check_positive(p.I_y, "I_y");
  check_positive(p.torsion_constant, "the torsion constant");
  const double l = length, E = m.young_modulus, G = m.shear_modulus();
  const double l2 = l * l, l3 = l2 * l;
  InfluenceCoefficients c;
  c.alpha.diagonal() << l3 / (3 * E * p.I_y), l3 / (3 * E * p.I_x), l / (E * p.area);  // (4.5.14)
  c.beta(0, 1) = l2 / (2 * E * p.I_y);    // β_x (4.5.16)
  c.beta(1, 0) = -l2 / (2 * E * p.I_x);   // −β_y
  c.gamma(0, 1) = -l2 / (2 * E * p.I_x);  // −γ_x (4.5.15)
  c.gamma(1, 0) = l2 / (2 * E * p.I_y);   // γ_y
  c.delta.diagonal() << l / (E * p.I_x), l / (E * p.I_y), l / (G * p.torsion_constant);  // (4.5.17)
  return c;
}

InfluenceCoefficients in_base_axes(const InfluenceCoefficients& cane, const Mat3<double>& A) {
  InfluenceCoefficients out;
  out.alpha = A * cane.alpha * A.transpose();  // (4.5.6)
  out.beta = A * cane.beta * A.transpose();    // (4.5.11)
  out.gamma = A * cane.gamma * A.transpose();  // (4.5.12)
  out.delta = A * cane.delta * A.transpose();
  return out;
}

}  // namespace armdyn::segments
