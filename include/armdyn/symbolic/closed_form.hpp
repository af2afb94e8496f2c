#pragma once
// Closed forms of a small robot's dynamics, computed by running armdyn's production algorithms
// (rnea, crba, gravity_torque) on the symbolic scalar Sym, then simplified (trig.hpp) and printed
// (print.hpp). For [Craig]'s 2-link arm (builtin "planar2r", symbolic parameters) they are his
// (6.60)-(6.62); for the RP arm ("rp") Example 6.5 (6.88)-(6.89).
#include <string>
#include <vector>

#include "armdyn/symbolic/print.hpp"
#include "armdyn/symbolic/symbolic_model.hpp"

namespace armdyn {

enum class SymbolicAlgorithm {
  kRnea,        ///< tau(q, qd, qdd), [Craig] (6.59): M(q) qdd + V(q, qd) + G(q)
  kMassMatrix,  ///< M(q), [Craig] (6.60)
  kGravity      ///< G(q), [Craig] (6.62)
};

/// "rnea", "mass_matrix", "gravity"; InputError naming them otherwise.
SymbolicAlgorithm parse_symbolic_algorithm(const std::string& name);

struct ClosedForm {
  SymbolicAlgorithm algorithm = SymbolicAlgorithm::kRnea;
  int rows = 0, cols = 0;
  std::vector<GiNaC::ex> raw;         ///< row-major, as the algorithm computed them
  std::vector<GiNaC::ex> simplified;  ///< row-major, Fourier normal form (simplify_trig), or empty
  const GiNaC::ex& at(int r, int c = 0) const { return simplified[static_cast<std::size_t>(r * cols + c)]; }
};

/// The closed form of `algorithm` on the symbolic model; `simplify` = false leaves `simplified`
/// empty (expanding the closed forms of six joints takes long, the raw ones are quick).
ClosedForm closed_form(const SymbolicModel& sm, SymbolicAlgorithm algorithm, bool simplify = true);

/// The equations with a legend of the symbols that appear, in text ("tau1 = ...") or LaTeX (an
/// aligned block); adds the trigonometric atoms (c1, s12, ...) to sm.symbols.
std::string format_closed_form(SymbolicModel& sm, const ClosedForm& form, Notation notation);

/// Largest number of joints `armdyn symbolic` accepts: the expanded closed forms grow
/// exponentially with the joints.
inline constexpr int kMaxSymbolicJoints = 4;

/// What `armdyn symbolic MODEL --algorithm A [--format F] [--symbolic-parameters]` prints.
/// InputError for a model with more than kMaxSymbolicJoints joints.
std::string symbolic_report(const Model& model, SymbolicAlgorithm algorithm, Notation notation,
                            bool symbolic_parameters);

}  // namespace armdyn
