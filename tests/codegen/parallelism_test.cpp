// Work, critical path and list scheduling ([TML] §8) on a small hand-built graph whose answers
// are worked out by hand, and on recorded RNEAs: every schedule is valid (no task before its
// operands, at most P per step), within Graham's bounds max(ceil(W/P), L) <= T_P <= W/P + L,
// T_1 = W, T_P = L once P is large; the critical path of the general chain grows by the same
// number of steps per link (to within 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "armdyn/model/general_chain.hpp"
#include "armdyn/codegen/parallelism.hpp"
#include "armdyn/codegen/record.hpp"

namespace armdyn::codegen {
namespace parallelism_test {

// t1 = x0 x1, t2 = x2 x3, t3 = t1 + t2, t4 = -(t3) x0 (the sign is free), t5 = sin x1,
// t6 = t5 + t5 (= 2 sin x1: no task, a coefficient); outputs t4, t5, t6.
struct Small {
  Graph g;
  std::vector<int> outputs;
  Small() {
    const Value x0 = g.input(0, 0), x1 = g.input(0, 1), x2 = g.input(0, 2), x3 = g.input(0, 3);
    const Value t3 = g.add(g.mul(x0, x1), g.mul(x2, x3));
    const Value t4 = g.mul(g.neg(t3), x0);
    const Value t5 = g.sin(x1);
    outputs = {g.materialize(t4), g.materialize(t5), g.materialize(g.add(t5, t5))};
  }
};

TEST(ParallelismTest, SmallGraphByHand) {
  Small s;
  const TaskGraph tasks = task_graph(s.g, s.outputs);
  // tasks: x0 x1, x2 x3, +, * x0, sin, and the 2 sin x1 the output needs (a multiplication)
  ASSERT_EQ(tasks.size(), 6);
  const CriticalPath cp = critical_path(tasks);
  EXPECT_EQ(cp.length, 3);  // x0 x1 -> + -> * x0  (or sin -> 2 sin)
  EXPECT_EQ(cp.mul, 2);
  EXPECT_EQ(cp.add, 1);
  EXPECT_EQ(cp.other, 0);
  EXPECT_EQ(cp.mul_steps, 2);
  EXPECT_EQ(cp.add_steps, 1);
  const std::vector<int> level = bottom_levels(tasks);
  EXPECT_EQ(*std::max_element(level.begin(), level.end()), 3);

  EXPECT_EQ(list_schedule(tasks, 1).makespan, 6);
  // P = 2: step 0 the two products (level 3), step 1 the sum and the sine (level 2), step 2 the
  // last product and 2 sin: 3 steps.
  const Schedule two = list_schedule(tasks, 2);
  EXPECT_EQ(two.makespan, 3);
  EXPECT_DOUBLE_EQ(two.speedup, 2.0);
  EXPECT_DOUBLE_EQ(two.efficiency, 1.0);
  EXPECT_EQ(list_schedule(tasks, 8).makespan, 3);
}

TEST(ParallelismTest, PriorityIsTheCriticalPath) {
  // A chain a -> b -> c -> d (x x, then * x three times) beside four independent products: on
  // 2 processors the chain must start at step 0 and go on every step, or the schedule is longer.
  Graph g;
  const Value x = g.input(0, 0);
  Value chain = g.mul(x, x);
  for (int k = 0; k < 3; ++k) chain = g.mul(chain, x);
  std::vector<int> outputs = {g.materialize(chain)};
  for (int k = 1; k <= 4; ++k) outputs.push_back(g.materialize(g.mul(g.input(1, k), g.input(1, k + 10))));
  const TaskGraph tasks = task_graph(g, outputs);
  ASSERT_EQ(tasks.size(), 8);
  EXPECT_EQ(critical_path(tasks).length, 4);
  const Schedule s = list_schedule(tasks, 2);
  EXPECT_EQ(s.makespan, 4);  // = max(ceil(8/2), 4)
  EXPECT_EQ(s.step[0], 0);   // the chain's head first
}

void expect_valid(const TaskGraph& tasks, const Schedule& s) {
  std::vector<int> per_step(static_cast<std::size_t>(s.makespan), 0);
  for (int k = 0; k < tasks.size(); ++k) {
    const int t = s.step[static_cast<std::size_t>(k)];
    ASSERT_GE(t, 0);
    ASSERT_LT(t, s.makespan);
    ++per_step[static_cast<std::size_t>(t)];
    for (int p : tasks.preds[static_cast<std::size_t>(k)]) EXPECT_LT(s.step[static_cast<std::size_t>(p)], t);
  }
  for (int count : per_step) EXPECT_LE(count, s.processors);
}

TEST(ParallelismTest, RecordedRneaSchedulesAreValidAndWithinBounds) {
  for (const Model& model : {snap_round_off(general_chain(6)), snap_round_off(general_chain(3))}) {
    const TracedFunction f = trace(model, Algorithm::kRnea);
    const TaskGraph tasks = task_graph(f.graph, f.outputs);
    const int w = tasks.size();
    EXPECT_EQ(w, f.counts().total());
    const CriticalPath cp = critical_path(tasks);
    EXPECT_EQ(cp.length, cp.mul + cp.add + cp.other);
    EXPECT_LE(cp.mul_steps, cp.length);
    EXPECT_GE(cp.mul_steps, cp.mul);
    EXPECT_GE(cp.add_steps, cp.add);
    for (int p : {1, 2, 3, 4, 8, 16, 1000}) {
      const Schedule s = list_schedule(tasks, p);
      expect_valid(tasks, s);
      EXPECT_GE(s.makespan, std::max((w + p - 1) / p, cp.length));
      EXPECT_LE(s.makespan, w / p + cp.length);
      if (p == 1) {
        EXPECT_EQ(s.makespan, w);
      }
      if (p == 1000) {
        EXPECT_EQ(s.makespan, cp.length);
      }
    }
  }
}

TEST(ParallelismTest, CriticalPathOfTheGeneralChainGrowsLinearly) {
  std::vector<int> length;
  for (int n = 2; n <= 10; ++n) {
    const TracedFunction f = trace(general_chain(n), Algorithm::kRnea);
    length.push_back(critical_path(task_graph(f.graph, f.outputs)).length);
  }
  // From n = 4 on (the first links, near the base, are simpler) every link adds the same number
  // of steps, to within the odd step that a constant folding or not makes.
  std::vector<int> step;
  for (std::size_t k = 3; k < length.size(); ++k) step.push_back(length[k] - length[k - 1]);
  const auto [lo, hi] = std::minmax_element(step.begin(), step.end());
  EXPECT_GT(*lo, 0);
  EXPECT_LE(*hi - *lo, 2);
}

}  // namespace parallelism_test
}  // namespace armdyn::codegen
