#pragma once
// armdyn.Constraint (dynamics/constrained.hpp's PointConstraint read for a model by
// io/constraint_json.hpp) and the constraint argument of the constrained_* functions and simulate.
#include <memory>
#include <string>
#include <vector>

#include "armdyn/dynamics/constrained.hpp"
#include "handles.hpp"

namespace armdyn::python {

/// armdyn.Constraint: an immutable constraint, the frames of the model it was read for (its
/// frame indices point into them) and where it was read from.
struct PyConstraint {
  std::shared_ptr<const PointConstraint<double>> constraint;
  std::vector<std::string> frame_names;
  std::string model_name;
  std::string source;  ///< the file, or "<constraint>" for JSON text or a dict
};

/// What the constraint sources that are not files are called in error messages.
inline constexpr const char* kConstraintTextSource = "<constraint>";

/// The constraint `constraint` names for `model`: an armdyn.Constraint (ValueError unless made
/// for a model with the same frames), a dict or JSON text (a str starting with '{'), or a file
/// path (str or os.PathLike), read for `model` (armdyn.InputError naming the file, or
/// "<constraint>", and the JSON path). TypeError for anything else.
PyConstraint constraint_arg(const PyModel& model, py::handle constraint, const char* fn);

}  // namespace armdyn::python
