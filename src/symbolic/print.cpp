// Grouped printing of closed forms (see print.hpp).
#include "armdyn/symbolic/print.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

namespace armdyn {
namespace {

// A symbol as a factor: its kind's rank, its key, its names (the tie-breakers).
using Key = std::tuple<int, std::vector<int>, std::string, std::string>;
using Powers = std::map<Key, int>;

struct Mono {
  GiNaC::numeric num = 1;
  GiNaC::ex other = 1;  // numeric radicals such as sqrt(2)
  Powers powers;
};

struct Signed {
  bool negative = false;
  std::string body;  // "1" for a bare number one
};

// Longer exact decimals (products of non-round parameters) print rounded to this many digits.
constexpr std::size_t kExactDigits = 12;

enum class Layer { kDynamic, kTrig, kGeometric, kMass };

Layer layer(const Key& k) {
  const auto kind = static_cast<SymbolKind>(std::get<0>(k));
  switch (kind) {
    case SymbolKind::kVelocity:
    case SymbolKind::kAcceleration: return Layer::kDynamic;
    case SymbolKind::kTrig:
    case SymbolKind::kAngle: return Layer::kTrig;
    case SymbolKind::kMass: return Layer::kMass;
    default: return Layer::kGeometric;
  }
}

Key key_of(const GiNaC::ex& s, const SymbolTable& table) {
  if (const SymbolInfo* info = table.find(s))
    return {static_cast<int>(info->kind), info->key, info->text, info->latex};
  std::ostringstream text, tex;
  text << s;
  tex << GiNaC::latex << s;
  return {static_cast<int>(SymbolKind::kAcceleration) + 1, {}, text.str(), tex.str()};
}

Mono monomial(const GiNaC::ex& term, const SymbolTable& table) {
  Mono m;
  const GiNaC::exvector factors =
      GiNaC::is_a<GiNaC::mul>(term) ? GiNaC::exvector(term.begin(), term.end()) : GiNaC::exvector{term};
  for (const GiNaC::ex& f : factors) {
    if (GiNaC::is_a<GiNaC::numeric>(f)) {
      m.num *= GiNaC::ex_to<GiNaC::numeric>(f);
    } else if (GiNaC::is_a<GiNaC::symbol>(f)) {
      m.powers[key_of(f, table)] += 1;
    } else if (GiNaC::is_a<GiNaC::power>(f) && GiNaC::is_a<GiNaC::symbol>(f.op(0)) &&
               f.op(1).info(GiNaC::info_flags::posint)) {
      m.powers[key_of(f.op(0), table)] += static_cast<int>(GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_int());
    } else {
      m.other *= f;
    }
  }
  return m;
}

// Order of groups: at the first difference the smaller key first; the same key, the higher power
// first (qd1^2 before qd1*qd2); a prefix first (so the empty group leads).
bool before(const Powers& a, const Powers& b) {
  auto i = a.begin(), j = b.begin();
  for (; i != a.end() && j != b.end(); ++i, ++j) {
    if (i->first != j->first) return i->first < j->first;
    if (i->second != j->second) return i->second > j->second;
  }
  return i == a.end() && j != b.end();
}

struct Before {
  bool operator()(const Powers& a, const Powers& b) const { return before(a, b); }
};

Powers part(const Powers& p, Layer which) {
  Powers out;
  for (const auto& [k, e] : p)
    if (layer(k) == which) out[k] = e;
  return out;
}

Mono without(Mono m, const Powers& p) {
  for (const auto& [k, e] : p)
    if ((m.powers[k] -= e) == 0) m.powers.erase(k);
  return m;
}

Powers merged(Powers a, const Powers& b) {
  for (const auto& [k, e] : b) a[k] += e;
  return a;
}

Powers common_factor(const std::vector<Mono>& monos) {
  Powers out = monos.front().powers;
  for (const Mono& m : monos)
    for (auto it = out.begin(); it != out.end();) {
      const auto f = m.powers.find(it->first);
      if (f == m.powers.end()) {
        it = out.erase(it);
      } else {
        it->second = std::min(it->second, f->second);
        ++it;
      }
    }
  return out;
}

std::string times(Notation n) { return n == Notation::kText ? "*" : " "; }
std::string paren(const std::string& s, Notation n) {
  return n == Notation::kText ? "(" + s + ")" : "\\left(" + s + "\\right)";
}

std::string powers_string(const Powers& p, Notation n) {
  std::string out;
  for (const auto& [k, e] : p) {
    if (!out.empty()) out += times(n);
    out += n == Notation::kText ? std::get<2>(k) : std::get<3>(k);
    if (e > 1) out += n == Notation::kText ? "^" + std::to_string(e) : "^{" + std::to_string(e) + "}";
  }
  return out;
}

Signed mono_string(const Mono& m, Notation n) {
  Signed out;
  out.negative = m.num < 0;
  const GiNaC::numeric size = GiNaC::abs(m.num);
  std::vector<std::string> parts;
  if (size != 1) parts.push_back(format_number(size, n));
  if (!m.other.is_equal(1)) {
    std::ostringstream s;
    if (n == Notation::kLatex) s << GiNaC::latex;
    s << m.other;
    parts.push_back(s.str());
  }
  if (!m.powers.empty()) parts.push_back(powers_string(m.powers, n));
  for (const std::string& p : parts) out.body += (out.body.empty() ? "" : times(n)) + p;
  if (out.body.empty()) out.body = "1";
  return out;
}

std::string join(const std::vector<Signed>& terms, Notation) {
  if (terms.empty()) return "0";
  std::string out;
  for (const Signed& t : terms) {
    if (out.empty()) out = (t.negative ? "-" : "") + t.body;
    else out += (t.negative ? " - " : " + ") + t.body;
  }
  return out;
}

// "body*factors", or the factors alone when body is the number one.
Signed with(const Signed& t, const std::string& factors, Notation n) {
  if (factors.empty()) return t;
  return Signed{t.negative, t.body == "1" ? factors : t.body + times(n) + factors};
}

template <class F>
std::map<Powers, std::vector<Mono>, Before> group(const std::vector<Mono>& monos, F key) {
  std::map<Powers, std::vector<Mono>, Before> out;
  for (const Mono& m : monos) {
    const Powers k = key(m);
    out[k].push_back(without(m, k));
  }
  return out;
}

// The integer content of the coefficients (their gcd when all are integers), negative when all
// are; the monomials are divided by it. 1 when there is none to take out.
GiNaC::numeric take_content(std::vector<Mono>& monos) {
  GiNaC::numeric content = 0;
  bool integers = true, negative = true;
  for (const Mono& m : monos) {
    integers = integers && m.num.is_integer();
    negative = negative && m.num < 0;
    if (integers) content = GiNaC::gcd(content, m.num);
  }
  if (!integers || content.is_zero()) content = 1;
  if (negative) content = -content;
  for (Mono& m : monos) m.num /= content;
  return content;
}

// content * (inner terms) * outside, as one signed term.
Signed product_term(const GiNaC::numeric& content, const std::vector<Signed>& inner, const std::string& outside,
                    Notation n) {
  bool negative = content < 0;
  std::string body = paren(join(inner, n), n);
  if (inner.size() == 1) {
    negative = negative != inner.front().negative;
    body = inner.front().body == "1" ? "" : inner.front().body;
  }
  std::string out;
  const GiNaC::numeric size = GiNaC::abs(content);
  for (const std::string& part : {size == 1 ? std::string() : format_number(size, n), body, outside})
    if (!part.empty()) out += (out.empty() ? "" : times(n)) + part;
  return Signed{negative, out.empty() ? "1" : out};
}

// Lengths, positions, inertias, g: each group's masses in parentheses.
std::vector<Signed> geometric_layer(const std::vector<Mono>& monos, Notation n) {
  std::vector<Signed> out;
  for (const auto& [g, masses] : group(monos, [](const Mono& m) { return part(m.powers, Layer::kGeometric); })) {
    if (masses.size() == 1) {
      Mono m = masses.front();
      m.powers = merged(m.powers, g);
      out.push_back(mono_string(m, n));
      continue;
    }
    std::vector<Mono> sorted = masses;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Mono& a, const Mono& b) { return before(a.powers, b.powers); });
    const GiNaC::numeric content = take_content(sorted);
    std::vector<Signed> inner;
    for (const Mono& m : sorted) inner.push_back(mono_string(m, n));
    if (g.empty() && content == 1) out.insert(out.end(), inner.begin(), inner.end());
    else out.push_back(product_term(content, inner, powers_string(g, n), n));
  }
  return out;
}

// Trigonometric atoms: each group's common factor taken out.
std::vector<Signed> trig_layer(const std::vector<Mono>& monos, Notation n) {
  std::vector<Signed> out;
  for (const auto& [t, rest] : group(monos, [](const Mono& m) { return part(m.powers, Layer::kTrig); })) {
    if (rest.size() == 1) {
      Mono m = rest.front();
      m.powers = merged(m.powers, t);
      out.push_back(mono_string(m, n));
      continue;
    }
    const Powers common = common_factor(rest);
    std::vector<Mono> divided;
    for (const Mono& m : rest) divided.push_back(without(m, common));
    const GiNaC::numeric content = take_content(divided);
    const std::vector<Signed> inner = geometric_layer(divided, n);
    const std::string outside = powers_string(merged(common, t), n);
    if (outside.empty() && content == 1) out.insert(out.end(), inner.begin(), inner.end());
    else out.push_back(product_term(content, inner, outside, n));
  }
  return out;
}

// Accelerations first, then velocity products, then the terms with neither.
int dynamic_rank(const Powers& d) {
  for (const auto& [k, e] : d)
    if (static_cast<SymbolKind>(std::get<0>(k)) == SymbolKind::kAcceleration) return 0;
  return d.empty() ? 2 : 1;
}

}  // namespace

std::string format_number(const GiNaC::numeric& x, Notation notation) {
  std::ostringstream s;
  if (x.is_rational()) {
    GiNaC::numeric rest = x.denom(), scale = 1;
    for (const int p : {2, 5})
      while (GiNaC::irem(rest, GiNaC::numeric(p)).is_zero()) rest = rest / p;
    if (rest == 1) {  // a terminating decimal: exact when it is short enough to read
      int places = 0;
      while (!(x * scale).is_integer()) scale *= 10, ++places;
      s << GiNaC::abs(x * scale);
      std::string digits = s.str();
      if (digits.size() <= kExactDigits) {
        if (places > 0) {
          if (static_cast<int>(digits.size()) <= places) digits.insert(0, places + 1 - digits.size(), '0');
          digits.insert(digits.size() - places, ".");
        }
        return (x < 0 ? "-" : "") + digits;
      }
    } else if (x.denom() < 1000) {
      if (notation == Notation::kLatex)
        s << (x < 0 ? "-" : "") << "\\frac{" << GiNaC::abs(x.numer()) << "}{" << x.denom() << "}";
      else
        s << x.numer() << "/" << x.denom();
      return s.str();
    }
  }
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", static_cast<int>(kExactDigits), x.to_double());
  return buffer;
}

std::string format_angle(const std::vector<int>& k, const SymbolTable& table, Notation n) {
  std::vector<Signed> terms;
  for (const SymbolInfo& s : table.all()) {
    if (s.kind != SymbolKind::kAngle || s.joint < 0 || s.joint >= static_cast<int>(k.size())) continue;
    const int c = k[static_cast<std::size_t>(s.joint)];
    if (c == 0) continue;
    const std::string name = n == Notation::kText ? s.text : s.latex;
    terms.push_back(Signed{c < 0, (std::abs(c) == 1 ? "" : std::to_string(std::abs(c)) + times(n)) + name});
  }
  return join(terms, n);
}

std::string format_polynomial(const GiNaC::ex& e, const SymbolTable& table, Notation n) {
  const GiNaC::ex x = e.expand();
  if (x.is_zero()) return "0";
  std::vector<Mono> monos;
  if (GiNaC::is_a<GiNaC::add>(x))
    for (const GiNaC::ex& term : x) monos.push_back(monomial(term, table));
  else monos.push_back(monomial(x, table));
  auto groups = group(monos, [](const Mono& m) { return part(m.powers, Layer::kDynamic); });
  std::vector<std::pair<Powers, std::vector<Mono>>> ordered(groups.begin(), groups.end());
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto& a, const auto& b) { return dynamic_rank(a.first) < dynamic_rank(b.first); });
  std::vector<Signed> out;
  for (const auto& [d, rest] : ordered) {
    const std::vector<Signed> items = trig_layer(rest, n);
    const std::string factors = powers_string(d, n);
    if (d.empty()) out.insert(out.end(), items.begin(), items.end());
    else if (items.size() == 1) out.push_back(with(items.front(), factors, n));
    else out.push_back(Signed{false, paren(join(items, n), n) + times(n) + factors});
  }
  return join(out, n);
}

}  // namespace armdyn
