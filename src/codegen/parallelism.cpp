// Work, critical path and list scheduling of a traced computation (see
// armdyn/codegen/parallelism.hpp).
#include "armdyn/codegen/parallelism.hpp"

#include <algorithm>
#include <queue>
#include <stdexcept>
#include <utility>

namespace armdyn::codegen {

TaskGraph task_graph(const Graph& graph, const std::vector<int>& outputs) {
  const std::vector<bool> live = graph.live(outputs);
  // rep[id]: the task computing node id (a negation: its operand's task), -1 for none.
  std::vector<int> rep(static_cast<std::size_t>(graph.size()), -1);
  TaskGraph tasks;
  for (int id = 0; id < graph.size(); ++id) {
    if (!live[static_cast<std::size_t>(id)]) continue;
    const Node& n = graph.node(id);
    if (n.op == Op::kConst || n.op == Op::kInput) continue;
    if (n.op == Op::kNeg) {
      rep[static_cast<std::size_t>(id)] = rep[static_cast<std::size_t>(n.a)];
      continue;
    }
    std::vector<int> preds;
    for (int operand : {n.a, n.b}) {
      if (operand < 0) continue;
      const int t = rep[static_cast<std::size_t>(operand)];
      if (t >= 0 && std::find(preds.begin(), preds.end(), t) == preds.end()) preds.push_back(t);
    }
    rep[static_cast<std::size_t>(id)] = tasks.size();
    tasks.op.push_back(n.op);
    tasks.preds.push_back(std::move(preds));
  }
  return tasks;
}

CriticalPath critical_path(const TaskGraph& tasks) {
  struct Chain {
    int length = 0, mul = 0, add = 0, other = 0;
  };
  const auto n = static_cast<std::size_t>(tasks.size());
  std::vector<Chain> best(n);
  std::vector<int> mul_steps(n, 0), add_steps(n, 0);
  CriticalPath out;
  Chain longest;
  for (std::size_t k = 0; k < n; ++k) {
    Chain c;
    int m = 0, a = 0;
    for (int p : tasks.preds[k]) {
      const Chain& b = best[static_cast<std::size_t>(p)];
      if (b.length > c.length || (b.length == c.length && b.mul > c.mul)) c = b;
      m = std::max(m, mul_steps[static_cast<std::size_t>(p)]);
      a = std::max(a, add_steps[static_cast<std::size_t>(p)]);
    }
    const Op op = tasks.op[k];
    const bool is_mul = op == Op::kMul, is_add = op == Op::kAdd || op == Op::kSub;
    c.length += 1;
    c.mul += is_mul;
    c.add += is_add;
    c.other += !is_mul && !is_add;
    best[k] = c;
    mul_steps[k] = m + is_mul;
    add_steps[k] = a + is_add;
    if (c.length > longest.length || (c.length == longest.length && c.mul > longest.mul)) longest = c;
    out.mul_steps = std::max(out.mul_steps, mul_steps[k]);
    out.add_steps = std::max(out.add_steps, add_steps[k]);
  }
  out.length = longest.length;
  out.mul = longest.mul;
  out.add = longest.add;
  out.other = longest.other;
  return out;
}

std::vector<int> bottom_levels(const TaskGraph& tasks) {
  std::vector<int> level(static_cast<std::size_t>(tasks.size()), 1);
  for (int k = tasks.size() - 1; k >= 0; --k)
    for (int p : tasks.preds[static_cast<std::size_t>(k)])
      level[static_cast<std::size_t>(p)] = std::max(level[static_cast<std::size_t>(p)],
                                                    level[static_cast<std::size_t>(k)] + 1);
  return level;
}

Schedule list_schedule(const TaskGraph& tasks, int processors) {
  if (processors < 1) throw std::invalid_argument("list_schedule: at least one processor");
  const auto n = static_cast<std::size_t>(tasks.size());
  const std::vector<int> level = bottom_levels(tasks);
  std::vector<std::vector<int>> succs(n);
  std::vector<int> waiting(n);
  for (std::size_t k = 0; k < n; ++k) {
    waiting[k] = static_cast<int>(tasks.preds[k].size());
    for (int p : tasks.preds[k]) succs[static_cast<std::size_t>(p)].push_back(static_cast<int>(k));
  }
  // Highest level first; among equals the smaller task id.
  using Entry = std::pair<int, int>;  // (level, -id)
  std::priority_queue<Entry> ready;
  for (std::size_t k = 0; k < n; ++k)
    if (waiting[k] == 0) ready.emplace(level[k], -static_cast<int>(k));
  Schedule s;
  s.processors = processors;
  s.step.assign(n, -1);
  s.processor.assign(n, -1);
  std::size_t done = 0;
  std::vector<int> running;
  for (int t = 0; done < n; ++t) {
    running.clear();
    while (!ready.empty() && static_cast<int>(running.size()) < processors) {
      const int k = -ready.top().second;
      ready.pop();
      s.step[static_cast<std::size_t>(k)] = t;
      s.processor[static_cast<std::size_t>(k)] = static_cast<int>(running.size());
      running.push_back(k);
    }
    for (int k : running)
      for (int c : succs[static_cast<std::size_t>(k)])
        if (--waiting[static_cast<std::size_t>(c)] == 0) ready.emplace(level[static_cast<std::size_t>(c)], -c);
    done += running.size();
    s.makespan = t + 1;
  }
  s.speedup = s.makespan > 0 ? static_cast<double>(n) / s.makespan : 1.0;
  s.efficiency = s.speedup / processors;
  return s;
}

}  // namespace armdyn::codegen
