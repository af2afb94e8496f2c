"""armdyn: exact, fast rigid-body dynamics of robot manipulators, from Python.

Pinocchio-like names on numpy arrays::

    import armdyn, numpy as np
    model = armdyn.load("puma560")          # a built-in name, a .urdf, an MJCF .xml or a .json DH file
    data = model.create_data()
    q = np.zeros(model.nq)
    tau = armdyn.rnea(model, data, q, q, q)  # (n,) in N m / N
    M = armdyn.crba(model, data, q)          # (n, n), full and symmetric
    taus = armdyn.rnea(model, data, Q, V, A) # Q, V, A of shape (m, n): a batch, all cores

Units are SI (rad, m, s, kg, N, N m). Every evaluation function takes one state (n,) or a batch
(m, n); results are new float64 C-order arrays. Wrong shapes and non-finite inputs raise
ValueError naming the argument, arrays of dates, strings or objects armdyn.DTypeError (a
TypeError and a ValueError); the library's errors raise armdyn.InputError (a ValueError) or
armdyn.ModelError (an InputError) with its message; a result that is not finite raises
FloatingPointError, a diverged simulation armdyn.SimulationDiverged. See docs/python.md.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from typing import Dict, Optional, Sequence, Union

from . import _armdyn
from ._armdyn import (
    Data,
    DTypeError,
    InputError,
    Model,
    ModelError,
    aba,
    aba_derivatives,
    Payload,
    builtin_drives,
    builtin_models,
    builtin_poses,
    centrifugal_matrix,
    christoffel_symbols,
    Constraint,
    constrained_forward_dynamics,
    constrained_inverse_dynamics,
    constraint_error,
    coriolis_coefficients,
    coriolis_matrix,
    craig_cartesian_dynamics,
    crba,
    drive_forward_dynamics,
    drive_mass_matrix,
    drive_torque,
    forward_dynamics,
    forward_dynamics_methods,
    forward_dynamics_moving_base,
    forward_kinematics,
    frame_acceleration,
    frame_placement,
    frame_velocity,
    get_num_threads,
    gravity,
    gripper_wrench,
    integrators,
    jacobian,
    joint_reactions,
    kinetic_energy,
    load_constraint,
    mass_matrix_derivatives,
    max_frame_acceleration,
    max_payload,
    nonlinear_effects,
    nonlinear_effects_moving_base,
    opcount,
    opcount_algorithms,
    operational_space,
    potential_energy,
    rnea,
    rnea_derivatives,
    rnea_moving_base,
    Segments,
    load_segments,
    segment_stresses,
    set_num_threads,
)
from ._armdyn import formulations
from . import design
from ._simulation import SimulationDiverged, SimulationResult, simulate
from ._tasks import TaskResult, run_task
from ._view import ViewPage, view

__version__ = _armdyn.__version__

__all__ = [
    "Data", "DTypeError", "InputError", "Model", "ModelError", "GeneratedCode", "Payload", "SimulationDiverged",
    "SimulationResult",
    "aba", "builtin_drives", "builtin_models", "builtin_poses", "centrifugal_matrix", "christoffel_symbols", "codegen",
    "coriolis_coefficients", "coriolis_matrix", "craig_cartesian_dynamics", "crba", "drive_forward_dynamics",
    "drive_mass_matrix", "drive_torque", "formulations", "forward_dynamics",
    "forward_dynamics_methods", "forward_kinematics", "frame_acceleration", "frame_placement", "frame_velocity", "get_num_threads", "gravity",
    "gripper_wrench", "integrators", "jacobian", "joint_reactions", "kinetic_energy", "load", "mass_matrix_derivatives",
    "max_frame_acceleration", "max_payload", "nonlinear_effects", "opcount",
    "opcount_algorithms", "operational_space", "potential_energy", "rnea", "set_num_threads", "simulate",
    "rnea_moving_base", "nonlinear_effects_moving_base", "forward_dynamics_moving_base",
    "aba_derivatives", "rnea_derivatives",
    "Constraint", "load_constraint", "constrained_forward_dynamics", "constrained_inverse_dynamics",
    "constraint_error",
    "Segments", "TaskResult", "load_segments", "run_task", "segment_stresses",
    "design",
    "ViewPage", "view",
]


def load(spec: Union[str, "os.PathLike[str]"],
         actuators: Optional[Union[str, "os.PathLike[str]"]] = None,
         segments: Optional[Union[str, "os.PathLike[str]"]] = None) -> Model:
    """Loads a model: a built-in name (builtin_models()), a .urdf file, an MJCF .xml file or a .json DH file.

    actuators, as `armdyn eval --actuators` takes it: the joints' drives (gear, rotor inertia,
    friction; docs/drives.md), an actuator JSON file, a built-in drive set's name
    (builtin_drives()), "urdf" (the URDF file's <dynamics damping friction>) or "mjcf" (the MJCF
    file's armature, damping, frictionloss). The model carries them as model.drives for
    drive_torque, drive_mass_matrix and drive_forward_dynamics; every other function uses the
    rigid-body model.

    segments, as `armdyn eval --segments` takes it: a segment file (docs/segments.md); the links
    it marks "mass_from_section" get their section's mass and inertia, and the model keeps the
    file as model.segments for segment_stresses and run_task. Raises armdyn.InputError /
    armdyn.ModelError with the loader's message (naming the file, the place and the field).
    """
    return _armdyn.load(os.fspath(spec), None if actuators is None else os.fspath(actuators),
                        None if segments is None else os.fspath(segments))


@dataclass
class GeneratedCode:
    """Standalone C++ written by codegen(): `header` (P.h, usable from C and C++) and `source`
    (P.cpp); `counts` maps each function to its operation counts after constant folding, common
    subexpressions and dead code removed; `files` lists what was written (when `out` was given)."""

    prefix: str
    header: str
    source: str
    counts: Dict[str, Dict[str, int]]
    files: list = field(default_factory=list)


def codegen(model: Model, algorithms: Optional[Union[str, Sequence[str]]] = None,
            prefix: Optional[str] = None,
            out: Optional[Union[str, "os.PathLike[str]"]] = None) -> GeneratedCode:
    """The model's rnea, mass_matrix, gravity and forward_dynamics as standalone C++, like
    `armdyn codegen` (functions P_rnea(q, v, a, tau), ...; P = prefix, default the model's name
    made an identifier). algorithms: a name or list of those names (None: all). out: a folder to
    write P.h and P.cpp into (created if missing; both files or neither are written)."""
    generated = _armdyn._codegen(model, algorithms, prefix or "")
    code = GeneratedCode(generated["prefix"], generated["header"], generated["source"], generated["counts"])
    if out is not None:
        folder = os.fspath(out)
        os.makedirs(folder, exist_ok=True)
        targets = [(os.path.join(folder, code.prefix + ".h"), code.header),
                   (os.path.join(folder, code.prefix + ".cpp"), code.source)]
        temporaries = []
        try:
            for path, text in targets:
                handle, temporary = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".")
                temporaries.append(temporary)
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(text)
            for (path, _), temporary in zip(targets, temporaries):
                os.replace(temporary, path)
        finally:
            for temporary in temporaries:
                if os.path.exists(temporary):
                    os.unlink(temporary)
        code.files = [path for path, _ in targets]
    return code
