// Frame kinematics: BM_frame_jacobian/<library>/<model>, the geometric Jacobian of the model's
// last moving link at 64 cycled configurations. armdyn: frame_jacobian (forward kinematics
// included); KDL: ChainJntToJacSolver plus the forward kinematics that moves its reference point
// to the link; MuJoCo: mj_kinematics, mj_comPos and mj_jacBody. Also armdyn's
// BM_frame_kinematics (J, velocity and J̇ v together) and BM_frame_acceleration.
#include <memory>

#include "armdyn/armdyn.hpp"
#include "fixtures.hpp"
#ifdef ARMDYN_BENCH_PEERS
#include "armdyn_peers/kdl_peer.hpp"
#include "armdyn_peers/mujoco_peer.hpp"
#endif

namespace armdyn::bench {

namespace {

struct FrameCase {
  std::shared_ptr<const Model> model;
  std::shared_ptr<Data> data;
  std::shared_ptr<FrameWorkspace<double>> ws;
  std::shared_ptr<States> states;
  int frame = 0;
};

using Map = Eigen::Map<const VecX<double>>;

template <class Fn>
void run(benchmark::State& state, const FrameCase& c, Fn fn) {
  const int n = c.model->dof;
  int k = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    fn(c, Map(c.states->at(c.states->q, k), n), Map(c.states->at(c.states->v, k), n),
       Map(c.states->at(c.states->a, k), n));
    ++k;
  }
  report_allocations(state, before);
}

/// The last moving link (the deepest body), the link KDL's default chain ends at.
int last_link_frame(const Model& model) {
  return frame_id(model, model.body_names[static_cast<std::size_t>(model.dof - 1)]);
}

}  // namespace

void register_kinematics() {
  for (const std::string& name : model_names()) {
    FrameCase c;
    c.model = std::make_shared<const Model>(load_urdf(urdf_path(name)));
    c.data = std::make_shared<Data>(*c.model);
    c.ws = std::make_shared<FrameWorkspace<double>>(*c.model);
    c.states = std::make_shared<States>(make_states(c.model->dof));
    c.frame = last_link_frame(*c.model);
    benchmark::RegisterBenchmark(("BM_frame_jacobian/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const FrameCase& f, Map q, Map, Map) {
        benchmark::DoNotOptimize(frame_jacobian(*f.model, *f.data, *f.ws, f.frame, q).data());
      });
    });
    benchmark::RegisterBenchmark(("BM_frame_kinematics/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const FrameCase& f, Map q, Map v, Map) {
        frame_kinematics(*f.model, *f.data, *f.ws, f.frame, q, v);
        benchmark::DoNotOptimize(f.ws->jdot_v.data());
      });
    });
    benchmark::RegisterBenchmark(("BM_frame_acceleration/armdyn/" + name).c_str(), [c](benchmark::State& s) {
      run(s, c, [](const FrameCase& f, Map q, Map v, Map a) {
        benchmark::DoNotOptimize(frame_acceleration(*f.model, *f.data, *f.ws, f.frame, q, v, a).data());
      });
    });
#ifdef ARMDYN_BENCH_PEERS
    std::shared_ptr<peers::KdlPeer> kdl = peers::KdlPeer::from_urdf(urdf_path(name));
    std::shared_ptr<peers::MujocoPeer> mj = peers::MujocoPeer::from_xml(mjcf_path(name));
    auto st = c.states;
    benchmark::RegisterBenchmark(("BM_frame_jacobian/kdl/" + name).c_str(), [kdl, st](benchmark::State& s) {
      std::vector<double> J(6 * static_cast<std::size_t>(kdl->dof()));
      int k = 0;
      const std::size_t before = allocation_count();
      for (auto _ : s) {
        kdl->jacobian(st->at(st->q, k++), J.data());
        benchmark::DoNotOptimize(J.data());
      }
      report_allocations(s, before);
    });
    benchmark::RegisterBenchmark(("BM_frame_jacobian/mujoco/" + name).c_str(), [mj, st](benchmark::State& s) {
      std::vector<double> J(6 * static_cast<std::size_t>(mj->dof()));
      int k = 0;
      const std::size_t before = allocation_count();
      for (auto _ : s) {
        mj->jacobian(st->at(st->q, k++), J.data());
        benchmark::DoNotOptimize(J.data());
      }
      report_allocations(s, before);
    });
#endif
  }
}

}  // namespace armdyn::bench
