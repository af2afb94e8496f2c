"""No leaks: 10^5 calls keep the reference counts of their arguments and the traced memory flat,
on the success and on the error paths."""
import gc
import sys
import tracemalloc

import numpy as np
import pytest

import armdyn

CALLS = 100_000


def growth(call, calls):
    """Bytes the traced memory grew by over `calls` calls (after one warm-up round)."""
    for _ in range(100):
        call()
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(calls):
            call()
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()


def test_one_state_calls_keep_reference_counts_and_memory_flat():
    model = armdyn.load("puma560")
    data = model.create_data()
    q, v, a = np.full(6, 0.1), np.full(6, 0.2), np.full(6, 0.3)
    listed = [0.1] * 6
    counts = [sys.getrefcount(x) for x in (model, data, q, v, a, listed)]

    def call():
        armdyn.rnea(model, data, q, v, a)
        armdyn.gravity(model, data, listed)

    assert growth(call, CALLS // 2) < 64 * 1024
    assert [sys.getrefcount(x) for x in (model, data, q, v, a, listed)] == counts


def test_error_paths_keep_reference_counts_and_memory_flat():
    model = armdyn.load("puma560")
    q = np.zeros(5)
    bad = np.full(6, np.nan)
    counts = [sys.getrefcount(x) for x in (model, q, bad)]

    def call():
        with pytest.raises(ValueError):
            armdyn.crba(model, None, q)
        with pytest.raises(ValueError):
            armdyn.crba(model, None, bad)

    assert growth(call, CALLS // 10) < 64 * 1024
    assert [sys.getrefcount(x) for x in (model, q, bad)] == counts


def test_batch_calls_keep_reference_counts_and_memory_flat():
    model = armdyn.load("puma560")
    Q = np.full((8, 6), 0.1)
    fext = {model.frame_names[-1]: [1.0, 0, 0, 0, 0, 0]}
    counts = [sys.getrefcount(x) for x in (model, Q, fext)]

    def call():
        armdyn.rnea(model, None, Q, Q, Q, f_ext=fext)
        armdyn.kinetic_energy(model, None, Q, Q)

    assert growth(call, CALLS // 10) < 64 * 1024
    assert [sys.getrefcount(x) for x in (model, Q, fext)] == counts


def test_loads_cartesian_and_drive_calls_keep_reference_counts_and_memory_flat():
    import os
    from conftest import MODELS_DIR
    model = armdyn.load("puma560", actuators="puma560")
    ur5 = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    q, Q = np.full(6, 0.3), np.full((4, 6), 0.3)
    payload = armdyn.Payload(1.0, [0, 0, 0.1])
    fext = {"link6": [1.0, 0, 0, 0, 0, 0]}
    counts = [sys.getrefcount(x) for x in (model, ur5, q, Q, payload, fext)]

    def call():
        armdyn.operational_space(model, None, Q, Q, "link6")
        armdyn.craig_cartesian_dynamics(model, None, q, q, "link6")
        armdyn.joint_reactions(model, None, q, q, q, f_ext=fext)
        armdyn.gripper_wrench(model, None, Q, Q, Q, payload)
        armdyn.drive_forward_dynamics(model, None, q, q, q)
        armdyn.max_payload(ur5, None, q)
        model.with_payload(payload)
        with pytest.raises(ValueError):
            armdyn.operational_space(model, None, q, q, "link6", rows=[7])

    assert growth(call, CALLS // 20) < 64 * 1024
    assert [sys.getrefcount(x) for x in (model, ur5, q, Q, payload, fext)] == counts
