#pragma once
// Shared by the tests of the Newton-Euler family of formulations (newton_euler, luh_walker_paul,
// gibbs_appell): the models they are run on and the comparison with armdyn's production rnea.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

/// The URDF models of tests/data/models and the built-in arms.
inline std::vector<NamedModel> named_models() {
  std::vector<NamedModel> out;
  for (const char* f : {"ur5", "panda"}) out.push_back({f, load_urdf(data_path(std::string("models/") + f + ".urdf"))});
  for (const char* b : {"puma560", "stanford", "planar2r", "rp", "planar3r", "craig3r"})
    out.push_back({b, builtin_model(b).model});
  return out;
}

/// True when every body's parent is the body before it.
inline bool is_serial(const Model& m) {
  for (int i = 0; i < m.dof; ++i)
    if (m.parent[i] != i - 1) return false;
  return true;
}

using TauFn = std::function<VecX<double>(const Model&, const VecX<double>&, const VecX<double>&, const VecX<double>&)>;

/// Worst relative disagreement (test::rel_diff, floor 1) of `tau` with rnea on `ref` over
/// `states` random states (q, v in [-1.5, 1.5], [-2, 2]; a in [-3, 3]).
inline double worst_vs_rnea(const Model& model, const Model& ref, const TauFn& tau, int states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Data data(ref);
  double worst = 0;
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = random_vector(rng, model.dof, -1.5, 1.5);
    const VecX<double> v = random_vector(rng, model.dof, -2, 2);
    const VecX<double> a = random_vector(rng, model.dof, -3, 3);
    worst = std::max(worst, rel_diff(tau(model, q, v, a), rnea(ref, data, q, v, a)));
  }
  return worst;
}

/// [Craig] (6.58): tau of the two-link arm with point masses (builtin planar2r: l1 = 1, l2 = 0.5,
/// m1 = 2, m2 = 1, g = 9.81 along -Y0).
inline VecX<double> craig_2r(const VecX<double>& th, const VecX<double>& thd, const VecX<double>& thdd) {
  const double l1 = 1, l2 = 0.5, m1 = 2, m2 = 1, g = 9.81;
  const double c1 = std::cos(th[0]), c2 = std::cos(th[1]), s2 = std::sin(th[1]), c12 = std::cos(th[0] + th[1]);
  VecX<double> tau(2);
  tau[0] = m2 * l2 * l2 * (thdd[0] + thdd[1]) + m2 * l1 * l2 * c2 * (2 * thdd[0] + thdd[1]) +
           (m1 + m2) * l1 * l1 * thdd[0] - m2 * l1 * l2 * s2 * thd[1] * thd[1] -
           2 * m2 * l1 * l2 * s2 * thd[0] * thd[1] + m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1;
  tau[1] = m2 * l1 * l2 * c2 * thdd[0] + m2 * l1 * l2 * s2 * thd[0] * thd[0] + m2 * l2 * g * c12 +
           m2 * l2 * l2 * (thdd[0] + thdd[1]);
  return tau;
}

/// [Craig] (6.88): Example 6.5's RP arm (builtin rp: m1 = 2, m2 = 1.5, l1 = 0.4, Izz1 = 0.1,
/// Izz2 = 0.05, g = 9.81), q = (theta1, d2).
inline VecX<double> craig_rp(const VecX<double>& q, const VecX<double>& qd, const VecX<double>& qdd) {
  const double m1 = 2, m2 = 1.5, l1 = 0.4, Izz1 = 0.1, Izz2 = 0.05, g = 9.81;
  const double c1 = std::cos(q[0]), s1 = std::sin(q[0]), d2 = q[1];
  VecX<double> tau(2);
  tau[0] = (m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2) * qdd[0] + 2 * m2 * d2 * qd[0] * qd[1] +
           (m1 * l1 + m2 * d2) * g * c1;
  tau[1] = m2 * qdd[1] - m2 * d2 * qd[0] * qd[0] + m2 * g * s1;
  return tau;
}

/// Worst relative disagreement of `tau` with a closed form over 50 random states.
inline double worst_vs_closed_form(const Model& model, const TauFn& tau,
                                   VecX<double> (*closed)(const VecX<double>&, const VecX<double>&, const VecX<double>&)) {
  std::mt19937_64 rng(7);
  double w = 0;
  for (int s = 0; s < 50; ++s) {
    const VecX<double> q = random_vector(rng, model.dof, -3, 3), v = random_vector(rng, model.dof, -2, 2),
                       a = random_vector(rng, model.dof, -3, 3);
    w = std::max(w, rel_diff(tau(model, q, v, a), closed(q, v, a)));
  }
  return w;
}

/// A model, a state and the torque an independent computation gave for it.
struct Oracle {
  Model model;
  VecX<double> q, v, a, tau;
};

/// A revolute standard-DH chain from (a, alpha, d) rows and per-link mass, centre of mass in DH
/// frame i and diagonal inertia about it; gravity g along -z0.
inline Model standard_dh(const std::string& name, const std::vector<Vec3<double>>& rows, const std::vector<double>& mass,
                         const std::vector<Vec3<double>>& com, const std::vector<Vec3<double>>& inertia, double g) {
  DhDescription d;
  d.source = d.name = name;
  d.convention = DhConvention::kStandard;
  d.gravity = Vec3<double>(0, 0, -g);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    DhLink l;
    l.joint_name = "j" + std::to_string(i + 1);
    l.link_name = "l" + std::to_string(i + 1);
    l.row = DhRow{JointType::kRevolute, rows[i][0], rows[i][1], rows[i][2], 0};
    l.inertial.mass = mass[i];
    l.inertial.com = com[i];
    l.inertial.inertia = inertia[i].asDiagonal();
    d.links.push_back(l);
  }
  return model_from_dh(d);
}

inline VecX<double> values(std::initializer_list<double> x) {
  VecX<double> out(static_cast<Eigen::Index>(x.size()));
  Eigen::Index k = 0;
  for (double e : x) out[k++] = e;
  return out;
}

/// The TML digest's §7.2 oracles (the digest's own computation, which five formulations agreed
/// on; TML prints no numbers): the horizontal two-link arm with its centres of mass behind the
/// distal DH frames, and a PUMA-like standard-DH six-link arm, g = 9.8.
inline std::vector<Oracle> tml_digest_oracles() {
  const double pi = std::numbers::pi;
  std::vector<Oracle> out;
  out.push_back({standard_dh("tml_two_link", {{1.0, 0, 0}, {0.8, 0, 0}}, {2.0, 1.5}, {{-0.5, 0, 0}, {-0.4, 0, 0}},
                             {{0.05, 0.05, 0.1}, {0.025, 0.025, 0.05}}, 9.8),
                 values({0.3, 0.9}), values({1.1, -0.7}), values({0.4, 2.0}), values({3.073800699760, 1.413881728775})});
  Model arm6 = standard_dh(
      "tml_six_link", {{0, pi / 2, 0}, {0.4318, 0, 0}, {0.0203, -pi / 2, 0.15}, {0, pi / 2, 0.4318}, {0, -pi / 2, 0}, {0, 0, 0}},
      {2.0, 17.4, 4.8, 0.82, 0.34, 0.09},
      {{0, -0.1, 0}, {-0.3638, 0.006, 0.2275}, {-0.0203, -0.0141, 0.070}, {0, 0.019, 0}, {0, 0, 0}, {0, 0, 0.032}},
      {{0.35, 0.35, 0.35}, {0.13, 0.524, 0.539}, {0.066, 0.086, 0.086}, {1.8e-3, 1.3e-3, 1.8e-3},
       {0.3e-3, 0.4e-3, 0.3e-3}, {0.15e-3, 0.15e-3, 0.04e-3}}, 9.8);
  // The digest's link 3 has I = diag(0.066, 0.086, 0.0125), which breaks the triangle inequality
  // and which the builder refuses; the formulations do not mind, so it is put in afterwards (DH
  // frame 3 sits at tree[3] in body frame 2).
  const Mat3<double> C = arm6.tree[3].R;
  arm6.inertia_com[2] = C * Vec3<double>(0.066, 0.086, 0.0125).asDiagonal() * C.transpose();
  arm6.inertia[2] = Inertia<double>::from_com(arm6.mass[2], arm6.com[2], arm6.inertia_com[2]);
  out.push_back({arm6, values({0.1, -0.5, 0.3, 1.2, -0.7, 0.4}), values({0.5, -0.3, 0.8, -1.0, 0.6, 1.5}),
                 values({1.0, 0.5, -0.8, 0.3, -1.2, 2.0}),
                 values({2.681751157658, 35.907724046396, 1.831072113541, 0.005823403802, 0.018418058073,
                         0.000131932815})});
  return out;
}

inline void report(const std::string& what, double value) { std::printf("[ measured ] %-58s %.2e\n", what.c_str(), value); }

}  // namespace armdyn::test
