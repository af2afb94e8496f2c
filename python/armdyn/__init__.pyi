# Type stub of the package armdyn. n = model.nq; a joint-space argument is one state (n,) or a
# batch (m, n), and the result gains the leading m. SI units: rad, m, s, kg, N, N m.
import os
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

ArrayLike = npt.ArrayLike
Array = npt.NDArray[np.float64]
FrameRef = Union[str, int]
PathLike = Union[str, os.PathLike[str]]

__version__: str

class InputError(ValueError): ...
class ModelError(InputError): ...
class DTypeError(TypeError, ValueError): ...

class Model:
    @property
    def name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def nq(self) -> int: ...
    @property
    def nv(self) -> int: ...
    @property
    def nbodies(self) -> int: ...
    @property
    def joint_names(self) -> List[str]: ...
    @property
    def body_names(self) -> List[str]: ...
    @property
    def frame_names(self) -> List[str]: ...
    @property
    def joint_types(self) -> List[str]: ...
    @property
    def compound_joints(self) -> List[Dict[str, object]]: ...
    @property
    def configuration_names(self) -> List[str]: ...
    def neutral_configuration(self) -> Array: ...  # (nq,)
    @property
    def parents(self) -> List[int]: ...
    @property
    def gravity(self) -> Array: ...  # (3,), m/s^2
    @property
    def lower_limits(self) -> Array: ...  # (n,)
    @property
    def upper_limits(self) -> Array: ...  # (n,)
    @property
    def velocity_limits(self) -> Array: ...  # (n,)
    @property
    def effort_limits(self) -> Array: ...  # (n,)
    @property
    def warnings(self) -> List[str]: ...
    def with_gravity(self, gravity: ArrayLike) -> Model: ...
    def with_payload(self, payload: Union[float, Payload], frame: Optional[FrameRef] = ...,
                     com: Optional[ArrayLike] = ..., inertia: Optional[ArrayLike] = ...) -> Model: ...
    @property
    def drives(self) -> Optional[Dict[str, object]]: ...  # None: rigid joints
    def with_drives(self, actuators: Optional[str]) -> Model: ...
    @property
    def segments(self) -> Optional[Segments]: ...  # load(..., segments=FILE); None: none
    def create_data(self) -> Data: ...

class Payload:
    def __init__(self, mass: float, com: Optional[ArrayLike] = ..., inertia: Optional[ArrayLike] = ...) -> None: ...
    @staticmethod
    def parse(text: str) -> Payload: ...
    @property
    def mass(self) -> float: ...  # kg
    @property
    def com(self) -> Array: ...  # (3,), m, frame axes
    @property
    def inertia(self) -> Array: ...  # (3, 3), kg m^2, about the centre of mass

class Data:
    @property
    def model(self) -> Model: ...
    @property
    def tau(self) -> Array: ...  # (n,)
    @property
    def M(self) -> Array: ...  # (n, n)
    @property
    def nle(self) -> Array: ...  # (n,)
    @property
    def g(self) -> Array: ...  # (n,)
    @property
    def ddq(self) -> Array: ...  # (n,)
    @property
    def oMf(self) -> Array: ...  # (nframes, 4, 4)

def load(spec: PathLike, actuators: Optional[PathLike] = ..., segments: Optional[PathLike] = ...) -> Model: ...
def builtin_models() -> List[str]: ...
def builtin_drives() -> List[str]: ...
def builtin_poses(name: str) -> Dict[str, Array]: ...
def set_num_threads(n: int) -> None: ...
def get_num_threads() -> int: ...

# Dynamics: (n,) -> (n,) or (n, n); (m, n) -> (m, n) or (m, n, n).
FExt = Union[None, Mapping[FrameRef, ArrayLike], ArrayLike]
def rnea(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike, f_ext: FExt = ...,
         f_ext_axes: str = ...) -> Array: ...
def crba(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...
def nonlinear_effects(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike) -> Array: ...
def gravity(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...
def coriolis_matrix(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike) -> Array: ...
def mass_matrix_derivatives(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...  # (n, n, n)
def christoffel_symbols(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...  # (n, n, n)
def centrifugal_matrix(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...  # (n, n)
def coriolis_coefficients(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...  # (n, n(n-1)/2)
def forward_dynamics(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, tau: ArrayLike,
                     method: str = ...) -> Array: ...
def aba(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, tau: ArrayLike) -> Array: ...
def forward_dynamics_methods() -> List[str]: ...
# A moving base (docs/moving-base.md): base_v = [v_O; w_O], base_a = [a_O; e_O], (6,) or (m, 6).
def rnea_moving_base(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike,
                     base_v: Optional[ArrayLike] = ..., base_a: Optional[ArrayLike] = ...) -> Array: ...
def nonlinear_effects_moving_base(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike,
                                  base_v: Optional[ArrayLike] = ..., base_a: Optional[ArrayLike] = ...) -> Array: ...
def forward_dynamics_moving_base(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, tau: ArrayLike,
                                 base_v: Optional[ArrayLike] = ..., base_a: Optional[ArrayLike] = ...) -> Array: ...
# Closed chains (docs/constraints.md): k = constraint.count force components; N (k,) or (m, k).
class Constraint:
    @property
    def source(self) -> str: ...  # the file, or "<constraint>"
    @property
    def shape(self) -> str: ...  # "plane", "sphere", "cylinder", "line" or "loop"
    @property
    def frame(self) -> str: ...
    @property
    def point(self) -> Array: ...  # (3,), m, frame axes
    @property
    def other_frame(self) -> Optional[str]: ...  # a loop's second frame
    @property
    def other_point(self) -> Optional[Array]: ...  # (3,), m, other_frame's axes
    @property
    def count(self) -> int: ...
    @property
    def baumgarte_rate(self) -> float: ...  # 1/s
    @property
    def projection(self) -> bool: ...

ConstraintArg = Union[Constraint, PathLike, str, Mapping[str, object]]
def load_constraint(model: Model, constraint: ConstraintArg) -> Constraint: ...
def constrained_forward_dynamics(model: Model, data: Optional[Data], constraint: ConstraintArg, q: ArrayLike,
                                 v: ArrayLike, tau: ArrayLike) -> Tuple[Array, Array]: ...  # qdd, N
def constrained_inverse_dynamics(model: Model, data: Optional[Data], constraint: ConstraintArg, q: ArrayLike,
                                 v: ArrayLike, a: ArrayLike, N: ArrayLike) -> Array: ...
def constraint_error(model: Model, data: Optional[Data], constraint: ConstraintArg,
                     q: ArrayLike) -> Union[float, Array]: ...  # m
# Derivatives: each (n, n), or (m, n, n) for a batch; rows the outputs.
def rnea_derivatives(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike,
                     a: ArrayLike) -> Tuple[Array, Array, Array]: ...  # dtau_dq, dtau_dv, M
def aba_derivatives(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike,
                    tau: ArrayLike) -> Tuple[Array, Array, Array]: ...  # dqdd_dq, dqdd_dv, Minv
# Energies: a float for one state, (m,) for a batch.
def kinetic_energy(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike) -> Union[float, Array]: ...
def potential_energy(model: Model, data: Optional[Data], q: ArrayLike) -> Union[float, Array]: ...

# Kinematics.
def forward_kinematics(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...  # (nbodies, 4, 4)
def frame_placement(model: Model, data: Optional[Data], q: ArrayLike, frame: FrameRef) -> Array: ...  # (4, 4)
def jacobian(model: Model, data: Optional[Data], q: ArrayLike, frame: FrameRef,
             frame_axes: str = ...) -> Array: ...  # (6, n): linear rows first
def frame_velocity(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, frame: FrameRef) -> Array: ...  # (6,)
def frame_acceleration(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike,
                       frame: FrameRef) -> Array: ...  # (6,)

# Loads: (n, 6) per joint [fx, fy, fz, nx, ny, nz] in its child link's frame; (6,) base axes.
def joint_reactions(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike, f_ext: FExt = ...,
                    f_ext_axes: str = ...) -> Array: ...
def gripper_wrench(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike,
                   payload: Union[float, Payload], frame: Optional[FrameRef] = ..., com: Optional[ArrayLike] = ...,
                   inertia: Optional[ArrayLike] = ...) -> Array: ...

# Cartesian dynamics of r task rows: {"Lambda" (r, r), "mu" (r,), "p" (r,), "singular"}, a batch gains m.
TaskRows = Union[None, str, Sequence[int]]
def operational_space(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, frame: FrameRef,
                      rows: TaskRows = ..., axes: str = ...) -> Dict[str, Union[Array, bool]]: ...
def craig_cartesian_dynamics(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, frame: FrameRef,
                             rows: TaskRows = ..., axes: str = ...) -> Dict[str, Union[Array, bool]]: ...
# Capability: {"value", "feasible", "bounded", "limiting_joint", "tau", "tau0", "tau1", ...}; a batch gives arrays.
def max_frame_acceleration(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, direction: ArrayLike,
                           frame: Optional[FrameRef] = ...) -> Dict[str, object]: ...
def max_payload(model: Model, data: Optional[Data], q: ArrayLike, frame: Optional[FrameRef] = ...) -> Dict[str, object]: ...

# Drives (model.drives; none: the rigid-body results).
def drive_torque(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike, f_ext: FExt = ...,
                 f_ext_axes: str = ..., sign: str = ...) -> Array: ...
def drive_mass_matrix(model: Model, data: Optional[Data], q: ArrayLike) -> Array: ...
def drive_forward_dynamics(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, tau: ArrayLike,
                           f_ext: FExt = ..., f_ext_axes: str = ..., sign: str = ...) -> Array: ...

class _Formulations(ModuleType):
    def names(self) -> List[str]: ...
    def info(self, name: str) -> Dict[str, Union[str, bool]]: ...
    def evaluate(self, name: str, model: Model, q: ArrayLike, v: ArrayLike, a: ArrayLike) -> Array: ...
    def mass_matrix(self, name: str, model: Model, q: ArrayLike) -> Array: ...
    def gravity(self, name: str, model: Model, q: ArrayLike) -> Array: ...

formulations: _Formulations

from . import design as design  # the criteria of [VP] §5.2 (design.pyi)

def opcount(model: Model, algorithms: Union[None, str, Sequence[str]] = ...,
            generated: bool = ...) -> Dict[str, Dict[str, int]]: ...
def opcount_algorithms() -> List[str]: ...

@dataclass
class GeneratedCode:
    prefix: str
    header: str
    source: str
    counts: Dict[str, Dict[str, int]]
    files: List[str]

# Segments and tasks (docs/segments.md, docs/tasks.md). k = the number of links with a segment.
class Segments:
    @property
    def source(self) -> str: ...
    @property
    def link_names(self) -> List[str]: ...  # k names, link order
    @property
    def joints(self) -> List[int]: ...  # k 0-based joint indices (the CSV's sigma_max<index + 1>)
    @property
    def lengths(self) -> Array: ...  # (k,), m
    @property
    def masses(self) -> Array: ...  # (k,), kg
    @property
    def allowed_stresses(self) -> Array: ...  # (k, 2): [normal, shear], Pa
    def __len__(self) -> int: ...

SegmentsArg = Union[None, Segments, PathLike]
def load_segments(path: PathLike, model: Model) -> Segments: ...
def segment_stresses(model: Model, data: Optional[Data], q: ArrayLike, v: ArrayLike, a: ArrayLike,
                     segments: SegmentsArg = ...) -> Array: ...  # (k, 2) or (m, k, 2): [sigma_max, tau_max], Pa

@dataclass
class TaskResult:
    model: Model
    frame: str
    columns: List[str]  # the CSV header of `armdyn task`
    table: Array  # (m, len(columns))
    t: Array  # (m,), s
    q: Array  # (m, n)
    v: Array  # (m, n)
    a: Array  # (m, n)
    tau: Array  # (m, n), the drives
    pos: Array  # (m, 3), m
    quat: Array  # (m, 4), [w, x, y, z]
    energy_consumed: Array  # (m,), J
    reactions: Optional[Array]  # (m, n, 6)
    sigma_max: Optional[Array]  # (m, k), Pa
    tau_max: Optional[Array]  # (m, k), Pa
    segment_joints: Optional[List[int]]
    gripper: Optional[Array]  # (m, 6)
    summary: Dict[str, object]
    warnings: List[str]
    def column(self, name: str) -> Array: ...
    def to_csv(self, path: Optional[PathLike] = ...) -> str: ...
    def plot(self, path: Optional[PathLike] = ...) -> object: ...

def run_task(model: Model, task: Union[PathLike, Mapping[str, object]], *, segments: SegmentsArg = ...,
             reactions: bool = ..., stresses: bool = ..., gripper: bool = ..., integrator: str = ...,
             dt: float = ..., output_period: float = ...) -> TaskResult: ...

def codegen(model: Model, algorithms: Union[None, str, Sequence[str]] = ..., prefix: Optional[str] = ...,
            out: Optional[PathLike] = ...) -> GeneratedCode: ...

@dataclass
class SimulationResult:
    model: Model
    t: Array  # (m,), s
    q: Array  # (m, n)
    v: Array  # (m, n)
    a: Array  # (m, n)
    tau: Array  # (m, n)
    kinetic: Array  # (m,), J
    potential: Array  # (m,), J
    stats: Dict[str, object]
    warnings: List[str]
    contact_force: Optional[Array]  # (m, k), N; with a constraint
    constraint_error: Optional[Array]  # (m,), m; with a constraint
    @property
    def energy(self) -> Array: ...
    def to_csv(self, path: Optional[PathLike] = ...) -> str: ...
    def plot(self, path: Optional[PathLike] = ...) -> object: ...

class SimulationDiverged(ArithmeticError):
    result: SimulationResult  # the samples before the divergence
    def __init__(self, message: str, result: SimulationResult) -> None: ...

def integrators() -> List[str]: ...
def simulate(model: Model, q0: ArrayLike, v0: ArrayLike, duration: float, integrator: str = ..., *,
             tau: Union[None, ArrayLike, Callable[[float, Array, Array], ArrayLike]] = ..., dt: float = ...,
             output_period: float = ..., rtol: float = ..., atol: float = ..., method: str = ...,
             stop_at_limits: bool = ..., controller: Optional[str] = ..., goal: Optional[ArrayLike] = ...,
             move_time: float = ..., profile: str = ..., kp: Union[None, float, ArrayLike] = ...,
             kd: Union[None, float, ArrayLike] = ..., control_rate: float = ...,
             constraint: Optional[ConstraintArg] = ...) -> SimulationResult: ...


class ViewPage(str):
    def _repr_html_(self) -> str: ...
    def save(self, path: str) -> None: ...

def view(model: Model, q: Optional[ArrayLike] = ..., trajectory: Union[None, str, "os.PathLike[str]", SimulationResult] = ..., *,
         t: Optional[ArrayLike] = ..., tau: Optional[ArrayLike] = ..., frame: Optional[str] = ...,
         max_samples: int = ...) -> ViewPage: ...
