#pragma once
// MJCF models (MuJoCo's XML) read through libmujoco's own parser and compiler: the file is
// compiled by mj_loadXML and armdyn reads the compiled mjModel (body and inertial frames, principal
// inertias, joint anchors and axes), never the XML itself, so that defaults classes, <include>,
// angle units, inertia from geoms and every other compiler rule are MuJoCo's (docs/models.md).
//
// A library of its own (armdyn_mjcf), so that the core library does not depend on libmujoco;
// static and build-internal like armdyn_symbolic: the CLI, the Python module and the tests link it.
// Built without libmujoco (ARMDYN_WITH_MJCF off), every MJCF file is refused with an InputError
// saying so.
#include <string>

#include "armdyn/drives/drive.hpp"
#include "armdyn/io/load.hpp"
#include "armdyn/model/model.hpp"

namespace armdyn {

/// True when this armdyn reads MJCF (it was built with libmujoco).
bool mjcf_available();

/// Loads an MJCF file. Each body becomes a link; its hinge joints become revolute and its slide joints
/// prismatic joints of the same axis (at MuJoCo's qpos = q: the joint's ref is honoured), its ball
/// joints spherical and its free joint floating joints with a unit quaternion (model.hpp), so that
/// q is MuJoCo's qpos and v its qvel; several joints in one body a chain of massless links named
/// "<body>/<joint>" ending in the body; a body without joints is welded to its parent; sites become
/// named frames. Tendons and equality constraints are refused with a ModelError naming the file and
/// the element; joint stiffness, a ball joint's range and actuators are reported in Model::warnings
/// (not modelled); armature, damping and frictionloss of hinge and slide joints are drive data
/// (Model::source_dynamics, mjcf_drives). InputError for a missing file, ModelError "<file>: not a valid MJCF
/// (<MuJoCo's message>)" for one MuJoCo cannot compile.
Model load_mjcf(const std::string& path);

/// The drives of `model` as load_mjcf read them with it (Model::source_dynamics, from the same
/// compile: the file is not read again): each joint's armature as its rotor inertia (gear ratio
/// 1, so the reflected inertia is the armature, as MuJoCo adds it to M), damping as its viscous
/// friction and frictionloss as its Coulomb friction (both directions). InputError for a model
/// that load_mjcf did not load (or whose coordinates changed since).
drives::DriveSet mjcf_drives(const Model& model);

/// load_model (io/load.hpp) that also reads MJCF: a .xml or .mjcf file whose root element is
/// <mujoco> goes to load_mjcf, anything else to load_model.
Model load_any_model(const std::string& spec);

/// load_drives (io/actuators_json.hpp) that also takes "mjcf": mjcf_drives(model).
drives::DriveSet load_any_drives(const std::string& spec, const Model& model, const std::string& model_spec);

}  // namespace armdyn
