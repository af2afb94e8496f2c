// The derivatives of the dynamics, three ways, beside one RNEA and one ABA for the ratio:
//   BM_derivatives/<what>/<model>, <what> one of
//   rnea                 one inverse dynamics (the unit of the ratio)
//   rnea_analytical      d tau / d q, d tau / d v and M by rnea_derivatives
//   rnea_dual            the same two Jacobians by 2n forward-mode dual-number RNEAs
//   rnea_central         the same by 4n double RNEAs (central differences)
//   aba                  one forward dynamics by the articulated-body algorithm
//   fd_analytical        d qdd / d q, d qdd / d v, M^-1 by forward_dynamics_derivatives
//   fd_dual              the same by 3n dual-number forward dynamics (CRBA, LDL^T)
//   fd_central           d qdd / d q, d qdd / d v by 4n double forward dynamics (CRBA, LDL^T)
// on ur5, panda and chain_24.
#include <memory>

#include "armdyn/dynamics/aba.hpp"
#include "armdyn/dynamics/forward_dynamics_derivatives.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/rnea_derivatives.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/io/urdf.hpp"
#include "fixtures.hpp"
#include "armdyn/core/dual.hpp"

namespace armdyn::bench {
namespace {

using Map = Eigen::Map<const VecX<double>>;
constexpr double kStep = 1e-6;

// Everything one model's cases write, made once.
struct Case {
  explicit Case(const std::string& name)
      : model(load_urdf(urdf_path(name))), data(model), aba_ws(model), rnea_ws(model), fd_ws(model),
        dmodel(model.cast<Dual>()), ddata(dmodel), states(make_states(model.dof)), x(model.dof), y(model.dof),
        dq(model.dof), dv(model.dof), da(model.dof), J1(model.dof, model.dof), J2(model.dof, model.dof),
        J3(model.dof, model.dof) {}
  Model model;
  Data data;
  AbaWorkspace<double> aba_ws;
  RneaDerivativesWorkspace<double> rnea_ws;
  ForwardDynamicsDerivativesWorkspace<double> fd_ws;
  ModelTpl<Dual> dmodel;
  DataTpl<Dual> ddata;
  States states;
  VecX<double> x, y;
  VecX<Dual> dq, dv, da;
  MatX<double> J1, J2, J3;
};

template <class Fn> void run(benchmark::State& state, Case& c, Fn fn) {
  const int n = c.model.dof;
  int k = 0;
  const std::size_t before = allocation_count();
  for (auto _ : state) {
    fn(Map(c.states.at(c.states.q, k), n), Map(c.states.at(c.states.v, k), n), Map(c.states.at(c.states.a, k), n),
       Map(c.states.at(c.states.tau, k), n));
    ++k;
  }
  report_allocations(state, before);
}

void lift(const Map& from, VecX<Dual>& to) {
  for (Eigen::Index i = 0; i < from.size(); ++i) to[i] = Dual(from[i]);
}

// Column j of each Jacobian from the tangent of one Dual run seeded at q_j (and at v_j, tau_j).
void rnea_dual(Case& c, Map q, Map v, Map a) {
  lift(q, c.dq), lift(v, c.dv), lift(a, c.da);
  for (int j = 0; j < c.model.dof; ++j) {
    c.dq[j].d = 1.0;
    const VecX<Dual>& t1 = rnea(c.dmodel, c.ddata, c.dq, c.dv, c.da);
    for (int i = 0; i < c.model.dof; ++i) c.J1(i, j) = t1[i].d;
    c.dq[j].d = 0.0;
    c.dv[j].d = 1.0;
    const VecX<Dual>& t2 = rnea(c.dmodel, c.ddata, c.dq, c.dv, c.da);
    for (int i = 0; i < c.model.dof; ++i) c.J2(i, j) = t2[i].d;
    c.dv[j].d = 0.0;
  }
}

void fd_dual(Case& c, Map q, Map v, Map tau) {
  lift(q, c.dq), lift(v, c.dv), lift(tau, c.da);
  for (int j = 0; j < c.model.dof; ++j) {
    for (auto [x, J] : {std::pair{&c.dq, &c.J1}, std::pair{&c.dv, &c.J2}, std::pair{&c.da, &c.J3}}) {
      (*x)[j].d = 1.0;
      const VecX<Dual>& r = forward_dynamics(c.dmodel, c.ddata, c.dq, c.dv, c.da);
      for (int i = 0; i < c.model.dof; ++i) (*J)(i, j) = r[i].d;
      (*x)[j].d = 0.0;
    }
  }
}

// (f(x + h e_j) - f(x - h e_j)) / 2h for x = q and x = v.
template <class F> void central(Case& c, Map q, Map v, F f) {
  const int n = c.model.dof;
  for (int j = 0; j < n; ++j) {
    for (auto [base, J] : {std::pair{&q, &c.J1}, std::pair{&v, &c.J2}}) {
      c.x = *base;
      c.x[j] += kStep;
      c.y = base == &q ? f(c.x, v) : f(q, c.x);
      c.x[j] -= 2 * kStep;
      J->col(j) = (c.y - (base == &q ? f(c.x, v) : f(q, c.x))) / (2 * kStep);
    }
  }
}

}  // namespace

void register_derivatives() {
  for (const std::string name : {"ur5", "panda", "chain_24"}) {
    auto c = std::make_shared<Case>(name);
    const auto add = [&](const std::string& what, auto fn) {
      benchmark::RegisterBenchmark(("BM_derivatives/" + what + "/" + name).c_str(),
                                   [c, fn](benchmark::State& s) { run(s, *c, [&](Map q, Map v, Map a, Map tau) { fn(*c, q, v, a, tau); }); });
    };
    add("rnea", [](Case& c, Map q, Map v, Map a, Map) { benchmark::DoNotOptimize(rnea(c.model, c.data, q, v, a).data()); });
    add("rnea_analytical", [](Case& c, Map q, Map v, Map a, Map) {
      rnea_derivatives(c.model, c.data, c.rnea_ws, q, v, a);
      benchmark::DoNotOptimize(c.rnea_ws.dtau_dq.data());
    });
    add("rnea_dual", [](Case& c, Map q, Map v, Map a, Map) {
      rnea_dual(c, q, v, a);
      benchmark::DoNotOptimize(c.J1.data());
    });
    add("rnea_central", [](Case& c, Map q, Map v, Map a, Map) {
      central(c, q, v, [&](const auto& qq, const auto& vv) -> const VecX<double>& { return rnea(c.model, c.data, qq, vv, a); });
      benchmark::DoNotOptimize(c.J1.data());
    });
    add("aba", [](Case& c, Map q, Map v, Map, Map tau) {
      benchmark::DoNotOptimize(aba(c.model, c.data, c.aba_ws, q, v, tau).data());
    });
    add("fd_analytical", [](Case& c, Map q, Map v, Map, Map tau) {
      forward_dynamics_derivatives(c.model, c.data, c.fd_ws, q, v, tau);
      benchmark::DoNotOptimize(c.fd_ws.dqdd_dq.data());
    });
    add("fd_dual", [](Case& c, Map q, Map v, Map, Map tau) {
      fd_dual(c, q, v, tau);
      benchmark::DoNotOptimize(c.J1.data());
    });
    add("fd_central", [](Case& c, Map q, Map v, Map, Map tau) {
      central(c, q, v, [&](const auto& qq, const auto& vv) -> const VecX<double>& {
        return forward_dynamics(c.model, c.data, qq, vv, tau);
      });
      benchmark::DoNotOptimize(c.J1.data());
    });
  }
}

}  // namespace armdyn::bench
