"""armdyn.run_task and its result: a task (TASK.json, docs/tasks.md) run as `armdyn task` runs it,
numpy arrays named like the CLI's CSV columns, the CLI's CSV, a plot like its PNG."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Union

import numpy as np

from . import _armdyn


@dataclass
class TaskResult:
    """The rows of a task run, one per output time (the columns of `armdyn task`'s CSV):

    t (m,) s; q, v, a (m, n) in rad or m and their rates; tau (m, n) the drives in N m or N;
    pos (m, 3) the frame origin in base axes, m; quat (m, 4) its orientation [w, x, y, z] (w >= 0);
    energy_consumed (m,) J ([VP] (3.5.2)-(3.5.4), up to t). With reactions=True: reactions
    (m, n, 6), per joint [fx, fy, fz, nx, ny, nz] in the child link's frame (N, N m); with
    stresses=True: sigma_max and tau_max (m, k) in Pa, one column per link with a segment
    (segment_joints: their 0-based joint indices; the CSV's sigma_max<index + 1>); with gripper=True:
    gripper (m, 6), the wrench the gripper applies to the payload, base axes (N, N m). Unrequested
    groups are None.

    `columns` and `table` (m, len(columns)) are the CSV itself; `summary` what `--summary` prints
    (energy_consumed, position_deviation and orientation_deviation with their times, peak_tau,
    peak_v and their times per joint, steps, rows, damped_steps, ...); `warnings` what the run warned
    about (a near-singular stretch)."""

    model: _armdyn.Model
    frame: str
    columns: List[str]
    table: np.ndarray
    t: np.ndarray
    q: np.ndarray
    v: np.ndarray
    a: np.ndarray
    tau: np.ndarray
    pos: np.ndarray
    quat: np.ndarray
    energy_consumed: np.ndarray
    reactions: Optional[np.ndarray] = None
    sigma_max: Optional[np.ndarray] = None
    tau_max: Optional[np.ndarray] = None
    segment_joints: Optional[List[int]] = None
    gripper: Optional[np.ndarray] = None
    summary: Dict[str, object] = field(default_factory=dict)
    warnings: List[str] = field(default_factory=list)

    def column(self, name: str) -> np.ndarray:
        """One CSV column by its name ("q3", "reaction2_fz", "sigma_max4", ...), (m,), a copy."""
        try:
            return np.ascontiguousarray(self.table[:, self.columns.index(name)])
        except ValueError:
            raise KeyError(f"no column {name!r} (columns: {', '.join(self.columns)})") from None

    def to_csv(self, path: Optional[Union[str, "os.PathLike[str]"]] = None) -> str:
        """The CSV `armdyn task` writes for the same run (the same header and numbers, the time in
        the shortest form that reads back exactly, every other value with 17 significant digits);
        written to `path` when given. Returns the text."""
        text = _armdyn._task_csv(self.columns, self.table)
        if path is not None:
            with open(os.fspath(path), "w", encoding="utf-8") as stream:
                stream.write(text)
        return text

    def plot(self, path: Optional[Union[str, "os.PathLike[str]"]] = None):
        """The drives, the joint motion, the consumed energy and the frame's path in 3-D (matplotlib),
        like `armdyn task --plot`. Saved to `path` when given; returns the figure."""
        import matplotlib
        if path is not None and matplotlib.get_backend().lower() not in ("agg", "pdf", "svg", "ps", "cairo"):
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure = plt.figure(figsize=(11, 9))
        names = self.model.joint_names
        panels = ((self.tau, 1, "drives [N m, N]"), (self.q, 3, "q [rad, m]"))
        for values, slot, label in panels:
            ax = figure.add_subplot(2, 2, slot)
            for j, name in enumerate(names):
                ax.plot(self.t, values[:, j], label=name)
            ax.set_ylabel(label)
            ax.set_xlabel("t [s]")
            ax.grid(True, alpha=0.3)
        figure.axes[0].legend(loc="upper right", fontsize="small")
        ax = figure.add_subplot(2, 2, 2)
        ax.plot(self.t, self.energy_consumed)
        ax.set_ylabel("energy consumed [J]")
        ax.set_xlabel("t [s]")
        ax.grid(True, alpha=0.3)
        ax = figure.add_subplot(2, 2, 4, projection="3d")
        ax.plot(self.pos[:, 0], self.pos[:, 1], self.pos[:, 2])
        ax.scatter([self.pos[0, 0]], [self.pos[0, 1]], [self.pos[0, 2]], marker="o")
        ax.set_xlabel("x [m]")
        ax.set_ylabel("y [m]")
        ax.set_zlabel("z [m]")
        ax.set_title(f"path of '{self.frame}'")
        figure.suptitle(f"{self.model.name}: task")
        figure.tight_layout()
        if path is not None:
            figure.savefig(os.fspath(path), dpi=100)
            plt.close(figure)
        return figure


TaskInput = Union[str, "os.PathLike[str]", Mapping[str, object]]


def run_task(model: _armdyn.Model, task: TaskInput, *, segments=None, reactions: bool = False,
             stresses: bool = False, gripper: bool = False, integrator: str = "rk4", dt: float = 1e-3,
             output_period: float = 0.0) -> TaskResult:
    """Runs a task (docs/tasks.md) on `model` as `armdyn task MODEL TASK` does: the task's frame
    follows the prescribed motion, the joint accelerations from the adjustment blocks ([VP]
    (3.1.6)), integrated with rk4 (fixed step `dt`) or rk45 (first step `dt`); a row every
    `output_period` seconds (0: every step) and at exactly the task's end.

    task: a TASK.json path, or its contents as a dict. segments: like `--segments`, a segment
    file or an armdyn.Segments whose mass_from_section is applied to the model before the task's
    payload; None uses the model's own (armdyn.load(..., segments=FILE), already applied).
    reactions, stresses, gripper: the `--with` column groups (stresses needs segments, gripper a
    payload in the task). Raises armdyn.InputError naming the task's field for a bad task, ValueError
    for bad options."""
    if isinstance(task, Mapping):
        text, source, is_path = json.dumps(task), "<task>", False
    else:
        text, source, is_path = os.fspath(task), "", True
        if text == "-":
            raise ValueError("run_task: task: give a TASK.json path or a dict ('-', standard input, is the tool's)")
    run = _armdyn._run_task(model, text, source, is_path, segments, bool(reactions), bool(stresses), bool(gripper),
                            integrator, float(dt), float(output_period))
    columns: List[str] = run["columns"]
    table: np.ndarray = run["table"]
    n = model.nq

    def block(first: str, count: int) -> np.ndarray:
        start = columns.index(first)
        return np.ascontiguousarray(table[:, start:start + count])

    result = TaskResult(model=model, frame=run["frame"], columns=columns, table=table,
                        t=block("t", 1)[:, 0].copy(), q=block("q1", n), v=block("v1", n), a=block("a1", n),
                        tau=block("tau1", n), pos=block("pos_x", 3), quat=block("quat_w", 4),
                        energy_consumed=block("energy_consumed", 1)[:, 0].copy(),
                        summary=run["summary"], warnings=list(run["warnings"]))
    if reactions:
        result.reactions = block("reaction1_fx", 6 * n).reshape(len(table), n, 6)
    sigma = [c for c in columns if c.startswith("sigma_max")]
    if sigma:
        result.segment_joints = [int(c[len("sigma_max"):]) - 1 for c in sigma]
        result.sigma_max = np.ascontiguousarray(table[:, [columns.index(c) for c in sigma]])
        result.tau_max = np.ascontiguousarray(table[:, [columns.index("tau_max" + c[len("sigma_max"):]) for c in sigma]])
    if gripper:
        result.gripper = block("gripper_fx", 6)
    return result
