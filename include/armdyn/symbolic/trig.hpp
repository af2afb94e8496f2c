#pragma once
// A small trigonometric simplifier for closed forms in the joint angles (GiNaC has none).
//
// simplify_trig writes an expression as a finite Fourier series in the revolute joint angles q:
//     sum over k of  a_k cos(k.q) + b_k sin(k.q),
// k an integer vector whose first nonzero entry is positive, a_k and b_k expanded polynomials in
// the other symbols. Method: sin/cos of sums and integer multiples are first expanded into
// products of sin(q_i), cos(q_i); every product is then folded back into single sines and
// cosines by the product-to-sum identities (cos a cos b = [cos(a-b) + cos(a+b)]/2, ...).
// The form is unique (the functions cos(k.q), sin(k.q) are linearly independent), so two
// expressions are equal for all q exactly when their forms are, and e == 0 iff the form is 0.
// For planar arms it is Craig's notation: c1 c2 - s1 s2 -> c12, c2^2 + s2^2 -> 1. Arms whose
// inertias see squares (s2^2) get cos(2 q2) terms instead.
#include <ginac/ginac.h>

#include "armdyn/symbolic/symbol_table.hpp"

namespace armdyn {

/// sin and cos of sums and of integer multiples of symbols expanded into products of sines and
/// cosines of single symbols; sin, cos of constants evaluated exactly by GiNaC.
GiNaC::ex expand_trig(const GiNaC::ex& e);

/// The Fourier normal form in the joint angles of `table` (its SymbolKind::kAngle symbols).
GiNaC::ex simplify_trig(const GiNaC::ex& e, const SymbolTable& table);

/// The normal form with each cos(k.q), sin(k.q) replaced by an atom symbol (SymbolKind::kTrig)
/// added to `table`: Craig's c1, s12, c123 when k has entries 0 and 1 only, otherwise named
/// after the function, "cos(2*q1 - q2)".
GiNaC::ex craig_atoms(const GiNaC::ex& e, SymbolTable& table);

}  // namespace armdyn
