#pragma once
// Numbers from closed forms: an expression evaluated in double precision at given values of its
// symbols, walking it as the graph it is (each shared subexpression once). GiNaC's subs + evalf
// walks it as a tree, which for the raw output of a recursive algorithm is exponentially larger.
#include <unordered_map>

#include <ginac/ginac.h>

namespace armdyn {

class Evaluator {
 public:
  /// `values`: symbol -> number (anything evalf turns into a real number).
  explicit Evaluator(const GiNaC::exmap& values);
  /// e at the values; InputError when a symbol of e has none. Subexpressions are cached across
  /// calls, so evaluate every entry of a closed form with one Evaluator.
  double operator()(const GiNaC::ex& e);

 private:
  double compute(const GiNaC::ex& e);
  std::unordered_map<GiNaC::ex, double, std::hash<GiNaC::ex>, GiNaC::ex_is_equal> symbols_, cache_;
};

/// Evaluator(values)(e).
double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values);

}  // namespace armdyn
