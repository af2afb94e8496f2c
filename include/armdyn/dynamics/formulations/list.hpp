#pragma once
// Every inverse-dynamics formulation, once: one tag type per formulation and the list
// `Formulations` that the registry (registry.hpp: `armdyn eval --method`, `armdyn check`), the
// operation counts (armdyn/codegen/opcount.hpp), the benchmarks and the typed cross-check tests
// iterate. Adding a formulation = one tag here + one entry in `Formulations`.
//
// A tag states the method's name (the `--method` string), where it is stated (source), whether it
// refuses branching models (chains_only), which of the joint-space terms it defines besides the
// inverse dynamics (has_mass_matrix, has_gravity_torque, has_nonlinear_effects), and binds the
// formulation's own workspace and functions for any scalar S:
//   template <class S> using Workspace = ...;   // built from ModelTpl<S>, holds every result
//   static const VecX<S>& inverse_dynamics(model, ws, q, v, a);
//   static const MatX<S>& mass_matrix(model, ws, q);            // when has_mass_matrix
//   static const VecX<S>& gravity_torque(model, ws, q);         // when has_gravity_torque
//   static const VecX<S>& nonlinear_effects(model, ws, q, v);   // when has_nonlinear_effects:
//                                                               //   C(q, v) v + g(q)
// This header declares the functions; they are compiled for double in the library. For another
// scalar (OpCount, a dual number) include list_impl.hpp, which has their definitions.
#include <type_traits>

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/formulations/gibbs_appell.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"
#include "armdyn/dynamics/formulations/newton_euler.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/appel.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/gauss.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems.hpp"
#include "armdyn/dynamics/rnea_classical.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/dynamics/terms.hpp"

namespace armdyn {

/// A compile-time list of types.
template <class... T> struct TypeList {};

/// Calls f(std::type_identity<T>{}) for every T of the list, in order.
template <class... T, class F> void for_each_type(TypeList<T...>, F&& f) {
  (f(std::type_identity<T>{}), ...);
}

namespace formulation {

// Binds a formulation namespace `ns` whose functions have the common signatures. Spelled out
// (not generated) where a method's functions are named otherwise.
#define ARMDYN_BIND_INVERSE_DYNAMICS(ns)                                                                      \
  template <class S> using Workspace = ns::Workspace<S>;                                                      \
  template <class S>                                                                                          \
  static const VecX<S>& inverse_dynamics(const ModelTpl<S>& m, Workspace<S>& ws, VecIn<S> q, VecIn<S> v,      \
                                         VecIn<S> a) {                                                        \
    return ns::inverse_dynamics(m, ws, q, v, a);                                                              \
  }
#define ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(ns)                                                        \
  template <class S> static const MatX<S>& mass_matrix(const ModelTpl<S>& m, Workspace<S>& ws, VecIn<S> q) {  \
    return ns::mass_matrix(m, ws, q);                                                                         \
  }                                                                                                           \
  template <class S> static const VecX<S>& gravity_torque(const ModelTpl<S>& m, Workspace<S>& ws, VecIn<S> q) { \
    return ns::gravity_torque(m, ws, q);                                                                      \
  }
#define ARMDYN_BIND_NONLINEAR_EFFECTS(ns)                                                                     \
  template <class S>                                                                                          \
  static const VecX<S>& nonlinear_effects(const ModelTpl<S>& m, Workspace<S>& ws, VecIn<S> q, VecIn<S> v) {   \
    return ns::nonlinear_effects(m, ws, q, v);                                                                \
  }

/// The production spatial recursive Newton-Euler with CRBA and the gravity torque (rnea.hpp).
struct Rnea {
  static constexpr const char* name = "rnea";
  static constexpr const char* source = "spatial recursive Newton-Euler, [RBDA] ch. 5 (production path)";
  static constexpr bool chains_only = false, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = true;
  template <class S> using Workspace = DataTpl<S>;
  template <class S>
  static const VecX<S>& inverse_dynamics(const ModelTpl<S>& m, Workspace<S>& d, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
    return armdyn::rnea(m, d, q, v, a);
  }
  template <class S> static const MatX<S>& mass_matrix(const ModelTpl<S>& m, Workspace<S>& d, VecIn<S> q) {
    return armdyn::crba(m, d, q);
  }
  template <class S> static const VecX<S>& gravity_torque(const ModelTpl<S>& m, Workspace<S>& d, VecIn<S> q) {
    return armdyn::gravity_torque(m, d, q);
  }
  template <class S>
  static const VecX<S>& nonlinear_effects(const ModelTpl<S>& m, Workspace<S>& d, VecIn<S> q, VecIn<S> v) {
    return armdyn::nonlinear_effects(m, d, q, v);
  }
};

/// The classical recursive Newton-Euler in body frames (rnea_classical.hpp).
struct RneaLean {
  static constexpr const char* name = "rnea-lean";
  static constexpr const char* source =
      "classical recursive Newton-Euler with W = [wd]x + [w]x^2, fewest operations, [TML] (7.1)-(7.6)";
  static constexpr bool chains_only = false, has_mass_matrix = false;
  static constexpr bool has_gravity_torque = false, has_nonlinear_effects = false;
  template <class S> using Workspace = DataTpl<S>;
  template <class S>
  static const VecX<S>& inverse_dynamics(const ModelTpl<S>& m, Workspace<S>& d, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
    return armdyn::rnea_classical(m, d, q, v, a);
  }
};

struct NewtonEuler {
  static constexpr const char* name = "newton-euler";
  static constexpr const char* source = "[Craig] (6.45)-(6.53), iterative Newton-Euler in link frames";
  static constexpr bool chains_only = false, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = false;
  ARMDYN_BIND_INVERSE_DYNAMICS(newton_euler)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(newton_euler)
};

struct LuhWalkerPaul {
  static constexpr const char* name = "luh-walker-paul";
  static constexpr const char* source = "[TML] §3.3 (3.7)-(3.13), Luh-Walker-Paul Newton-Euler";
  static constexpr bool chains_only = true, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = false;
  ARMDYN_BIND_INVERSE_DYNAMICS(luh_walker_paul)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(luh_walker_paul)
};

/// TML's modified Newton-Euler: the Luh-Walker-Paul workspace, another inverse dynamics.
struct ModifiedNewtonEuler {
  static constexpr const char* name = "modified-newton-euler";
  static constexpr const char* source = "[TML] §7 (7.1)-(7.6), modified Newton-Euler";
  static constexpr bool chains_only = true, has_mass_matrix = false;
  static constexpr bool has_gravity_torque = false, has_nonlinear_effects = false;
  template <class S> using Workspace = luh_walker_paul::Workspace<S>;
  template <class S>
  static const VecX<S>& inverse_dynamics(const ModelTpl<S>& m, Workspace<S>& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
    return luh_walker_paul::inverse_dynamics_modified(m, ws, q, v, a);
  }
};

struct Lagrange {
  static constexpr const char* name = "lagrange";
  static constexpr const char* source = "[TML] §3.1 (3.1), Uicker/Lewis 4x4 Lagrange";
  static constexpr bool chains_only = true, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = false;
  ARMDYN_BIND_INVERSE_DYNAMICS(lagrange)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(lagrange)
};

struct RecursiveLagrange {
  static constexpr const char* name = "recursive-lagrange";
  static constexpr const char* source = "[TML] §3.2 (3.2)-(3.6), Hollerbach's recursive Lagrange";
  static constexpr bool chains_only = true, has_mass_matrix = false;
  static constexpr bool has_gravity_torque = false, has_nonlinear_effects = false;
  ARMDYN_BIND_INVERSE_DYNAMICS(recursive_lagrange)
};

struct GibbsAppell {
  static constexpr const char* name = "gibbs-appell";
  static constexpr const char* source = "[TML] §3.4 (3.14), Horowitz-Tomizuka Gibbs-Appell";
  static constexpr bool chains_only = false, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = false;
  ARMDYN_BIND_INVERSE_DYNAMICS(gibbs_appell)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(gibbs_appell)
};

struct GeneralTheorems {
  static constexpr const char* name = "general-theorems";
  static constexpr const char* source = "[VP] §2.3, method of general theorems";
  static constexpr bool chains_only = true, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = true;
  ARMDYN_BIND_INVERSE_DYNAMICS(general_theorems)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(general_theorems)
  ARMDYN_BIND_NONLINEAR_EFFECTS(general_theorems)
};

struct Appel {
  static constexpr const char* name = "appel";
  static constexpr const char* source = "[VP] §2.9, Appel's equations";
  static constexpr bool chains_only = true, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = true;
  ARMDYN_BIND_INVERSE_DYNAMICS(appel)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(appel)
  ARMDYN_BIND_NONLINEAR_EFFECTS(appel)
};

struct Gauss {
  static constexpr const char* name = "gauss";
  static constexpr const char* source = "[VP] §2.8, Gauss' principle";
  static constexpr bool chains_only = true, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = true;
  ARMDYN_BIND_INVERSE_DYNAMICS(gauss)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(gauss)
  ARMDYN_BIND_NONLINEAR_EFFECTS(gauss)
};

/// Craig's configuration-space form (terms.hpp).
struct ConfigurationSpace {
  static constexpr const char* name = "configuration-space";
  static constexpr const char* source = "[Craig] (6.63), M a + B[vv] + C[v^2] + G by Christoffel symbols";
  static constexpr bool chains_only = false, has_mass_matrix = true;
  static constexpr bool has_gravity_torque = true, has_nonlinear_effects = false;
  ARMDYN_BIND_INVERSE_DYNAMICS(terms)
  ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE(terms)
};

#undef ARMDYN_BIND_INVERSE_DYNAMICS
#undef ARMDYN_BIND_MASS_MATRIX_AND_GRAVITY_TORQUE
#undef ARMDYN_BIND_NONLINEAR_EFFECTS

}  // namespace formulation

/// Every formulation, the production spatial RNEA first (the order of `armdyn eval --method`'s
/// list and of formulation_names()).
using Formulations =
    TypeList<formulation::Rnea, formulation::RneaLean, formulation::NewtonEuler, formulation::LuhWalkerPaul,
             formulation::ModifiedNewtonEuler, formulation::Lagrange, formulation::RecursiveLagrange,
             formulation::GibbsAppell, formulation::GeneralTheorems, formulation::Appel, formulation::Gauss,
             formulation::ConfigurationSpace>;

}  // namespace armdyn
