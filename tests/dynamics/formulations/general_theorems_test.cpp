// [VP] §2.3, the method of general theorems, against independent routes: the production RNEA and
// CRBA (random DH chains n = 1..12 of both conventions with prismatic joints and full inertia
// tensors, the UR5 and Panda URDFs, the built-in arms), Craig's closed forms (6.58), (6.60),
// (6.88), and its own mass matrix differentiated with dual numbers (power balance). Each
// comparison is paired with one that must fail (a perturbed link, a wrong m2).
#include "armdyn/kinematics/kinematics.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems_impl.hpp"
#include "dynamics/formulations/vp_method_checks.hpp"

namespace armdyn {
namespace {

struct GeneralTheorems {
  template <class S> using Workspace = general_theorems::Workspace<S>;
  template <class S>
  static const VecX<S>& id(const ModelTpl<S>& m, Workspace<S>& ws, const VecX<S>& q, const VecX<S>& v,
                           const VecX<S>& a) {
    return general_theorems::inverse_dynamics(m, ws, q, v, a);
  }
  template <class S> static const MatX<S>& mass(const ModelTpl<S>& m, Workspace<S>& ws, const VecX<S>& q) {
    return general_theorems::mass_matrix(m, ws, q);
  }
  template <class S>
  static const VecX<S>& bias(const ModelTpl<S>& m, Workspace<S>& ws, const VecX<S>& q, const VecX<S>& v) {
    return general_theorems::bias(m, ws, q, v);
  }
  template <class S> static const VecX<S>& gravity(const ModelTpl<S>& m, Workspace<S>& ws, const VecX<S>& q) {
    return general_theorems::gravity(m, ws, q);
  }
};

constexpr const char* kName = "general theorems";

TEST(GeneralTheorems, RandomChainsAgreeWithRneaAndCrba) { vp_test::check_random_chains<GeneralTheorems>(kName); }
TEST(GeneralTheorems, LongRandomChainsStayAtRoundOff) { vp_test::check_long_chains<GeneralTheorems>(kName); }
TEST(GeneralTheorems, UrdfAndBuiltinModelsAgree) { vp_test::check_named_models<GeneralTheorems>(kName); }
TEST(GeneralTheorems, NoticesEveryPerturbedLink) { vp_test::check_perturbed_links_noticed<GeneralTheorems>(kName); }
TEST(GeneralTheorems, CraigClosedForms) { vp_test::check_craig_closed_forms<GeneralTheorems>(kName); }
TEST(GeneralTheorems, DualNumbersAndPowerBalance) { vp_test::check_dual_numbers<GeneralTheorems>(kName); }
TEST(GeneralTheorems, MassMatrixSymmetricPositiveDefinite) { vp_test::check_mass_matrix_spd<GeneralTheorems>(); }

// The book's own kinematics: the transition matrices assembled and turned by (2.3.7)-(2.3.13),
// with the "specificity" vectors of vp_cog_chain.hpp, are the body orientations of the model's
// forward kinematics (so the book's q_i is the model's q_i), and the axes e_i are their z axes.
TEST(GeneralTheorems, TransitionMatricesAreBodyOrientations) {
  std::mt19937_64 rng(8);
  for (const Model& model : {test::random_dh_chain(rng, 9, DhConvention::kStandard, true),
                             builtin_model("planar2r").model, vp_test::urdf("panda")}) {
    general_theorems::Workspace<double> ws(model);
    Data data(model);
    const vp_test::State s = vp_test::random_state(rng, model);
    general_theorems::equations(model, ws, s.q, s.v);
    forward_kinematics(model, data, s.q);
    double worst = 0;
    for (int i = 0; i < model.dof; ++i) {
      worst = std::max(worst, (ws.A[i] - data.oMb[i].R).cwiseAbs().maxCoeff());
      worst = std::max(worst, (ws.e[i] - data.oMb[i].R.col(2)).cwiseAbs().maxCoeff());
    }
    EXPECT_LE(worst, 1e-13) << model.name;
    // Sensitivity: the angle of the last revolute joint off by 1e-6 shows.
    int r = model.dof - 1;
    while (model.joint_type[r] != JointType::kRevolute) --r;
    VecX<double> q = s.q;
    q[r] += 1e-6;
    general_theorems::equations(model, ws, q, s.v);
    EXPECT_GT((ws.A[r] - data.oMb[r].R).cwiseAbs().maxCoeff(), 1e-7) << model.name;
  }
}

// The transition matrices exactly as printed, e_i = A_{i-1} e~~_i without re-normalisation: the
// round-off of each assembled frame re-enters the next one amplified, and on a long chain with
// general axes the torques drift far from round-off (measured about 1e-5 at n = 36; see the
// numerical note in general_theorems.hpp). With the unit axis they stay at 1e-14.
TEST(GeneralTheorems, LiteralAxisTransferLosesAccuracyOnLongChains) {
  std::mt19937_64 rng(11);
  const Model model = test::random_dh_chain(rng, 40, DhConvention::kStandard, false);
  general_theorems::Workspace<double> ws(model), literal(model);
  literal.literal_axis = true;
  Data data(model);
  const vp_test::State s = vp_test::random_state(rng, model);
  const VecX<double> tau = rnea(model, data, s.q, s.v, s.a);
  const double unit = test::rel_diff(general_theorems::inverse_dynamics(model, ws, s.q, s.v, s.a), tau);
  const double printed = test::rel_diff(general_theorems::inverse_dynamics(model, literal, s.q, s.v, s.a), tau);
  std::printf("[ measured ] general theorems, n = 40: unit axis %.2e, axis as printed %.2e\n", unit, printed);
  EXPECT_LE(unit, 1e-12);
  EXPECT_GT(printed, 1e-9);
}

TEST(GeneralTheorems, RejectsTreesAndWrongSizes) {
  std::mt19937_64 rng(3);
  EXPECT_THROW(general_theorems::Workspace<double>{test::random_tree(rng, 5)}, InputError);
  const Model model = builtin_model("puma560").model;
  general_theorems::Workspace<double> ws(model);
  const VecX<double> six = VecX<double>::Zero(6), five = VecX<double>::Zero(5);
  EXPECT_THROW(general_theorems::inverse_dynamics(model, ws, five, six, six), InputError);
  EXPECT_THROW(general_theorems::inverse_dynamics(model, ws, six, six, five), InputError);
  EXPECT_THROW(general_theorems::mass_matrix(model, ws, five), InputError);
  EXPECT_THROW(general_theorems::bias(model, ws, six, five), InputError);
  EXPECT_NO_THROW(general_theorems::inverse_dynamics(model, ws, six, six, six));
}

}  // namespace
}  // namespace armdyn
