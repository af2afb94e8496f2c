// ModelTpl (model/model.hpp): cast<T>() converts every parameter with T(double) and copies every
// name, index and table unchanged; with_gravity changes the gravity alone; frame_index and
// joint_index find names. On a random tree (branches, prismatic joints, welded links) and a
// random DH chain. The comparison notices one changed parameter.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "armdyn/model/model.hpp"
#include "support/random_model.hpp"

namespace armdyn {
namespace model_test {

/// "" when `b` is `a` converted to T entry by entry, else the first field that is not.
template <class T> std::string first_difference(const Model& a, const ModelTpl<T>& b) {
  if (b.name != a.name || b.source != a.source || b.dof != a.dof) return "name, source, dof";
  if (b.parent != a.parent || b.joint_type != a.joint_type) return "structure";
  if (b.joint_names != a.joint_names || b.body_names != a.body_names || b.warnings != a.warnings) return "names";
  if (b.limits.size() != a.limits.size() || b.dh.has_value() != a.dh.has_value()) return "limits, dh";
  if (b.gravity != a.gravity.cast<T>()) return "gravity";
  for (std::size_t i = 0; i < a.tree.size(); ++i) {
    if (b.tree[i].R != a.tree[i].R.cast<T>() || b.tree[i].p != a.tree[i].p.cast<T>()) return "tree";
    if (b.mass[i] != T(a.mass[i]) || b.com[i] != a.com[i].cast<T>() || b.inertia_com[i] != a.inertia_com[i].cast<T>())
      return "mass, com, inertia_com";
    if (b.inertia[i].m != T(a.inertia[i].m) || b.inertia[i].h != a.inertia[i].h.cast<T>() ||
        b.inertia[i].I != a.inertia[i].I.cast<T>())
      return "inertia";
    if (b.dh_rotation[i].valid != a.dh_rotation[i].valid || b.dh_rotation[i].theta != T(a.dh_rotation[i].theta) ||
        b.dh_rotation[i].cos_alpha != T(a.dh_rotation[i].cos_alpha))
      return "dh_rotation";
  }
  if (b.frames.size() != a.frames.size()) return "frames";
  for (std::size_t k = 0; k < a.frames.size(); ++k)
    if (b.frames[k].name != a.frames[k].name || b.frames[k].body != a.frames[k].body ||
        b.frames[k].placement.p != a.frames[k].placement.p.cast<T>())
      return "frames";
  return "";
}

TEST(Model, CastConvertsEveryParameter) {
  std::mt19937_64 rng(131);
  for (const Model& m : {test::random_tree(rng, 9), test::random_dh_chain(rng, 6, DhConvention::kModified, true)}) {
    EXPECT_EQ(first_difference(m, m.cast<float>()), "") << m.name;
    EXPECT_EQ(first_difference(m, m.cast<long double>()), "") << m.name;
    EXPECT_EQ(first_difference(m, m.cast<double>()), "") << m.name;
    // Noticed: one parameter changed.
    ModelTpl<long double> wrong = m.cast<long double>();
    wrong.com[static_cast<std::size_t>(m.dof - 1)].x() += 1e-9L;
    EXPECT_EQ(first_difference(m, wrong), "mass, com, inertia_com") << m.name;
  }
}

TEST(Model, WithGravityAndLookUps) {
  std::mt19937_64 rng(132);
  const Model m = test::random_tree(rng, 5);
  const Vec3<double> g(1.5, -2.0, -7.0);
  const Model mg = m.with_gravity(g);
  EXPECT_EQ(mg.gravity, g);
  EXPECT_EQ(first_difference(m.with_gravity(g), mg.with_gravity(m.gravity)), "gravity");
  EXPECT_EQ(first_difference(m, mg.with_gravity(m.gravity)), "");
  for (int i = 0; i < m.dof; ++i) EXPECT_EQ(m.joint_index(m.joint_names[static_cast<std::size_t>(i)]), i);
  for (std::size_t k = 0; k < m.frames.size(); ++k) EXPECT_EQ(m.frame_index(m.frames[k].name), static_cast<int>(k));
  EXPECT_EQ(m.joint_index("no such joint"), -1);
  EXPECT_EQ(m.frame_index("no such frame"), -1);
}

}  // namespace model_test
}  // namespace armdyn
