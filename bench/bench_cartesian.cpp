// Operational-space dynamics: BM_operational_space/armdyn/<model>, Lambda, mu and p of the
// tool frame's six rows (base axes) at 64 cycled states, for ur5 and panda; J, Jdot v, M, its
// Cholesky factor, c and g included. armdyn alone: neither KDL nor MuJoCo offers these
// quantities directly (MuJoCo's mj_solveM and mj_jac are the pieces a user would combine).
#include <memory>

#include "armdyn/dynamics/cartesian.hpp"
#include "armdyn/io/urdf.hpp"
#include "fixtures.hpp"

namespace armdyn::bench {

void register_cartesian() {
  for (const auto& [name, frame] : {std::pair{"ur5", "tool0"}, std::pair{"panda", "panda_hand_tcp"}}) {
    auto model = std::make_shared<const Model>(load_urdf(urdf_path(name)));
    auto data = std::make_shared<Data>(*model);
    auto ws = std::make_shared<CartesianWorkspace<double>>(*model);
    auto states = std::make_shared<States>(make_states(model->dof));
    const int f = frame_id(*model, frame);
    benchmark::RegisterBenchmark(("BM_operational_space/armdyn/" + std::string(name)).c_str(),
                                 [=](benchmark::State& s) {
                                   using Map = Eigen::Map<const VecX<double>>;
                                   const int n = model->dof;
                                   int k = 0;
                                   const std::size_t before = allocation_count();
                                   for (auto _ : s) {
                                     const OperationalSpace<double>& op =
                                         operational_space(*model, *data, *ws, f, Map(states->at(states->q, k), n),
                                                           Map(states->at(states->v, k), n));
                                     benchmark::DoNotOptimize(op.Lambda.data());
                                     ++k;
                                   }
                                   report_allocations(s, before);
                                 });
  }
}

}  // namespace armdyn::bench
