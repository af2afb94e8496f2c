// Batches of 10^4 Panda states on 1 and 2 threads (dynamics/batch.hpp): BM_batch_<algorithm>/
// armdyn/panda/threads:<t>, wall-clock time of the whole batch, and "states_per_s". The speedup
// from the second core is the ratio of the threads:1 and threads:2 times of the same row.
// Registered at static initialisation, like bench_codegen.cpp.
#include <memory>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/batch.hpp"
#include "fixtures.hpp"

namespace armdyn::bench {
namespace {

constexpr int kStates = 10000;

struct BatchCase {
  std::shared_ptr<const Model> model;
  std::shared_ptr<StateRows> q, v, a, out, out_M;
};

BatchCase make_case(const std::string& name) {
  BatchCase c;
  c.model = std::make_shared<const Model>(load_urdf(urdf_path(name)));
  const int n = c.model->dof;
  std::mt19937_64 rng(4243);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto random_rows = [&] {
    auto x = std::make_shared<StateRows>(kStates, n);
    for (Eigen::Index i = 0; i < x->size(); ++i) x->data()[i] = u(rng);
    return x;
  };
  c.q = random_rows();
  c.v = random_rows();
  c.a = random_rows();
  c.out = std::make_shared<StateRows>(kStates, n);
  c.out_M = std::make_shared<StateRows>(kStates, n * n);
  return c;
}

template <class Fn> void run(benchmark::State& state, Fn fn) {
  for (auto _ : state) fn();
  state.counters["states_per_s"] =
      benchmark::Counter(static_cast<double>(kStates), benchmark::Counter::kIsIterationInvariantRate);
}

const bool registered = [] {
  const BatchCase c = make_case("panda");
  for (int threads : {1, 2}) {
    const std::string suffix = "/armdyn/panda/threads:" + std::to_string(threads);
    benchmark::RegisterBenchmark(("BM_batch_rnea" + suffix).c_str(), [c, threads](benchmark::State& s) {
      run(s, [&] { rnea_batch(*c.model, *c.q, *c.v, *c.a, *c.out, threads); });
    })->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_batch_mass_matrix" + suffix).c_str(), [c, threads](benchmark::State& s) {
      run(s, [&] { crba_batch(*c.model, *c.q, *c.out_M, threads); });
    })->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_batch_forward_dynamics" + suffix).c_str(), [c, threads](benchmark::State& s) {
      run(s, [&] { forward_dynamics_batch(*c.model, *c.q, *c.v, *c.a, *c.out, threads); });
    })->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_batch_aba" + suffix).c_str(), [c, threads](benchmark::State& s) {
      run(s, [&] { aba_batch(*c.model, *c.q, *c.v, *c.a, *c.out, threads); });
    })->UseRealTime()->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace armdyn::bench
