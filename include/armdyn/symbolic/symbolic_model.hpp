#pragma once
// A Model on the symbolic scalar Sym: joint variables q1..qn, qd1..qdn, qdd1..qddn and gravity g
// as symbols, the other parameters exact numbers or (symbolic_parameters) symbols m1, l1, Izz1...
//
// Exactness. Every number of the double model becomes the exact rational of the shortest decimal
// within 1e-14 (relative) of it, so that the round-off of the builder's arithmetic disappears
// (0.4000000000000001 -> 2/5; an inertia about the centre of mass, recovered from the one about
// the origin, to 1e-14 of m |c|^2); entries within 1e-12 of 0 or +-1 become exactly 0 or +-1
// (so cos(pi/2), computed as 6e-17 in double, is 0). When the model is a chain from a DH table
// (Model::dh), its placements are rebuilt from the table: angles that are multiples of pi/6 or
// pi/4 are exact (cos(-pi/2) = 0, cos(pi/6) = sqrt(3)/2), the others exact decimals of their
// double cosine and sine; the placement of DH frame {0} in the base is recovered from tree[0].
// The symbolic model is checked to reproduce the double one to 1e-9 (the DH rebuild falls back
// to the model's own placements when it does not).
//
// Parameter symbols (symbolic_parameters = true), link k numbered from 1 as in [Craig]:
//   m_k     mass of link k (when nonzero);
//   l_k     the DH length of link k (a_k; in Craig's modified table, row k+1), or, for the last
//           link, the distance to a tool frame lying on one of its axes; a link with no length of
//           its own takes l_k for the distance of its centre of mass (Craig §6.7, Example 6.5);
//   d_k     a revolute joint's nonzero DH offset d_k (a prismatic joint's offset stays a number);
//   a centre of mass on one axis of the link frame at +-l_k when |c| = l_k, else at +-lc_k;
//   cx_k, cy_k, cz_k  the coordinates of a centre of mass off the axes;
//   Ixx_k ... Iyz_k   the nonzero entries of the inertia about the centre of mass, in link k's
//           own frame (its DH frame; for a model without a DH table, its body frame).
// Joint angle offsets (DH theta of a revolute joint) and the gravity direction stay numbers; g is
// a symbol in both modes. A model without a DH table keeps its placements as numbers (it has no
// a, d to name).
#include <string>
#include <vector>

#include "armdyn/model/model.hpp"
#include "armdyn/symbolic/evaluate.hpp"
#include "armdyn/symbolic/symbol_table.hpp"
#include "armdyn/symbolic/sym.hpp"

namespace armdyn {

struct SymbolicModel {
  ModelTpl<Sym> model;
  VecX<Sym> q, qd, qdd;     ///< the joint variables as symbols
  SymbolTable symbols;      ///< parameters, g, joint variables (and later the trig atoms)
  bool symbolic_parameters = false;
  bool from_dh_table = false;  ///< placements rebuilt from model.dh (else the model's numbers)

  /// Each parameter symbol and g -> the number it stands for.
  GiNaC::exmap parameter_values() const;
  /// The joint variables -> the given numbers, plus parameter_values().
  GiNaC::exmap values(const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) const;
};

/// The symbolic model of `model` (see the header comment for the rules). Checks that the result,
/// evaluated at the parameters' numbers, reproduces `model` to 1e-9 (std::logic_error otherwise).
SymbolicModel make_symbolic_model(const Model& model, bool symbolic_parameters);


}  // namespace armdyn
