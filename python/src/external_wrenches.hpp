#pragma once
// rnea's f_ext from Python: a dict {frame: [fx, fy, fz, nx, ny, nz]} (force, then the moment about
// the frame's origin; in the base axes, as `armdyn eval` reads "f_ext" in STATES, or in the frame's
// own axes with f_ext_axes="local"), or an array (nbodies, 6) of each body's wrench [f; n] in its
// joint frame about its origin (rnea's own form). The frame wrenches depend on the state: they are
// moved to their bodies at each state's q.
#include <vector>

#include "handles.hpp"

namespace armdyn::python {

class ExternalWrenches {
 public:
  /// Parses f_ext (None: no wrenches) and f_ext_axes ("world" or "local"); ValueError naming them.
  ExternalWrenches(const Model& model, py::handle f_ext, const std::string& axes);

  /// rnea's fext at joint positions q (written into `forces`, sized model.dof, for frame
  /// wrenches), or nullptr when there are none. Runs forward_kinematics on `data` for frame wrenches.
  const std::vector<Force<double>>* at(const Model& model, Data& data, VecIn<double> q,
                                       std::vector<Force<double>>& forces) const;

 private:
  struct AtFrame {
    int frame = -1;
    Vec3<double> f, n;
  };
  bool given_ = false;
  bool local_ = false;
  std::vector<Force<double>> bodies_;  ///< the per-body form, as given
  std::vector<AtFrame> frames_;        ///< the dict form
};

}  // namespace armdyn::python
