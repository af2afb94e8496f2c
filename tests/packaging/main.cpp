// Uses the installed armdyn: inverse dynamics of the built-in planar2r ([Craig] §6.7, l1 = 1,
// l2 = 0.5, point masses m1 = 2, m2 = 1 at the link ends) held still, stretched out horizontally:
// tau = g = ((m1 l1 + m2 (l1 + l2)) g0, m2 l2 g0) with g0 = 9.81.
#include <cmath>
#include <cstdio>

#include <armdyn/armdyn.hpp>

int main() {
  const armdyn::Model model = armdyn::load_model("planar2r");
  armdyn::Data data(model);
  const Eigen::VectorXd q = Eigen::VectorXd::Zero(model.dof), v = q, a = q;
  const Eigen::VectorXd& tau = armdyn::rnea(model, data, q, v, a);
  const Eigen::MatrixXd& M = armdyn::crba(model, data, q);
  const double expected0 = 3.5 * 9.81, expected1 = 0.5 * 9.81;
  std::printf("tau = [%.17g, %.17g], M(1,1) = %.17g\n", tau[0], tau[1], M(1, 1));
  if (std::abs(tau[0] - expected0) > 1e-12 || std::abs(tau[1] - expected1) > 1e-12 || std::abs(M(1, 1) - 0.25) > 1e-12) {
    std::printf("FAIL: expected tau = [%.17g, %.17g], M(1,1) = 0.25\n", expected0, expected1);
    return 1;
  }
  std::printf("OK\n");
  return 0;
}
