// armdyn's own cases: BM_<algorithm>/armdyn/<model>.
#include <memory>

#include "armdyn/dynamics/rnea_classical.hpp"
#include "armdyn/armdyn.hpp"
#include "fixtures.hpp"

namespace armdyn::bench {

namespace {

struct Case {
  std::shared_ptr<const Model> model;
  std::shared_ptr<Data> data;
  std::shared_ptr<States> states;
};

using Map = Eigen::Map<const VecX<double>>;

template <class Fn>
void run(benchmark::State& state, const Case& c, Fn fn) {
  const int n = c.model->dof;
  int k = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    fn(*c.model, *c.data, Map(c.states->at(c.states->q, k), n), Map(c.states->at(c.states->v, k), n),
       Map(c.states->at(c.states->a, k), n), Map(c.states->at(c.states->tau, k), n));
    ++k;
  }
  report_allocations(state, before);
}

}  // namespace

void register_armdyn() {
  for (const std::string& name : model_names()) {
    Case c;
    c.model = std::make_shared<const Model>(load_urdf(urdf_path(name)));
    c.data = std::make_shared<Data>(*c.model);
    c.states = std::make_shared<States>(make_states(c.model->dof));
    benchmark::RegisterBenchmark(("BM_rnea/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, Map q, Map v, Map a, Map) {
        benchmark::DoNotOptimize(rnea(m, d, q, v, a).data());
      });
    });
    benchmark::RegisterBenchmark(("BM_inverse_dynamics/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, Map q, Map v, Map a, Map) {
        benchmark::DoNotOptimize(rnea_classical(m, d, q, v, a).data());
      });
    });
    benchmark::RegisterBenchmark(("BM_mass_matrix/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, Map q, Map, Map, Map) { benchmark::DoNotOptimize(crba(m, d, q).data()); });
    });
    benchmark::RegisterBenchmark(("BM_nonlinear_effects/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, Map q, Map v, Map, Map) {
        benchmark::DoNotOptimize(nonlinear_effects(m, d, q, v).data());
      });
    });
    benchmark::RegisterBenchmark(("BM_forward_dynamics/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const Model& m, Data& d, Map q, Map v, Map, Map tau) {
        benchmark::DoNotOptimize(forward_dynamics(m, d, q, v, tau).data());
      });
    });
  }
}

}  // namespace armdyn::bench
