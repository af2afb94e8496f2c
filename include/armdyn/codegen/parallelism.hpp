#pragma once
// Parallelism of a recorded computation ([TML] §8, Table 8.6): the operations of the traced graph
// (folded, hash-consed, dead code removed) as a task graph, its total work, its critical path,
// its average parallelism, and a list schedule on P processors.
//
// Model of the machine: every counted operation (mul, add/sub, div, sqrt, sin, cos) takes one
// step on one processor; sign changes are free (a negation is merged into its consumer, as the
// seeds' tables count it); constants and inputs are available at step 0. Then
//   work W            = number of operations = the time T_1 on one processor,
//   critical path L   = the most operations on any dependency chain = T_inf,
//   average parallelism W / L (the speed-up no number of processors can exceed),
// and the list schedule with critical-path priority (at each step the ready operations with the
// longest path to an output go first; ties: the older operation) gives T_P, with
// max(ceil(W / P), L) <= T_P <= W / P + L (Graham's bound), speed-up T_1 / T_P.
// [TML] count "multiplication steps" and "addition steps" separately (27n + 42 and 27n + 41 for
// the modified Newton-Euler equations); the critical path is reported split the same way.
#include <vector>

#include "armdyn/codegen/graph.hpp"

namespace armdyn::codegen {

/// Operations and their dependencies: task k is an operation `op[k]` needing tasks `preds[k]`
/// (all < k) finished first.
struct TaskGraph {
  std::vector<Op> op;
  std::vector<std::vector<int>> preds;
  int size() const { return static_cast<int>(op.size()); }
};

/// The live counted operations of `graph` for `outputs`, negations contracted.
TaskGraph task_graph(const Graph& graph, const std::vector<int>& outputs);

struct CriticalPath {
  int length = 0;  ///< operations on the longest chain (L)
  /// Composition of one longest chain (among them, the one with the most multiplications).
  int mul = 0, add = 0, other = 0;
  int mul_steps = 0;  ///< the most multiplications on any chain
  int add_steps = 0;  ///< the most additions/subtractions on any chain
};

CriticalPath critical_path(const TaskGraph& tasks);

/// Longest path from each task to an exit, itself included (the list-scheduling priority).
std::vector<int> bottom_levels(const TaskGraph& tasks);

struct Schedule {
  int processors = 1;
  int makespan = 0;              ///< T_P in steps
  std::vector<int> step;         ///< the step (0-based) each task runs in
  std::vector<int> processor;    ///< the processor it runs on
  double speedup = 0;            ///< W / T_P
  double efficiency = 0;         ///< speed-up / P
};

/// List schedule with critical-path priority on `processors` identical processors.
Schedule list_schedule(const TaskGraph& tasks, int processors);

}  // namespace armdyn::codegen
