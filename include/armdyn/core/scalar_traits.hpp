#pragma once
// Eigen's NumTraits for armdyn's own real scalar types (OpCount, codegen::Trace, Sym and the tests'
// Dual): each stands for a double, so that Eigen's fixed-size algebra runs on it unchanged.
#include <limits>

#include <Eigen/Core>

namespace armdyn {

/// Derive NumTraits<T> from it: a real, signed, non-integer scalar with double's precision limits
/// and the given costs (Eigen's unrolling heuristics read them).
template <class T, bool kRequireInitialization, int kReadCost, int kAddCost, int kMulCost>
struct RealScalarNumTraits : Eigen::GenericNumTraits<T> {
  using Real = T;
  using NonInteger = T;
  using Literal = T;
  using Nested = T;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = kRequireInitialization ? 1 : 0,
    ReadCost = kReadCost,
    AddCost = kAddCost,
    MulCost = kMulCost
  };
  static inline Real epsilon() { return Real(std::numeric_limits<double>::epsilon()); }
  static inline Real dummy_precision() { return Real(1e-12); }
  static inline Real highest() { return Real(std::numeric_limits<double>::max()); }
  static inline Real lowest() { return Real(std::numeric_limits<double>::lowest()); }
  static inline int digits10() { return std::numeric_limits<double>::digits10; }
};

}  // namespace armdyn
