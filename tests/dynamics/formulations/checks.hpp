#pragma once
// What the formulation tests share: the models they run on (random DH chains and trees, the URDF
// arms, the built-ins), random states, the comparison of a formulation (a tag of
// armdyn/dynamics/formulations/list.hpp) with the production rnea / crba / gravity_torque /
// nonlinear_effects, Craig's closed forms and the reference values of [TML]'s standard-DH arms.
#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/formulations/list.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

template <class F> using WorkspaceOf = typename F::template Workspace<double>;

/// True when every body's parent is the body before it.
inline bool is_serial(const Model& m) {
  for (int i = 0; i < m.dof; ++i)
    if (m.parent[i] != i - 1) return false;
  return true;
}

inline Model urdf(const std::string& name) { return load_model(data_path("models/" + name + ".urdf")); }

/// The UR5 and Panda URDFs and every built-in model.
inline std::vector<Model> named_models() {
  std::vector<Model> out = {urdf("ur5"), urdf("panda")};
  for (const std::string& b : builtin_names()) {
    out.push_back(builtin_model(b).model);
    out.back().name = b;
  }
  return out;
}

/// A copy of `model` whose body `body` is 0.1 % heavier and has its centre of mass 1 mm away.
inline Model perturbed_link(const Model& model, int body) {
  return perturbed(model, body, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3));
}

/// Angles in [-pi, pi], extensions in [-0.8, 0.8], velocities in [-2, 2], accelerations [-3, 3]
/// (test::State, support/state.hpp).
/// (Draws q, v, a only: the checks' states are the ones their thresholds were set on.)
inline State random_state(std::mt19937_64& rng, const Model& model) {
  constexpr double pi = std::numbers::pi;
  State s{random_vector(rng, model.dof, -pi, pi), random_vector(rng, model.dof, -2, 2),
          random_vector(rng, model.dof, -3, 3), VecX<double>()};
  for (int i = 0; i < model.dof; ++i)
    if (model.joint_type[i] == JointType::kPrismatic) s.q[i] *= 0.8 / pi;
  return s;
}

/// Worst relative disagreements (test::rel_diff, floor 1); zero for the terms a method lacks.
struct Worst {
  double tau = 0, M = 0, g = 0, h = 0;
  void take(const Worst& o) {
    tau = std::max(tau, o.tau);
    M = std::max(M, o.M);
    g = std::max(g, o.g);
    h = std::max(h, o.h);
  }
  double max() const { return std::max({tau, M, g, h}); }
};

/// Formulation F on `model` against rnea, crba, gravity_torque and nonlinear_effects on
/// `reference` (the same model, or a changed one for a sensitivity check), at `count` states.
template <class F> Worst compare(const Model& model, const Model& reference, std::uint64_t seed, int count = 4) {
  WorkspaceOf<F> ws(model);
  Data data(reference);
  std::mt19937_64 rng(seed);
  Worst worst;
  for (int k = 0; k < count; ++k) {
    const State s = random_state(rng, model);
    Worst w;
    w.tau = rel_diff(F::inverse_dynamics(model, ws, s.q, s.v, s.a), rnea(reference, data, s.q, s.v, s.a));
    if constexpr (F::has_mass_matrix) w.M = rel_diff(F::mass_matrix(model, ws, s.q), crba(reference, data, s.q));
    if constexpr (F::has_gravity_torque) w.g = rel_diff(F::gravity_torque(model, ws, s.q), gravity_torque(reference, data, s.q));
    if constexpr (F::has_nonlinear_effects) w.h = rel_diff(F::nonlinear_effects(model, ws, s.q, s.v), nonlinear_effects(reference, data, s.q, s.v));
    worst.take(w);
  }
  return worst;
}

/// tau of a formulation for a model and a state (for checks written once for several methods).
using TauFn = std::function<VecX<double>(const Model&, const VecX<double>&, const VecX<double>&, const VecX<double>&)>;

template <class F> TauFn tau_of() {
  return [](const Model& m, const VecX<double>& q, const VecX<double>& v, const VecX<double>& a) {
    WorkspaceOf<F> ws(m);
    return VecX<double>(F::inverse_dynamics(m, ws, q, v, a));
  };
}

/// Worst relative disagreement of `tau` on `model` with rnea on `ref` over `states` states
/// (q, v in [-1.5, 1.5], [-2, 2]; a in [-3, 3]).
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

/// Craig's closed forms, retyped from [Craig] §6.7 and Example 6.5 (the numbers of the built-in
/// models planar2r and rp): tau (6.58), M (6.60) and G (6.62) of the two-link arm with point
/// masses; tau (6.88), M and G of the RP arm. `m2` is the second link's mass.
struct ClosedForm {
  VecX<double> tau, G;
  MatX<double> M;
};

inline ClosedForm craig_2r(const State& s, double m2 = 1.0) {
  const double l1 = 1.0, l2 = 0.5, m1 = 2.0, g = 9.81;
  const double c1 = std::cos(s.q[0]), c2 = std::cos(s.q[1]), s2 = std::sin(s.q[1]);
  const double c12 = std::cos(s.q[0] + s.q[1]);
  const double t1 = s.v[0], t2 = s.v[1], a1 = s.a[0], a2 = s.a[1];
  ClosedForm f{VecX<double>(2), VecX<double>(2), MatX<double>(2, 2)};
  f.tau[0] = m2 * l2 * l2 * (a1 + a2) + m2 * l1 * l2 * c2 * (2 * a1 + a2) + (m1 + m2) * l1 * l1 * a1 -
             m2 * l1 * l2 * s2 * t2 * t2 - 2 * m2 * l1 * l2 * s2 * t1 * t2 + m2 * l2 * g * c12 +
             (m1 + m2) * l1 * g * c1;
  f.tau[1] = m2 * l1 * l2 * c2 * a1 + m2 * l1 * l2 * s2 * t1 * t1 + m2 * l2 * g * c12 + m2 * l2 * l2 * (a1 + a2);
  f.M << l2 * l2 * m2 + 2 * l1 * l2 * m2 * c2 + l1 * l1 * (m1 + m2), l2 * l2 * m2 + l1 * l2 * m2 * c2,
      l2 * l2 * m2 + l1 * l2 * m2 * c2, l2 * l2 * m2;
  f.G << m2 * l2 * g * c12 + (m1 + m2) * l1 * g * c1, m2 * l2 * g * c12;
  return f;
}

inline ClosedForm craig_rp(const State& s, double m2 = 1.5) {
  const double m1 = 2.0, l1 = 0.4, Izz1 = 0.1, Izz2 = 0.05, g = 9.81;
  const double c1 = std::cos(s.q[0]), s1 = std::sin(s.q[0]), d2 = s.q[1];
  ClosedForm f{VecX<double>(2), VecX<double>(2), MatX<double>(2, 2)};
  const double m11 = m1 * l1 * l1 + Izz1 + Izz2 + m2 * d2 * d2;
  f.tau[0] = m11 * s.a[0] + 2 * m2 * d2 * s.v[0] * s.v[1] + (m1 * l1 + m2 * d2) * g * c1;
  f.tau[1] = m2 * s.a[1] - m2 * d2 * s.v[0] * s.v[0] + m2 * g * s1;
  f.M << m11, 0, 0, m2;
  f.G << (m1 * l1 + m2 * d2) * g * c1, m2 * g * s1;
  return f;
}

/// Worst relative disagreement of `tau` on `model` with a closed form's torque over 50 states
/// (q in [-3, 3]: the rp arm's extension too).
inline double worst_vs_closed_form(const Model& model, const TauFn& tau, ClosedForm (*closed)(const State&, double),
                                   double m2) {
  std::mt19937_64 rng(7);
  double w = 0;
  for (int s = 0; s < 50; ++s) {
    const State x{random_vector(rng, model.dof, -3, 3), random_vector(rng, model.dof, -2, 2),
                  random_vector(rng, model.dof, -3, 3), VecX<double>()};
    w = std::max(w, rel_diff(tau(model, x.q, x.v, x.a), closed(x, m2).tau));
  }
  return w;
}

/// A model, a state and the torque an independent computation gave for it.
struct KnownTorque {
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
    l.joint_name = 'j' + std::to_string(i + 1);
    l.link_name = 'l' + std::to_string(i + 1);
    l.row = DhRow{JointType::kRevolute, rows[i][0], rows[i][1], rows[i][2], 0};
    l.inertial.mass = mass[i];
    l.inertial.com = com[i];
    l.inertial.inertia = inertia[i].asDiagonal();
    d.links.push_back(l);
  }
  return model_from_dh(d);
}

/// Reference values for [TML]'s arms (computed independently, and agreed on by five
/// formulations; TML prints no numbers): the horizontal two-link arm with its centres of mass behind the
/// distal DH frames, and a PUMA-like standard-DH six-link arm, g = 9.8.
inline std::vector<KnownTorque> tml_digest_values() {
  const double pi = std::numbers::pi;
  std::vector<KnownTorque> out;
  out.push_back({standard_dh("tml_two_link", {{1.0, 0, 0}, {0.8, 0, 0}}, {2.0, 1.5}, {{-0.5, 0, 0}, {-0.4, 0, 0}},
                             {{0.05, 0.05, 0.1}, {0.025, 0.025, 0.05}}, 9.8),
                 vec({0.3, 0.9}), vec({1.1, -0.7}), vec({0.4, 2.0}), vec({3.073800699760, 1.413881728775})});
  Model arm6 = standard_dh(
      "tml_six_link", {{0, pi / 2, 0}, {0.4318, 0, 0}, {0.0203, -pi / 2, 0.15}, {0, pi / 2, 0.4318}, {0, -pi / 2, 0}, {0, 0, 0}},
      {2.0, 17.4, 4.8, 0.82, 0.34, 0.09},
      {{0, -0.1, 0}, {-0.3638, 0.006, 0.2275}, {-0.0203, -0.0141, 0.070}, {0, 0.019, 0}, {0, 0, 0}, {0, 0, 0.032}},
      {{0.35, 0.35, 0.35}, {0.13, 0.524, 0.539}, {0.066, 0.086, 0.086}, {1.8e-3, 1.3e-3, 1.8e-3},
       {0.3e-3, 0.4e-3, 0.3e-3}, {0.15e-3, 0.15e-3, 0.04e-3}}, 9.8);
  // The reference arm's link 3 has I = diag(0.066, 0.086, 0.0125), which breaks the triangle inequality
  // and which the builder refuses; the formulations do not mind, so it is put in afterwards (DH
  // frame 3 sits at tree[3] in body frame 2).
  const Mat3<double> C = arm6.tree[3].R;
  arm6.inertia_com[2] = C * Vec3<double>(0.066, 0.086, 0.0125).asDiagonal() * C.transpose();
  arm6.inertia[2] = Inertia<double>::from_com(arm6.mass[2], arm6.com[2], arm6.inertia_com[2]);
  out.push_back({arm6, vec({0.1, -0.5, 0.3, 1.2, -0.7, 0.4}), vec({0.5, -0.3, 0.8, -1.0, 0.6, 1.5}),
                 vec({1.0, 0.5, -0.8, 0.3, -1.2, 2.0}),
                 vec({2.681751157658, 35.907724046396, 1.831072113541, 0.005823403802, 0.018418058073,
                      0.000131932815})});
  return out;
}

}  // namespace armdyn::test
