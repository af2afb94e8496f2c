"""Batches: stacked states (m, n) give (m, ...) equal bit for bit to the one-state loop, on any
number of threads, with the GIL released while they run."""
import os
import sys
import threading
import time

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR, random_states

# Enough states that a batch of the cheapest function is cut into chunks run on several threads
# (chunks of about 50 us of work), and not a multiple of any chunk size.
M = 4001


def calls(model):
    """(name, batch call, one-state call) of every evaluation function."""
    frame = model.frame_names[-1]
    fx = {frame: [1.0, 2.0, 3.0, 0.1, 0.2, 0.3]}
    return [
        ("rnea", lambda d, q, v, a, t: armdyn.rnea(model, d, q, v, a)),
        ("rnea f_ext", lambda d, q, v, a, t: armdyn.rnea(model, d, q, v, a, f_ext=fx)),
        ("crba", lambda d, q, v, a, t: armdyn.crba(model, d, q)),
        ("nonlinear_effects", lambda d, q, v, a, t: armdyn.nonlinear_effects(model, d, q, v)),
        ("gravity", lambda d, q, v, a, t: armdyn.gravity(model, d, q)),
        ("coriolis_matrix", lambda d, q, v, a, t: armdyn.coriolis_matrix(model, d, q, v)),
        ("christoffel_symbols", lambda d, q, v, a, t: armdyn.christoffel_symbols(model, d, q)),
        ("coriolis_coefficients", lambda d, q, v, a, t: armdyn.coriolis_coefficients(model, d, q)),
        ("aba", lambda d, q, v, a, t: armdyn.aba(model, d, q, v, t)),
        ("fd crba", lambda d, q, v, a, t: armdyn.forward_dynamics(model, d, q, v, t, method="crba")),
        ("fd walker-orin", lambda d, q, v, a, t: armdyn.forward_dynamics(model, d, q, v, t, method="walker-orin")),
        ("kinetic_energy", lambda d, q, v, a, t: armdyn.kinetic_energy(model, d, q, v)),
        ("potential_energy", lambda d, q, v, a, t: armdyn.potential_energy(model, d, q)),
        ("forward_kinematics", lambda d, q, v, a, t: armdyn.forward_kinematics(model, d, q)),
        ("frame_placement", lambda d, q, v, a, t: armdyn.frame_placement(model, d, q, frame)),
        ("jacobian", lambda d, q, v, a, t: armdyn.jacobian(model, d, q, frame)),
        ("frame_velocity", lambda d, q, v, a, t: armdyn.frame_velocity(model, d, q, v, frame)),
        ("frame_acceleration", lambda d, q, v, a, t: armdyn.frame_acceleration(model, d, q, v, a, frame)),
        ("jacobian local", lambda d, q, v, a, t: armdyn.jacobian(model, d, q, frame, frame_axes="local")),
        ("joint_reactions", lambda d, q, v, a, t: armdyn.joint_reactions(model, d, q, v, a, f_ext=fx)),
        ("gripper_wrench", lambda d, q, v, a, t: armdyn.gripper_wrench(model, d, q, v, a, 2.0, com=[0, 0, 0.1])),
        ("drive_forward_dynamics", lambda d, q, v, a, t: armdyn.drive_forward_dynamics(model, d, q, v, t)),
        ("operational_space Lambda", lambda d, q, v, a, t: armdyn.operational_space(model, d, q, v, frame)["Lambda"]),
        ("lagrange", lambda d, q, v, a, t: armdyn.formulations.evaluate("lagrange", model, q, v, a)),
        ("gibbs-appell", lambda d, q, v, a, t: armdyn.formulations.evaluate("gibbs-appell", model, q, v, a)),
    ]


@pytest.fixture(autouse=True)
def restore_threads():
    yield
    armdyn.set_num_threads(0)


@pytest.mark.parametrize("spec", ["puma560", os.path.join(MODELS_DIR, "panda.urdf")], ids=os.path.basename)
def test_batch_equals_the_loop_bit_for_bit(spec):
    model = armdyn.load(spec)
    q, v, a, tau = random_states(model.nq, M, seed=11)
    data = model.create_data()
    for name, call in calls(model):
        if name in ("lagrange", "gibbs-appell") and name not in armdyn.formulations.names():
            continue
        loop = np.array([call(data, q[k], v[k], a[k], tau[k]) for k in range(M)])
        for threads in (1, 2, 0):
            armdyn.set_num_threads(threads)
            batch = call(data, q, v, a, tau)
            assert batch.shape == loop.shape and batch.dtype == np.float64, name
            np.testing.assert_array_equal(batch, loop, err_msg=f"{name}, {threads} threads")
        # without a Data as well
        np.testing.assert_array_equal(call(None, q, v, a, tau), loop, err_msg=name)


def test_empty_and_single_row_batches():
    model = armdyn.load("puma560")
    assert armdyn.rnea(model, None, np.zeros((0, 6)), np.zeros((0, 6)), np.zeros((0, 6))).shape == (0, 6)
    assert armdyn.crba(model, None, np.zeros((0, 6))).shape == (0, 6, 6)
    assert armdyn.kinetic_energy(model, None, np.zeros((1, 6)), np.zeros((1, 6))).shape == (1,)
    with pytest.raises(ValueError, match=r"set_num_threads: n must be 0 \(every core\) or a number of threads"):
        armdyn.set_num_threads(-1)
    armdyn.set_num_threads(3)
    assert armdyn.get_num_threads() == 3


def test_the_gil_is_released_while_a_batch_runs():
    """With a long switch interval this thread keeps the GIL until it gives it up: the counting
    thread (which gives it up at every step) can only count while the batch runs when the batch
    has released it."""
    model = armdyn.load(os.path.join(MODELS_DIR, "panda.urdf"))
    q, v, a, _ = random_states(model.nq, 20000, seed=12)
    count = [0]
    stop = threading.Event()

    def counter():
        while not stop.is_set():
            count[0] += 1
            time.sleep(0)

    old = sys.getswitchinterval()
    thread = threading.Thread(target=counter)
    thread.start()
    try:
        sys.setswitchinterval(100.0)
        armdyn.set_num_threads(1)
        before = count[0]
        armdyn.coriolis_matrix(model, None, q, v)
        during = count[0] - before
    finally:
        sys.setswitchinterval(old)
        stop.set()
        thread.join()
    assert during > 0


def test_two_threads_running_batches_at_once_get_the_loop_results():
    model = armdyn.load("puma560")
    q, v, a, _ = random_states(6, 2000, seed=13)
    expected = armdyn.rnea(model, None, q, v, a)
    expected_m = armdyn.crba(model, None, q)
    results = {}

    def work(name):
        results[name] = (armdyn.rnea(model, None, q, v, a), armdyn.crba(model, None, q))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for tau, mass in results.values():
        np.testing.assert_array_equal(tau, expected)
        np.testing.assert_array_equal(mass, expected_m)
