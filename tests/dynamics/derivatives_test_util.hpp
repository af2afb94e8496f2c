#pragma once
// The models and the reference routes of the derivative tests: random DH chains (both
// conventions, revolute and mixed), random trees (branching, arbitrary axes, welded links merged),
// the URDF arms of tests/data and every built-in; forward-mode dual numbers running the very
// RNEA and forward dynamics that armdyn compiles for double.
#include <random>
#include <string>
#include <vector>

#include "armdyn/dynamics/forward_dynamics_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/io/urdf.hpp"
#include "armdyn/model/catalogue.hpp"
#include "support/dual.hpp"
#include "support/random_model.hpp"
#include "support/test_util.hpp"

namespace armdyn::test {

inline std::vector<Model> derivative_models() {
  std::vector<Model> out = random_chains(4242, /*random_gravity=*/true);
  for (Model& m : random_trees(31337)) out.push_back(std::move(m));
  for (const char* file : {"models/panda.urdf", "models/ur5.urdf", "models/branching_tree.urdf", "models/chain_24.urdf"})
    out.push_back(load_urdf(data_path(file)));
  for (const std::string& name : builtin_names()) out.push_back(builtin_model(name).model);
  return out;
}

/// The model with every link 0.1 % heavier and its centre of mass 1 mm away (every link: the
/// middle link of a tree may be a leaf that some derivatives do not see).
inline Model wrong_model(const Model& m) {
  Model out = m;
  for (int i = 0; i < m.dof; ++i) out = perturbed(out, i, 1.001, Vec3<double>(1e-3, -1e-3, 1e-3));
  return out;
}

/// Whether some joint has a revolute ancestor (else every joint moves along a fixed axis or
/// with pure translations, and d tau / d v = 0 whatever the inertias).
inline bool has_revolute_ancestor(const Model& m) {
  for (int i = 0; i < m.dof; ++i)
    for (int j = m.parent[static_cast<std::size_t>(i)]; j >= 0; j = m.parent[static_cast<std::size_t>(j)])
      if (m.joint_type[static_cast<std::size_t>(j)] == JointType::kRevolute) return true;
  return false;
}

/// One random wrench per body (body frame, about its origin).
inline std::vector<Force<double>> random_wrenches(int n, std::mt19937_64& rng) {
  std::vector<Force<double>> out(static_cast<std::size_t>(n));
  for (Force<double>& f : out) {
    f.n = random_vec3(rng, -2.0, 2.0);
    f.f = random_vec3(rng, -5.0, 5.0);
  }
  return out;
}

inline VecX<Dual> seeded(const VecX<double>& x, int k) {
  VecX<Dual> y = x.cast<Dual>();
  if (k >= 0) y[k].d = 1.0;
  return y;
}

/// Which argument the dual numbers differentiate along.
enum class Seed { kQ, kV, kA };

/// d rnea / d (q, v or a), column k the tangent of the Dual RNEA seeded at that argument's k.
inline MatX<double> dual_rnea_jacobian(const Model& model, const VecX<double>& q, const VecX<double>& v,
                                       const VecX<double>& a, const std::vector<Force<double>>* fext, Seed seed) {
  const ModelTpl<Dual> dm = model.cast<Dual>();
  DataTpl<Dual> dd(dm);
  Loads<Dual> dfext;
  if (fext)
    for (const Force<double>& f : *fext) dfext.body_wrenches.push_back(Force<Dual>{f.n.cast<Dual>(), f.f.cast<Dual>()});
  MatX<double> out(model.dof, model.dof);
  for (int k = 0; k < model.dof; ++k) {
    const VecX<Dual>& tau = rnea(dm, dd, seeded(q, seed == Seed::kQ ? k : -1), seeded(v, seed == Seed::kV ? k : -1),
                                 seeded(a, seed == Seed::kA ? k : -1), fext ? &dfext : nullptr);
    out.col(k) = tangent_of(tau);
  }
  return out;
}

/// Which argument of forward dynamics the dual numbers differentiate along.
enum class FdSeed { kQ, kV, kTau };

inline MatX<double> dual_fd_jacobian(const Model& model, const VecX<double>& q, const VecX<double>& v,
                                     const VecX<double>& tau, FdSeed seed) {
  const ModelTpl<Dual> dm = model.cast<Dual>();
  DataTpl<Dual> dd(dm);
  MatX<double> out(model.dof, model.dof);
  for (int k = 0; k < model.dof; ++k) {
    const VecX<Dual>& qdd = forward_dynamics(dm, dd, seeded(q, seed == FdSeed::kQ ? k : -1),
                                             seeded(v, seed == FdSeed::kV ? k : -1),
                                             seeded(tau, seed == FdSeed::kTau ? k : -1));
    out.col(k) = tangent_of(qdd);
  }
  return out;
}

}  // namespace armdyn::test
