#pragma once
// f_ext from Python: a dict {frame: [fx, fy, fz, nx, ny, nz]} (force, then the moment about the
// frame's origin; in the base axes, as `armdyn eval` reads "f_ext" in STATES, or in the frame's
// own axes with f_ext_axes="local"), or an array (nbodies, 6) of each body's wrench [f; n] in its
// joint frame about its origin (rnea's own form). The frame wrenches depend on the state: the
// library's external_forces_from_frame_wrenches (dynamics/external_forces.hpp) moves them to
// their bodies at each state's q.
#include <string>
#include <vector>

#include "handles.hpp"

namespace armdyn::python {

class ExternalWrenches {
 public:
  /// Parses f_ext (None: no wrenches) and f_ext_axes ("world" or "local"); ValueError naming fn
  /// and the argument.
  ExternalWrenches(const Model& model, py::handle f_ext, const std::string& axes, const char* fn = "rnea");

  /// rnea's fext at joint positions q (in w.ext.fext for frame wrenches), or nullptr when there
  /// are none. Runs forward_kinematics on w.data for frame wrenches.
  const std::vector<Force<double>>* at(Workspace& w, VecIn<double> q) const;

 private:
  bool given_ = false;
  bool local_ = false;
  std::vector<Force<double>> bodies_;      ///< the per-body form, as given
  std::vector<FrameWrench<double>> frames_;  ///< the dict form, in the axes given
};

}  // namespace armdyn::python
