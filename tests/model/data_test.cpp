// DataTpl (model/data.hpp): every workspace vector and matrix is sized for its model once, at
// construction (one entry per body or named frame, n-vectors, n x n matrices), for random trees
// and chains of 1..12 joints on double and on float; a model with one joint more gives other
// sizes.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "armdyn/model/data.hpp"
#include "support/random_model.hpp"

namespace armdyn {
namespace data_test {

/// "" when every field of `d` has the size `m` needs, else the first that has not.
template <class S> std::string first_wrong_size(const ModelTpl<S>& m, const DataTpl<S>& d) {
  const std::size_t n = static_cast<std::size_t>(m.dof), frames = m.frames.size();
  if (d.X_up.size() != n || d.oMb.size() != n || d.oMf.size() != frames) return "placements";
  if (d.v.size() != n || d.a.size() != n || d.f.size() != n || d.Ic.size() != n) return "spatial";
  if (d.angle.size() != n || d.w.size() != n || d.wd.size() != n || d.ao.size() != n) return "classical";
  for (const VecX<S>* x : {&d.phi, &d.sin_phi, &d.cos_phi, &d.tau, &d.c, &d.g, &d.qdd, &d.L_inv_diag})
    if (x->size() != m.dof) return "joint vectors";
  for (const MatX<S>* A : {&d.M, &d.L})
    if (A->rows() != m.dof || A->cols() != m.dof) return "joint matrices";
  return "";
}

TEST(Data, SizedForItsModel) {
  std::mt19937_64 rng(141);
  for (int n = 1; n <= 12; ++n) {
    const Model tree = test::random_tree(rng, n);
    const Model chain = test::random_dh_chain(rng, n, DhConvention::kStandard, true);
    for (const Model& m : {tree, chain}) {
      EXPECT_EQ(first_wrong_size(m, Data(m)), "") << m.name;
      const ModelTpl<float> mf = m.cast<float>();
      EXPECT_EQ(first_wrong_size(mf, DataTpl<float>(mf)), "") << m.name;
      EXPECT_EQ(Data(m).M, MatX<double>::Zero(n, n)) << m.name;
    }
    // Noticed: the workspace of a model with one joint more.
    const Model bigger = test::random_tree(rng, n + 1);
    EXPECT_EQ(first_wrong_size(tree, Data(bigger)), "placements") << n;
  }
}

}  // namespace data_test
}  // namespace armdyn
