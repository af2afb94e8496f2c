#pragma once
// The dynamics of many states at once, on every core (core/batch.hpp): row k of each input is
// state k (m x n, row-major, as numpy stacks them; q is m x nq), row k of the output its result.
// One Data per thread; every state is computed alone, so the results equal the one-state loop
// bit for bit for any number of threads. `threads` = 0 uses every core. Sizes are checked:
// InputError naming the argument.
#include <Eigen/Core>

#include "armdyn/model/model.hpp"

namespace armdyn {

/// m states of an n-joint model, one per row.
using StateRows = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using StateRowsIn = Eigen::Ref<const StateRows>;
using StateRowsOut = Eigen::Ref<StateRows>;

/// tau(k) = rnea(q(k), v(k), a(k)); tau is m x n.
void rnea_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsIn a, StateRowsOut tau, int threads = 0);
/// c(k) = nonlinear_effects(q(k), v(k)) (Coriolis, centrifugal and gravity); m x n.
void nonlinear_effects_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsOut c, int threads = 0);
/// Row k of M (m x n^2) is crba(q(k)) row by row (the symmetric mass matrix, full).
void crba_batch(const Model& model, StateRowsIn q, StateRowsOut M, int threads = 0);
/// qdd(k) = forward_dynamics(q(k), v(k), tau(k)) (CRBA + LDL^T); m x n.
void forward_dynamics_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsIn tau, StateRowsOut qdd,
                            int threads = 0);
/// qdd(k) = aba(q(k), v(k), tau(k)); m x n.
void aba_batch(const Model& model, StateRowsIn q, StateRowsIn v, StateRowsIn tau, StateRowsOut qdd, int threads = 0);

}  // namespace armdyn
