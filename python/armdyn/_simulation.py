"""armdyn.simulate and its result (numpy arrays, a plot like the CLI's PNG, the CLI's CSV)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Union

import numpy as np

from . import _armdyn


@dataclass
class SimulationResult:
    """The samples of a simulation, one row per output time: t (m,) in s; q (m, n) in rad or m;
    v (m, n) in rad/s or m/s; a (m, n) in rad/s^2 or m/s^2; tau (m, n) in N m or N (the torque
    applied from that time on); kinetic and potential (m,) in J. `stats`: steps, rejected_steps,
    evaluations, final_time, limit_joint, diverged, divergence, diverged_at, last_finite_time,
    energy_change (E - E(0) there, J) (and max_constraint_error, m, with a constraint); `warnings`: what the run warned about (a joint leaving its limits, ...). With a
    constraint (simulate(..., constraint=C)): contact_force (m, k) in N, the forces N_k on the arm
    (the CSV's contact_force1..k; a loop's reaction on its first frame, base axes), and
    constraint_error (m,) in m, max_k |h_k| at each row; both None without one."""

    model: _armdyn.Model
    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    a: np.ndarray
    tau: np.ndarray
    kinetic: np.ndarray
    potential: np.ndarray
    stats: Dict[str, object] = field(default_factory=dict)
    warnings: List[str] = field(default_factory=list)
    contact_force: Optional[np.ndarray] = None
    constraint_error: Optional[np.ndarray] = None

    @property
    def energy(self) -> np.ndarray:
        """Total energy kinetic + potential, (m,) in J."""
        return self.kinetic + self.potential

    def to_csv(self, path: Optional[Union[str, "os.PathLike[str]"]] = None) -> str:
        """The CSV of `armdyn simulate` (columns t, q1..qn, v1..vn, a1..an, tau1..taun, kinetic,
        potential, energy; with a constraint also contact_force1..k, constraint_error); written to
        `path` when given. Returns the text."""
        text = _armdyn._csv(self.t, self.q, self.v, self.a, self.tau, self.kinetic, self.potential,
                            self.contact_force, self.constraint_error)
        if path is not None:
            with open(os.fspath(path), "w", encoding="utf-8") as stream:
                stream.write(text)
        return text

    def plot(self, path: Optional[Union[str, "os.PathLike[str]"]] = None):
        """Joint positions, velocities, torques and energies against time (matplotlib), like the
        CLI's --plot PNG. Saved to `path` when given; returns the figure."""
        import matplotlib
        if path is not None and matplotlib.get_backend().lower() not in ("agg", "pdf", "svg", "ps", "cairo"):
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(4, 1, figsize=(9, 10), sharex=True)
        names = self.model.joint_names
        for values, ax, label in ((self.q, axes[0], "q [rad, m]"), (self.v, axes[1], "v [rad/s, m/s]"),
                                  (self.tau, axes[2], "tau [N m, N]")):
            for j, name in enumerate(names):
                ax.plot(self.t, values[:, j], label=name)
            ax.set_ylabel(label)
            ax.grid(True, alpha=0.3)
        axes[0].legend(loc="upper right", fontsize="small")
        axes[3].plot(self.t, self.kinetic, label="kinetic")
        axes[3].plot(self.t, self.potential, label="potential")
        axes[3].plot(self.t, self.energy, label="total")
        axes[3].set_ylabel("energy [J]")
        axes[3].set_xlabel("t [s]")
        axes[3].legend(loc="upper right", fontsize="small")
        axes[3].grid(True, alpha=0.3)
        figure.suptitle(f"{self.model.name}: simulation")
        figure.tight_layout()
        if path is not None:
            figure.savefig(os.fspath(path), dpi=100)
            plt.close(figure)
        return figure


class SimulationDiverged(ArithmeticError):
    """The integration diverged (as `armdyn simulate` exits 3): the state, its acceleration or its
    energy stopped being finite, or rk45's step fell below 1e-14 s. `result` holds the samples up
    to the last finite one (a SimulationResult, stats["diverged"] True); the message says when it
    diverged, the energy change just before and what to try."""

    def __init__(self, message: str, result: "SimulationResult"):
        super().__init__(message)
        self.result = result


def _divergence_message(result: "SimulationResult", integrator: str, dt: float, rtol: float, atol: float,
                        passive: bool) -> str:
    st = result.stats
    text = (f"simulate: the integration diverged at t = {st['diverged_at']:.6g} s ({st['divergence']}); "
            f"{'energy error' if passive else 'energy change (with the input work)'} {st['energy_change']:.3g} J "
            f"at t = {st['last_finite_time']:.6g} s just before; {len(result.t)} samples up to t = "
            f"{st['final_time']:.6g} s kept in the exception's .result; try ")
    if integrator == "rk45":
        return text + f"tighter rtol/atol (now {rtol:g}/{atol:g}) or check the input and the model"
    return text + f"a smaller dt (now {dt:g} s) or integrator='rk45'"


# The most samples a result keeps in memory (each 4n + 3 numbers).
MAX_SAMPLES = 1e7

TorqueInput = Union[None, np.ndarray, list, Callable[[float, np.ndarray, np.ndarray], np.ndarray]]


def simulate(model: _armdyn.Model, q0, v0, duration: float, integrator: str = "rk45", *,
             tau: TorqueInput = None, dt: float = 1e-3, output_period: float = 0.0, rtol: float = 1e-6,
             atol: float = 1e-8, method: str = "aba", stop_at_limits: bool = False,
             controller: Optional[str] = None, goal=None, move_time: float = 0.0, profile: str = "quintic",
             kp=None, kd=None, control_rate: float = 1000.0, constraint=None) -> SimulationResult:
    """Integrates a = M(q)^-1 (tau - c(q, v)) from (q0, v0) (shapes (nq,) and (nv,), rad or m, rad/s or
    m/s; nq = nv but with quaternion joints, whose four numbers move as q' = q (x) (0, w) / 2 and
    are kept of unit length) over [0, duration] seconds, like `armdyn simulate`. A model carrying drives (model.drives)
    integrates (M + diag(G^2 Jm)) a = tau - c(q, v) - f(v) instead, like `armdyn simulate
    --actuators`, and the samples' kinetic energy includes the rotors'.

    integrator: one of integrators() ('euler', 'symplectic-euler', 'rk4', 'rk45'). tau: None (no
    torque), a constant (n,) in N m or N, or a callable tau(t, q, v) -> (n,). dt: the fixed step, or
    rk45's first step (s); output_period: seconds between samples (0: dt); rtol, atol: rk45's
    tolerances; method: the forward-dynamics route ('aba', 'crba', 'walker-orin'); stop_at_limits:
    end at the first step that leaves a joint's range.

    controller: 'pd', 'pd-gravity' or 'computed-torque' (instead of tau), driving the arm to `goal`
    ((n,), rad or m) along a 'quintic' or 'cubic' `profile` of `move_time` seconds (0: a step
    set-point), sampled `control_rate` times a second (0: continuously), with gains kp, kd (one
    number or (n,); default: each joint critically damped at 10 rad/s), like `armdyn simulate
    --controller`.

    constraint: a point held on a surface, a line or a point of another frame (a loop), like
    `armdyn simulate --constraint`: an armdyn.Constraint (load_constraint) or what
    load_constraint reads (a file path, JSON text, a dict; docs/constraints.md). The motion is
    then the constrained one (whatever `method` says), projected back onto the constraint after
    every step when constraint.projection; (q0, v0) must be on it within 1e-6 m and 1e-6 m/s. The
    result carries contact_force and constraint_error. Not with a model carrying drives.

    Raises armdyn.InputError or ValueError for bad options, and armdyn.SimulationDiverged (an
    ArithmeticError) when the integration diverges, as `armdyn simulate` exits 3: its `result`
    holds the samples before the divergence."""
    period = output_period if output_period > 0 else dt
    if duration > 0 and period > 0 and duration / period > MAX_SAMPLES:
        raise _armdyn.InputError(f"simulate: {duration} s at one sample every {period} s keeps about "
                                 f"{duration / period:.3g} samples in memory, more than {MAX_SAMPLES:.0e}; "
                                 "raise output_period")
    result = _armdyn._simulate(model, q0, v0, float(duration), tau, integrator, float(dt), float(output_period),
                               float(rtol), float(atol), method, bool(stop_at_limits),
                               None if controller is None else {
                                   "controller": controller, "goal": goal, "move_time": float(move_time),
                                   "profile": profile, "kp": kp, "kd": kd, "control_rate": float(control_rate)},
                               constraint)
    run = SimulationResult(model, result["t"], result["q"], result["v"], result["a"], result["tau"],
                           result["kinetic"], result["potential"], result["stats"], result["warnings"],
                           result["contact_force"], result["constraint_error"])
    if run.stats["diverged"]:
        passive = tau is None and controller is None
        raise SimulationDiverged(_divergence_message(run, integrator, dt, rtol, atol, passive), run)
    return run
