#include "armdyn/dynamics/formulations/registry.hpp"

#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/inverse_dynamics.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/appel.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/gauss.hpp"
#include "armdyn/dynamics/formulations/vukobratovic/general_theorems.hpp"
#include "armdyn/dynamics/formulations/gibbs_appell.hpp"
#include "armdyn/dynamics/formulations/lagrange.hpp"
#include "armdyn/dynamics/formulations/luh_walker_paul.hpp"
#include "armdyn/dynamics/formulations/newton_euler.hpp"
#include "armdyn/dynamics/formulations/recursive_lagrange.hpp"
#include "armdyn/dynamics/terms.hpp"
#include "armdyn/model/data.hpp"

namespace armdyn {

namespace {

// name, source, chains only, has M, has g
const std::vector<FormulationInfo> kFormulations = {
    {"rnea", "spatial recursive Newton-Euler, [RBDA] ch. 5 (production path)", false, true, true},
    {"rnea-lean", "classical recursive Newton-Euler with W = [wd]x + [w]x^2, fewest operations, [TML] (7.1)-(7.6)", false, false, false},
    {"newton-euler", "[Craig] (6.45)-(6.53), iterative Newton-Euler in link frames", false, true, true},
    {"luh-walker-paul", "[TML] §3.3 (3.7)-(3.13), Luh-Walker-Paul Newton-Euler", true, true, true},
    {"modified-newton-euler", "[TML] §7 (7.1)-(7.6), modified Newton-Euler", true, false, false},
    {"lagrange", "[TML] §3.1 (3.1), Uicker/Lewis 4x4 Lagrange", true, true, true},
    {"recursive-lagrange", "[TML] §3.2 (3.2)-(3.6), Hollerbach's recursive Lagrange", true, false, false},
    {"gibbs-appell", "[TML] §3.4 (3.14), Horowitz-Tomizuka Gibbs-Appell", false, true, true},
    {"general-theorems", "[VP] §2.3, method of general theorems", true, true, true},
    {"appel", "[VP] §2.9, Appel's equations", true, true, true},
    {"gauss", "[VP] §2.8, Gauss' principle", true, true, true},
    {"configuration-space", "[Craig] (6.63), M a + B[vv] + C[v^2] + G by Christoffel symbols", false, true, true},
};

bool is_chain(const Model& model) {
  for (int i = 0; i < model.dof; ++i)
    if (model.parent[i] != i - 1) return false;
  return true;
}

// Binds a formulation namespace's Workspace and functions to `model`.
template <class WS, class Id, class Mm, class G>
void bind(FormulationEvaluator& e, const Model& model, Id id, Mm mm, G g) {
  auto ws = std::make_shared<WS>(model);
  e.inverse_dynamics = [&model, ws, id](VecIn<double> q, VecIn<double> v, VecIn<double> a) -> const VecX<double>& {
    return id(model, *ws, q, v, a);
  };
  if constexpr (!std::is_same_v<Mm, std::nullptr_t>)
    e.mass_matrix = [&model, ws, mm](VecIn<double> q) -> const MatX<double>& { return mm(model, *ws, q); };
  if constexpr (!std::is_same_v<G, std::nullptr_t>)
    e.gravity = [&model, ws, g](VecIn<double> q) -> const VecX<double>& { return g(model, *ws, q); };
}

#define ARMDYN_ID(ns) \
  [](const Model& m, ns::Workspace<double>& w, VecIn<double> q, VecIn<double> v, VecIn<double> a) -> const VecX<double>& { \
    return ns::inverse_dynamics(m, w, q, v, a);                                                                             \
  }
#define ARMDYN_M(ns) \
  [](const Model& m, ns::Workspace<double>& w, VecIn<double> q) -> const MatX<double>& { return ns::mass_matrix(m, w, q); }
#define ARMDYN_G(ns) \
  [](const Model& m, ns::Workspace<double>& w, VecIn<double> q) -> const VecX<double>& { return ns::gravity(m, w, q); }

}  // namespace

const std::vector<FormulationInfo>& formulations() { return kFormulations; }

std::string formulation_names() {
  std::string out;
  for (const FormulationInfo& f : kFormulations) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

FormulationEvaluator make_formulation(const std::string& name, const Model& model) {
  FormulationEvaluator e;
  bool found = false;
  for (const FormulationInfo& f : kFormulations)
    if (f.name == name) {
      e.info = f;
      found = true;
    }
  if (!found) throw InputError("unknown method '" + name + "' (known: " + formulation_names() + ")");
  if (e.info.chains_only && !is_chain(model))
    throw InputError("method '" + name + "' handles serial chains only, and '" + model.name + "' branches");
  if (name == "rnea") {
    auto data = std::make_shared<Data>(model);
    e.inverse_dynamics = [&model, data](VecIn<double> q, VecIn<double> v, VecIn<double> a) -> const VecX<double>& {
      return rnea(model, *data, q, v, a);
    };
    e.mass_matrix = [&model, data](VecIn<double> q) -> const MatX<double>& { return crba(model, *data, q); };
    e.gravity = [&model, data](VecIn<double> q) -> const VecX<double>& { return gravity_torque(model, *data, q); };
  } else if (name == "rnea-lean") {
    auto data = std::make_shared<Data>(model);
    e.inverse_dynamics = [&model, data](VecIn<double> q, VecIn<double> v, VecIn<double> a) -> const VecX<double>& {
      return inverse_dynamics(model, *data, q, v, a);
    };
  } else if (name == "newton-euler") {
    bind<newton_euler::Workspace<double>>(e, model, ARMDYN_ID(newton_euler), ARMDYN_M(newton_euler),
                                          ARMDYN_G(newton_euler));
  } else if (name == "luh-walker-paul") {
    bind<luh_walker_paul::Workspace<double>>(e, model, ARMDYN_ID(luh_walker_paul), ARMDYN_M(luh_walker_paul),
                                             ARMDYN_G(luh_walker_paul));
  } else if (name == "modified-newton-euler") {
    bind<luh_walker_paul::Workspace<double>>(
        e, model,
        [](const Model& m, luh_walker_paul::Workspace<double>& w, VecIn<double> q, VecIn<double> v, VecIn<double> a)
            -> const VecX<double>& { return luh_walker_paul::inverse_dynamics_modified(m, w, q, v, a); },
        nullptr, nullptr);
  } else if (name == "lagrange") {
    bind<lagrange::Workspace<double>>(e, model, ARMDYN_ID(lagrange), ARMDYN_M(lagrange), ARMDYN_G(lagrange));
  } else if (name == "recursive-lagrange") {
    bind<recursive_lagrange::Workspace<double>>(e, model, ARMDYN_ID(recursive_lagrange), nullptr, nullptr);
  } else if (name == "gibbs-appell") {
    bind<gibbs_appell::Workspace<double>>(e, model, ARMDYN_ID(gibbs_appell), ARMDYN_M(gibbs_appell),
                                          ARMDYN_G(gibbs_appell));
  } else if (name == "general-theorems") {
    bind<general_theorems::Workspace<double>>(e, model, ARMDYN_ID(general_theorems), ARMDYN_M(general_theorems),
                                              ARMDYN_G(general_theorems));
  } else if (name == "appel") {
    bind<appel::Workspace<double>>(e, model, ARMDYN_ID(appel), ARMDYN_M(appel), ARMDYN_G(appel));
  } else if (name == "gauss") {
    bind<gauss::Workspace<double>>(e, model, ARMDYN_ID(gauss), ARMDYN_M(gauss), ARMDYN_G(gauss));
  } else if (name == "configuration-space") {
    bind<terms::Workspace<double>>(e, model, ARMDYN_ID(terms), ARMDYN_M(terms), ARMDYN_G(terms));
  }
  return e;
}

}  // namespace armdyn
