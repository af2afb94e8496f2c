#pragma once
// What the entry points of the methods of [VP] ch. 2 share (general theorems §2.3, Gauss' principle
// §2.8, Appel's equations §2.9): the checks every entry makes, and the drives P = W qdd - U and the
// bias -U from a method that forms the model W(q) qdd = P + U(q, qd).
//
// [VP]: M. Vukobratović, V. Potkonjak, Dynamics of Manipulation Robots (Springer, 1982), ch. 2.
#include <string>

#include "armdyn/core/error.hpp"
#include "armdyn/dynamics/formulations/entry.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn::vp {

/// tau = W a - U: the drives of the book's model W qdd = P + U ((2.3.4), (2.9.4)), written out
/// (no BLAS-style product: the scalar may be an operation counter).
template <class S>
void drives(const MatX<S>& W, const VecX<S>& U, const S* a, VecX<S>& tau) {
  for (int k = 0; k < static_cast<int>(U.size()); ++k) {
    S p = -U[k];
    for (int j = 0; j < static_cast<int>(U.size()); ++j) p += W(k, j) * a[j];
    tau[k] = p;
  }
}

/// The checks at every entry of the methods of [VP] ch. 2: the workspace was built for a chain of
/// model.dof segments (`workspace_dof`), every joint has one axis, and q (and v, a where the entry
/// takes them) hold model.dof numbers. `method` names the method in the messages
/// ("appel", "gauss", "general_theorems"); `formulation` in the joint-kind refusal.
template <class S>
void check_entry(const ModelTpl<S>& model, int workspace_dof, const char* method, const char* formulation, VecIn<S> q,
                 const VecIn<S>* v = nullptr, const VecIn<S>* a = nullptr) {
  if (workspace_dof != model.dof) throw InputError(std::string(method) + ": workspace built for another model");
  check_formulation_entry(model, formulation, q);
  if (v) check_size(*v, model.dof, "v");
  if (a) check_size(*a, model.dof, "a");
}

/// P = W(q) qdd - U(q, qd) ((2.3.4), (2.9.4)) from a method that forms W and U by its
/// equations(model, ws, q, v) (found in the method's namespace through its workspace).
template <class S, class Workspace>
const VecX<S>& drives_from_equations(const ModelTpl<S>& model, Workspace& ws, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  check_size(a, model.dof, "a");
  equations(model, ws, q, v);
  drives(ws.W, ws.U, a.data(), ws.tau);
  return ws.tau;
}

/// -U(q, qd) = C(q, qd) qd + g(q) from the same equations. Returns ws.h.
template <class S, class Workspace>
const VecX<S>& bias_from_equations(const ModelTpl<S>& model, Workspace& ws, VecIn<S> q, VecIn<S> v) {
  equations(model, ws, q, v);
  ws.h = -ws.U;
  return ws.h;
}

}  // namespace armdyn::vp
