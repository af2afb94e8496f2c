// crba's aligned-axis route (dynamics/crba_impl.hpp: carry_columns_aligned and
// spatial/inertia.hpp transform_to_parent_aligned on the bodies whose joint axis is parallel to a
// coordinate axis of their parent, model.aligned_axis) against the general route on the same
// model with model.aligned_axis cleared, and against M's columns from the RNEA
// (rnea(q, 0, e_k) - g(q)): on the Panda and UR5 URDFs, every built-in arm, random DH chains whose
// twists are quarter turns and random trees whose joints sit at quarter-turn placements (revolute
// and prismatic). The models are checked to use the route (aligned_axis set on most bodies), and
// a wrong aligned_axis entry is noticed.
#include <gtest/gtest.h>

#include <numbers>
#include <random>

#include "armdyn/armdyn.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace crba_aligned_test {

constexpr double kPi = std::numbers::pi;

// A DH chain with twists in {0, +-pi/2, pi}, random a, d, theta offsets and inertias, joints
// prismatic with probability 1/3.
Model quarter_twist_chain(std::mt19937_64& rng, int n, DhConvention convention) {
  const double twists[4] = {0.0, kPi / 2, -kPi / 2, kPi};
  DhDescription d;
  d.source = "crba_aligned_test";
  d.name = "quarter_twist_" + std::to_string(n);
  d.convention = convention;
  for (int i = 0; i < n; ++i) {
    DhLink link;
    link.joint_name = "joint" + std::to_string(i + 1);
    link.link_name = "link" + std::to_string(i + 1);
    link.row.type = test::uniform(rng, 0.0, 1.0) < 1.0 / 3.0 ? JointType::kPrismatic : JointType::kRevolute;
    link.row.a = test::uniform(rng, -0.5, 0.5);
    link.row.alpha = twists[std::uniform_int_distribution<int>(0, 3)(rng)];
    link.row.d = test::uniform(rng, -0.5, 0.5);
    link.row.theta = test::uniform(rng, -kPi, kPi);
    link.inertial = test::random_inertial(rng);
    d.links.push_back(link);
  }
  return model_from_dh(d);
}

// A tree whose joints sit at quarter-turn origins with coordinate-axis joint axes, each link
// hanging from a random earlier one.
Model quarter_turn_tree(std::mt19937_64& rng, int n) {
  const std::vector<Mat3<double>> turns = test::quarter_turns();
  ModelBuilder b("crba_aligned_test", "quarter_turn_tree_" + std::to_string(n));
  std::vector<std::string> links = {"base"};
  for (int i = 0; i < n; ++i) {
    JointSpec j;
    j.name = "joint" + std::to_string(i + 1);
    j.type = test::uniform(rng, 0.0, 1.0) < 0.25 ? JointType::kPrismatic : JointType::kRevolute;
    j.origin = Transform<double>{turns[std::uniform_int_distribution<std::size_t>(0, 23)(rng)],
                                 test::random_vec3(rng, -0.5, 0.5)};
    j.axis = (test::uniform(rng, 0.0, 1.0) < 0.5 ? 1.0 : -1.0) *
             Vec3<double>::Unit(std::uniform_int_distribution<int>(0, 2)(rng));
    const std::size_t parent = std::uniform_int_distribution<std::size_t>(0, links.size() - 1)(rng);
    const std::string name = "link" + std::to_string(i + 1);
    b.add_link(links[parent], j, name, test::random_inertial(rng));
    links.push_back(name);
  }
  return b.build();
}

std::vector<Model> models() {
  std::vector<Model> out = {load_urdf(test::data_path("models/panda.urdf")),
                            load_urdf(test::data_path("models/ur5.urdf"))};
  for (const std::string& name : builtin_names()) out.push_back(builtin_model(name).model);
  std::mt19937_64 rng(2024);
  for (int n = 1; n <= 12; ++n) {
    out.push_back(quarter_twist_chain(rng, n, DhConvention::kStandard));
    out.push_back(quarter_twist_chain(rng, n, DhConvention::kModified));
    out.push_back(quarter_turn_tree(rng, n));
  }
  return out;
}

int aligned_count(const Model& m) {
  int k = 0;
  for (signed char a : m.aligned_axis) k += a >= 0;
  return k;
}

// M's column k from the RNEA: rnea(q, 0, e_k) - rnea(q, 0, 0).
MatX<double> mass_matrix_by_rnea(const Model& m, const VecX<double>& q) {
  Data d(m);
  const VecX<double> zero = VecX<double>::Zero(m.dof);
  const VecX<double> g = rnea(m, d, q, zero, zero);
  MatX<double> M(m.dof, m.dof);
  for (int k = 0; k < m.dof; ++k) {
    VecX<double> e = zero;
    e[k] = 1.0;
    M.col(k) = rnea(m, d, q, zero, e) - g;
  }
  return M;
}

TEST(CrbaAligned, EqualsTheGeneralRouteAndTheRnea) {
  std::mt19937_64 rng(77);
  int bodies = 0, aligned = 0;
  for (const Model& m : models()) {
    ASSERT_EQ(static_cast<int>(m.aligned_axis.size()), m.dof) << m.name;
    bodies += m.dof;
    aligned += aligned_count(m);
    Model general = m;
    general.aligned_axis.clear();
    Data d(m), dg(general);
    for (int t = 0; t < 4; ++t) {
      const VecX<double> q = test::random_state(m, rng).q;
      const MatX<double> M = crba(m, d, q);
      const MatX<double> Mg = crba(general, dg, q);
      EXPECT_LT(test::rel_diff(M, Mg), 1e-13) << m.name;
      EXPECT_LT(test::rel_diff(M, mass_matrix_by_rnea(m, q)), 1e-12) << m.name;
      EXPECT_EQ(M, M.transpose()) << m.name;
    }
  }
  // The route is taken: most bodies of these models are aligned.
  EXPECT_GT(aligned, bodies * 3 / 4) << aligned << " of " << bodies;
}

TEST(CrbaAligned, TheArmsAreAlignedWhereTheirAxesAre) {
  const Model panda = load_urdf(test::data_path("models/panda.urdf"));
  EXPECT_EQ(aligned_count(panda), panda.dof);
  const Model ur5 = load_urdf(test::data_path("models/ur5.urdf"));
  EXPECT_EQ(aligned_count(ur5), ur5.dof);
  // Random placements are not.
  std::mt19937_64 rng(5);
  const Model tree = test::random_tree(rng, 8);
  EXPECT_EQ(aligned_count(tree), 0);
}

TEST(CrbaAligned, AWrongAlignedAxisIsNoticed) {
  const Model panda = load_urdf(test::data_path("models/panda.urdf"));
  std::mt19937_64 rng(9);
  const VecX<double> q = test::random_state(panda, rng).q;
  Data d(panda);
  const MatX<double> M = crba(panda, d, q);
  Model wrong = panda;
  wrong.aligned_axis[3] = static_cast<signed char>((wrong.aligned_axis[3] + 1) % 3);
  Data dw(wrong);
  EXPECT_GT(test::rel_diff(crba(wrong, dw, q), M), 1e-3);
}

}  // namespace crba_aligned_test
}  // namespace armdyn
