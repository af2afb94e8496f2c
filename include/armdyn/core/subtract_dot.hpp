#pragma once
// s - a[k..n) . b[k..n) over contiguous arrays, for the back substitutions of the triangular
// solves (dynamics/cholesky.hpp, dynamics/ldlt.hpp). Templated on the scalar.

namespace armdyn {

/// s - sum_{j=k}^{n-1} a[j] b[j]. From eight terms on with four partial sums, so that the dot
/// product is not one chain of dependent additions (the same number of operations: three
/// products start sums, three additions join them).
template <class S> inline S subtract_dot(S s, const S* a, const S* b, int k, int n) {
  if (n - k >= 8) {
    S s1 = a[k + 1] * b[k + 1], s2 = a[k + 2] * b[k + 2], s3 = a[k + 3] * b[k + 3];
    s -= a[k] * b[k];
    for (k += 4; k + 4 <= n; k += 4) {
      s -= a[k] * b[k];
      s1 += a[k + 1] * b[k + 1];
      s2 += a[k + 2] * b[k + 2];
      s3 += a[k + 3] * b[k + 3];
    }
    s -= (s1 + s2) + s3;
  }
  for (; k < n; ++k) s -= a[k] * b[k];
  return s;
}

}  // namespace armdyn
