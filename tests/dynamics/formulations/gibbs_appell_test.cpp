// Gibbs-Appell ([TML] (3.14), Horowitz-Tomizuka), its source-specific check: TML's Gibbs-Appell
// <-> Newton-Euler connection, (6.2) and (6.6), with the Luh-Walker-Paul quantities. The
// comparisons with rnea/crba/gravity_torque on chains, trees, built-ins and URDF arms, Craig's
// closed forms (6.58), (6.88), the reference values of [TML]'s arms, the perturbed parameters, the wrong sizes
// and the dual-number run are the typed checks of cross_check_test.cpp and
// cross_check_dual_test.cpp (tag GibbsAppell).
#include <gtest/gtest.h>

#include "armdyn/dynamics/formulations/gibbs_appell.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"
#include "dynamics/formulations/checks.hpp"

namespace armdyn {
namespace gibbs_appell_test {

namespace ga = gibbs_appell;

// [TML] §6: with Gibbs-Appell's base-frame partial velocities V_il (= z*_{i-1} x p̄*_{i-1,l}, or
// z*_{i-1} for a prismatic joint) and Omega_i, its translational terms are (6.2)
//   sum_l V_il . R_0^l m_l ā_l
// and its rotational terms (6.6) sum_l Omega_i . R_0^l (I_l wd_l + w_l x I_l w_l), with ā_l, w_l,
// wd_l, I_l from Newton-Euler in link frames (gravity inside ā through a_0 = g z_0).
TEST(GibbsAppell, ConnectionToNewtonEuler62And66) {
  double worst = 0;
  std::mt19937_64 rng(37);
  std::vector<Model> models = test::random_chains(803);
  for (const Model& m : test::named_models())
    if (test::is_serial(m)) models.push_back(m);
  for (const Model& m : models) {
    const int n = m.dof;
    const VecX<double> q = test::random_vector(rng, n), v = test::random_vector(rng, n), a = test::random_vector(rng, n);
    ga::Workspace<double> gw(m);
    luh_walker_paul::Workspace<double> nw(m);
    ga::inverse_dynamics(m, gw, q, v, a);
    luh_walker_paul::inverse_dynamics(m, nw, q, v, a);
    std::vector<Mat3<double>> R0(n);  // R_0^l: frame {l} of TML in the base, from the NE chain
    Mat3<double> R = m.tree[0].R;
    for (int l = 0; l < n; ++l) R0[l] = R = R * nw.R[l];
    for (int i = 0; i < n; ++i) {
      const bool revolute = m.joint_type[i] == JointType::kRevolute;
      double trans = 0, rot = 0;
      for (int l = i; l < n; ++l) {
        const Vec3<double> V = revolute ? Vec3<double>(gw.z[i].cross(gw.c[l] - gw.o[i])) : gw.z[i];
        trans += V.dot(R0[l] * (m.mass[l] * nw.abar[l]));                  // (6.2)
        if (revolute) rot += gw.z[i].dot(R0[l] * nw.rot[l]);                // (6.6)
      }
      const double scale = 1 + std::abs(gw.tau[i]);
      worst = std::max({worst, std::abs(trans - gw.tau_trans[i]) / scale, std::abs(rot - gw.tau_rot[i]) / scale});
    }
  }
  EXPECT_LT(worst, 1e-12);
}

}  // namespace gibbs_appell_test
}  // namespace armdyn
