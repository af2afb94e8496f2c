#pragma once
// The times k P of a period P, as the double nearest the decimal k P whenever P is a short
// decimal: when P = m 10^-e (0.1, 0.003, 2.5e-4) the k-th time is (k m) / 10^e, a quotient of two
// exact doubles (0.3, not 3 x 0.1 = 0.30000000000000004); otherwise k P. Output rows, controller
// samples and fixed steps land on these times, so that a CSV's times read as the decimals asked for.

namespace armdyn::sim {

class TimeGrid {
 public:
  explicit TimeGrid(double period);
  /// The k-th multiple of the period (k >= 0).
  double operator()(long k) const;

 private:
  double period_, scale_ = 1;
  long long mantissa_ = 0;  ///< m when the period is m 10^-e with e <= 22; 0 otherwise
};

}  // namespace armdyn::sim
