// Every formulation of armdyn/dynamics/formulations/list.hpp, through the same checks: tau (and M,
// g, the bias where the method defines them) against the production rnea, crba, gravity_torque
// and nonlinear_effects on random DH chains n = 1..12 of both conventions (all-revolute and mixed
// revolute/prismatic, full inertia tensors, default and random gravity), long chains, random
// trees (or an InputError for the chains-only methods), the URDF arms and every built-in; Craig's
// closed forms (6.58), (6.60), (6.62), (6.88) and the reference values of [TML]'s standard-DH arms; and, for
// each comparison, a wrong model (a perturbed parameter) that must be detected.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>

#include "dynamics/formulations/typed_formulations.hpp"
#include "dynamics/formulations/checks.hpp"

namespace armdyn {
namespace cross_check_test {

template <class F> class CrossCheck : public ::testing::Test {};
TYPED_TEST_SUITE(CrossCheck, test::FormulationTypes, test::FormulationName);

constexpr double kTol = 1e-10;

void expect_agrees(const test::Worst& w, const Model& m) {
  EXPECT_LE(w.tau, kTol) << m.name;
  EXPECT_LE(w.M, kTol) << m.name;
  EXPECT_LE(w.g, kTol) << m.name;
  EXPECT_LE(w.h, kTol) << m.name;
}

TYPED_TEST(CrossCheck, RandomChainsAgreeWithRneaCrbaAndGravity) {
  for (bool random_gravity : {false, true})
    for (const Model& m : test::random_chains(4711, random_gravity))
      expect_agrees(test::compare<TypeParam>(m, m, 17 + m.dof), m);
}

// Long random chains (general axes, mixed joints) stay at round-off: no method accumulates an
// error that grows with n faster than rnea's.
TYPED_TEST(CrossCheck, LongRandomChainsStayAtRoundOff) {
  std::mt19937_64 rng(36);
  for (int n : {24, 36, 48}) {
    const Model m = test::random_dh_chain(rng, n, n == 36 ? DhConvention::kModified : DhConvention::kStandard, true);
    expect_agrees(test::compare<TypeParam>(m, m, 3, 2), m);
  }
}

// Trees: the tree methods agree; the chains-only ones refuse with an InputError, through the
// registry and through their own functions.
TYPED_TEST(CrossCheck, RandomTreesAgreeOrAreRefused) {
  using F = TypeParam;
  int refused = 0;
  for (const Model& m : test::random_trees(602)) {
    if (!F::chains_only || test::is_serial(m)) {
      expect_agrees(test::compare<F>(m, m, 12), m);
      continue;
    }
    ++refused;
    const VecX<double> z = VecX<double>::Zero(m.dof);
    EXPECT_THROW(make_formulation(F::name, m), InputError) << m.name;
    EXPECT_THROW(
        {
          test::WorkspaceOf<F> ws(m);
          F::inverse_dynamics(m, ws, z, z, z);
        },
        InputError)
        << m.name;
    if constexpr (F::has_mass_matrix) {
      EXPECT_THROW(
          {
            test::WorkspaceOf<F> ws(m);
            F::mass_matrix(m, ws, z);
          },
          InputError)
          << m.name;
    }
  }
  if (F::chains_only) {
    EXPECT_GT(refused, 3);
  }
}

TYPED_TEST(CrossCheck, UrdfArmsAndBuiltinsAgree) {
  for (const Model& m : test::named_models()) expect_agrees(test::compare<TypeParam>(m, m, 99, 5), m);
}

// Against a reference whose link b is 0.1 % heavier with its centre of mass 1 mm away, the
// torques disagree, for every link b of a random mixed chain and of the UR5.
TYPED_TEST(CrossCheck, EveryPerturbedLinkIsDetected) {
  std::mt19937_64 rng(31);
  for (const Model& m : {test::random_dh_chain(rng, 7, DhConvention::kStandard, true), test::urdf("ur5")})
    for (int b = 0; b < m.dof; ++b)
      EXPECT_GT(test::compare<TypeParam>(m, test::perturbed_link(m, b), 5, 2).tau, 1e-6) << m.name << " link " << b;
}

// The middle link perturbed on every random chain (random gravity) and named model: tau, and
// M and g together where the method defines them, disagree with the unperturbed reference.
TYPED_TEST(CrossCheck, WrongMiddleLinkIsDetected) {
  using F = TypeParam;
  std::vector<Model> models = test::random_chains(31337, true);
  for (const Model& m : test::named_models()) models.push_back(m);
  for (const Model& m : models) {
    const test::Worst w = test::compare<F>(test::perturbed_link(m, m.dof / 2), m, 7, 3);
    EXPECT_GT(w.tau, 1e-6) << m.name;
    if (F::has_mass_matrix || F::has_gravity_torque) {
      EXPECT_GT(w.M + w.g, 1e-6) << m.name;
    }
  }
}

// Each single-parameter change (mass, centre of mass, one inertia entry, a joint placement) makes
// the method disagree with rnea on the original model, and agree with rnea on the changed one.
TYPED_TEST(CrossCheck, PerturbedParameterIsDetected) {
  struct Change {
    int body;
    double mass_scale;
    Vec3<double> com_shift;
    int inertia_body, inertia_row, place_body, place_axis;
  };
  const std::vector<std::pair<const char*, std::vector<Change>>> cases = {
      {"puma560", {{2, 1.001, Vec3<double>::Zero(), 4, 0, 2, 0}, {3, 1.0, Vec3<double>(0, 1e-3, 0), 3, 1, 3, 2},
                   {1, 1.001, Vec3<double>::Zero(), 3, 1, 3, 2}, {2, 1.0, Vec3<double>(0, 0, 1e-3), 4, 0, 2, 0}}},
      {"stanford", {{2, 1.001, Vec3<double>::Zero(), 1, 2, 4, 1}, {3, 1.0, Vec3<double>(1e-3, 0, 0), 1, 2, 4, 1}}}};
  const auto tau = test::tau_of<TypeParam>();
  for (const auto& [name, changes] : cases) {
    const Model base = builtin_model(name).model;
    for (const Change& c : changes) {
      Model inertia = base;
      inertia.inertia_com[c.inertia_body](c.inertia_row, c.inertia_row) *= 1.01;
      inertia.inertia[c.inertia_body] = Inertia<double>::from_com(
          inertia.mass[c.inertia_body], inertia.com[c.inertia_body], inertia.inertia_com[c.inertia_body]);
      Model placement = base;
      placement.tree[c.place_body].p[c.place_axis] += 1e-3;
      for (const Model& m : {test::perturbed(base, c.body, c.mass_scale, c.com_shift), inertia, placement}) {
        EXPECT_GT(test::worst_vs_rnea(m, base, tau, 6, 5), 1e-6) << name;
        EXPECT_LT(test::worst_vs_rnea(m, m, tau, 6, 5), kTol) << name;
      }
    }
  }
}

// [Craig] (6.58), (6.60), (6.62) for planar2r and (6.88) for rp: tau, M and G; a 0.1 % heavier
// second link in the closed form is detected.
TYPED_TEST(CrossCheck, CraigClosedForms) {
  using F = TypeParam;
  for (const char* name : {"planar2r", "rp"}) {
    const Model m = builtin_model(name).model;
    const auto closed = name == std::string("rp") ? test::craig_rp : test::craig_2r;
    const double m2 = name == std::string("rp") ? 1.5 : 1.0;
    test::WorkspaceOf<F> ws(m);
    std::mt19937_64 rng(58);
    double worst = 0, wrong = 0;
    for (int k = 0; k < 20; ++k) {
      test::State s = test::random_state(rng, m);
      if (m.joint_type[1] == JointType::kPrismatic) s.q[1] = std::abs(s.q[1]) / 0.8;
      const test::ClosedForm f = closed(s, m2), bad = closed(s, m2 * 1.001);
      const VecX<double> tau = F::inverse_dynamics(m, ws, s.q, s.v, s.a);
      worst = std::max(worst, test::rel_diff(tau, f.tau));
      wrong = std::max(wrong, test::rel_diff(tau, bad.tau));
      if constexpr (F::has_mass_matrix) worst = std::max(worst, test::rel_diff(F::mass_matrix(m, ws, s.q), f.M));
      if constexpr (F::has_gravity_torque) worst = std::max(worst, test::rel_diff(F::gravity_torque(m, ws, s.q), f.G));
    }
    EXPECT_LE(worst, 1e-12) << name;
    EXPECT_GT(wrong, 1e-5) << name;
    // The same over 50 states with q in [-3, 3]; and a model with a 0.1 % heavier second or first
    // link, or the second centre of mass 1 mm away, is detected.
    EXPECT_LT(test::worst_vs_closed_form(m, test::tau_of<F>(), closed, m2), kTol) << name;
    for (const Model& wrong : {test::perturbed(m, 1, 1.001, Vec3<double>::Zero()),
                               test::perturbed(m, 0, 1.001, Vec3<double>::Zero()),
                               test::perturbed(m, 1, 1.0, Vec3<double>(1e-3, 0, 0))})
      EXPECT_GT(test::worst_vs_closed_form(wrong, test::tau_of<F>(), closed, m2), 1e-5) << name;
  }
}

// The numeric instances of (6.58), (6.60), (6.62) and (6.88), worked from [Craig]'s equations.
TYPED_TEST(CrossCheck, CraigNumericInstances) {
  using F = TypeParam;
  const Model two_r = builtin_model("planar2r").model, rp = builtin_model("rp").model;
  test::WorkspaceOf<F> w2(two_r), wrp(rp);
  const VecX<double> q = test::vec({0.3, 0.8});
  const VecX<double> tau = F::inverse_dynamics(two_r, w2, q, test::vec({0.7, -1.1}), test::vec({1.0, 2.0}));
  EXPECT_LT((tau - test::vec({35.6022190243, 3.4989945725})).cwiseAbs().maxCoeff(), 1e-9);
  if constexpr (F::has_mass_matrix) {
    MatX<double> M(2, 2);
    M << 3.9467067093, 0.5983533547, 0.5983533547, 0.25;
    EXPECT_LT((F::mass_matrix(two_r, w2, q) - M).cwiseAbs().maxCoeff(), 1e-9);
  }
  if constexpr (F::has_gravity_torque) {
    EXPECT_LT((F::gravity_torque(two_r, w2, q) - test::vec({30.3404418506, 2.2248889756})).cwiseAbs().maxCoeff(), 1e-9);
  }
  const VecX<double> qrp = test::vec({0.5, 0.8});
  const VecX<double> taurp = F::inverse_dynamics(rp, wrp, qrp, test::vec({1.2, -0.3}), test::vec({0.7, 0.4}));
  EXPECT_LT((taurp - test::vec({17.3551698643, 5.9267468006})).cwiseAbs().maxCoeff(), 1e-9);
  if constexpr (F::has_mass_matrix) {
    MatX<double> M(2, 2);
    M << 1.43, 0, 0, 1.5;
    EXPECT_LT((F::mass_matrix(rp, wrp, qrp) - M).cwiseAbs().maxCoeff(), 1e-12);
  }
}

// The reference values of [TML]'s standard-DH arms (checks.hpp).
TYPED_TEST(CrossCheck, StandardDhValuesOfTheTmlDigest) {
  using F = TypeParam;
  for (const test::KnownTorque& k : test::tml_digest_values()) {
    test::WorkspaceOf<F> ws(k.model);
    EXPECT_LT((F::inverse_dynamics(k.model, ws, k.q, k.v, k.a) - k.tau).cwiseAbs().maxCoeff(), 1e-11) << k.model.name;
    if (k.model.dof != 6) continue;
    if constexpr (F::has_gravity_torque) {
      EXPECT_NEAR(F::gravity_torque(k.model, ws, k.q)[1], 35.123604371953, 1e-11);
    }
    if constexpr (F::has_mass_matrix) {
      EXPECT_NEAR(F::mass_matrix(k.model, ws, k.q)(0, 0), 2.963746464050, 1e-11);
      EXPECT_NEAR(F::mass_matrix(k.model, ws, k.q)(1, 1), 1.902626223149, 1e-11);
    }
  }
}

// The mass matrix of every random chain is symmetric and positive definite.
TYPED_TEST(CrossCheck, MassMatrixSymmetricPositiveDefinite) {
  using F = TypeParam;
  if constexpr (F::has_mass_matrix) {
    std::mt19937_64 rng(7);
    for (const Model& m : test::random_chains(99)) {
      test::WorkspaceOf<F> ws(m);
      for (int k = 0; k < 4; ++k) {
        const MatX<double> W = F::mass_matrix(m, ws, test::random_state(rng, m).q);
        EXPECT_LE(test::rel_diff(W, MatX<double>(W.transpose())), 1e-13) << m.name;
        EXPECT_EQ(Eigen::LLT<MatX<double>>(0.5 * (W + W.transpose())).info(), Eigen::Success) << m.name;
      }
    }
  }
}

TYPED_TEST(CrossCheck, WrongSizesAreInputErrors) {
  using F = TypeParam;
  for (const char* name : {"puma560", "stanford"}) {
    const Model m = builtin_model(name).model;
    test::WorkspaceOf<F> ws(m);
    const VecX<double> ok = VecX<double>::Zero(6), shorter = VecX<double>::Zero(5), longer = VecX<double>::Zero(7);
    for (const VecX<double>& bad : {shorter, longer}) {
      EXPECT_THROW(F::inverse_dynamics(m, ws, bad, ok, ok), InputError) << name;
      EXPECT_THROW(F::inverse_dynamics(m, ws, ok, bad, ok), InputError) << name;
      EXPECT_THROW(F::inverse_dynamics(m, ws, ok, ok, bad), InputError) << name;
      if constexpr (F::has_mass_matrix) {
        EXPECT_THROW(F::mass_matrix(m, ws, bad), InputError) << name;
      }
      if constexpr (F::has_gravity_torque) {
        EXPECT_THROW(F::gravity_torque(m, ws, bad), InputError) << name;
      }
      if constexpr (F::has_nonlinear_effects) {
        EXPECT_THROW(F::nonlinear_effects(m, ws, ok, bad), InputError) << name;
      }
    }
    EXPECT_NO_THROW(F::inverse_dynamics(m, ws, ok, ok, ok)) << name;
  }
}

}  // namespace cross_check_test
}  // namespace armdyn
