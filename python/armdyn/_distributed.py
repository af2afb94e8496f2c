"""Design studies on a Dask cluster: each candidate of a study's grid is one task on the
cluster's workers (armdyn.design.run_study(..., client=...), `armdyn design --scheduler`).

A worker needs only the package armdyn: the study travels as one self-contained document (the
JSON files it names are put inline), and every worker evaluates candidates with the same library
code as a local sweep, so the results are the local ones bit for bit.

`python3 -m armdyn._distributed STUDY.json --scheduler tcp://host:port` is what `armdyn design
--scheduler` runs: it prints one JSON line per finished grid point, {"index": i, "result": {...}},
in the order they finish (non-finite numbers as the strings "nan", "inf", "-inf"); exit status 2
for a bad study, a scheduler address that is not one or a scheduler that does not answer (it
is waited for --timeout seconds, else ARMDYN_DASK_TIMEOUT, else 10), 1 when the cluster cannot
be used otherwise.
"""
from __future__ import annotations

import functools
import json
import math
import os
import sys
from typing import Callable, Dict, List, Optional

from . import _armdyn

_REFERENCES = ("model", "task", "segments", "actuators")


def self_contained(path: str) -> str:
    """The study at `path` with each JSON file it names (model, task, segments, actuators) put
    inline, so that it can be evaluated where those files are not."""
    folder = os.path.dirname(os.path.abspath(path))
    with open(path, encoding="utf-8") as stream:
        doc = json.load(stream)
    if isinstance(doc, dict):
        for key in _REFERENCES:
            name = doc.get(key)
            if isinstance(name, str) and name.endswith(".json"):
                with open(os.path.join(folder, name), encoding="utf-8") as stream:
                    doc[key] = json.load(stream)
    return json.dumps(doc)


@functools.lru_cache(maxsize=4)
def _study(text: str, source: str, base_dir: str):
    return _armdyn.design._parse_study(text, source, base_dir)


def evaluate_shipped(text: str, source: str, base_dir: str, values: Dict[str, float]) -> dict:
    """One grid point of a shipped study (the task a worker runs): the candidate of a sweep, or
    the T_min search of a tmin study (Study.tmin_point); the parsed study is kept for the
    worker's next points."""
    study = _study(text, source, base_dir)
    return study.tmin_point(values) if study.kind == "tmin" else study.evaluate(values)


def search_shipped(text: str, source: str, base_dir: str, method: str) -> dict:
    """One search of a shipped optimize study (Study.optimize_method): the task a worker runs."""
    return _study(text, source, base_dir).optimize_method(method)


def run_on_cluster(path: str, client, progress: Optional[Callable[[int, int, int, dict], None]] = None) -> List[dict]:
    """Every grid point of the study at `path` (a sweep's candidates, a tmin study's searches) or
    every search method of an optimize study as a task of `client` (a dask.distributed.Client);
    results in order (grid order; optimize_methods' order). progress(done, total,
    index, result) is called as each one finishes."""
    from distributed import as_completed

    study = _armdyn.design._read_study(path)  # a bad study fails here, before the cluster is used
    text = self_contained(path)
    base_dir = os.path.dirname(os.path.abspath(path))
    if study.kind == "optimize":  # one task per search method
        grid = study.optimize_methods
        futures = [client.submit(search_shipped, text, study.source, base_dir, m, pure=False) for m in grid]
    else:
        grid = study.grid()
        futures = [client.submit(evaluate_shipped, text, study.source, base_dir, v, pure=False) for v in grid]
    position = {future.key: k for k, future in enumerate(futures)}
    results: List[Optional[dict]] = [None] * len(grid)
    for done, future in enumerate(as_completed(futures), start=1):
        k = position[future.key]
        results[k] = future.result()
        if progress is not None:
            progress(done, len(grid), k, results[k])
    return results


def _plain(x):
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    if isinstance(x, dict):
        return {key: _plain(value) for key, value in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(value) for value in x]
    return x


def _seconds(text: str, name: str) -> float:
    """A time-out in seconds, in (0, 86400]; ValueError naming `name` otherwise."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= 86400:
        raise ValueError(f"{name}: '{text}' is not a number of seconds in (0, 86400]")
    return seconds


def main(argv: List[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python3 -m armdyn._distributed")
    parser.add_argument("study")
    parser.add_argument("--scheduler", required=True)
    # Seconds to wait for the scheduler (default ARMDYN_DASK_TIMEOUT, else 10).
    parser.add_argument("--timeout")
    args = parser.parse_args(argv)
    try:
        if args.timeout is not None:
            timeout = _seconds(args.timeout, "--timeout")
        else:
            timeout = _seconds(os.environ.get("ARMDYN_DASK_TIMEOUT", "10"), "ARMDYN_DASK_TIMEOUT")
    except ValueError as error:
        print(str(error), file=sys.stderr)
        return 2
    try:
        _armdyn.design._read_study(args.study)
    except _armdyn.InputError as error:
        print(str(error), file=sys.stderr)
        return 2
    try:
        from distributed import Client
    except ImportError:
        print("the Python package dask.distributed is not installed (Debian: python3-distributed)",
              file=sys.stderr)
        return 1
    try:
        client = Client(args.scheduler, timeout=timeout)
    except (OSError, TimeoutError) as error:
        print(f"--scheduler: cannot reach the Dask scheduler at '{args.scheduler}': {error}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as error:  # not an address: "missing port number", "unknown scheme"
        print(f"--scheduler: '{args.scheduler}' is not a Dask scheduler's address: {error}", file=sys.stderr)
        return 2

    def emit(done, total, index, result):
        print(json.dumps({"index": index, "result": _plain(result)}), flush=True)

    try:
        run_on_cluster(args.study, client, emit)
    except _armdyn.InputError as error:
        print(str(error), file=sys.stderr)
        return 2
    finally:
        client.close()
    return 0


if __name__ == "__main__":
    # Run as the package's module, not as __main__, so that the tasks refer to
    # armdyn._distributed.evaluate_shipped, which every worker imports.
    from armdyn import _distributed
    sys.exit(_distributed.main(sys.argv[1:]))
