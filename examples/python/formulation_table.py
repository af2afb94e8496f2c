#!/usr/bin/env python3
"""Every inverse-dynamics formulation of armdyn on one model: its largest difference from the
production recursive Newton-Euler over a batch of random states, and its time per state in a
batch (one thread), in a table.

    PYTHONPATH=build/python python3 examples/python/formulation_table.py [MODEL] [--states N]
"""
import argparse
import time

import numpy as np

import armdyn


def main():
    parser = argparse.ArgumentParser(description="armdyn's formulations side by side")
    parser.add_argument("model", nargs="?", default="puma560")
    parser.add_argument("--states", type=int, default=2000)
    args = parser.parse_args()

    model = armdyn.load(args.model)
    rng = np.random.default_rng(1)
    Q, V, A = (rng.uniform(-1, 1, size=(args.states, model.nq)) for _ in range(3))
    reference = armdyn.rnea(model, None, Q, V, A)
    scale = max(1.0, np.max(np.abs(reference)))
    armdyn.set_num_threads(1)
    print(f"model '{model.name}' ({model.nq} joints), {args.states} random states, one thread")
    print(f"{'formulation':24s} {'max |tau - rnea| / max |tau|':>30s} {'us / state':>12s}  source")
    ok = True
    for name in armdyn.formulations.names():
        info = armdyn.formulations.info(name)
        if info["chains_only"] and any(p != i - 1 for i, p in enumerate(model.parents)):
            print(f"{name:24s} {'(serial chains only)':>30s}")
            continue
        start = time.perf_counter()
        tau = armdyn.formulations.evaluate(name, model, Q, V, A)
        seconds = time.perf_counter() - start
        error = np.max(np.abs(tau - reference)) / scale
        ok = ok and error < 1e-9
        print(f"{name:24s} {error:30.2e} {seconds / args.states * 1e6:12.3f}  {info['source']}")
    armdyn.set_num_threads(0)
    print("formulations agree OK" if ok else "FAIL: a formulation disagrees with rnea")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
