"""What the module refuses, and how: thread counts beyond the bound (armdyn.InputError, as
`armdyn design --workers` exits 2); arrays of dates, durations, strings, objects or complex
numbers (armdyn.DTypeError, a TypeError and a ValueError) wherever numbers are taken; results
that are not finite although the inputs are (FloatingPointError, as `armdyn eval` exits 1); a
simulation that diverges (armdyn.SimulationDiverged, as `armdyn simulate` exits 3). And
view(model) with its default pose, after any other call, returns a page."""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import armdyn

SOURCE_DIR = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
STUDY = os.path.join(SOURCE_DIR, "examples", "studies", "vp_cylindrical_R_T.json")


def test_view_with_its_default_pose_returns_a_page_after_other_calls():
    program = ("import armdyn, numpy as np\n"
               "m = armdyn.load('puma560'); z = np.zeros(6)\n"
               "armdyn.rnea(m, None, z, z, z)\n"
               "page = armdyn.view(m)\n"
               "assert '<html' in page.lower()\n"
               "page = armdyn.view(armdyn.load('stanford'))\n"
               "print('ok')\n")
    child = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert child.returncode == 0 and child.stdout.strip() == "ok", child.stderr[-2000:]


# -- thread counts ---------------------------------------------------------------------------

def test_thread_counts_beyond_the_bound_are_refused_everywhere():
    before = armdyn.get_num_threads()
    try:
        for bad in (-1, 10 ** 9, 99999, 10 ** 30, -(10 ** 30)):
            with pytest.raises(armdyn.InputError, match=r"set_num_threads: n must be 0 \(every core\) or a number of "
                                                        r"threads from 1 to \d+, got " + str(bad)):
                armdyn.set_num_threads(bad)
            assert armdyn.get_num_threads() == before
        for bad in (1.5, "4", None, True):
            with pytest.raises(TypeError, match="set_num_threads: n: expected an int"):
                armdyn.set_num_threads(bad)
        armdyn.set_num_threads(np.int64(1))
        assert armdyn.get_num_threads() == 1
    finally:
        armdyn.set_num_threads(before)
    study = armdyn.design.load_study(STUDY)
    with pytest.raises(armdyn.InputError, match=r"sweep: threads must be 0 \(every core\) or a number of threads"):
        study.sweep(10 ** 9)
    with pytest.raises(armdyn.InputError, match=r"run_study: threads must be 0 \(every core\)"):
        armdyn.design.run_study(study, threads=-3)


def test_many_threads_run_a_batch_on_the_cpus_without_a_warning():
    model = armdyn.load("puma560")
    Q = np.random.default_rng(1).uniform(-1, 1, (5000, 6))
    expected = armdyn.gravity(model, None, Q)
    program = ("import armdyn, numpy as np\n"
               "m = armdyn.load('puma560'); Q = np.random.default_rng(1).uniform(-1, 1, (5000, 6))\n"
               "armdyn.set_num_threads(256)\n"
               "np.save('g.npy', armdyn.gravity(m, None, Q))\n")
    with tempfile.TemporaryDirectory() as where:
        child = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300,
                               cwd=where)
        assert child.returncode == 0, child.stderr[-2000:]
        assert child.stderr == ""  # no "TBB Warning: The number of workers is currently limited ..."
        np.testing.assert_array_equal(np.load(os.path.join(where, "g.npy")), expected)


# -- what is not numbers -------------------------------------------------------------------

NOT_NUMBERS = [
    ("dates", np.array(["2020-01-01"] * 6, dtype="datetime64[D]")),
    ("durations", np.arange(6).astype("timedelta64[s]")),
    ("strings", np.array(["1.5"] * 6)),
    ("strings", ["1.5"] * 6),
    ("strings", np.array([b"1"] * 6)),
    ("Python objects", np.array([1.0] * 6, dtype=object)),
    ("Python objects", [1.0, 2.0, None, 0.0, 0.0, 0.0]),
    ("dates", [np.datetime64("2020-01-01")] * 6),
    ("complex", np.zeros(6, dtype=complex)),
]


@pytest.mark.parametrize("what, values", NOT_NUMBERS, ids=[f"{w}-{type(v).__name__}-{i}" for i, (w, v) in enumerate(NOT_NUMBERS)])
def test_arrays_that_are_not_real_numbers_are_refused_wherever_numbers_are_taken(what, values):
    model = armdyn.load("puma560")
    z = np.zeros(6)
    three = list(values)[:3] if isinstance(values, list) else values[:3]
    calls = {
        "rnea: q": lambda: armdyn.rnea(model, None, values, z, z),
        "rnea: a": lambda: armdyn.rnea(model, None, z, z, values),
        "crba: q": lambda: armdyn.crba(model, model.create_data(), np.stack([values, values])
                                       if not isinstance(values, list) else [values, values]),
        "with_gravity: gravity": lambda: model.with_gravity(three),
        "Payload: com": lambda: armdyn.Payload(1.0, com=three),
        "simulate: q0": lambda: armdyn.simulate(model, values, z, 0.01),
        "simulate: kp": lambda: armdyn.simulate(model, z, z, 0.01, controller="pd", goal=z, kp=values),
        "view: q": lambda: armdyn.view(model, q=values),
        "f_ext['link6']": lambda: armdyn.rnea(model, None, z, z, z, f_ext={"link6": values}),
        "max_frame_acceleration: direction": lambda: armdyn.max_frame_acceleration(model, None, z, z, three),
        "rnea_moving_base: base_v": lambda: armdyn.rnea_moving_base(model, None, z, z, z, base_v=values),
        "formulations.evaluate: v": lambda: armdyn.formulations.evaluate("rnea", model, z, values, z),
        "time_efficiency: T": lambda: armdyn.design.time_efficiency(values, 6.0, 2.0),
        "combined_efficiency: w_t": lambda: armdyn.design.combined_efficiency(0.5, 0.5, 1.0, values),
    }
    for name, call in calls.items():
        with pytest.raises(armdyn.DTypeError, match="expected real numbers, got") as refused:
            call()
        assert name in str(refused.value), (name, str(refused.value))
        assert isinstance(refused.value, TypeError) and isinstance(refused.value, ValueError)


def test_numbers_of_every_real_dtype_are_still_taken():
    model = armdyn.load("puma560")
    expected = armdyn.gravity(model, None, np.ones(6))
    for q in (np.ones(6, dtype=np.float32), np.ones(6, dtype=np.int8), np.ones(6, dtype=np.uint64),
              np.ones(6, dtype=bool), [1] * 6, (1.0,) * 6, np.ones((6, 2))[:, 0], np.asfortranarray(np.ones((1, 6)))):
        got = armdyn.gravity(model, None, q)
        np.testing.assert_array_equal(got.reshape(-1), expected)


# -- results that are not finite -----------------------------------------------------------

def test_a_result_that_is_not_finite_raises_naming_the_function():
    model = armdyn.load("puma560")
    z, huge = np.zeros(6), np.full(6, 1e200)  # finite inputs, v^2 overflows
    calls = {
        "rnea": lambda: armdyn.rnea(model, None, z, huge, z),
        "nonlinear_effects": lambda: armdyn.nonlinear_effects(model, None, z, huge),
        "forward_dynamics": lambda: armdyn.forward_dynamics(model, None, z, huge, z),
        "aba": lambda: armdyn.aba(model, None, z, huge, z),
        "kinetic_energy": lambda: armdyn.kinetic_energy(model, None, z, huge),
        "frame_acceleration": lambda: armdyn.frame_acceleration(model, None, z, huge, z, "link6"),
        "rnea_derivatives": lambda: armdyn.rnea_derivatives(model, None, z, huge, z),
        "aba_derivatives": lambda: armdyn.aba_derivatives(model, None, z, huge, z),
        "rnea_moving_base": lambda: armdyn.rnea_moving_base(model, None, z, huge, z),
        "joint_reactions": lambda: armdyn.joint_reactions(model, None, z, huge, z),
        "drive_torque": lambda: armdyn.drive_torque(model, None, z, huge, z),
        "formulations.evaluate": lambda: armdyn.formulations.evaluate("rnea", model, z, huge, z),
    }
    for name, call in calls.items():
        with pytest.raises(FloatingPointError, match=r"^" + name + r": the computed result is not finite \(") as e:
            call()
        assert "state" not in str(e.value)
    # a prismatic joint far out: the mass matrix itself overflows
    stanford = armdyn.load("stanford")
    q = np.zeros(stanford.nq)
    q[[j for j, kind in enumerate(stanford.joint_types) if kind == "prismatic"][0]] = 1e200
    with pytest.raises(FloatingPointError, match=r"crba: the computed result is not finite"):
        armdyn.crba(stanford, None, q)


def test_a_batch_names_the_state_whose_result_is_not_finite():
    model = armdyn.load("puma560")
    V = np.zeros((50, 6))
    V[37] = 1e200
    with pytest.raises(FloatingPointError, match=r"rnea: the computed result of state 37 is not finite \((inf|-inf|nan) at \[\d\]\)"):
        armdyn.rnea(model, None, np.zeros((50, 6)), V, np.zeros((50, 6)))
    with pytest.raises(FloatingPointError, match=r"joint_reactions: the computed result of state 37 is not finite "
                                                 r"\((inf|-inf|nan) at \[\d, \d\]\)"):
        armdyn.joint_reactions(model, None, np.zeros((50, 6)), V, np.zeros((50, 6)))
    # the states before and after are unharmed by the refusal: a batch without it gives its numbers
    V[37] = 0
    assert np.isfinite(armdyn.rnea(model, None, np.zeros((50, 6)), V, np.zeros((50, 6)))).all()


def test_results_documented_to_be_nan_or_infinite_are_still_returned():
    model = armdyn.load("puma560")
    singular = armdyn.craig_cartesian_dynamics(model, None, np.zeros(6), np.zeros(6), "link6")
    assert singular["singular"] and np.isnan(singular["Mx"]).all()


# -- a simulation that diverges --------------------------------------------------------------

def test_a_simulation_that_diverges_raises_with_the_samples_before():
    model = armdyn.load("puma560")
    with pytest.raises(armdyn.SimulationDiverged, match=r"simulate: the integration diverged at t = .* s \(.*\); "
                                                        r".* just before; .* kept .*; try a smaller dt \(now 0.01 s\)") as e:
        armdyn.simulate(model, np.zeros(6), np.full(6, 1e150), 1.0, "euler", dt=0.01)
    assert isinstance(e.value, ArithmeticError)
    before = e.value.result
    assert isinstance(before, armdyn.SimulationResult)
    assert before.stats["diverged"] is True and before.stats["diverged_at"] > 0
    assert np.isfinite(before.q).all() and len(before.t) >= 1
    with pytest.raises(armdyn.SimulationDiverged, match=r"try tighter rtol/atol"):
        armdyn.simulate(model, np.zeros(6), np.full(6, 1e150), 1.0, "rk45")
    # a run that does not diverge returns as before
    assert armdyn.simulate(model, np.zeros(6), np.zeros(6), 0.05).stats["diverged"] is False
