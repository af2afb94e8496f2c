// Operation counts of the production algorithms and of every formulation (see opcount.hpp): all
// of them instantiated here on OpCount.
#include "armdyn/codegen/opcount.hpp"

#include <cmath>
#include <functional>

#include "armdyn/codegen/record.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/formulations/list_impl.hpp"
#include "armdyn/dynamics/formulations/registry.hpp"

namespace armdyn::opcount {

namespace {

using S = OpCount;
using CModel = ModelTpl<S>;

// A state with no special values (no 0, 1, or 90 degrees); q has nq numbers (a quaternion's four
// of no special value either).
struct State {
  VecX<S> q, v, a;
  explicit State(const CModel& m) : q(m.nq()), v(m.dof), a(m.dof) {
    for (int i = 0; i < m.nq(); ++i) q[i] = 0.3 + 0.17 * i;
    for (int i = 0; i < m.dof; ++i) {
      v[i] = -0.4 + 0.23 * i;
      a[i] = 0.7 - 0.11 * i;
    }
  }
};

// Counts one call of `f`, made after the workspace `WS` is built from the model.
template <class WS, class F> OpTally measure(const CModel& m, F f) {
  WS ws(m);
  const State x(m);
  const OpCounter counter;
  f(m, ws, x);
  return counter.count();
}

using Counter = std::function<OpTally(const CModel&)>;

// A production algorithm `f(model, data, state)` on a DataTpl.
template <class F> Counter on_data(F f) {
  return [f](const CModel& m) { return measure<DataTpl<S>>(m, f); };
}

struct Entry {
  std::string name;
  Counter counter;
};

// Formulation F's inverse dynamics, on its own workspace.
template <class F> Counter inverse_dynamics_of() {
  return [](const CModel& m) {
    return measure<typename F::template Workspace<S>>(
        m, [](const CModel& mm, typename F::template Workspace<S>& ws, const State& x) {
          F::inverse_dynamics(mm, ws, x.q, x.v, x.a);
        });
  };
}

// The production algorithms, then every formulation of the list but the production rnea.
const std::vector<Entry>& entries() {
  using D = DataTpl<S>;
  static const std::vector<Entry> table = [] {
    std::vector<Entry> out = {
        {"rnea", on_data([](const CModel& m, D& d, const State& x) { rnea(m, d, x.q, x.v, x.a); })},
        {"mass_matrix", on_data([](const CModel& m, D& d, const State& x) { crba(m, d, x.q); })},
        {"gravity", on_data([](const CModel& m, D& d, const State& x) { gravity_torque(m, d, x.q); })},
        {"forward_dynamics",
         on_data([](const CModel& m, D& d, const State& x) { forward_dynamics(m, d, x.q, x.v, x.a); })},
    };
    for_each_type(Formulations{}, [&](auto tag) {
      using F = typename decltype(tag)::type;
      if constexpr (!std::is_same_v<F, formulation::Rnea>) out.push_back({F::name, inverse_dynamics_of<F>()});
    });
    return out;
  }();
  return table;
}

const Entry* find(const std::string& name) {
  for (const Entry& e : entries())
    if (e.name == name) return &e;
  return nullptr;
}

bool is_chain(const Model& model) {
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1) return false;
  return true;
}

}  // namespace

const std::vector<std::string>& production_algorithms() {
  static const std::vector<std::string> names = {"rnea", "mass_matrix", "gravity", "forward_dynamics"};
  return names;
}

std::vector<std::string> algorithm_names() {
  std::vector<std::string> out = production_algorithms();
  for (const FormulationInfo& f : formulations())
    if (f.name != "rnea") out.push_back(f.name);
  return out;
}

bool handles(const std::string& algorithm, const Model& model) {
  for (const FormulationInfo& f : formulations())
    if (f.name == algorithm && f.chains_only) return is_chain(model);
  return true;
}

OpTally count(const Model& model, const std::string& algorithm) {
  const Entry* e = find(algorithm);
  if (!e) {
    std::string known;
    for (const std::string& n : algorithm_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("unknown algorithm '" + algorithm + "' (known: " + known + ")");
  }
  if (!handles(algorithm, model))
    throw InputError("'" + algorithm + "' handles serial chains only, and '" + model.name + "' branches");
  return e->counter(model.cast<S>());
}

OpTally count_generated(const Model& model, const std::string& algorithm) {
  const codegen::Algorithm a = codegen::parse_algorithm(algorithm);
  const codegen::OpCounts c = codegen::trace(codegen::snap_round_off(model), a).counts();
  return OpTally{c.mul, c.add, c.div, c.sqrt, c.trig()};
}

}  // namespace armdyn::opcount
