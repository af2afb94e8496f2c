// Double-precision evaluation of closed forms as graphs (see evaluate.hpp).
#include "armdyn/symbolic/evaluate.hpp"

#include <cmath>
#include <sstream>

#include "armdyn/core/error.hpp"
#include "armdyn/symbolic/sym.hpp"

namespace armdyn {

Evaluator::Evaluator(const GiNaC::exmap& values) {
  for (const auto& [symbol, value] : values) symbols_[symbol] = to_double(value);
}

double Evaluator::operator()(const GiNaC::ex& e) {
  const auto hit = cache_.find(e);
  if (hit != cache_.end()) return hit->second;
  const double x = compute(e);
  cache_.emplace(e, x);
  return x;
}

double Evaluator::compute(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::numeric>(e) || GiNaC::is_a<GiNaC::constant>(e)) return to_double(e);
  if (GiNaC::is_a<GiNaC::symbol>(e)) {
    const auto it = symbols_.find(e);
    if (it == symbols_.end()) {
      std::ostringstream name;
      name << e;
      throw InputError("evaluate: no value for the symbol " + name.str());
    }
    return it->second;
  }
  if (GiNaC::is_a<GiNaC::add>(e) || GiNaC::is_a<GiNaC::mul>(e)) {
    const bool sum = GiNaC::is_a<GiNaC::add>(e);
    double x = sum ? 0.0 : 1.0;
    for (const GiNaC::ex& op : e) x = sum ? x + (*this)(op) : x * (*this)(op);
    return x;
  }
  if (GiNaC::is_a<GiNaC::power>(e)) return std::pow((*this)(e.op(0)), (*this)(e.op(1)));
  if (GiNaC::is_the_function<GiNaC::sin_SERIAL>(e)) return std::sin((*this)(e.op(0)));
  if (GiNaC::is_the_function<GiNaC::cos_SERIAL>(e)) return std::cos((*this)(e.op(0)));
  GiNaC::exmap values;
  for (const auto& [symbol, value] : symbols_) values[symbol] = GiNaC::numeric(value);
  return to_double(e.subs(values));
}

double evaluate(const GiNaC::ex& e, const GiNaC::exmap& values) { return Evaluator(values)(e); }

}  // namespace armdyn
