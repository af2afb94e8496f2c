#pragma once
// The expression graph a traced computation is recorded into. A recorded quantity is a Value
// c * node: a constant coefficient c times a node of the graph, so that scaling by a constant and
// a sign change cost nothing while they only pass through products:
//   (c1 x) (c2 y) = (c1 c2) (x y),   (c1 x) / (c2 y) = (c1 / c2) (x / y),   -(c x) = (-c) x,
//   c x +- c y = c (x +- y),   (c1 x) + (c2 x) = (c1 + c2) x,   sqrt(c x) = sqrt(c) sqrt(x),
//   sin(-x) = -sin x,   cos(-x) = cos x;
// a sum of differently scaled terms applies the coefficients, c1 x + c2 y = (c1 x) + (c2 y), the
// products c x being nodes that other sums share. Sums are also known as linear combinations of
// the nodes that are not sums, so that one that cancels is simplified, (x + y) - y = x,
// x - (x - y) = y, x - x = 0, and one that a node already computes is that node.
// Nodes are hash-consed (an expression built twice is one node: common-subexpression
// elimination), with the operands of + and * ordered (a b and b a are one node, and b - a is
// -(a - b)), and everything constant is folded on the spot (constant arithmetic; 0 x = 0,
// 1 x = x, x + 0 = x; sin, cos, sqrt of constants, sines and cosines within 1e-15 of 0, +-1
// snapped: cos(pi/2) is 0). What no output reaches is never emitted or counted (live()).
//
// Node ids are topological: a node's operands have smaller ids. Node 0 is the constant 0 and
// node 1 the constant 1 in every graph. Constants become nodes only when a coefficient has to be
// applied ("materialised"); a negation node only materialises a coefficient -1 and is free.
// Rounding: reassociated constant factors (c1 c2 computed once) move results by an ulp or so.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace armdyn::codegen {

enum class Op : std::uint8_t { kConst, kInput, kNeg, kAdd, kSub, kMul, kDiv, kSqrt, kSin, kCos };

/// Name of an operation ("const", "input", "neg", "add", ...).
const char* to_string(Op op);

/// One node. kConst: `value`. kInput: entry `b` of input array `a`. Unary: operand `a`.
/// Binary: operands `a`, `b`.
struct Node {
  Op op = Op::kConst;
  int a = -1, b = -1;
  double value = 0.0;
};

/// c * (node id); the constant c is {c, Graph::kOne}, zero is {0, Graph::kOne}.
struct Value {
  double c = 0.0;
  int id = 1;
  bool is_constant() const { return id == 1 || c == 0.0; }
  bool operator==(const Value&) const = default;
};

/// Numbers of the arithmetic operations of a computation. Negations are free (counted apart).
struct OpCounts {
  int mul = 0, add = 0, div = 0, sqrt = 0, sin = 0, cos = 0, neg = 0;
  int trig() const { return sin + cos; }
  /// Every counted operation (negations excluded).
  int total() const { return mul + add + div + sqrt + sin + cos; }
  bool operator==(const OpCounts&) const = default;
};

class Graph {
 public:
  static constexpr int kZero = 0;
  static constexpr int kOne = 1;

  Graph();

  // The recorded operations on values.
  static Value constant(double x) { return Value{x, kOne}; }
  /// Entry `index` of input array `array` (e.g. array 0 = q, 1 = v).
  Value input(int array, int index);
  Value neg(const Value& x) const { return Value{-x.c, x.id}; }
  Value add(const Value& x, const Value& y);
  Value sub(const Value& x, const Value& y) { return add(x, neg(y)); }
  Value mul(const Value& x, const Value& y);
  Value div(const Value& x, const Value& y);
  Value sqrt(const Value& x);
  Value sin(const Value& x);
  Value cos(const Value& x);

  /// A node whose value is x (applies the coefficient: a multiplication, a free negation or a
  /// constant node).
  int materialize(const Value& x);

  int size() const { return static_cast<int>(nodes_.size()); }
  const Node& node(int id) const { return nodes_[static_cast<std::size_t>(id)]; }

  /// Marks the nodes some output depends on (dead-code removal keeps exactly these).
  std::vector<bool> live(const std::vector<int>& outputs) const;
  /// The counted operations among the nodes the outputs depend on.
  OpCounts count(const std::vector<int>& outputs) const;
  /// The value of every node for the given input arrays (inputs[k][i] = entry i of array k).
  std::vector<double> evaluate(const std::vector<const double*>& inputs) const;

 private:
  struct Key {
    Op op;
    int a, b;
    std::uint64_t bits;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };

  // A sum as a linear combination of non-sum nodes ("atoms"; the constant 1 is one), sorted by
  // atom: how x - (x - y) is found to be y, and (x + y) - y to be x.
  using Terms = std::vector<std::pair<int, double>>;
  struct TermsHash {
    std::size_t operator()(const Terms& t) const;
  };
  static constexpr std::size_t kMaxTerms = 12;  // longer sums are atoms of their own
  Terms terms(int id) const;
  void remember_sum(int id);
  Value find_sum(const Terms& t) const;  ///< an existing node times a coefficient, or {0, -1}
  Value factored_sum(const Value& x, const Value& y);  ///< a (b + c) if b + c simplifies, or {0, -1}

  int intern(Op op, int a, int b, double value = 0.0);
  int constant_node(double x);
  int binary(Op op, int x, int y);  ///< a node x op y (operands of + and * ordered)
  Value difference(int x, int y);   ///< x - y as +-(a - b) with a < b

  std::vector<Node> nodes_;
  std::unordered_map<Key, int, KeyHash> index_;
  std::unordered_map<int, Terms> sum_terms_;                                  // sum node -> terms
  std::unordered_map<Terms, std::pair<int, double>, TermsHash> sum_by_terms_;  // terms / lead -> node, scale
};

}  // namespace armdyn::codegen
