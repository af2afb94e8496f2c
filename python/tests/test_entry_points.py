"""Every public callable of the package armdyn (its functions, those of armdyn.formulations and
armdyn.design, the classes and their methods and properties), called with only its required
arguments (sensible values for the model) so that every other argument takes its default, on a
built-in model and on a model with quaternion joints: each call returns or raises a Python
exception of an expected kind, and never takes the interpreter down. The calls run in a child
interpreter (this file run as a script), all in one process and then again in reverse order, so
that a crash, or a call that breaks a later one, fails the test instead of ending pytest.

REQUIRED holds how to fill the required arguments of each name: a callable added to the package
without an entry here fails test_every_public_callable_has_required_arguments."""
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import armdyn

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(HERE, "..", ".."))
DATA_DIR = os.environ.get("ARMDYN_TEST_DATA_DIR", os.path.join(SOURCE_DIR, "tests", "data"))
EXAMPLES = os.path.join(SOURCE_DIR, "examples")
FREE_BALL = os.path.join(DATA_DIR, "models", "mjcf", "free_ball.xml")
MODEL_SPECS = ["puma560", FREE_BALL]

# What a call with sensible arguments may raise: bad input for this model (a ValueError, e.g. a
# function that needs effort limits, or nv numbers where the model has nq), a TypeError, a result
# out of range (ArithmeticError), a missing optional package. Anything else (SystemError,
# RuntimeError, MemoryError, KeyError, ...) is a defect, and so is a signal.
ALLOWED = (ValueError, TypeError, ArithmeticError, ImportError)


class Context:
    """Sensible values for one model: q (its neutral configuration), v, a, tau (zeros of nv,
    a small one), a frame, and the objects other calls need, made on first use."""

    def __init__(self, spec):
        self.spec = spec
        self.model = armdyn.load(spec)
        self.folder = tempfile.mkdtemp(prefix="armdyn_entry_points_")
        self._made = {}

    @property
    def data(self):
        return self.model.create_data()

    @property
    def q(self):
        return self.model.neutral_configuration()

    @property
    def v(self):
        return np.full(self.model.nv, 0.1)

    @property
    def a(self):
        return np.full(self.model.nv, 0.2)

    @property
    def tau(self):
        return np.full(self.model.nv, 0.5)

    @property
    def frame(self):
        return self.model.frame_names[-1]

    def once(self, key, make):
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]

    @property
    def constraint(self):
        return {"frame": self.frame, "surface": {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]}}

    @property
    def payload(self):
        return armdyn.Payload(1.0)

    @property
    def simulation(self):
        return self.once("simulation", lambda: armdyn.simulate(self.model, self.q, np.zeros(self.model.nv), 0.01))

    # Tasks and segments need a model made for them: the VP cylindrical arm of the examples.
    @property
    def vp_model(self):
        return self.once("vp", lambda: armdyn.load(os.path.join(EXAMPLES, "models", "vp_cylindrical.json"),
                                                   segments=os.path.join(EXAMPLES, "models",
                                                                         "vp_cylindrical_segments.json")))

    @property
    def segments_file(self):
        return os.path.join(EXAMPLES, "models", "vp_cylindrical_segments.json")

    @property
    def task_file(self):
        return os.path.join(EXAMPLES, "tasks", "vp_abca_cylindrical.json")

    @property
    def task_result(self):
        return self.once("task", lambda: armdyn.run_task(self.vp_model, self.task_file, output_period=0.05))

    @property
    def study_file(self):
        return os.path.join(EXAMPLES, "studies", "vp_cylindrical_R_T.json")

    @property
    def study(self):
        return self.once("study", lambda: armdyn.design.load_study(self.study_file))

    @property
    def page(self):
        return armdyn.ViewPage("<html></html>")

    def path(self, name):
        return os.path.join(self.folder, name)


def _args(*args, **kwargs):
    return args, kwargs


# name -> f(context) -> (args, kwargs): the required arguments only.
REQUIRED = {
    # the model, its workspace, the lists of names
    "load": lambda c: _args(c.spec),
    "builtin_models": lambda c: _args(),
    "builtin_drives": lambda c: _args(),
    "builtin_poses": lambda c: _args("puma560"),
    "integrators": lambda c: _args(),
    "forward_dynamics_methods": lambda c: _args(),
    "opcount_algorithms": lambda c: _args(),
    "get_num_threads": lambda c: _args(),
    "set_num_threads": lambda c: _args(0),
    "Model": lambda c: _args(),
    "Model.create_data": lambda c: _args(c.model),
    "Model.neutral_configuration": lambda c: _args(c.model),
    "Model.with_drives": lambda c: _args(c.model, None),
    "Model.with_gravity": lambda c: _args(c.model, [0, 0, -9.81]),
    "Model.with_payload": lambda c: _args(c.model, 1.0),
    "Data": lambda c: _args(),
    "Payload": lambda c: _args(1.0),
    "Payload.parse": lambda c: _args("2,0,0,0.05"),
    # dynamics
    "rnea": lambda c: _args(c.model, c.data, c.q, c.v, c.a),
    "crba": lambda c: _args(c.model, c.data, c.q),
    "nonlinear_effects": lambda c: _args(c.model, c.data, c.q, c.v),
    "gravity": lambda c: _args(c.model, c.data, c.q),
    "coriolis_matrix": lambda c: _args(c.model, c.data, c.q, c.v),
    "forward_dynamics": lambda c: _args(c.model, c.data, c.q, c.v, c.tau),
    "aba": lambda c: _args(c.model, c.data, c.q, c.v, c.tau),
    "kinetic_energy": lambda c: _args(c.model, c.data, c.q, c.v),
    "potential_energy": lambda c: _args(c.model, c.data, c.q),
    "mass_matrix_derivatives": lambda c: _args(c.model, c.data, c.q),
    "christoffel_symbols": lambda c: _args(c.model, c.data, c.q),
    "centrifugal_matrix": lambda c: _args(c.model, c.data, c.q),
    "coriolis_coefficients": lambda c: _args(c.model, c.data, c.q),
    "rnea_derivatives": lambda c: _args(c.model, c.data, c.q, c.v, c.a),
    "aba_derivatives": lambda c: _args(c.model, c.data, c.q, c.v, c.tau),
    "rnea_moving_base": lambda c: _args(c.model, c.data, c.q, c.v, c.a),
    "nonlinear_effects_moving_base": lambda c: _args(c.model, c.data, c.q, c.v),
    "forward_dynamics_moving_base": lambda c: _args(c.model, c.data, c.q, c.v, c.tau),
    # kinematics
    "forward_kinematics": lambda c: _args(c.model, c.data, c.q),
    "frame_placement": lambda c: _args(c.model, c.data, c.q, c.frame),
    "jacobian": lambda c: _args(c.model, c.data, c.q, c.frame),
    "frame_velocity": lambda c: _args(c.model, c.data, c.q, c.v, c.frame),
    "frame_acceleration": lambda c: _args(c.model, c.data, c.q, c.v, c.a, c.frame),
    # loads, Cartesian dynamics, capability, drives
    "joint_reactions": lambda c: _args(c.model, c.data, c.q, c.v, c.a),
    "gripper_wrench": lambda c: _args(c.model, c.data, c.q, c.v, c.a, c.payload),
    "operational_space": lambda c: _args(c.model, c.data, c.q, c.v, c.frame),
    "craig_cartesian_dynamics": lambda c: _args(c.model, c.data, c.q, c.v, c.frame),
    "max_frame_acceleration": lambda c: _args(c.model, c.data, c.q, c.v, [1, 0, 0]),
    "max_payload": lambda c: _args(c.model, c.data, c.q),
    "drive_torque": lambda c: _args(c.model, c.data, c.q, c.v, c.a),
    "drive_mass_matrix": lambda c: _args(c.model, c.data, c.q),
    "drive_forward_dynamics": lambda c: _args(c.model, c.data, c.q, c.v, c.tau),
    # closed chains
    "Constraint": lambda c: _args(),
    "load_constraint": lambda c: _args(c.model, c.constraint),
    "constrained_forward_dynamics": lambda c: _args(c.model, c.data, c.constraint, c.q, c.v, c.tau),
    "constrained_inverse_dynamics": lambda c: _args(c.model, c.data, c.constraint, c.q, c.v, c.a, [0.0]),
    "constraint_error": lambda c: _args(c.model, c.data, c.constraint, c.q),
    # formulations, operation counts, generated code
    "formulations.names": lambda c: _args(),
    "formulations.info": lambda c: _args("rnea"),
    "formulations.evaluate": lambda c: _args("rnea", c.model, c.q, c.v, c.a),
    "formulations.mass_matrix": lambda c: _args("rnea", c.model, c.q),
    "formulations.gravity": lambda c: _args("rnea", c.model, c.q),
    "opcount": lambda c: _args(c.model),
    "codegen": lambda c: _args(c.model),
    "GeneratedCode": lambda c: _args("p", "", "", {}),
    # simulation and its result
    "simulate": lambda c: _args(c.model, c.q, c.v, 0.01),
    "SimulationResult": lambda c: _args(c.model, c.simulation.t, c.simulation.q, c.simulation.v, c.simulation.a,
                                        c.simulation.tau, c.simulation.kinetic, c.simulation.potential),
    "SimulationResult.to_csv": lambda c: _args(c.simulation),
    "SimulationResult.plot": lambda c: _args(c.simulation),
    "SimulationDiverged": lambda c: _args("diverged", c.simulation),
    # the 3-D view
    "view": lambda c: _args(c.model),
    "ViewPage": lambda c: _args("<html></html>"),
    "ViewPage.save": lambda c: _args(c.page, c.path("page.html")),
    # segments and tasks
    "Segments": lambda c: _args(),
    "load_segments": lambda c: _args(c.segments_file, c.model),
    "segment_stresses": lambda c: _args(c.model, c.data, c.q, c.v, c.a),
    "run_task": lambda c: _args(c.model, c.task_file),
    "TaskResult": lambda c: _args(*[getattr(c.task_result, f) for f in
                                    ("model", "frame", "columns", "table", "t", "q", "v", "a", "tau", "pos",
                                     "quat", "energy_consumed")]),
    "TaskResult.column": lambda c: _args(c.task_result, "t"),
    "TaskResult.to_csv": lambda c: _args(c.task_result),
    "TaskResult.plot": lambda c: _args(c.task_result),
    # design
    "design.time_efficiency": lambda c: _args(3.0, 6.0, 2.0),
    "design.energy_efficiency": lambda c: _args(80.0, 120.0, 40.0),
    "design.combined_efficiency": lambda c: _args(0.5, 0.5, 1.0),
    "design.conjunction_degree": lambda c: _args(1.0),
    "design.disjunction_degree": lambda c: _args(1.0),
    "design.exponent_of_conjunction": lambda c: _args(0.75),
    "design.criterion": lambda c: _args([(2.5, 95.0), (3.0, 80.0)], 6, 2, 120, 40, c=0.75),  # r or c is required
    "design.load_study": lambda c: _args(c.study_file),
    "design.run_study": lambda c: _args(c.study),
    "design.Study": lambda c: _args(),
    "design.Study.grid": lambda c: _args(c.study),
    "design.Study.evaluate": lambda c: _args(c.study, c.study.grid()[0]),
    "design.Study.sweep": lambda c: _args(c.study),
    "design.Study.tmin_point": lambda c: _args(c.study, c.study.grid()[0]),
    "design.Study.optimize_method": lambda c: _args(c.study, "cobyla"),
    # the errors
    "InputError": lambda c: _args("message"),
    "ModelError": lambda c: _args("message"),
    "DTypeError": lambda c: _args("message"),
}

# Objects whose properties are read (no arguments): name prefix -> f(context) -> the object.
INSTANCES = {
    "Model": lambda c: c.model,
    "Data": lambda c: c.data,
    "Payload": lambda c: c.payload,
    "Constraint": lambda c: armdyn.load_constraint(c.model, c.constraint),
    "Segments": lambda c: c.vp_model.segments,
    "SimulationResult": lambda c: c.simulation,
    "TaskResult": lambda c: c.task_result,
    "design.Study": lambda c: c.study,
}


def _is_ours(value):
    return getattr(value, "__module__", "").split(".")[0] == "armdyn"


def public_entry_points():
    """{name: kind}: every public callable of armdyn, armdyn.formulations and armdyn.design
    ('call'), and every public method ('call') and property ('property') of their classes."""
    names = {}
    for prefix, module in (("", armdyn), ("formulations.", armdyn.formulations), ("design.", armdyn.design)):
        for name in dir(module):
            value = getattr(module, name)
            if name.startswith("_") or not callable(value) or not _is_ours(value):
                continue
            names[prefix + name] = "call"
            if inspect.isclass(value):
                for member, attribute in vars(value).items():
                    if member.startswith("_"):
                        continue
                    if isinstance(attribute, property) or type(attribute).__name__ == "property":
                        names[prefix + name + "." + member] = "property"
                    elif callable(attribute) or isinstance(attribute, (staticmethod, classmethod)):
                        names[prefix + name + "." + member] = "call"
    return names


def _resolve(name):
    """The callable behind a name of public_entry_points()."""
    parts = name.split(".")
    value = armdyn
    for part in parts:
        value = getattr(value, part)
    return value


def _instance_key(name):
    for key in sorted(INSTANCES, key=len, reverse=True):
        if name.startswith(key + "."):
            return key
    return None


def run_calls(spec, order):
    """The child: every entry point on the model `spec`, one JSON line per call (begun, then its
    outcome), in `order` ('forward' or 'reverse')."""
    context = Context(spec)
    entries = sorted(public_entry_points().items())
    if order == "reverse":
        entries.reverse()
    for name, kind in entries:
        print(json.dumps({"begin": name}), flush=True)
        outcome = {"name": name}
        try:
            if kind == "property":
                owner = INSTANCES[_instance_key(name)](context)
                getattr(owner, name.rsplit(".", 1)[1])
            else:
                args, kwargs = REQUIRED[name](context)
                _resolve(name)(*args, **kwargs)
            outcome["outcome"] = "returned"
        except BaseException as error:  # noqa: B036 - reported to the parent, which judges it
            outcome["outcome"] = "raised"
            outcome["type"] = type(error).__name__
            outcome["allowed"] = isinstance(error, ALLOWED)
            outcome["message"] = str(error)[:300]
        print(json.dumps(outcome), flush=True)
    shutil.rmtree(context.folder, ignore_errors=True)
    print(json.dumps({"done": True}), flush=True)


def test_every_public_callable_has_required_arguments():
    calls = {name for name, kind in public_entry_points().items() if kind == "call"}
    unknown = sorted(calls - set(REQUIRED))
    stale = sorted(set(REQUIRED) - calls)
    assert not unknown, f"public callables without an entry in REQUIRED (add how to fill their required arguments): {unknown}"
    assert not stale, f"entries of REQUIRED that are no public callable any more: {stale}"
    properties = [name for name, kind in public_entry_points().items() if kind == "property"]
    assert all(_instance_key(name) for name in properties), [n for n in properties if not _instance_key(n)]


def _model_available(spec):
    try:
        armdyn.load(spec)
        return True
    except armdyn.InputError as error:  # a build without MuJoCo reads no MJCF
        if "mujoco" in str(error).lower() or "mjcf" in str(error).lower():
            return False
        raise


def check_entry_points(spec):
    failures = []
    for order in ("forward", "reverse"):
        child = subprocess.run([sys.executable, os.path.abspath(__file__), spec, order], capture_output=True,
                               text=True, timeout=900, env=dict(os.environ, MPLBACKEND="Agg"))
        lines = [json.loads(line) for line in child.stdout.splitlines() if line.startswith("{")]
        begun = [line["begin"] for line in lines if "begin" in line]
        if child.returncode != 0 or not lines or "done" not in lines[-1]:
            failures.append(f"{order}: the interpreter ended with status {child.returncode} during "
                            f"{begun[-1] if begun else '(start)'}; stderr: {child.stderr[-2000:]}")
            continue
        for line in lines:
            if line.get("outcome") == "raised" and not line["allowed"]:
                failures.append(f"{order}: {line['name']} raised {line['type']}: {line['message']}")
    return failures


def test_every_entry_point_with_its_defaults_returns_or_raises_on_a_built_in_model():
    failures = check_entry_points("puma560")
    assert not failures, "\n".join(failures)


def test_every_entry_point_with_its_defaults_returns_or_raises_on_a_model_with_quaternion_joints():
    import pytest
    if not _model_available(FREE_BALL):
        pytest.skip("this build reads no MJCF")
    failures = check_entry_points(FREE_BALL)
    assert not failures, "\n".join(failures)


if __name__ == "__main__":
    run_calls(sys.argv[1], sys.argv[2])
