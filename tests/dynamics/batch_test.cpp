// dynamics/batch.hpp: every batch equals the one-state loop bit for bit, for 1, 2 and every
// thread, on random chains and trees; a size mismatch is an InputError naming the argument.
#include "armdyn/dynamics/batch.hpp"

#include <gtest/gtest.h>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/aba.hpp"
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/forward_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"

namespace armdyn {
namespace batch_test {

// m random states of `model`, one per row.
struct Rows {
  StateRows q, v, a, tau;
};

Rows random_rows(const Model& model, int m, std::uint64_t seed) {
  const std::vector<test::State> states = test::random_states(model, m, seed);
  Rows r{StateRows(m, model.dof), StateRows(m, model.dof), StateRows(m, model.dof), StateRows(m, model.dof)};
  for (int k = 0; k < m; ++k) {
    r.q.row(k) = states[static_cast<std::size_t>(k)].q.transpose();
    r.v.row(k) = states[static_cast<std::size_t>(k)].v.transpose();
    r.a.row(k) = states[static_cast<std::size_t>(k)].a.transpose();
    r.tau.row(k) = states[static_cast<std::size_t>(k)].tau.transpose();
  }
  return r;
}

std::vector<Model> models() {
  std::vector<Model> out;
  for (Model& m : test::random_chains(41)) if (m.dof % 4 == 3) out.push_back(std::move(m));
  for (Model& m : test::random_trees(42)) if (m.dof % 5 == 2) out.push_back(std::move(m));
  return out;
}

TEST(DynamicsBatch, EqualsTheLoopBitForBit) {
  const int m = 3000;  // enough states to be cut into chunks on several threads
  for (const Model& model : models()) {
    SCOPED_TRACE(model.name);
    const Eigen::Index n = model.dof;
    const Rows r = random_rows(model, m, 7);
    StateRows tau(m, n), c(m, n), M(m, n * n), qdd(m, n), qdd_aba(m, n);
    Data data(model);
    AbaWorkspace<double> ws(model);
    for (int k = 0; k < m; ++k) {
      const VecX<double> q = r.q.row(k).transpose(), v = r.v.row(k).transpose(), a = r.a.row(k).transpose(),
                         t = r.tau.row(k).transpose();
      tau.row(k) = rnea(model, data, q, v, a).transpose();
      c.row(k) = nonlinear_effects(model, data, q, v).transpose();
      const MatX<double> Mk = crba(model, data, q);
      for (Eigen::Index i = 0; i < n; ++i) M.row(k).segment(i * n, n) = Mk.row(i);
      qdd.row(k) = forward_dynamics(model, data, q, v, t).transpose();
      qdd_aba.row(k) = aba(model, data, ws, q, v, t).transpose();
    }
    for (int threads : {1, 2, 0}) {
      SCOPED_TRACE(threads);
      StateRows out(m, n), out_M(m, n * n);
      rnea_batch(model, r.q, r.v, r.a, out, threads);
      EXPECT_TRUE(out == tau);
      nonlinear_effects_batch(model, r.q, r.v, out, threads);
      EXPECT_TRUE(out == c);
      crba_batch(model, r.q, out_M, threads);
      EXPECT_TRUE(out_M == M);
      forward_dynamics_batch(model, r.q, r.v, r.tau, out, threads);
      EXPECT_TRUE(out == qdd);
      aba_batch(model, r.q, r.v, r.tau, out, threads);
      EXPECT_TRUE(out == qdd_aba);
    }
  }
}

TEST(DynamicsBatch, WrongSizesNameTheArgument) {
  const Model model = test::random_chains(43).at(8);
  const Rows r = random_rows(model, 5, 1);
  StateRows out(5, model.dof), short_rows(4, model.dof), narrow(5, model.dof + 1);
  auto message = [](auto&& call) {
    try {
      call();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([&] { rnea_batch(model, r.q, short_rows, r.a, out); }),
            "rnea_batch: v: expected 5 x " + std::to_string(model.dof) + ", got 4 x " + std::to_string(model.dof));
  EXPECT_NE(message([&] { crba_batch(model, r.q, out); }).find("crba_batch: M: expected 5 x "), std::string::npos);
  EXPECT_NE(message([&] { aba_batch(model, narrow, r.v, r.tau, out); }).find("aba_batch: q: expected"),
            std::string::npos);
}

}  // namespace batch_test
}  // namespace armdyn
