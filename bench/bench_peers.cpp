// KDL and MuJoCo on the same models and states: BM_<algorithm>/kdl|mujoco/<model>.
// KDL: ChainIdSolver_RNE, ChainDynParam::JntToMass, JntToCoriolis + JntToGravity,
// ChainFdSolver_RNE. MuJoCo: mj_rne (after kinematics, comPos, comVel), mj_crb + mj_fullM,
// mj_rne without acceleration, mj_forward with contacts and constraints off.
#include <memory>

#include "armdyn_peers/kdl_peer.hpp"
#include "armdyn_peers/mujoco_peer.hpp"
#include "fixtures.hpp"

namespace armdyn::bench {

namespace {

template <class Peer, class Fn>
void run(benchmark::State& state, const std::shared_ptr<Peer>& peer, const std::shared_ptr<States>& st, Fn fn) {
  std::vector<double> out(static_cast<std::size_t>(st->n) * st->n);
  int k = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    fn(*peer, st->at(st->q, k), st->at(st->v, k), st->at(st->a, k), st->at(st->tau, k), out.data());
    benchmark::DoNotOptimize(out.data());
    ++k;
  }
  report_allocations(state, before);
}

}  // namespace

void register_peers() {
  for (const std::string& name : model_names()) {
    std::shared_ptr<peers::KdlPeer> kdl = peers::KdlPeer::from_urdf(urdf_path(name));
    std::shared_ptr<peers::MujocoPeer> mj = peers::MujocoPeer::from_xml(mjcf_path(name));
    auto st = std::make_shared<States>(make_states(kdl->dof()));
    auto reg = [&](const std::string& algo, const std::string& lib, auto fn) {
      benchmark::RegisterBenchmark(("BM_" + algo + "/" + lib + "/" + name).c_str(), fn);
    };
    reg("rnea", "kdl", [kdl, st](benchmark::State& s) {
      run(s, kdl, st, [](peers::KdlPeer& p, const double* q, const double* v, const double* a, const double*, double* o) {
        p.inverse_dynamics(q, v, a, o);
      });
    });
    reg("rnea", "mujoco", [mj, st](benchmark::State& s) {
      run(s, mj, st, [](peers::MujocoPeer& p, const double* q, const double* v, const double* a, const double*, double* o) {
        p.inverse_dynamics(q, v, a, o);
      });
    });
    reg("mass_matrix", "kdl", [kdl, st](benchmark::State& s) {
      run(s, kdl, st, [](peers::KdlPeer& p, const double* q, const double*, const double*, const double*, double* o) {
        p.mass_matrix(q, o);
      });
    });
    reg("mass_matrix", "mujoco", [mj, st](benchmark::State& s) {
      run(s, mj, st, [](peers::MujocoPeer& p, const double* q, const double*, const double*, const double*, double* o) {
        p.mass_matrix(q, o);
      });
    });
    reg("nonlinear_effects", "kdl", [kdl, st](benchmark::State& s) {
      run(s, kdl, st, [](peers::KdlPeer& p, const double* q, const double* v, const double*, const double*, double* o) {
        p.coriolis(q, v, o);
        p.gravity(q, o + p.dof());
      });
    });
    reg("nonlinear_effects", "mujoco", [mj, st](benchmark::State& s) {
      run(s, mj, st, [](peers::MujocoPeer& p, const double* q, const double* v, const double*, const double*, double* o) {
        p.bias(q, v, o);
      });
    });
    reg("forward_dynamics", "kdl", [kdl, st](benchmark::State& s) {
      run(s, kdl, st, [](peers::KdlPeer& p, const double* q, const double* v, const double*, const double* tau, double* o) {
        p.forward_dynamics(q, v, tau, o);
      });
    });
    reg("forward_dynamics_aba", "kdl", [kdl, st](benchmark::State& s) {  // ChainHdSolver_Vereshchagin
      run(s, kdl, st, [](peers::KdlPeer& p, const double* q, const double* v, const double*, const double* tau, double* o) {
        p.forward_dynamics_vereshchagin(q, v, tau, o);
      });
    });
    reg("forward_dynamics", "mujoco", [mj, st](benchmark::State& s) {
      run(s, mj, st, [](peers::MujocoPeer& p, const double* q, const double* v, const double*, const double* tau, double* o) {
        p.forward_dynamics(q, v, tau, o);
      });
    });
  }
}

}  // namespace armdyn::bench
