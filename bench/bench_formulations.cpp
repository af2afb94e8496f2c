// Every formulation's inverse dynamics on general DH chains of n = 2 ... 24 revolute joints:
// BM_formulation/<method>/chain_<n>. Their growth with n (O(n) recursions, the Lagrange form's
// n^3-n^4, Gibbs-Appell's n^4) is the point, not the absolute speed of the textbook forms. Every
// formulation of the list (list.hpp), called directly on its own workspace.
#include <cmath>
#include <memory>

#include "armdyn/dynamics/formulations/list.hpp"
#include "armdyn/model/dh.hpp"
#include "fixtures.hpp"

namespace armdyn::bench {

namespace {

// A deterministic standard-DH chain with no zero, unit or 90-degree parameters and full inertia
// tensors (the form the published operation counts assume).
Model general_dh_chain(int n) {
  DhDescription d;
  d.source = d.name = "chain_" + std::to_string(n);
  d.convention = DhConvention::kStandard;
  for (int i = 0; i < n; ++i) {
    const double s = std::sin(1.3 * i + 0.4), c = std::cos(0.7 * i + 0.2);
    DhLink link;
    link.joint_name = "joint" + std::to_string(i + 1);
    link.link_name = "link" + std::to_string(i + 1);
    link.row = DhRow{JointType::kRevolute, 0.3 + 0.1 * s, 0.5 + 0.3 * c, 0.2 + 0.05 * c, 0.3 + 0.2 * s};
    link.inertial.mass = 2.0 + s;
    link.inertial.com = Vec3<double>(0.05 * c, 0.04 * s, 0.1);
    link.inertial.inertia << 0.05, 0.002 * s, 0.001, 0.002 * s, 0.06, 0.003 * c, 0.001, 0.003 * c, 0.04;
    d.links.push_back(link);
  }
  return model_from_dh(d);
}

}  // namespace

// BM_formulation/<F::name>/chain_<n>: F's inverse dynamics on its workspace, cycling the states.
template <class F> void register_formulation(std::shared_ptr<const Model> model, std::shared_ptr<States> states) {
  using WS = typename F::template Workspace<double>;
  auto ws = std::make_shared<WS>(*model);
  const std::string name = std::string("BM_formulation/") + F::name + "/chain_" + std::to_string(model->dof);
  benchmark::RegisterBenchmark(name.c_str(), [model, states, ws](benchmark::State& st) {
    using Map = Eigen::Map<const VecX<double>>;
    const int dof = model->dof;
    int k = 0;
    for (auto _ : st) {
      benchmark::DoNotOptimize(F::inverse_dynamics(*model, *ws, Map(states->at(states->q, k), dof),
                                                   Map(states->at(states->v, k), dof),
                                                   Map(states->at(states->a, k), dof))
                                   .data());
      ++k;
    }
    st.counters["n"] = dof;
  });
}

void register_formulations() {
  for (int n : {2, 4, 8, 12, 16, 24}) {
    auto model = std::make_shared<const Model>(general_dh_chain(n));
    auto states = std::make_shared<States>(make_states(n));
    for_each_type(Formulations{}, [&](auto tag) { register_formulation<typename decltype(tag)::type>(model, states); });
  }
}

}  // namespace armdyn::bench
