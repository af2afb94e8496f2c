#pragma once
// The models the Lagrange and recursive Lagrange tests run on: random DH chains n = 1..max_links in
// both conventions, all-revolute and mixed, with gravity along a random direction; the built-ins;
// the UR5 and Panda URDFs.
#include <random>
#include <string>
#include <vector>

#include "armdyn/armdyn.hpp"
#include "support/random_model.hpp"
#include "support/state.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

struct Case {
  std::string name;
  Model model;
};

inline std::vector<Case> lagrange_cases(int max_links, std::uint64_t seed) {
  std::vector<Case> out;
  std::mt19937_64 rng(seed);
  for (int n = 1; n <= max_links; ++n)
    for (DhConvention conv : {DhConvention::kStandard, DhConvention::kModified})
      for (bool mixed : {false, true}) {
        Model m = random_dh_chain(rng, n, conv, mixed);
        m = m.with_gravity(9.81 * random_unit_vector(rng));
        out.push_back({m.name + (mixed ? "_mixed" : "_revolute"), m});
      }
  for (const char* b : {"puma560", "stanford", "planar2r", "planar3r", "craig3r", "rp"})
    out.push_back({b, builtin_model(b).model});
  for (const char* u : {"ur5", "panda"})
    out.push_back({u, load_urdf(data_path(std::string("models/") + u + ".urdf"))});
  return out;
}

/// The model with its middle link 0.1 % heavier and its centre of mass 1 mm away.
inline Model wrong_middle_link(const Model& m) {
  return perturbed(m, m.dof / 2, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3));
}

}  // namespace armdyn::test
