#pragma once
// Shared benchmark fixtures: the model list, 64 random states per model (cycled, warm cache,
// the same for every library), and a heap-allocation counter reported per iteration.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>
#include <vector>

namespace armdyn::bench {

/// The benchmark models: URDF file stem (in tests/data/models) and MJCF file (in mjcf/).
std::vector<std::string> model_names();
std::string urdf_path(const std::string& name);
std::string mjcf_path(const std::string& name);

/// 64 states of q, v, a, tau (uniform in [-1, 1], seed 4242), each row-major n numbers.
struct States {
  int n = 0;
  static constexpr int kCount = 64;
  std::vector<double> q, v, a, tau;
  const double* at(const std::vector<double>& x, int k) const { return x.data() + (k % kCount) * n; }
};
States make_states(int n);

/// Number of operator new calls so far in this process.
std::size_t allocation_count();

/// Reports heap allocations per iteration as the counter "allocs".
inline void report_allocations(benchmark::State& state, std::size_t before) {
  state.counters["allocs"] = benchmark::Counter(static_cast<double>(allocation_count() - before),
                                                benchmark::Counter::kAvgIterations);
}

}  // namespace armdyn::bench
