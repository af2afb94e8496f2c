#pragma once
// The tracing scalar: a Trace is a node of the Graph being recorded, and every arithmetic
// operation on Traces adds (or finds: hash-consing) a node of that graph, folding constants as it
// goes (see graph.hpp). The production algorithm templates run unchanged on it, through
// model.cast<Trace>() and DataTpl<Trace>: the model's parameters become constants, so that its
// zeros and ones fold away, and the joint states become inputs.
//
// The graph being recorded is the one of the innermost live Recording on this thread (like an
// automatic-differentiation tape). A Trace holds a Value, c * node (graph.hpp): constants need
// no recording at all, only operations on recorded quantities do.
#include <limits>

#include <Eigen/Core>

#include "armdyn/core/scalar_traits.hpp"

#include "armdyn/codegen/graph.hpp"

namespace armdyn::codegen {

/// Makes `graph` the one Traces are recorded into on this thread while it lives.
class Recording {
 public:
  explicit Recording(Graph& graph);
  ~Recording();
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  /// The graph of the innermost live Recording; std::logic_error when there is none.
  static Graph& graph();

 private:
  Graph* previous_;
};

class Trace {
 public:
  Trace() = default;  ///< the constant 0
  Trace(double x) : v_(Graph::constant(x)) {}  // NOLINT: implicit, like a literal
  explicit Trace(const Value& v) : v_(v) {}
  const Value& value() const { return v_; }

  Trace& operator+=(const Trace& o) { return *this = Trace(Recording::graph().add(v_, o.v_)); }
  Trace& operator-=(const Trace& o) { return *this = Trace(Recording::graph().sub(v_, o.v_)); }
  Trace& operator*=(const Trace& o) { return *this = Trace(Recording::graph().mul(v_, o.v_)); }
  Trace& operator/=(const Trace& o) { return *this = Trace(Recording::graph().div(v_, o.v_)); }

 private:
  Value v_;
};

inline Trace operator+(Trace a, const Trace& b) { return a += b; }
inline Trace operator-(Trace a, const Trace& b) { return a -= b; }
inline Trace operator*(Trace a, const Trace& b) { return a *= b; }
inline Trace operator/(Trace a, const Trace& b) { return a /= b; }
inline Trace operator+(const Trace& a) { return a; }
inline Trace operator-(const Trace& a) { return Trace(Value{-a.value().c, a.value().id}); }

// Found by argument-dependent lookup from the algorithms' `using std::sin; sin(x)`.
inline Trace sin(const Trace& x) { return Trace(Recording::graph().sin(x.value())); }
inline Trace cos(const Trace& x) { return Trace(Recording::graph().cos(x.value())); }
inline Trace sqrt(const Trace& x) { return Trace(Recording::graph().sqrt(x.value())); }

}  // namespace armdyn::codegen

namespace Eigen {

template <> struct NumTraits<armdyn::codegen::Trace> : armdyn::RealScalarNumTraits<armdyn::codegen::Trace, true, 1, 1, 1> {};

}  // namespace Eigen
