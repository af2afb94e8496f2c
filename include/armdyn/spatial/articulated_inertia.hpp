#pragma once
// Articulated-body inertia ([RBDA] §7.2): a symmetric positive (semi-)definite 6x6 matrix
//   IA = [[A, B], [B^T, C]]   (angular first; A, C symmetric 3x3, B a general 3x3),
// kept as its 21 distinct entries, so that sums, rank-one updates and products touch each entry
// once. Every step is written entry by entry, as scalars (core/small_products.hpp says why).
#include "armdyn/core/inline.hpp"
#include "armdyn/spatial/inertia.hpp"

namespace armdyn {

template <class S> struct ArticulatedInertia {
  /// The upper triangle of A and of C, row by row: (00, 01, 02, 11, 12, 22); B row-major.
  S A[6] = {}, B[9] = {}, C[6] = {};

  /// Index of (r, c), r <= c, in A or C.
  static constexpr int sym(int r, int c) { return r <= c ? r * (5 - r) / 2 + c : c * (5 - c) / 2 + r; }
};

/// y = IA x for x = (xw, xv), y = (yw, yv): yw = A xw + B xv, yv = B^T xw + C xv. 36 mul, 30 add.
template <class S>
ARMDYN_INLINE void times(const ArticulatedInertia<S>& IA, const Vec3<S>& xw, const Vec3<S>& xv, Vec3<S>& yw,
                         Vec3<S>& yv) {
  using AI = ArticulatedInertia<S>;
  for (int r = 0; r < 3; ++r) {
    yw[r] = IA.A[AI::sym(r, 0)] * xw[0] + IA.A[AI::sym(r, 1)] * xw[1] + IA.A[AI::sym(r, 2)] * xw[2] +
            (IA.B[3 * r] * xv[0] + IA.B[3 * r + 1] * xv[1] + IA.B[3 * r + 2] * xv[2]);
    yv[r] = IA.B[r] * xw[0] + IA.B[3 + r] * xw[1] + IA.B[6 + r] * xw[2] +
            (IA.C[AI::sym(r, 0)] * xv[0] + IA.C[AI::sym(r, 1)] * xv[1] + IA.C[AI::sym(r, 2)] * xv[2]);
  }
}

}  // namespace armdyn
