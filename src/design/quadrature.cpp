// Adaptive Gauss–Kronrod quadrature and Brent's root finder (quadrature.hpp).
#include "quadrature.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace armdyn::design {
namespace {

// The 15-point Kronrod extension of the 7-point Gauss–Legendre rule on [−1, 1]: abscissae
// (positive half, the Gauss ones at odd indices), Kronrod weights, Gauss weights.
constexpr double kXgk[8] = {0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                            0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                            0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                            0.207784955007898467600689403773245, 0.0};
constexpr double kWgk[8] = {0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                            0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                            0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                            0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
constexpr double kWg[4] = {0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                           0.381830050505118944950369775488975, 0.417959183673469387755102040816327};

struct Piece {
  double a, b, value, error;
  bool operator<(const Piece& o) const { return error < o.error; }  // max-heap on the error
};

Piece gauss_kronrod(const std::function<double(double)>& f, double a, double b) {
  const double c = 0.5 * (a + b), h = 0.5 * (b - a);
  const double fc = f(c);
  double kronrod = kWgk[7] * fc, gauss = kWg[3] * fc;
  for (int i = 0; i < 7; ++i) {
    const double dx = h * kXgk[i];
    const double sum = f(c - dx) + f(c + dx);
    kronrod += kWgk[i] * sum;
    if (i % 2 == 1) gauss += kWg[i / 2] * sum;
  }
  return {a, b, kronrod * h, std::abs((kronrod - gauss) * h)};
}

}  // namespace

double integrate_unit(const std::function<double(double)>& f) {
  constexpr int kMaxPieces = 20000;
  std::vector<Piece> heap;
  heap.reserve(kMaxPieces + 1);
  for (int i = 0; i < 4; ++i) heap.push_back(gauss_kronrod(f, i / 4.0, (i + 1) / 4.0));
  std::make_heap(heap.begin(), heap.end());
  double value = 0, error = 0;
  for (const Piece& p : heap) value += p.value, error += p.error;
  while (error > std::max(1e-14 * std::abs(value), 1e-300) && static_cast<int>(heap.size()) < kMaxPieces) {
    std::pop_heap(heap.begin(), heap.end());
    const Piece worst = heap.back();
    heap.pop_back();
    const double mid = 0.5 * (worst.a + worst.b);
    if (!(mid > worst.a && mid < worst.b)) break;  // cannot be halved any more
    const Piece left = gauss_kronrod(f, worst.a, mid), right = gauss_kronrod(f, mid, worst.b);
    heap.push_back(left);
    std::push_heap(heap.begin(), heap.end());
    heap.push_back(right);
    std::push_heap(heap.begin(), heap.end());
    value += left.value + right.value - worst.value;
    error += left.error + right.error - worst.error;
    if (heap.size() % 64 == 0) {  // re-summed now and then, so that rounding does not accumulate
      value = 0, error = 0;
      for (const Piece& p : heap) value += p.value, error += p.error;
    }
  }
  value = 0;
  for (const Piece& p : heap) value += p.value;
  return value;
}

double find_root(const std::function<double(double)>& f, double a, double b) {
  double fa = f(a), fb = f(b);
  if (fa == 0) return a;
  if (fb == 0) return b;
  double c = a, fc = fa, d = b - a, e = d;
  for (int iteration = 0; iteration < 300; ++iteration) {
    if ((fb > 0) == (fc > 0)) {  // keep the root between b and c
      c = a, fc = fa;
      d = e = b - a;
    }
    if (std::abs(fc) < std::abs(fb)) {  // b the better estimate
      a = b, b = c, c = a;
      fa = fb, fb = fc, fc = fa;
    }
    const double tol = 2 * std::numeric_limits<double>::epsilon() * std::abs(b) + 0.5e-300;
    const double m = 0.5 * (c - b);
    if (std::abs(m) <= tol || fb == 0) return b;
    if (std::abs(e) >= tol && std::abs(fa) > std::abs(fb)) {
      double p, q;
      const double s = fb / fa;
      if (a == c) {  // secant
        p = 2 * m * s;
        q = 1 - s;
      } else {  // inverse quadratic interpolation
        const double qa = fa / fc, r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < std::min(3 * m * q - std::abs(tol * q), std::abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = e = m;  // bisection
      }
    } else {
      d = e = m;
    }
    a = b, fa = fb;
    b += std::abs(d) > tol ? d : (m > 0 ? tol : -tol);
    fb = f(b);
  }
  return b;
}

}  // namespace armdyn::design
