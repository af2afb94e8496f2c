#pragma once
// The production algorithms on the symbolic scalar: include this (not the *_impl.hpp headers)
// to call rnea, crba, gravity_torque on a ModelTpl<Sym>; they are instantiated once, in
// src/symbolic/instantiate_sym.cpp of the armdyn_symbolic library.
#include "armdyn/dynamics/crba.hpp"
#include "armdyn/dynamics/rnea.hpp"
#include "armdyn/symbolic/sym.hpp"

namespace armdyn {

extern template const VecX<Sym>& rnea(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>, VecIn<Sym>, VecIn<Sym>,
                                      const Loads<Sym>*);
extern template const VecX<Sym>& nonlinear_effects(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>, VecIn<Sym>,
                                                   const Loads<Sym>*);
extern template const VecX<Sym>& gravity_torque(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>);
extern template const MatX<Sym>& crba(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>, const Loads<Sym>*);

}  // namespace armdyn
