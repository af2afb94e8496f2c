#pragma once
// The checks at the entry of every textbook formulation of formulations/ ([Craig] ch. 6, [TML],
// [VP] ch. 2): each is written for joints of one axis (revolute or prismatic; a joint of several
// degrees of freedom enters as a chain of them, models.md), so a model with quaternion joints is
// refused naming the formulation, and q (and v, a where the entry takes them) hold model.dof numbers.
#include "armdyn/core/error.hpp"
#include "armdyn/kinematics/joint.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

template <class S> void check_formulation_entry(const ModelTpl<S>& model, const char* formulation, VecIn<S> q) {
  require_angle_coordinates(model, formulation);
  check_size(q, model.dof, "q");
}

template <class S>
void check_formulation_entry(const ModelTpl<S>& model, const char* formulation, VecIn<S> q, VecIn<S> v) {
  check_formulation_entry(model, formulation, q);
  check_size(v, model.dof, "v");
}

template <class S>
void check_formulation_entry(const ModelTpl<S>& model, const char* formulation, VecIn<S> q, VecIn<S> v, VecIn<S> a) {
  check_formulation_entry(model, formulation, q, v);
  check_size(a, model.dof, "a");
}

}  // namespace armdyn
