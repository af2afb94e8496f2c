#!/usr/bin/env python3
"""Speed of the Python module armdyn (not a test): the per-call time of rnea from Python next to
the same algorithm inside one batch call (the C++ time per state on one thread, with the call's
fixed cost spread over 10^4 states), the overhead per call that makes the difference, and the batch
throughput on 1 and 2 threads.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/bench_python.py [MODEL] [--states N]
"""
import argparse
import os
import time

import numpy as np

import armdyn


def best_of(repeats, function):
    """The shortest wall time of `repeats` runs of function(), in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", default="puma560")
    parser.add_argument("--states", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=100_000)
    args = parser.parse_args()

    model = armdyn.load(args.model)
    data = model.create_data()
    n, m = model.nq, args.states
    rng = np.random.default_rng(0)
    Q, V, A = (rng.uniform(-1, 1, size=(m, n)) for _ in range(3))
    q, v, a = Q[0].copy(), V[0].copy(), A[0].copy()

    rnea = armdyn.rnea
    calls = args.calls

    def loop():
        for _ in range(calls):
            rnea(model, data, q, v, a)

    per_call = best_of(5, loop) / calls
    armdyn.set_num_threads(1)
    batch_1 = best_of(5, lambda: rnea(model, data, Q, V, A))
    armdyn.set_num_threads(2)
    batch_2 = best_of(5, lambda: rnea(model, data, Q, V, A))
    armdyn.set_num_threads(0)
    per_state = batch_1 / m

    print(f"armdyn {armdyn.__version__}, model '{model.name}' ({n} joints), {os.cpu_count()} CPUs")
    print(f"rnea, one state per call from Python : {per_call * 1e6:8.3f} us/call")
    print(f"rnea inside a batch (C++, 1 thread)  : {per_state * 1e6:8.3f} us/state")
    print(f"Python overhead per call             : {(per_call - per_state) * 1e6:8.3f} us")
    print(f"batch of {m} states, 1 thread       : {batch_1 * 1e3:8.3f} ms  ({m / batch_1 / 1e6:6.3f} M states/s)")
    print(f"batch of {m} states, 2 threads      : {batch_2 * 1e3:8.3f} ms  ({m / batch_2 / 1e6:6.3f} M states/s)")
    print(f"speed-up from the second thread      : {batch_1 / batch_2:8.2f}x")


if __name__ == "__main__":
    main()
