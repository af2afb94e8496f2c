// Forward dynamics by the articulated-body algorithm and by Walker-Orin's strobing
// (BM_forward_dynamics_aba/armdyn/<model>, BM_forward_dynamics_walker_orin/armdyn/<model>; the
// CRBA + LDL^T route is BM_forward_dynamics/armdyn/<model> in bench_dynamics.cpp), and the
// speed of simulation: BM_simulation_rk4_step/armdyn/puma560 (one RK4 step of the falling arm,
// items = steps) and BM_simulate_rk4/armdyn/puma560 (simulate() over 1 s at 1 ms, with a sample
// and its energies every step; items = steps).
// Registered at static initialisation (bench_main.cpp calls only its own register_*); models are
// loaded on first use.
#include <map>
#include <memory>

#include "armdyn/armdyn.hpp"
#include "armdyn/simulation/simulate.hpp"
#include "fixtures.hpp"

namespace armdyn::bench {
namespace {

using Map = Eigen::Map<const VecX<double>>;

struct FdCase {
  explicit FdCase(const std::string& name)
      : model(load_urdf(urdf_path(name))), data(model), ws(model), states(make_states(model.dof)) {}
  Model model;
  Data data;
  FdWorkspace<double> ws;
  States states;
};

FdCase& fd_case(const std::string& name) {
  static std::map<std::string, std::unique_ptr<FdCase>> cases;
  std::unique_ptr<FdCase>& c = cases[name];
  if (!c) c = std::make_unique<FdCase>(name);
  return *c;
}

void forward_dynamics_case(benchmark::State& state, const std::string& name, FdMethod method) {
  FdCase& c = fd_case(name);
  const int n = c.model.dof;
  int k = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    const States& s = c.states;
    benchmark::DoNotOptimize(
        forward_dynamics(method, c.model, c.data, c.ws, Map(s.at(s.q, k), n), Map(s.at(s.v, k), n), Map(s.at(s.tau, k), n))
            .data());
    ++k;
  }
  report_allocations(state, before);
}

// The PUMA 560 falling from its 'nominal' pose.
struct Puma {
  Puma() : builtin(builtin_model("puma560")), q0(Map(builtin.poses[3].q.data(), 6)) {}
  BuiltinModel builtin;
  VecX<double> q0;
};

void rk4_step(benchmark::State& state) {
  static const Puma puma;
  sim::ZeroTorque zero;
  sim::Plant plant(puma.builtin.model, zero, FdMethod::kAba);
  sim::PlantField field(plant);
  sim::Stepper stepper(sim::Integrator::kRk4, puma.builtin.model);
  sim::State x{puma.q0, VecX<double>::Zero(6), {}};
  VecX<double>& q = x.q;
  VecX<double>& v = x.v;
  double t = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    stepper.step(field, t, 1e-3, x);
    t += 1e-3;
    if (t > 2.0) {  // start over before the fall gets wild
      state.PauseTiming();
      q = puma.q0;
      v.setZero();
      t = 0;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(q.data());
  }
  report_allocations(state, before);
  state.SetItemsProcessed(state.iterations());
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void simulate_rk4(benchmark::State& state) {
  static const Puma puma;
  sim::ZeroTorque zero;
  sim::SimulationOptions o;
  o.duration = 1.0;
  o.dt = 1e-3;
  o.integrator = sim::Integrator::kRk4;
  o.warn = [](const std::string&) {};
  long steps = 0;
  for (auto _ : state) {
    const sim::SimulationStats st =
        sim::simulate(puma.builtin.model, puma.q0, VecX<double>::Zero(6), zero, o, [](const sim::Sample& s) {
          benchmark::DoNotOptimize(s.kinetic);
        });
    steps += st.steps;
  }
  state.SetItemsProcessed(steps);
  state.counters["steps/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (const std::string& name : model_names()) {
    benchmark::RegisterBenchmark(("BM_forward_dynamics_aba/armdyn/" + name).c_str(),
                                 [name](benchmark::State& s) { forward_dynamics_case(s, name, FdMethod::kAba); });
    benchmark::RegisterBenchmark(("BM_forward_dynamics_walker_orin/armdyn/" + name).c_str(), [name](benchmark::State& s) {
      forward_dynamics_case(s, name, FdMethod::kWalkerOrin);
    });
  }
  benchmark::RegisterBenchmark("BM_simulation_rk4_step/armdyn/puma560", rk4_step);
  benchmark::RegisterBenchmark("BM_simulate_rk4/armdyn/puma560", simulate_rk4)->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace armdyn::bench
