// Fourier normal form of trigonometric polynomials in the joint angles (see trig.hpp).
#include "armdyn/symbolic/trig.hpp"

#include "armdyn/symbolic/print.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace armdyn {
namespace {

using GiNaC::ex;
using Angle = std::vector<int>;              // integer combination of the joint angles
using Terms = std::pair<GiNaC::exvector, GiNaC::exvector>;  // pieces of a_k (cos) and b_k (sin)
using Series = std::map<Angle, std::pair<ex, ex>>;

bool is_sin(const ex& e) { return GiNaC::is_the_function<GiNaC::sin_SERIAL>(e); }
bool is_cos(const ex& e) { return GiNaC::is_the_function<GiNaC::cos_SERIAL>(e); }

// (cos x, sin x) with x's sums and integer multiples expanded.
std::pair<ex, ex> cos_sin(const ex& x_in) {
  const ex x = x_in.expand();
  if (GiNaC::is_a<GiNaC::add>(x)) {
    const ex first = x.op(0);
    const auto [c1, s1] = cos_sin(first);
    const auto [c2, s2] = cos_sin(x - first);
    return {c1 * c2 - s1 * s2, s1 * c2 + c1 * s2};
  }
  if (GiNaC::is_a<GiNaC::mul>(x)) {
    GiNaC::numeric k = 1;
    for (std::size_t i = 0; i < x.nops(); ++i)
      if (GiNaC::is_a<GiNaC::numeric>(x.op(i))) k *= GiNaC::ex_to<GiNaC::numeric>(x.op(i));
    if (k.is_integer() && k < 0) {
      const auto [c, s] = cos_sin(-x);
      return {c, -s};
    }
    if (k.is_integer() && k > 1) {
      const ex unit = x / k;
      const auto [c1, s1] = cos_sin(unit * (k - 1));
      const auto [c2, s2] = cos_sin(unit);
      return {c1 * c2 - s1 * s2, s1 * c2 + c1 * s2};
    }
  }
  return {GiNaC::cos(x), GiNaC::sin(x)};
}

struct ExpandTrig : GiNaC::map_function {
  ex operator()(const ex& e) override {
    if (is_sin(e) || is_cos(e)) {
      const auto [c, s] = cos_sin((*this)(e.op(0)));
      return is_sin(e) ? s : c;
    }
    return e.map(*this);
  }
};

// Adds (a cos(k.q) + b sin(k.q)) to s with k made canonical: cos(-x) = cos x, sin(-x) = -sin x.
void accumulate(Series& s, Angle k, const ex& a, const ex& b) {
  std::size_t first = 0;
  while (first < k.size() && k[first] == 0) ++first;
  ex sin_part = b;
  if (first == k.size()) sin_part = 0;  // sin 0 = 0
  else if (k[first] < 0) {
    for (int& x : k) x = -x;
    sin_part = -b;
  }
  auto& slot = s[k];
  slot.first += a;
  slot.second += sin_part;
}

// s * cos(q_j) or s * sin(q_j) by the product-to-sum identities.
Series times(const Series& s, int j, bool cosine) {
  Series out;
  for (const auto& [k, ab] : s) {
    const auto& [a, b] = ab;
    Angle plus = k, minus = k;
    ++plus[j];
    --minus[j];
    const ex half = GiNaC::numeric(1, 2);
    if (cosine) {  // cos k cos j = [cos(k+j) + cos(k-j)]/2, sin k cos j = [sin(k+j) + sin(k-j)]/2
      accumulate(out, plus, half * a, half * b);
      accumulate(out, minus, half * a, half * b);
    } else {  // cos k sin j = [sin(k+j) - sin(k-j)]/2, sin k sin j = [cos(k-j) - cos(k+j)]/2
      accumulate(out, plus, -half * b, half * a);
      accumulate(out, minus, half * b, -half * a);
    }
  }
  return out;
}

// Folds one monomial's sines and cosines of joint angles into a series; the rest is `coef`.
Series fold(const ex& term, const std::map<ex, int, GiNaC::ex_is_less>& joint, std::size_t n, ex& coef) {
  Series s;
  s[Angle(n, 0)] = {1, 0};
  GiNaC::exvector rest;
  const GiNaC::exvector factors = GiNaC::is_a<GiNaC::mul>(term) ? GiNaC::exvector(term.begin(), term.end())
                                                               : GiNaC::exvector{term};
  for (const ex& f : factors) {
    ex base = f;
    long power = 1;
    if (GiNaC::is_a<GiNaC::power>(f) && f.op(1).info(GiNaC::info_flags::posint)) {
      base = f.op(0);
      power = GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_long();
    }
    const auto it = (is_sin(base) || is_cos(base)) ? joint.find(base.op(0)) : joint.end();
    if (it == joint.end()) {
      rest.push_back(f);
      continue;
    }
    for (long p = 0; p < power; ++p) s = times(s, it->second, is_cos(base));
  }
  coef = GiNaC::dynallocate<GiNaC::mul>(rest);
  return s;
}

// The Fourier coefficients of e: k -> (a_k, b_k), both expanded, zero ones left out.
std::map<Angle, std::pair<ex, ex>> fourier(const ex& e, const SymbolTable& table, std::vector<ex>& angle_symbol) {
  std::map<ex, int, GiNaC::ex_is_less> joint;
  std::size_t n = 0;
  for (const SymbolInfo& s : table.all())
    if (s.kind == SymbolKind::kAngle) n = std::max(n, static_cast<std::size_t>(s.joint + 1));
  angle_symbol.assign(n, ex(0));
  for (const SymbolInfo& s : table.all())
    if (s.kind == SymbolKind::kAngle) {
      joint[s.symbol] = s.joint;
      angle_symbol[static_cast<std::size_t>(s.joint)] = s.symbol;
    }
  const ex x = expand_trig(e).expand();
  const GiNaC::exvector terms = GiNaC::is_a<GiNaC::add>(x) ? GiNaC::exvector(x.begin(), x.end()) : GiNaC::exvector{x};
  std::map<Angle, Terms> pieces;
  for (const ex& term : terms) {
    ex coef;
    for (const auto& [k, ab] : fold(term, joint, n, coef)) {
      if (!ab.first.is_zero()) pieces[k].first.push_back(coef * ab.first);
      if (!ab.second.is_zero()) pieces[k].second.push_back(coef * ab.second);
    }
  }
  std::map<Angle, std::pair<ex, ex>> out;
  for (const auto& [k, t] : pieces) {
    const ex a = ex(GiNaC::dynallocate<GiNaC::add>(t.first)).expand();
    const ex b = ex(GiNaC::dynallocate<GiNaC::add>(t.second)).expand();
    if (!a.is_zero() || !b.is_zero()) out[k] = {a, b};
  }
  return out;
}

ex argument(const Angle& k, const std::vector<ex>& angle_symbol) {
  ex x = 0;
  for (std::size_t j = 0; j < k.size(); ++j) x += k[j] * angle_symbol[j];
  return x;
}

// Craig's name ("c12") when k has entries 0 and 1 only, else the function's ("cos(2*q1 - q2)").
std::string atom_text(const Angle& k, bool cosine, const SymbolTable& table, std::string& latex) {
  bool craig = true;
  std::string digits, separator;
  for (std::size_t j = 0; j < k.size(); ++j) {
    if (k[j] != 0 && k[j] != 1) craig = false;
    if (k[j] == 1) {
      digits += separator;
      digits += std::to_string(j + 1);
    }
    if (j + 1 >= 9) separator.assign(1, '_');  // c9_10: unambiguous past nine joints
  }
  std::string name = cosine ? "c" : "s";
  if (craig) {
    latex = name;
    latex.append("_{").append(digits).append("}");
    return name.append(digits);
  }
  latex = cosine ? "\\cos" : "\\sin";
  latex.append("(").append(format_angle(k, table, Notation::kLatex)).append(")");
  name = cosine ? "cos" : "sin";
  return name.append("(").append(format_angle(k, table, Notation::kText)).append(")");
}

ex atom(const Angle& k, bool cosine, SymbolTable& table) {
  SymbolInfo info;
  info.text = atom_text(k, cosine, table, info.latex);
  if (const SymbolInfo* known = table.find(info.text)) return known->symbol;
  int order = 0;
  for (int x : k) order += x < 0 ? -x : x;
  info.kind = SymbolKind::kTrig;
  info.key = {order};
  for (int x : k) info.key.push_back(-x);
  info.key.push_back(cosine ? 0 : 1);
  info.angle = k;
  info.is_cos = cosine;
  info.meaning = std::string(cosine ? "cos(" : "sin(") + format_angle(k, table, Notation::kText) + ")";
  return table.add(std::move(info));
}

}  // namespace

ex expand_trig(const ex& e) {
  ExpandTrig f;
  return f(e);
}

ex simplify_trig(const ex& e, const SymbolTable& table) {
  std::vector<ex> angle_symbol;
  GiNaC::exvector out;
  for (const auto& [k, ab] : fourier(e, table, angle_symbol)) {
    const ex x = argument(k, angle_symbol);
    out.push_back(ab.first * GiNaC::cos(x) + ab.second * GiNaC::sin(x));
  }
  return GiNaC::dynallocate<GiNaC::add>(out);
}

ex craig_atoms(const ex& e, SymbolTable& table) {
  std::vector<ex> angle_symbol;
  GiNaC::exvector out;
  for (const auto& [k, ab] : fourier(e, table, angle_symbol)) {
    const bool constant = std::all_of(k.begin(), k.end(), [](int x) { return x == 0; });
    if (constant) {
      out.push_back(ab.first);
      continue;
    }
    if (!ab.first.is_zero()) out.push_back(ab.first * atom(k, true, table));
    if (!ab.second.is_zero()) out.push_back(ab.second * atom(k, false, table));
  }
  return ex(GiNaC::dynallocate<GiNaC::add>(out)).expand();
}

}  // namespace armdyn
