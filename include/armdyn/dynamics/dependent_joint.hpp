#pragma once
// A model whose mass matrix is singular in every configuration cannot be simulated: forward
// dynamics divides by zero. The loader refuses it by name. The builder already refuses a joint
// that carries no inertia at all, or only inertia on its own axis; what remains are joints whose
// motion the joints they carry can take up without moving any inertia, e.g. two coaxial revolute
// joints with nothing between them that has a moment of inertia about the common axis.
//
// det M = prod_i D_i, the pivots of the articulated-body algorithm (D_i = S_i^T IA_i S_i), so M is
// singular exactly when some D_i vanishes. Each D_i is compared with M_ii = S_i^T Ic_i S_i (the
// same joint with every joint it carries locked), at two unrelated configurations, so that a
// singular pose is not mistaken for a defect of the model. O(n) time and memory.
#include "armdyn/model/model.hpp"

namespace armdyn {

/// The deepest joint whose articulated pivot is below 1e-12 of its locked inertia at both test
/// configurations, or -1 when there is none.
int dependent_joint(const Model& model);

/// ModelError naming the joint dependent_joint finds (and the model's source); nothing otherwise.
void refuse_dependent_joints(const Model& model);

}  // namespace armdyn
