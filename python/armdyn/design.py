"""armdyn.design: choosing a manipulator by the criteria of [VP] §5.2 (docs/design.md).

The time and energy efficiencies of candidate designs on a test task, their combination into one
figure of merit G by a weighted power mean whose exponent r sets how strongly both must be high,
and the degrees of conjunction and disjunction that name an r::

    from armdyn import design
    design.criterion([(3.0, 80.0), (4.0, 60.0)], T0=6, T1=2, E0=120, E1=40, c=0.75)
    design.exponent_of_conjunction(0.75)      # r for a degree of conjunction 0.75

The functions take floats or numpy arrays (elementwise, broadcast) and raise armdyn.InputError
(a ValueError) naming the argument that is out of its range.

Design studies (`armdyn design`): load_study reads a STUDY.json, run_study evaluates its grid of
candidate arms on the local cores, or on a Dask cluster given a dask.distributed.Client::

    study = design.load_study("examples/studies/vp_radius.json")
    results = design.run_study(study)                    # local cores, grid order
    results = design.run_study(study, client=Client(...))  # one Dask task per candidate, same results
"""
from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _armdyn

_compiled = _armdyn.design
time_efficiency = _compiled.time_efficiency
energy_efficiency = _compiled.energy_efficiency
combined_efficiency = _compiled.combined_efficiency
conjunction_degree = _compiled.conjunction_degree
disjunction_degree = _compiled.disjunction_degree
exponent_of_conjunction = _compiled.exponent_of_conjunction
Study = _compiled.Study

__all__ = [
    "Study", "combined_efficiency", "conjunction_degree", "criterion", "disjunction_degree", "energy_efficiency",
    "exponent_of_conjunction", "load_study", "run_study", "time_efficiency",
]


def criterion(designs: Sequence[Tuple[float, float]], T0: float, T1: float, E0: float, E1: float,
              w_t: float = 0.5, r: Optional[float] = None, c: Optional[float] = None) -> Dict[str, object]:
    """G_t, G_e and G of each design (T, E) (task time in s, energy in J), like `armdyn criterion
    --json`: {"designs": [{"T", "E", "G_t", "G_e", "G"}, ...], "r", "c", "d"}. Give one of r (the
    exponent, may be ±inf) and c (the degree of conjunction in [0, 1], from which r follows);
    w_t weighs time, w_e = 1 - w_t energy."""
    if (r is None) == (c is None):
        raise _armdyn.InputError("criterion: give one of r and c")
    if r is None:
        r = float(exponent_of_conjunction(c))
        c = float(c)
        d = 1 - c
    else:
        r = float(r)
        c = float(conjunction_degree(r))
        d = float(disjunction_degree(r))
    rows = []
    for k, pair in enumerate(designs):
        if len(pair) != 2:
            raise _armdyn.InputError(f"criterion: design {k + 1}: expected a pair (T, E), got {len(pair)} numbers")
        T, E = float(pair[0]), float(pair[1])
        G_t = float(time_efficiency(T, T0, T1))
        G_e = float(energy_efficiency(E, E0, E1))
        rows.append({"T": T, "E": E, "G_t": G_t, "G_e": G_e, "G": float(combined_efficiency(G_t, G_e, r, w_t))})
    if not rows:
        raise _armdyn.InputError("criterion: designs: give at least one pair (T, E)")
    return {"designs": rows, "r": r, "c": c, "d": d}




def load_study(path: Union[str, "os.PathLike[str]"]) -> Study:
    """Reads a STUDY.json (docs/design.md, "Design studies"; the files it names are relative to
    its folder). Raises armdyn.InputError naming the file and the field."""
    return _compiled._read_study(os.fspath(path))


def run_study(study: Union[Study, str, "os.PathLike[str]"], client=None, *, threads: int = 0,
              progress: Optional[Callable[[int, int, int, dict], None]] = None) -> List[dict]:
    """Every candidate of the study's grid (a Study or a STUDY.json path), in grid order: one dict
    per candidate (Study.evaluate's; for a tmin study Study.tmin_point's, its T_min search; for an
    optimize study one per search method, Study.optimize_method's). Without `client` on `threads` local threads (0: every core);
    with a dask.distributed.Client each candidate is one task on the cluster's workers (which
    need the package armdyn), with the same results bit for bit; progress(done, total, index,
    result) is called as each one finishes. `threads` is 0 or at most max(256, 4 x the hardware
    threads) (armdyn.InputError beyond), checked whatever the study's kind."""
    threads = _armdyn._check_threads(threads, "run_study: threads")
    if not isinstance(study, Study):
        study = load_study(study)
    if client is None:
        # A tmin study's grid points are its T_min searches (one after another here).
        if study.kind == "optimize":
            results = [study.optimize_method(m) for m in study.optimize_methods]
        elif study.kind == "tmin":
            results = [study.tmin_point(v) for v in study.grid()]
        else:
            results = study.sweep(threads)
        if progress is not None:
            for k, result in enumerate(results):
                progress(k + 1, len(results), k, result)
        return results
    from ._distributed import run_on_cluster
    return run_on_cluster(study.source, client, progress)
