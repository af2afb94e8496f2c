#pragma once
// Printing closed forms for people, as text ("m2*l1*l2*c2*qdd1") or LaTeX
// ("m_{2} l_{1} l_{2} c_{2} \ddot{\theta}_{1}"), grouped the way [Craig] writes them:
//   - by the joint accelerations, then the velocity products, then the rest (gravity):
//       tau1 = (...)*qdd1 + (...)*qdd2 - 2*m2*l1*l2*s2*qd1*qd2 + ... + (m1 + m2)*l1*g*c1 + ...
//   - inside, by the trigonometric atoms (1, c1, s1, c2, ..., c12, ...), each with its
//     coefficient's common factor taken out: g*l1*m1*c1 + g*l1*m2*c1 -> (m1 + m2)*l1*g*c1;
//   - then by the lengths, inertias, g: l1^2*m1 + l1^2*m2 + l2^2*m2 -> (m1 + m2)*l1^2 + m2*l2^2.
// Factors of a product appear in SymbolKind order (masses, lengths, positions, inertias, g,
// trig atoms, velocities, accelerations), terms in an order fixed by the symbols' kinds, keys and
// names, never by GiNaC's internal (hash) order: the output is the same on every GiNaC version.
// Numbers print as exact decimals when they have one of at most 12 digits (0.25), as fractions
// when their denominator is below 1000 (1/3), otherwise rounded to 12 significant digits (the
// expressions themselves stay exact).
#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "armdyn/symbolic/symbol_table.hpp"

namespace armdyn {

enum class Notation { kText, kLatex };

/// `e`, a polynomial in the symbols of `table` (after craig_atoms), grouped as above.
std::string format_polynomial(const GiNaC::ex& e, const SymbolTable& table, Notation notation);

/// An integer combination of the joint angles of `table`: "q1 + q2", "2*q1 - q2" (text),
/// "\theta_{1} + \theta_{2}" (LaTeX); k[j] multiplies joint j's angle.
std::string format_angle(const std::vector<int>& k, const SymbolTable& table, Notation notation);

/// A number: "2", "-0.25", "1/3" (text) or "\frac{1}{3}" (LaTeX), "0.142043058668" (rounded).
std::string format_number(const GiNaC::numeric& x, Notation notation);

}  // namespace armdyn
