// The three forward-dynamics routes (aba, crba + Cholesky, Walker-Orin strobing + elimination
// without pivoting) against one another on random DH chains (both conventions, mixed joints),
// random trees, UR5, Panda, the long test chains and the built-ins; each also against rnea
// (tau = ID(q, qd, FD(q, qd, tau)) closes the loop), with a wrong-mass check that must fail; the
// strobed M against crba; ABA and Walker-Orin on the Dual scalar against a central difference.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/dynamics/aba_impl.hpp"
#include "armdyn/dynamics/walker_orin_impl.hpp"
#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/fd_method.hpp"
#include "support/dual.hpp"
#include "support/finite_difference.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace fd_routes_test {

struct Worst {
  double aba = 0, walker_orin = 0, rnea = 0, mass = 0;
};

// Over `states` random states: max relative disagreement of aba and walker-orin with crba, of
// rnea(FD) with tau, and of the strobed M with crba's. `truth` may differ from `model` (a wrong
// model for the sensitivity checks): the routes run on `model`, crba and rnea on `truth`.
Worst compare(const Model& model, const Model& truth, int states, std::uint64_t seed) {
  Data data(model), ref(truth);
  FdWorkspace<double> ws(model);
  std::mt19937_64 rng(seed);
  Worst w;
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = test::random_vector(rng, model.dof, -3, 3), v = test::random_vector(rng, model.dof, -2, 2),
                       tau = test::random_vector(rng, model.dof, -5, 5);
    const VecX<double> qdd = forward_dynamics(truth, ref, q, v, tau);
    const MatX<double> M = ref.M;
    const double scale = std::max(1.0, qdd.cwiseAbs().maxCoeff());
    w.aba = std::max(w.aba, (forward_dynamics(FdMethod::kAba, model, data, ws, q, v, tau) - qdd).cwiseAbs().maxCoeff() / scale);
    w.walker_orin = std::max(
        w.walker_orin, (forward_dynamics(FdMethod::kWalkerOrin, model, data, ws, q, v, tau) - qdd).cwiseAbs().maxCoeff() / scale);
    w.mass = std::max(w.mass, test::rel_diff(data.M, M));
    const VecX<double> a = aba(model, data, ws.aba, q, v, tau);
    w.rnea = std::max(w.rnea, test::rel_diff(rnea(truth, ref, q, v, a), tau));
  }
  return w;
}

void expect_agree(const Model& model, const std::string& what) {
  const Worst w = compare(model, model, 20, 99);
  EXPECT_LT(w.aba, 1e-10) << what;
  EXPECT_LT(w.walker_orin, 1e-10) << what;
  EXPECT_LT(w.mass, 1e-12) << what;
  EXPECT_LT(w.rnea, 1e-10) << what;
}

void expect_detects_wrong_mass(const Model& model, const std::string& what) {
  const Model wrong = test::perturbed(model, model.dof / 2, 1.01, Vec3<double>(0.01, 0, 0));
  const Worst w = compare(wrong, model, 5, 7);
  EXPECT_GT(w.aba, 1e-6) << what;
  EXPECT_GT(w.walker_orin, 1e-6) << what;
  EXPECT_GT(w.rnea, 1e-6) << what;
}

TEST(FdRoutes, RandomDhChains) {
  for (const Model& m : test::random_chains(2024)) expect_agree(m, m.name);
}

TEST(FdRoutes, RandomTrees) {
  std::mt19937_64 rng(77);
  for (int n : {2, 3, 5, 8, 13, 20}) {
    const Model model = test::random_tree(rng, n);
    expect_agree(model, model.name);
  }
}

TEST(FdRoutes, UrdfModelsAndBuiltins) {
  for (const char* file : {"ur5", "panda", "chain_6", "chain_24", "chain_96", "branching_tree"}) {
    const Model model = load_urdf(test::data_path(std::string("models/") + file + ".urdf"));
    expect_agree(model, file);
  }
  for (const std::string& name : builtin_names()) expect_agree(builtin_model(name).model, name);
}

TEST(FdRoutes, WrongMassIsDetected) {
  std::mt19937_64 rng(5);
  expect_detects_wrong_mass(test::random_tree(rng, 7), "tree");
  expect_detects_wrong_mass(load_urdf(test::data_path("models/ur5.urdf")), "ur5");
  expect_detects_wrong_mass(test::random_dh_chain(rng, 6, DhConvention::kStandard, true), "chain");
}

TEST(FdRoutes, MethodNames) {
  for (const std::string& name : fd_method_names()) EXPECT_EQ(to_string(fd_method_from_name(name)), name);
  EXPECT_EQ(fd_method_from_name("walker-orin"), FdMethod::kWalkerOrin);
  try {
    fd_method_from_name("featherstone");
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "unknown forward-dynamics method 'featherstone' (one of: aba, crba, walker-orin)");
  }
}

TEST(FdRoutes, WrongSizesAreInputErrors) {
  const Model model = builtin_model("puma560").model;
  Data data(model);
  FdWorkspace<double> ws(model);
  const VecX<double> x6 = VecX<double>::Zero(6), x5 = VecX<double>::Zero(5);
  for (FdMethod m : {FdMethod::kAba, FdMethod::kCrba, FdMethod::kWalkerOrin}) {
    EXPECT_THROW(forward_dynamics(m, model, data, ws, x5, x6, x6), InputError);
    EXPECT_THROW(forward_dynamics(m, model, data, ws, x6, x5, x6), InputError);
    EXPECT_THROW(forward_dynamics(m, model, data, ws, x6, x6, x5), InputError);
  }
}

// ABA written once for any scalar: on Dual, its tangent along dq equals a central difference.
TEST(FdRoutes, AbaOnDualScalarMatchesCentralDifference) {
  using test::Dual;
  std::mt19937_64 rng(11);
  const Model model = test::random_dh_chain(rng, 7, DhConvention::kModified, true);
  const ModelTpl<Dual> dm = model.cast<Dual>();
  DataTpl<Dual> dd(dm);
  AbaWorkspace<Dual> dws(dm);
  Data data(model);
  AbaWorkspace<double> ws(model);
  const VecX<double> q = test::random_vector(rng, 7), v = test::random_vector(rng, 7),
                     tau = test::random_vector(rng, 7), dq = test::random_vector(rng, 7);
  VecX<Dual> qd(7);
  for (int i = 0; i < 7; ++i) qd[i] = Dual(q[i], dq[i]);
  const VecX<Dual> out = aba(dm, dd, dws, qd, v.cast<Dual>(), tau.cast<Dual>());
  const VecX<double> fd = test::directional_derivative(
      [&](const VecX<double>& x) { return VecX<double>(aba(model, data, ws, x, v, tau)); }, q, dq, 1e-6);
  EXPECT_LT(test::rel_diff(test::tangent_of(out), fd), 1e-7);
  EXPECT_LT(test::rel_diff(test::value_of(out), aba(model, data, ws, q, v, tau)), 1e-12);
  // Walker-Orin on Dual: the same tangent.
  WalkerOrinWorkspace<Dual> wws(dm);
  const VecX<Dual> wo = forward_dynamics_walker_orin(dm, dd, wws, qd, v.cast<Dual>(), tau.cast<Dual>());
  EXPECT_LT(test::rel_diff(test::tangent_of(wo), test::tangent_of(out)), 1e-10);
}

}  // namespace fd_routes_test
}  // namespace armdyn
