// Uses armdyn::core alone: inverse dynamics of the built-in planar2r ([Craig] §6.7, l1 = 1,
// l2 = 0.5, point masses m1 = 2, m2 = 1 at the link ends) stretched out horizontally, moving:
// tau from rnea against the closed form [Craig] (6.58), the mass matrix from crba against (6.60).
#include <cmath>
#include <cstdio>

#include <armdyn/dynamics/crba.hpp>
#include <armdyn/dynamics/rnea.hpp>
#include <armdyn/model/catalogue.hpp>
#include <armdyn/model/data.hpp>

int main() {
  const armdyn::Model model = armdyn::builtin_model("planar2r").model;
  armdyn::Data data(model);
  const double q1 = 0.3, q2 = -0.7, d1 = 0.4, d2 = 1.1, a1 = -0.9, a2 = 0.6;
  Eigen::VectorXd q(2), v(2), a(2);
  q << q1, q2;
  v << d1, d2;
  a << a1, a2;
  const Eigen::VectorXd tau = armdyn::rnea(model, data, q, v, a);
  const Eigen::MatrixXd M = armdyn::crba(model, data, q);
  // [Craig] (6.58) and (6.60): m1 = 2, m2 = 1, l1 = 1, l2 = 0.5, g = 9.81.
  const double m1 = 2, m2 = 1, l1 = 1, l2 = 0.5, g = 9.81;
  const double c1 = std::cos(q1), c2 = std::cos(q2), s2 = std::sin(q2), c12 = std::cos(q1 + q2);
  const double M11 = l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2);
  const double M12 = l2 * l2 * m2 + l1 * l2 * m2 * c2, M22 = l2 * l2 * m2;
  const double tau1 = M11 * a1 + M12 * a2 - m2 * l1 * l2 * s2 * d2 * d2 - 2 * m2 * l1 * l2 * s2 * d1 * d2 +
                      m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1;
  const double tau2 = M12 * a1 + M22 * a2 + m2 * l1 * l2 * s2 * d1 * d1 + m2 * l2 * g * c12;
  std::printf("tau = [%.17g, %.17g], expected [%.17g, %.17g]\n", tau[0], tau[1], tau1, tau2);
  const double err = std::abs(tau[0] - tau1) + std::abs(tau[1] - tau2) + std::abs(M(0, 0) - M11) +
                     std::abs(M(0, 1) - M12) + std::abs(M(1, 0) - M12) + std::abs(M(1, 1) - M22);
  if (!(err < 1e-10)) {
    std::printf("FAIL: rnea/crba differ from the closed form by %.3g\n", err);
    return 1;
  }
  std::printf("OK\n");
  return 0;
}
