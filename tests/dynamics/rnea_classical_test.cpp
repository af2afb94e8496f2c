// rnea_classical (the lean classical Newton-Euler) against the spatial rnea on random DH chains
// in both conventions with prismatic joints, random trees (dense rotations, branches, welded
// links), the built-ins and the URDF arms, with external wrenches; the factored and the dense
// application of the same rotations; the 3-multiplication plane rotations against matrices; the
// body quantities it writes against rnea's. Sensitivity: a perturbed model and a wrong wrench
// move the torques far beyond the tolerance.
#include <gtest/gtest.h>

#include <random>

#include "armdyn/dynamics/rnea_classical.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/armdyn.hpp"
#include "armdyn/spatial/rotation.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"
#include "support/loads_util.hpp"

namespace armdyn {
namespace rnea_classical_test {

using test::random_vector;
using test::rel_diff;

std::vector<Force<double>> random_wrenches(std::mt19937_64& rng, int n) {
  std::vector<Force<double>> f(n);
  for (Force<double>& w : f) {
    w.n = test::random_vec3(rng, -2, 2);
    w.f = test::random_vec3(rng, -5, 5);
  }
  return f;
}

// The worst relative difference of rnea_classical and rnea over a few states, with and
// without external wrenches; also checks the body quantities both write.
double worst_against_rnea(const Model& model, std::mt19937_64& rng) {
  Data lean(model), spatial(model);
  double worst = 0;
  for (int s = 0; s < 3; ++s) {
    const VecX<double> q = random_vector(rng, model.dof, -3, 3), v = random_vector(rng, model.dof, -2, 2),
                       a = random_vector(rng, model.dof, -2, 2);
    const std::vector<Force<double>> fext = random_wrenches(rng, model.dof);
    worst = std::max(worst, rel_diff(rnea_classical(model, lean, q, v, a), rnea(model, spatial, q, v, a)));
    for (int i = 0; i < model.dof; ++i) {
      worst = std::max(worst, rel_diff(lean.w[i], spatial.v[i].w));
      worst = std::max(worst, rel_diff(lean.wd[i], spatial.a[i].w));
      // classical origin acceleration = spatial acceleration + w x v
      worst = std::max(worst, rel_diff(lean.ao[i], Vec3<double>(spatial.a[i].v + spatial.v[i].w.cross(spatial.v[i].v))));
      worst = std::max(worst, rel_diff(lean.f[i].n, spatial.f[i].n) + rel_diff(lean.f[i].f, spatial.f[i].f));
    }
    const Loads<double> loads = test::body_loads(fext);
    worst = std::max(worst, rel_diff(rnea_classical(model, lean, q, v, a, &fext), rnea(model, spatial, q, v, a, &loads)));
  }
  return worst;
}

TEST(RneaClassical, AgreesWithRneaOnRandomModels) {
  std::mt19937_64 rng(20261121);
  for (const Model& m : test::random_chains(20261121)) EXPECT_LT(worst_against_rnea(m, rng), 1e-12) << m.name;
  for (int n : {1, 3, 7, 12}) {
    const Model model = test::random_tree(rng, n);
    EXPECT_LT(worst_against_rnea(model, rng), 1e-12) << model.name;
  }
}

TEST(RneaClassical, AgreesWithRneaOnBuiltinsAndUrdfArms) {
  std::mt19937_64 rng(5);
  for (const std::string& name : builtin_names()) {
    const Model model = builtin_model(name).model;
    EXPECT_LT(worst_against_rnea(model, rng), 1e-12) << name;
  }
  for (const char* file : {"models/ur5.urdf", "models/panda.urdf", "models/chain_24.urdf", "models/branching_tree.urdf"}) {
    const Model model = load_urdf(test::data_path(file));
    EXPECT_LT(worst_against_rnea(model, rng), 1e-12) << file;
  }
}

// The factorisation changes how the rotations are applied, not what they are: the same model
// with every joint dense gives the same torques, and the DH chains do factor (all but the first
// joint, whose base placement is general).
TEST(RneaClassical, FactoredEqualsDense) {
  std::mt19937_64 rng(11);
  for (int n : {2, 6, 9}) {
    const Model factored = test::random_dh_chain(rng, n, DhConvention::kModified, false);
    Model dense = factored;
    dense.dh_rotation.clear();
    int count = 0;
    for (int i = 0; i < n; ++i) count += dh_factored(factored, i) ? 1 : 0;
    EXPECT_GE(count, n - 1);
    Data d1(factored), d2(dense);
    const VecX<double> q = random_vector(rng, n, -3, 3), v = random_vector(rng, n), a = random_vector(rng, n);
    EXPECT_LT(rel_diff(rnea_classical(factored, d1, q, v, a), rnea_classical(dense, d2, q, v, a)), 1e-13);
  }
}

TEST(RneaClassical, PlaneRotationsAreTheMatrices) {
  std::mt19937_64 rng(3);
  for (double alpha : {0.0, 0.4, -1.2, M_PI / 2}) {
    DhRotation<double> x = dh_rotation_of(rot_x(alpha));
    ASSERT_TRUE(x.valid);
    EXPECT_EQ(x.twisted, alpha != 0.0);
    for (double phi : {0.0, 0.7, -2.9}) {
      PlaneAngle<double> z;
      z.set(std::cos(phi), std::sin(phi));
      const Mat3<double> R = rot_x(alpha) * rot_z(phi);
      const Vec3<double> v = test::random_vec3(rng, -1, 1);
      EXPECT_LT((dh_to_child(x, z, v) - R.transpose() * v).norm(), 1e-15);
      EXPECT_LT((dh_to_parent(x, z, v) - R * v).norm(), 1e-15);
    }
  }
  EXPECT_FALSE(dh_rotation_of(rot_y(0.3)).valid);  // not of the form Rx Rz
}

TEST(RneaClassical, SensitiveToTheModelAndTheWrenches) {
  const Model model = builtin_model("puma560").model;
  const Model heavier = test::perturbed(model, 4, 1.3, Vec3<double>(0.01, 0, 0));
  Data d1(model), d2(heavier);
  std::mt19937_64 rng(9);
  const VecX<double> q = random_vector(rng, 6), v = random_vector(rng, 6), a = random_vector(rng, 6);
  EXPECT_GT(rel_diff(rnea_classical(model, d1, q, v, a), rnea_classical(heavier, d2, q, v, a)), 1e-4);
  std::vector<Force<double>> fext(6);
  fext[5].f = Vec3<double>(0, 0, 1);
  const VecX<double> free = rnea_classical(model, d1, q, v, a);
  EXPECT_GT(rel_diff(rnea_classical(model, d1, q, v, a, &fext), free), 1e-4);
  EXPECT_THROW(rnea_classical(model, d1, VecX<double>::Zero(5), v, a), InputError);
  fext.pop_back();
  EXPECT_THROW(rnea_classical(model, d1, q, v, a, &fext), InputError);
}

}  // namespace rnea_classical_test
}  // namespace armdyn
