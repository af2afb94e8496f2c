// Recording the production algorithms on the tracing scalar, in process: the recorded graph of
// rnea, mass_matrix, gravity and forward_dynamics, evaluated on random states, equals the double
// algorithms on the very same model to 1e-12 relative, on models that fold (puma560, the
// prismatic stanford arm, planar2r), on ones that do not (a random mixed R/P DH chain, a random
// tree with arbitrary axes), on the general chain and on a tree of quaternion joints; each is checked again against a model with
// a wrong middle link (mass x 1.001, centre of mass moved 1 mm), which must disagree.
// snap_round_off: what it changes, and that it moves no result by more than 1e-14 relative.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/model/general_chain.hpp"
#include "armdyn/codegen/emit_cpp.hpp"
#include "armdyn/codegen/opcount.hpp"
#include "armdyn/codegen/record.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/configuration.hpp"
#include "armdyn/model/builder.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::codegen {
namespace record_test {

Model make_model(const std::string& name) {
  if (name == "random_chain") {
    std::mt19937_64 rng(7031);
    return test::random_dh_chain(rng, 6, DhConvention::kModified, true);
  }
  if (name == "random_tree") {
    std::mt19937_64 rng(4099);
    return test::random_tree(rng, 7);
  }
  if (name == "general_chain") return general_chain(7);
  if (name == "quaternion_tree") {  // a free-flying base, an arm on a ball joint, a hand (quaternion joints)
    std::mt19937_64 rng(811);
    ModelBuilder b("test", "quaternion_tree");
    CompoundJointSpec free = test::compound_joint("free", JointKind::kFloating, "quaternion");
    b.add_link("base", free, "body", test::random_inertial(rng));
    CompoundJointSpec ball;
    ball.name = "ball";
    ball.euler = "quaternion";
    ball.origin = Transform<double>{test::random_rotation(rng), Vec3<double>(0.3, -0.1, 0.2)};
    b.add_link("body", ball, "arm", test::random_inertial(rng));
    JointSpec hand;
    hand.name = "hand";
    hand.origin = Transform<double>{test::random_rotation(rng), Vec3<double>(0.4, 0.0, 0.1)};
    hand.axis = test::random_unit_vector(rng);
    b.add_link("arm", hand, "tip", test::random_inertial(rng));
    return b.build();
  }
  return builtin_model(name).model;
}

/// The double algorithm `a` on `model` for state (q, v, w): w is a for rnea, tau for forward
/// dynamics; row-major like the recorded outputs.
std::vector<double> reference(const Model& model, Algorithm a, const VecX<double>& q, const VecX<double>& v,
                              const VecX<double>& w) {
  Data d(model);
  MatX<double> out;
  switch (a) {
    case Algorithm::kRnea: out = rnea(model, d, q, v, w); break;
    case Algorithm::kMassMatrix: out = crba(model, d, q).transpose(); break;  // row-major below
    case Algorithm::kGravity: out = gravity_torque(model, d, q); break;
    case Algorithm::kForwardDynamics: out = forward_dynamics(model, d, q, v, w); break;
  }
  return std::vector<double>(out.data(), out.data() + out.size());
}

/// Worst relative disagreement of the recorded graph of `a` (from `traced`) with the double
/// algorithm on `ref` over random states.
double disagreement(const Model& traced, const Model& ref, Algorithm a, std::uint64_t seed) {
  const TracedFunction f = trace(traced, a);
  std::mt19937_64 rng(seed);
  const int n = traced.dof;
  double worst = 0;
  for (int k = 0; k < 6; ++k) {
    // q: nq numbers (a quaternion joint's rotation from its three entries; the others as drawn)
    const VecX<double> q = configuration_from_rotation_vectors<double>(traced, test::random_vector(rng, n, -2, 2)),
                       v = test::random_vector(rng, n, -2, 2), w = test::random_vector(rng, n, -5, 5);
    std::vector<const double*> inputs = {q.data()};
    if (f.inputs.size() == 3) inputs = {q.data(), v.data(), w.data()};
    const std::vector<double> got = f.evaluate(inputs), want = reference(ref, a, q, v, w);
    const auto g = Eigen::Map<const VecX<double>>(got.data(), static_cast<Eigen::Index>(got.size()));
    const auto e = Eigen::Map<const VecX<double>>(want.data(), static_cast<Eigen::Index>(want.size()));
    worst = std::max(worst, test::rel_diff(g, e));
  }
  return worst;
}

class RecordTest : public ::testing::TestWithParam<std::string> {};

TEST_P(RecordTest, RecordedGraphsEqualTheDoubleAlgorithms) {
  const Model model = make_model(GetParam());
  const Model wrong = test::perturbed(model, model.dof / 2, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3));
  for (Algorithm a : all_algorithms()) {
    SCOPED_TRACE(to_string(a));
    EXPECT_LT(disagreement(model, model, a, 11), 1e-12);
    EXPECT_LT(disagreement(snap_round_off(model), model, a, 12), 1e-12);
    EXPECT_GT(disagreement(model, wrong, a, 13), 1e-6);  // the comparison notices a wrong link
  }
}

TEST_P(RecordTest, ShapesAndNames) {
  const Model model = make_model(GetParam());
  const int n = model.dof;
  const TracedFunction id = trace(model, Algorithm::kRnea), m = trace(model, Algorithm::kMassMatrix),
                       fd = trace(model, Algorithm::kForwardDynamics);
  EXPECT_EQ(id.inputs, (std::vector<std::string>{"q", "v", "a"}));
  EXPECT_EQ(fd.inputs, (std::vector<std::string>{"q", "v", "tau"}));
  EXPECT_EQ(static_cast<int>(m.outputs.size()), n * n);
  EXPECT_EQ(m.rows, n);
  EXPECT_EQ(m.cols, n);
  EXPECT_EQ(static_cast<int>(id.outputs.size()), n);
  // One division per pivot of the LDL^T factor, fewer when a pivot is constant (e.g. a prismatic
  // joint on the base: M_00 is the total mass), and no square root.
  EXPECT_LE(fd.counts().div, n);
  EXPECT_GT(fd.counts().div, 0);
  EXPECT_EQ(fd.counts().sqrt, 0);
}

INSTANTIATE_TEST_SUITE_P(Models, RecordTest,
                         ::testing::Values("puma560", "stanford", "planar2r", "random_chain", "random_tree",
                                           "general_chain", "quaternion_tree"));

// With quaternion joints the recorded q has nq inputs, the generated files say so (P_nq), and the
// operation counts of the production algorithms run while a formulation reading angles refuses.
TEST(RecordQuaternions, QHasNqInputsAndTheCountsRun) {
  const Model model = make_model("quaternion_tree");
  ASSERT_EQ(model.nq(), model.dof + 2);
  const TracedFunction f = trace(model, Algorithm::kRnea);
  EXPECT_EQ(f.nq, model.nq());
  const GeneratedCode code = emit_cpp({f}, EmitOptions{"P", "", "", Vec3<double>(0, 0, -9.81), 0});
  EXPECT_NE(code.header.find("_nq(void);"), std::string::npos);
  EXPECT_NE(code.source.find("_nq(void) { return " + std::to_string(model.nq()) + "; }"), std::string::npos);
  const Model plain = make_model("puma560");
  EXPECT_EQ(emit_cpp({trace(plain, Algorithm::kRnea)}, EmitOptions{"P", "", "", Vec3<double>(0, 0, -9.81), 0}).header.find("_nq(void)"), std::string::npos);
  EXPECT_GT(opcount::count(model, "rnea").mul, 0);
  EXPECT_GT(opcount::count(model, "forward_dynamics").mul, 0);
  EXPECT_THROW(opcount::count(model, "lagrange"), InputError);
}

TEST(SnapTest, RemovesTheRoundOffOfRightAnglesOnly) {
  const Model puma = builtin_model("puma560").model;
  int snapped = 0;
  const Model s = snap_round_off(puma, &snapped);
  EXPECT_GT(snapped, 0);
  for (int i = 0; i < puma.dof; ++i) {
    EXPECT_LE((s.tree[i].R - puma.tree[i].R).cwiseAbs().maxCoeff(), 1e-15);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        const double x = s.tree[i].R(r, c);
        EXPECT_TRUE(x == 0.0 || x == 1.0 || x == -1.0) << "body " << i << " R(" << r << ", " << c << ") = " << x;
      }
  }
  // The general chain has no special parameter: nothing to snap.
  int none = -1;
  snap_round_off(general_chain(6), &none);
  EXPECT_EQ(none, 0);
}

TEST(SnapTest, FoldingCutsTheOperations) {
  // The PUMA's right angles fold; the same algorithm on the general chain of the same size
  // costs more.
  const Model puma = snap_round_off(builtin_model("puma560").model);
  const OpCounts folded = trace(puma, Algorithm::kRnea).counts();
  const OpCounts general = trace(general_chain(6), Algorithm::kRnea).counts();
  EXPECT_LT(folded.mul, general.mul);
  EXPECT_LT(folded.add, general.add);
  // In both, joint 1 turns about the gravity axis: its angle never enters, 5 sines and cosines.
  EXPECT_EQ(folded.trig(), 10);
  EXPECT_EQ(general.trig(), 10);
}

}  // namespace record_test
}  // namespace armdyn::codegen
