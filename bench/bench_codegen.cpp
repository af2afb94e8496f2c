// Generated code against the generic algorithms on the same states: BM_rnea/generated/<model>
// vs BM_rnea/armdyn/<model>, and the same for mass_matrix, for puma560, ur5 and panda. The
// generated sources are written at build time by `armdyn codegen` (bench/codegen.cmake). ur5
// and panda's armdyn cases are in bench_dynamics.cpp; puma560's (not a URDF there) are here.
// Registered at static initialisation (bench_main.cpp calls only its own register_*).
#include <memory>
#include <string>

#include "armdyn/armdyn.hpp"
#include "bench_gen_panda.h"
#include "bench_gen_puma560.h"
#include "bench_gen_ur5.h"
#include "fixtures.hpp"

namespace armdyn::bench {
namespace {

using RneaFn = void (*)(const double*, const double*, const double*, double*);
using MassFn = void (*)(const double*, double*);

struct Generated {
  std::string name;
  RneaFn rnea;
  MassFn mass_matrix;
};

[[gnu::noinline]] void run_rnea(RneaFn f, const double* q, const double* v, const double* a, double* tau) {
  f(q, v, a, tau);
}
[[gnu::noinline]] void run_mass_matrix(MassFn f, const double* q, double* M) { f(q, M); }

void generated_cases(const Generated& g, int n) {
  auto states = std::make_shared<States>(make_states(n));
  benchmark::RegisterBenchmark(("BM_rnea/generated/" + g.name).c_str(), [g, states, n](benchmark::State& s) {
    std::vector<double> tau(static_cast<std::size_t>(n));
    int k = 0;
    const std::size_t before = allocation_count();
    for (auto _ : s) {
      run_rnea(g.rnea, states->at(states->q, k), states->at(states->v, k), states->at(states->a, k), tau.data());
      benchmark::DoNotOptimize(tau.data());
      ++k;
    }
    report_allocations(s, before);
  });
  benchmark::RegisterBenchmark(("BM_mass_matrix/generated/" + g.name).c_str(), [g, states, n](benchmark::State& s) {
    std::vector<double> M(static_cast<std::size_t>(n * n));
    int k = 0;
    const std::size_t before = allocation_count();
    for (auto _ : s) {
      run_mass_matrix(g.mass_matrix, states->at(states->q, k), M.data());
      benchmark::DoNotOptimize(M.data());
      ++k;
    }
    report_allocations(s, before);
  });
}

// The generic algorithms on the PUMA 560, as bench_dynamics.cpp does for the URDF models.
void puma_cases() {
  auto model = std::make_shared<const Model>(builtin_model("puma560").model);
  auto data = std::make_shared<Data>(*model);
  auto states = std::make_shared<States>(make_states(model->dof));
  using Map = Eigen::Map<const VecX<double>>;
  const int n = model->dof;
  benchmark::RegisterBenchmark("BM_rnea/armdyn/puma560", [model, data, states, n](benchmark::State& s) {
    int k = 0;
    const std::size_t before = allocation_count();
    for (auto _ : s) {
      benchmark::DoNotOptimize(rnea(*model, *data, Map(states->at(states->q, k), n), Map(states->at(states->v, k), n),
                                    Map(states->at(states->a, k), n))
                                   .data());
      ++k;
    }
    report_allocations(s, before);
  });
  benchmark::RegisterBenchmark("BM_mass_matrix/armdyn/puma560", [model, data, states, n](benchmark::State& s) {
    int k = 0;
    const std::size_t before = allocation_count();
    for (auto _ : s) {
      benchmark::DoNotOptimize(crba(*model, *data, Map(states->at(states->q, k), n)).data());
      ++k;
    }
    report_allocations(s, before);
  });
}

const bool registered = [] {
  puma_cases();
  generated_cases({"puma560", bench_gen_puma560_rnea, bench_gen_puma560_mass_matrix}, bench_gen_puma560_dof());
  generated_cases({"ur5", bench_gen_ur5_rnea, bench_gen_ur5_mass_matrix}, bench_gen_ur5_dof());
  generated_cases({"panda", bench_gen_panda_rnea, bench_gen_panda_mass_matrix}, bench_gen_panda_dof());
  return true;
}();

}  // namespace
}  // namespace armdyn::bench
