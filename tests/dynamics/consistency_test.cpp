// The consistency checker behind `armdyn check`: on sound models every row passes, every
// formulation and identity is covered, and one bad row fails the report.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/consistency.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn {
namespace consistency_test {

std::set<std::string> subjects(const ConsistencyReport& r) {
  std::set<std::string> out;
  for (const ConsistencyRow& row : r.rows) out.insert(row.subject);
  return out;
}

TEST(Consistency, ChainsPassEveryCheck) {
  std::mt19937_64 rng(11);
  std::vector<Model> models = {builtin_model("puma560").model, builtin_model("stanford").model,
                               load_urdf(test::data_path("models/panda.urdf")),
                               test::random_dh_chain(rng, 7, DhConvention::kStandard, true)};
  for (const Model& m : models) {
    const ConsistencyReport r = check_consistency(m, 4, 1);
    for (const ConsistencyRow& row : r.rows) EXPECT_TRUE(row.ok()) << m.name << ": " << row.subject << " " << row.quantity << " " << row.worst;
    EXPECT_TRUE(r.skipped.empty()) << m.name;
    // Every formulation but the reference, every FD route, and the identities appear.
    const std::set<std::string> s = subjects(r);
    for (const FormulationInfo& f : formulations())
      if (f.name != "rnea") {
        EXPECT_TRUE(s.count(f.name)) << f.name;
      }
    for (const char* route : {"aba", "crba", "walker-orin", "identity"}) EXPECT_TRUE(s.count(route)) << route;
    int identities = 0;
    for (const ConsistencyRow& row : r.rows) identities += row.subject == "identity";
    EXPECT_EQ(identities, 4) << m.name;
  }
}

TEST(Consistency, TreesSkipTheChainOnlyMethodsAndPass) {
  std::mt19937_64 rng(4);
  const Model tree = test::random_tree(rng, 8);
  const ConsistencyReport r = check_consistency(tree, 3, 2);
  EXPECT_TRUE(r.ok());
  int chains_only = 0;
  for (const FormulationInfo& f : formulations()) chains_only += f.chains_only;
  bool branches = false;
  for (int i = 0; i < tree.dof; ++i) branches = branches || tree.parent[i] != i - 1;
  if (branches) {
    EXPECT_EQ(static_cast<int>(r.skipped.size()), chains_only);
  }
}

// Masses from 1e-4 to 1e4 along a chain: M badly conditioned. qdd's tolerance follows each
// state's condition number, which the report states.
TEST(Consistency, QddToleranceFollowsTheConditioning) {
  std::mt19937_64 rng(31);
  Model m = test::random_dh_chain(rng, 6, DhConvention::kModified, false);
  for (int i = 0; i < m.dof; ++i) {
    const double k = std::pow(10.0, 4.0 - 8.0 * i / (m.dof - 1));
    m.mass[i] *= k;
    m.inertia_com[i] *= k;
    m.inertia[i].m *= k;
    m.inertia[i].h *= k;
    m.inertia[i].I *= k;
  }
  const ConsistencyReport report = check_consistency(m, 8, 3);
  EXPECT_GT(report.condition_max, 1e5);
  EXPECT_LE(report.condition_min, report.condition_max);
  int qdd_rows = 0;
  for (const ConsistencyRow& r : report.rows) {
    if (r.quantity != "qdd") continue;
    ++qdd_rows;
    EXPECT_GE(r.tolerance, 1e-14 * report.condition_min * (1 - 1e-12)) << r.subject;
    EXPECT_LE(r.tolerance, std::max(1e-9, 1e-14 * report.condition_max) * (1 + 1e-12)) << r.subject;
    EXPECT_TRUE(r.ok()) << r.subject << " " << r.worst << " > " << r.tolerance;
  }
  EXPECT_EQ(qdd_rows, 3);
}

TEST(Consistency, OneBadRowFailsTheReport) {
  ConsistencyReport r = check_consistency(builtin_model("planar2r").model, 1, 3);
  ASSERT_TRUE(r.ok());
  r.rows.front().worst = 2 * r.rows.front().tolerance;
  EXPECT_FALSE(r.ok());
  EXPECT_THROW(check_consistency(builtin_model("planar2r").model, 0, 3), InputError);
}

}  // namespace consistency_test
}  // namespace armdyn
