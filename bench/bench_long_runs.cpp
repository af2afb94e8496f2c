// Long runs (not part of the default benchmark binary; `armdyn_bench_long_runs`):
//   BM_long_passive_rk45/armdyn/puma560: the PUMA 560 falling freely from its 'nominal' pose
//     under rk45 (rtol = atol = 1e-9) for 10^6 accepted steps; counters: the relative energy
//     drift |E(T) - E(0)| / max K and its largest value along the way, against rtol.
//   BM_long_evaluations/armdyn/<model>: 10^7 evaluations (rnea, crba, aba in turn) on random
//     states; counters: resident memory before and after (kB) and its growth, which must be 0.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <string>

#include "armdyn/armdyn.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/simulation/simulate.hpp"

namespace armdyn::bench {
namespace {

using Map = Eigen::Map<const VecX<double>>;

// Resident set size in kB (Linux /proc/self/statm: pages).
double resident_kb() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return static_cast<double>(resident) * 4.0;  // 4 kB pages on x86-64 Linux
}

// E = K + U and K, by the Lagrangian terms (terms.hpp), independent of the integrated ABA.
double total_energy(const Model& model, terms::Workspace<double>& ws, const VecX<double>& q, const VecX<double>& v,
                    double& kinetic) {
  kinetic = terms::kinetic_energy(model, ws, q, v);
  return kinetic + terms::potential_energy(model, ws, q);
}

void passive_rk45(benchmark::State& state) {
  const BuiltinModel puma = builtin_model("puma560");
  const Model& model = puma.model;
  constexpr long kSteps = 1'000'000;
  constexpr double kTol = 1e-9;
  for (auto _ : state) {
    sim::ZeroTorque zero;
    sim::Plant plant(model, zero, FdMethod::kAba);
    sim::PlantField field(plant);
    sim::Stepper rk45(sim::Integrator::kRk45, model, 0, kTol, kTol);
    terms::Workspace<double> energy_ws(model, terms::Storage::kQuadratic);
    sim::State x{Map(puma.poses[3].q.data(), model.dof), VecX<double>::Zero(model.dof), {}};
    VecX<double>& q = x.q;
    VecX<double>& v = x.v;
    double t = 0, dt = 1e-4, kinetic = 0, max_kinetic = 0, worst = 0;
    const double e0 = total_energy(model, energy_ws, q, v, kinetic);
    long accepted = 0, rejected = 0;
    while (accepted < kSteps) {
      if (!rk45.try_step(field, t, dt, x)) {
        ++rejected;
        continue;
      }
      ++accepted;
      if (accepted % 1000 == 0 || accepted == kSteps) {
        const double e = total_energy(model, energy_ws, q, v, kinetic);
        max_kinetic = std::max(max_kinetic, kinetic);
        worst = std::max(worst, std::abs(e - e0));
      }
    }
    const double e = total_energy(model, energy_ws, q, v, kinetic);
    const double scale = std::max(max_kinetic, 1e-300);
    state.counters["steps"] = static_cast<double>(accepted);
    state.counters["rejected"] = static_cast<double>(rejected);
    state.counters["simulated_s"] = t;
    state.counters["drift_final"] = std::abs(e - e0) / scale;
    state.counters["drift_worst"] = worst / scale;
    state.counters["rtol"] = kTol;
  }
}

void evaluations(benchmark::State& state, const std::string& name) {
  const Model model = builtin_model(name).model;
  const int n = model.dof;
  constexpr long kEvaluations = 10'000'000;
  for (auto _ : state) {
    Data data(model);
    AbaWorkspace<double> ws(model);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-2.0, 2.0);
    VecX<double> q(n), v(n), a(n);
    double sink = 0, before = 0;
    for (long k = 0; k < kEvaluations; ++k) {
      if (k % 3 == 0)
        for (int i = 0; i < n; ++i) q[i] = u(rng), v[i] = u(rng), a[i] = u(rng);
      switch (k % 3) {
        case 0: sink += rnea(model, data, q, v, a)[0]; break;
        case 1: sink += crba(model, data, q)(0, 0); break;
        default: sink += aba(model, data, ws, q, v, a)[0]; break;
      }
      if (k == 1000) before = resident_kb();  // after the first evaluations have touched everything
    }
    benchmark::DoNotOptimize(sink);
    const double after = resident_kb();
    state.counters["rss_before_kB"] = before;
    state.counters["rss_after_kB"] = after;
    state.counters["rss_growth_kB"] = after - before;
    state.counters["evaluations"] = static_cast<double>(kEvaluations);
  }
}

const bool registered = [] {
  benchmark::RegisterBenchmark("BM_long_passive_rk45/armdyn/puma560", passive_rk45)
      ->Iterations(1)
      ->Unit(benchmark::kSecond);
  for (const std::string name : {"puma560", "stanford"})
    benchmark::RegisterBenchmark(("BM_long_evaluations/armdyn/" + name).c_str(),
                                 [name](benchmark::State& s) { evaluations(s, name); })
        ->Iterations(1)
        ->Unit(benchmark::kSecond);
  return true;
}();

}  // namespace
}  // namespace armdyn::bench

BENCHMARK_MAIN();
