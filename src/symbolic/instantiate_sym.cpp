// The production algorithms, unchanged, on the symbolic scalar Sym.
#include "armdyn/dynamics/crba_impl.hpp"
#include "armdyn/dynamics/rnea_impl.hpp"
#include "armdyn/symbolic/algorithms.hpp"

namespace armdyn {

template const VecX<Sym>& rnea(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>, VecIn<Sym>, VecIn<Sym>,
                               const Loads<Sym>*);
template const VecX<Sym>& nonlinear_effects(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>, VecIn<Sym>,
                                                   const Loads<Sym>*);
template const VecX<Sym>& gravity_torque(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>);
template const MatX<Sym>& crba(const ModelTpl<Sym>&, DataTpl<Sym>&, VecIn<Sym>, const Loads<Sym>*);

}  // namespace armdyn
