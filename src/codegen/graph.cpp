// The hash-consed expression graph with constant folding (see armdyn/codegen/graph.hpp).
#include "armdyn/codegen/graph.hpp"

#include <bit>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace armdyn::codegen {

namespace {

// A folded sine or cosine within 1e-15 of 0 or +-1 is that number (multiples of 90 degrees).
double snap_unit(double r) {
  if (std::abs(r) < 1e-15) return 0.0;
  if (std::abs(r - 1.0) < 1e-15) return 1.0;
  if (std::abs(r + 1.0) < 1e-15) return -1.0;
  return r;
}

}  // namespace

const char* to_string(Op op) {
  switch (op) {
    case Op::kConst: return "const";
    case Op::kInput: return "input";
    case Op::kNeg: return "neg";
    case Op::kAdd: return "add";
    case Op::kSub: return "sub";
    case Op::kMul: return "mul";
    case Op::kDiv: return "div";
    case Op::kSqrt: return "sqrt";
    case Op::kSin: return "sin";
    case Op::kCos: return "cos";
  }
  return "?";
}

std::size_t Graph::KeyHash::operator()(const Key& k) const {
  std::uint64_t h = static_cast<std::uint64_t>(k.op) * 0x9E3779B97F4A7C15ULL;
  h ^= (static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.a)) + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
  h ^= (static_cast<std::uint64_t>(static_cast<std::uint32_t>(k.b)) + 0x8CB92BA72F3D8DD7ULL) * 0x94D049BB133111EBULL;
  h ^= k.bits + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
  return static_cast<std::size_t>(h ^ (h >> 31));
}

Graph::Graph() {
  intern(Op::kConst, -1, -1, 0.0);  // kZero
  intern(Op::kConst, -1, -1, 1.0);  // kOne
}

int Graph::intern(Op op, int a, int b, double value) {
  const Key key{op, a, b, std::bit_cast<std::uint64_t>(value)};
  const auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  const int id = size();
  nodes_.push_back(Node{op, a, b, value});
  index_.emplace(key, id);
  return id;
}

int Graph::constant_node(double x) {
  if (!std::isfinite(x)) throw std::domain_error("codegen: a constant is not finite");
  if (x == 0.0) return kZero;  // also -0.0
  if (x == 1.0) return kOne;
  return intern(Op::kConst, -1, -1, x);
}

int Graph::binary(Op op, int x, int y) {
  // + and * commute: operands ordered (a constant factor first, then the older node)
  const bool x_const = node(x).op == Op::kConst, y_const = node(y).op == Op::kConst;
  if (op == Op::kMul && (y_const != x_const ? y_const : x > y)) std::swap(x, y);
  if (op == Op::kAdd && x > y) std::swap(x, y);
  const int before = size();
  const int id = intern(op, x, y);
  if (id == before && (op == Op::kAdd || op == Op::kSub)) remember_sum(id);
  return id;
}

std::size_t Graph::TermsHash::operator()(const Terms& t) const {
  std::size_t h = t.size();
  for (const auto& [atom, c] : t)
    h = (h ^ KeyHash()(Key{Op::kAdd, atom, 0, std::bit_cast<std::uint64_t>(c)})) * 0x100000001B3ULL;
  return h;
}

Graph::Terms Graph::terms(int id) const {
  const Node& n = node(id);
  if (const auto it = sum_terms_.find(id); it != sum_terms_.end()) return it->second;
  if (n.op == Op::kConst) return n.value == 0.0 ? Terms{} : Terms{{kOne, n.value}};
  if (n.op == Op::kMul && node(n.a).op == Op::kConst) return Terms{{n.b, node(n.a).value}};
  if (n.op == Op::kNeg) {
    Terms t = terms(n.a);
    for (auto& term : t) term.second = -term.second;
    return t;
  }
  return Terms{{id, 1.0}};
}

namespace {

// c1 a + c2 b, terms sorted by atom, exact zeros dropped.
std::vector<std::pair<int, double>> combine(double c1, const std::vector<std::pair<int, double>>& a, double c2,
                                            const std::vector<std::pair<int, double>>& b) {
  std::vector<std::pair<int, double>> out;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i].first < b[j].first)) {
      out.emplace_back(a[i].first, c1 * a[i].second);
      ++i;
    } else if (i == a.size() || b[j].first < a[i].first) {
      out.emplace_back(b[j].first, c2 * b[j].second);
      ++j;
    } else {
      const double c = c1 * a[i].second + c2 * b[j].second;
      if (c != 0.0) out.emplace_back(a[i].first, c);
      ++i;
      ++j;
    }
  }
  return out;
}

std::vector<std::pair<int, double>> normalized(std::vector<std::pair<int, double>> t) {
  const double lead = t.front().second;
  for (auto& term : t) term.second /= lead;
  return t;
}

}  // namespace

void Graph::remember_sum(int id) {
  const Node& n = node(id);
  Terms t = combine(1.0, terms(n.a), n.op == Op::kAdd ? 1.0 : -1.0, terms(n.b));
  if (t.size() > kMaxTerms || t.size() < 2) return;
  const double lead = t.front().second;
  sum_by_terms_.emplace(normalized(t), std::make_pair(id, lead));
  sum_terms_.emplace(id, std::move(t));
}

Value Graph::find_sum(const Terms& t) const {
  if (t.empty()) return Value{};
  if (t.size() == 1) return Value{t.front().second, t.front().first};
  if (t.size() > kMaxTerms) return Value{0.0, -1};
  const auto it = sum_by_terms_.find(normalized(t));
  if (it == sum_by_terms_.end()) return Value{0.0, -1};
  return Value{t.front().second / it->second.second, it->second.first};
}

Value Graph::difference(int x, int y) {
  return x < y ? Value{1.0, binary(Op::kSub, x, y)} : Value{-1.0, binary(Op::kSub, y, x)};
}

Value Graph::input(int array, int index) { return Value{1.0, intern(Op::kInput, array, index)}; }

int Graph::materialize(const Value& x) {
  if (x.c == 0.0) return kZero;
  if (x.id == kOne) return constant_node(x.c);
  if (x.c == 1.0) return x.id;
  if (x.c == -1.0) return intern(Op::kNeg, x.id, -1);
  if (x.c > 0) return binary(Op::kMul, constant_node(x.c), x.id);
  return intern(Op::kNeg, binary(Op::kMul, constant_node(-x.c), x.id), -1);
}

Value Graph::add(const Value& x0, const Value& y0) {
  if (x0.c == 0.0) return y0;
  if (y0.c == 0.0) return x0;
  if (x0.id == y0.id) return x0.c + y0.c == 0.0 ? Value{} : Value{x0.c + y0.c, x0.id};
  // A sum that cancels to fewer terms, or that some node already computes.
  if (const Value known = find_sum(combine(x0.c, terms(x0.id), y0.c, terms(y0.id))); known.id >= 0) return known;
  // a b + a c = a (b + c) when b + c cancels or is known: c w - (c - s) w = s w.
  if (const Value f = factored_sum(x0, y0); f.id >= 0) return f;
  // Ordered (the non-constant first; of two, the older node) so that equal sums meet in one node.
  Value x = x0, y = y0;
  if (x.id == kOne || (y.id != kOne && y.id < x.id)) std::swap(x, y);
  if (y.c == x.c || y.c == -x.c)  // c x +- c y = c (x +- y): the coefficient stays pending
    return mul(constant(x.c), y.c == x.c ? Value{1.0, binary(Op::kAdd, x.id, y.id)} : difference(x.id, y.id));
  // c1 x + c2 y: both coefficients applied (|c1| x, |c2| y are nodes other sums can share).
  const int a = materialize(Value{std::abs(x.c), x.id});
  const int b = materialize(Value{std::abs(y.c), y.id});
  if (x.c > 0) return y.c > 0 ? Value{1.0, binary(Op::kAdd, a, b)} : difference(a, b);
  return y.c > 0 ? difference(b, a) : Value{-1.0, binary(Op::kAdd, a, b)};
}

Value Graph::factored_sum(const Value& x, const Value& y) {
  const Node& p = node(x.id);
  const Node& r = node(y.id);
  const auto product = [this](const Node& n) { return n.op == Op::kMul && node(n.a).op != Op::kConst; };
  if (!product(p) || !product(r)) return Value{0.0, -1};
  for (const auto& [f, g] : {std::pair{p.a, p.b}, std::pair{p.b, p.a}})
    for (const auto& [f2, h] : {std::pair{r.a, r.b}, std::pair{r.b, r.a}}) {
      if (f != f2) continue;
      const Value inner = find_sum(combine(x.c, terms(g), y.c, terms(h)));
      if (inner.id >= 0) return mul(Value{1.0, f}, inner);
    }
  return Value{0.0, -1};
}

Value Graph::mul(const Value& x, const Value& y) {
  if (x.c == 0.0 || y.c == 0.0) return Value{};
  if (x.id == kOne) return Value{x.c * y.c, y.id};
  if (y.id == kOne) return Value{x.c * y.c, x.id};
  return Value{x.c * y.c, binary(Op::kMul, x.id, y.id)};
}

Value Graph::div(const Value& x, const Value& y) {
  if (y.c == 0.0) throw std::domain_error("codegen: division by the constant 0");
  if (x.c == 0.0) return Value{};
  if (y.id == kOne) return Value{x.c / y.c, x.id};
  return Value{x.c / y.c, binary(Op::kDiv, x.id, y.id)};
}

Value Graph::sqrt(const Value& x) {
  if (x.is_constant()) {
    if (x.c < 0) throw std::domain_error("codegen: square root of a negative constant");
    return constant(std::sqrt(x.c));
  }
  if (x.c > 0) return Value{std::sqrt(x.c), intern(Op::kSqrt, x.id, -1)};
  return Value{std::sqrt(-x.c), intern(Op::kSqrt, intern(Op::kNeg, x.id, -1), -1)};
}

Value Graph::sin(const Value& x) {
  if (x.is_constant()) return constant(snap_unit(std::sin(x.c)));
  if (x.c == 1.0 || x.c == -1.0) return Value{x.c, intern(Op::kSin, x.id, -1)};  // sin(-u) = -sin u
  return Value{1.0, intern(Op::kSin, materialize(x), -1)};
}

Value Graph::cos(const Value& x) {
  if (x.is_constant()) return constant(snap_unit(std::cos(x.c)));
  if (x.c == 1.0 || x.c == -1.0) return Value{1.0, intern(Op::kCos, x.id, -1)};  // cos(-u) = cos u
  return Value{1.0, intern(Op::kCos, materialize(x), -1)};
}

std::vector<bool> Graph::live(const std::vector<int>& outputs) const {
  std::vector<bool> mark(nodes_.size(), false);
  for (int id : outputs) mark[static_cast<std::size_t>(id)] = true;
  for (int id = size() - 1; id >= 0; --id) {
    if (!mark[static_cast<std::size_t>(id)]) continue;
    const Node& n = node(id);
    if (n.op == Op::kConst || n.op == Op::kInput) continue;
    mark[static_cast<std::size_t>(n.a)] = true;
    if (n.b >= 0) mark[static_cast<std::size_t>(n.b)] = true;
  }
  return mark;
}

OpCounts Graph::count(const std::vector<int>& outputs) const {
  const std::vector<bool> mark = live(outputs);
  OpCounts c;
  for (int id = 0; id < size(); ++id) {
    if (!mark[static_cast<std::size_t>(id)]) continue;
    switch (node(id).op) {
      case Op::kAdd:
      case Op::kSub: ++c.add; break;
      case Op::kMul: ++c.mul; break;
      case Op::kDiv: ++c.div; break;
      case Op::kSqrt: ++c.sqrt; break;
      case Op::kSin: ++c.sin; break;
      case Op::kCos: ++c.cos; break;
      case Op::kNeg: ++c.neg; break;
      case Op::kConst:
      case Op::kInput: break;
    }
  }
  return c;
}

std::vector<double> Graph::evaluate(const std::vector<const double*>& inputs) const {
  std::vector<double> x(nodes_.size());
  for (int id = 0; id < size(); ++id) {
    const Node& n = node(id);
    const auto at = [&x](int k) { return x[static_cast<std::size_t>(k)]; };
    double& out = x[static_cast<std::size_t>(id)];
    switch (n.op) {
      case Op::kConst: out = n.value; break;
      case Op::kInput: out = inputs.at(static_cast<std::size_t>(n.a))[n.b]; break;
      case Op::kNeg: out = -at(n.a); break;
      case Op::kAdd: out = at(n.a) + at(n.b); break;
      case Op::kSub: out = at(n.a) - at(n.b); break;
      case Op::kMul: out = at(n.a) * at(n.b); break;
      case Op::kDiv: out = at(n.a) / at(n.b); break;
      case Op::kSqrt: out = std::sqrt(at(n.a)); break;
      case Op::kSin: out = std::sin(at(n.a)); break;
      case Op::kCos: out = std::cos(at(n.a)); break;
    }
  }
  return x;
}

}  // namespace armdyn::codegen
