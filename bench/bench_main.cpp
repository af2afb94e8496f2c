// Benchmark main: fixtures, the allocation counter and the registration of every case.
#include <atomic>
#include <cstdlib>
#include <new>
#include <random>

#include "fixtures.hpp"

namespace {
std::atomic<std::size_t> g_allocations{0};
}

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace armdyn::bench {

void register_armdyn();
void register_peers();
void register_formulations();
void register_kinematics();
void register_cartesian();
void register_derivatives();

std::size_t allocation_count() { return g_allocations.load(std::memory_order_relaxed); }

std::vector<std::string> model_names() {
  return {"ur5", "panda", "chain_6", "chain_12", "chain_24", "chain_48", "chain_96"};
}
std::string urdf_path(const std::string& name) { return std::string(ARMDYN_BENCH_MODELS) + "/" + name + ".urdf"; }
std::string mjcf_path(const std::string& name) { return std::string(ARMDYN_BENCH_MODELS) + "/mjcf/" + name + ".xml"; }

States make_states(int n) {
  States s;
  s.n = n;
  std::mt19937_64 rng(4242);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (auto* x : {&s.q, &s.v, &s.a, &s.tau}) {
    x->resize(static_cast<std::size_t>(n) * States::kCount);
    for (double& e : *x) e = u(rng);
  }
  return s;
}

}  // namespace armdyn::bench

int main(int argc, char** argv) {
  armdyn::bench::register_armdyn();
  armdyn::bench::register_formulations();
  armdyn::bench::register_kinematics();
  armdyn::bench::register_cartesian();
  armdyn::bench::register_derivatives();
#ifdef ARMDYN_BENCH_PEERS
  armdyn::bench::register_peers();
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
