#pragma once
// Shared by the tests of the Newton-Euler family of formulations (newton_euler, luh_walker_paul,
// gibbs_appell): the models they are run on and the comparison with armdyn's production rnea.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

struct NamedModel {
  std::string name;
  Model model;
};

/// Random DH chains, n = 1...12, both conventions, all-revolute and mixed revolute/prismatic,
/// full random inertia tensors.
inline std::vector<NamedModel> random_chains(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<NamedModel> out;
  for (int n = 1; n <= 12; ++n)
    for (DhConvention c : {DhConvention::kStandard, DhConvention::kModified})
      for (bool mixed : {false, true}) {
        Model m = random_dh_chain(rng, n, c, mixed);
        out.push_back({m.name + (mixed ? "_mixed" : "_revolute"), std::move(m)});
      }
  return out;
}

/// Random trees (branching, arbitrary axes, welded links), n = 1...12.
inline std::vector<NamedModel> random_trees(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<NamedModel> out;
  for (int n = 1; n <= 12; ++n) {
    Model m = random_tree(rng, n);
    out.push_back({m.name, std::move(m)});
  }
  return out;
}

/// The URDF models of tests/data/models and the built-in arms.
inline std::vector<NamedModel> named_models() {
  std::vector<NamedModel> out;
  for (const char* f : {"ur5", "panda"}) out.push_back({f, load_urdf(data_path(std::string("models/") + f + ".urdf"))});
  for (const char* b : {"puma560", "stanford", "planar2r", "rp", "planar3r", "craig3r"})
    out.push_back({b, builtin_model(b).model});
  return out;
}

/// True when every body's parent is the body before it.
inline bool is_serial(const Model& m) {
  for (int i = 0; i < m.dof; ++i)
    if (m.parent[i] != i - 1) return false;
  return true;
}

using TauFn = std::function<VecX<double>(const Model&, const VecX<double>&, const VecX<double>&, const VecX<double>&)>;

/// Worst relative disagreement (test::rel_diff, floor 1) of `tau` with rnea on `ref` over
/// `states` random states (q, v in [-1.5, 1.5], [-2, 2]; a in [-3, 3]).
inline double worst_vs_rnea(const Model& model, const Model& ref, const TauFn& tau, int states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Data data(ref);
  double worst = 0;
  for (int s = 0; s < states; ++s) {
    const VecX<double> q = random_vector(rng, model.dof, -1.5, 1.5);
    const VecX<double> v = random_vector(rng, model.dof, -2, 2);
    const VecX<double> a = random_vector(rng, model.dof, -3, 3);
    worst = std::max(worst, rel_diff(tau(model, q, v, a), rnea(ref, data, q, v, a)));
  }
  return worst;
}

inline void report(const std::string& what, double value) { std::printf("[ measured ] %-58s %.2e\n", what.c_str(), value); }

}  // namespace armdyn::test
