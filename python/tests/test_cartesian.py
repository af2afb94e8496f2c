"""Cartesian dynamics against `armdyn eval --with cartesian` and their definitions; the capability
against `armdyn capability`; shapes, errors, batches."""
import json
import os

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR, cli_eval, random_states, run_cli


def test_operational_space_matches_eval(cli, spec, model):
    q, v, a, tau = random_states(model.nq, 3, seed=31)
    frame = model.body_names[-1]
    doc = cli_eval(cli, spec, q, v, a, tau, ["--with", "cartesian", "--frame", frame])
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        op = armdyn.operational_space(model, data, q[k], v[k], frame)
        assert op["singular"] == row.get("singular", False)
        if not op["singular"]:
            np.testing.assert_array_equal(op["Lambda"], row["Lambda"])
            np.testing.assert_array_equal(op["mu"], row["mu"])
            np.testing.assert_array_equal(op["p"], row["p"])


def test_operational_space_is_its_definition():
    model = armdyn.load(os.path.join(MODELS_DIR, "panda.urdf"))  # 7 joints: redundant
    q, v, _, _ = random_states(7, 1, seed=32)
    q, v = q[0], v[0]
    frame = model.body_names[-1]
    J = armdyn.jacobian(model, None, q, frame)
    M = armdyn.crba(model, None, q)
    g = armdyn.gravity(model, None, q)
    h = armdyn.nonlinear_effects(model, None, q, v) - g
    jdot_v = armdyn.frame_acceleration(model, None, q, v, np.zeros(7), frame)
    # frame_acceleration is classical: [p''; w'] = J a + Jdot v
    for rows, idx in ((None, [0, 1, 2, 3, 4, 5]), ("linear", [0, 1, 2]), ([3, 5], [3, 5])):
        op = armdyn.operational_space(model, None, q, v, frame, rows=rows)
        Jr = J[idx]
        A = Jr @ np.linalg.solve(M, Jr.T)
        Lam = np.linalg.inv(A)
        np.testing.assert_allclose(op["Lambda"], Lam, rtol=1e-8, atol=1e-8)
        np.testing.assert_allclose(op["p"], Lam @ Jr @ np.linalg.solve(M, g), rtol=1e-8, atol=1e-8)
        np.testing.assert_allclose(op["mu"], Lam @ Jr @ np.linalg.solve(M, h) - Lam @ jdot_v[idx],
                                   rtol=1e-7, atol=1e-7)
        assert op["singular"] is False


def test_craig_cartesian_dynamics_equal_the_operational_space_for_a_square_jacobian():
    model = armdyn.load("puma560")
    q, v, _, _ = random_states(6, 3, seed=33)
    for axes in ("world", "local"):
        craig = armdyn.craig_cartesian_dynamics(model, None, q, v, "link6", axes=axes)
        op = armdyn.operational_space(model, None, q, v, "link6", axes=axes)
        assert craig["Mx"].shape == (3, 6, 6) and craig["Vx"].shape == (3, 6) and craig["singular"].shape == (3,)
        np.testing.assert_allclose(craig["Mx"], op["Lambda"], rtol=1e-8, atol=1e-8)
        np.testing.assert_allclose(craig["Vx"], op["mu"], rtol=1e-7, atol=1e-7)
        np.testing.assert_allclose(craig["Gx"], op["p"], rtol=1e-8, atol=1e-8)
    # at the zero pose the PUMA's wrist is singular: flagged, NaN, and Lambda damped (finite)
    zero = np.zeros(6)
    craig = armdyn.craig_cartesian_dynamics(model, None, zero, zero, "link6")
    assert craig["singular"] is True and np.all(np.isnan(craig["Mx"]))
    op = armdyn.operational_space(model, None, zero, zero, "link6")
    assert op["singular"] is True and np.all(np.isfinite(op["Lambda"]))


def test_cartesian_batches_equal_the_loop():
    model = armdyn.load("puma560")
    m = 4001
    q, v, _, _ = random_states(6, m, seed=34)
    q[7] = 0.0  # a singular state inside the batch
    for call in (armdyn.operational_space, armdyn.craig_cartesian_dynamics):
        batch = call(model, None, q, v, "link6")
        loop = [call(model, None, q[k], v[k], "link6") for k in range(m)]
        for key, value in batch.items():
            expected = np.array([r[key] for r in loop])
            assert value.shape == expected.shape, key
            np.testing.assert_array_equal(value, expected, err_msg=f"{call.__name__} {key}")
        assert batch["singular"][7] and not batch["singular"][8]
    empty = armdyn.operational_space(model, None, np.zeros((0, 6)), np.zeros((0, 6)), "link6", rows="angular")
    assert empty["Lambda"].shape == (0, 3, 3) and empty["singular"].shape == (0,)


def test_cartesian_errors_name_the_argument():
    model = armdyn.load("puma560")
    z = np.zeros(6)
    with pytest.raises(ValueError, match=r"operational_space: v: expected shape \(6,\) like q, got \(5,\)"):
        armdyn.operational_space(model, None, z, np.zeros(5), "link6")
    with pytest.raises(ValueError, match="operational_space: rows: expected distinct row indices 0-5"):
        armdyn.operational_space(model, None, z, z, "link6", rows=[0, 0])
    for rows in ([0.5], 3, [6]):
        with pytest.raises(ValueError, match="operational_space: rows: expected"):
            armdyn.operational_space(model, None, z, z, "link6", rows=rows)
    with pytest.raises(ValueError, match="operational_space: rows: expected 'all', 'linear', 'angular'"):
        armdyn.operational_space(model, None, z, z, "link6", rows="position")
    with pytest.raises(ValueError, match="operational_space: axes: expected 'world' or 'local', got 'base'"):
        armdyn.operational_space(model, None, z, z, "link6", axes="base")
    with pytest.raises(ValueError, match="operational_space: frame: unknown frame 'tool'"):
        armdyn.operational_space(model, None, z, z, "tool")
    with pytest.raises(ValueError, match=r"craig_cartesian_dynamics: rows: .* as many task rows as joints \(6\), got 3"):
        armdyn.craig_cartesian_dynamics(model, None, z, z, "link6", rows="linear")


def capability_cli(cli, spec, args):
    return json.loads(run_cli(cli, ["capability", spec] + args))


def numbers(x):
    return ",".join(repr(float(e)) for e in x)


@pytest.mark.parametrize("spec", [os.path.join(MODELS_DIR, "ur5.urdf"), os.path.join(MODELS_DIR, "panda.urdf")],
                         ids=os.path.basename)
def test_capability_matches_the_tool(cli, spec):
    model = armdyn.load(spec)
    q, v, _, _ = random_states(model.nq, 2, seed=35)
    for k in range(2):
        for direction in ([1.0, 0.5, -0.25], [0.0, 0.0, 1.0, 0.3, 0.0, 0.0]):
            doc = capability_cli(cli, spec, ["--q", numbers(q[k]), "--v", numbers(v[k]), "--direction",
                                             numbers(direction)])
            got = armdyn.max_frame_acceleration(model, None, q[k], v[k], direction)
            assert got["feasible"] == doc["feasible"] and got["bounded"] == doc["bounded"]
            assert got["value"] == doc["max_acceleration"] and got["limiting_joint"] == doc["limiting_joint"]
            np.testing.assert_array_equal(got["tau"], doc["tau"])
            np.testing.assert_array_equal(got["direction"], doc["direction"])
            if doc["feasible"] and doc["bounded"]:
                np.testing.assert_array_equal(got["acceleration"], doc["acceleration"])
            np.testing.assert_allclose(got["tau0"] + got["value"] * got["tau1"], got["tau"], rtol=1e-12, atol=1e-9)
        doc = capability_cli(cli, spec, ["--q", numbers(q[k]), "--payload-capacity", "--frame", model.body_names[-2]])
        got = armdyn.max_payload(model, None, q[k], model.body_names[-2])
        assert got["value"] == doc["max_payload"] and got["limiting_joint"] == doc["limiting_joint"]
        np.testing.assert_array_equal(got["tau"], doc["tau"])


def test_capability_takes_a_direction_of_any_size():
    ur5 = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    q, v = np.array([0.3, -1.0, 1.2, -0.7, 0.5, 0.4]), np.zeros(6)
    unit = armdyn.max_frame_acceleration(ur5, None, q, v, [0.6, 0.0, 0.8])
    for scale in (5e-324, 1e-300, 1e-160, 1e160, 1e300):
        got = armdyn.max_frame_acceleration(ur5, None, q, v, np.array([3.0, 0.0, 4.0]) * scale)
        np.testing.assert_allclose(got["direction"], [0.6, 0.0, 0.8], rtol=0, atol=1e-15)
        np.testing.assert_allclose(got["value"], unit["value"], rtol=1e-12)


def test_capability_errors():
    ur5 = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    z = np.zeros(6)
    with pytest.raises(ValueError, match="max_frame_acceleration: direction is zero"):
        armdyn.max_frame_acceleration(ur5, None, z, z, [0, 0, 0])
    with pytest.raises(ValueError, match=r"max_frame_acceleration: direction.*not finite"):
        armdyn.max_frame_acceleration(ur5, None, z, z, [1, np.inf, 0])
    with pytest.raises(ValueError, match=r"max_frame_acceleration: direction: expected shape \(3,\), got \(4,\)"):
        armdyn.max_frame_acceleration(ur5, None, z, z, [1, 0, 0, 0])
    with pytest.raises(ValueError, match=r"max_payload: q: expected shape \(6,\) or \(m, 6\), got \(2, 5\)"):
        armdyn.max_payload(ur5, None, np.zeros((2, 5)))
    with pytest.raises(ValueError, match=r"max_frame_acceleration: v: expected shape \(3, 6\) like q"):
        armdyn.max_frame_acceleration(ur5, None, np.zeros((3, 6)), z, [1, 0, 0])
    with pytest.raises(armdyn.InputError, match="no joint has an effort limit"):
        armdyn.max_payload(armdyn.load("puma560"), None, z)


def test_capability_batches_equal_the_loop():
    ur5 = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    m = 501
    q, v, _, _ = random_states(6, m, seed=36)
    q[:, 4] = np.where(np.abs(q[:, 4]) < 0.2, 0.5, q[:, 4])  # the wrist away from its singularity
    for direction in ([1.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0, 0.0, 1.0]):
        batch = armdyn.max_frame_acceleration(ur5, None, q, v, direction)
        loop = [armdyn.max_frame_acceleration(ur5, None, q[k], v[k], direction) for k in range(m)]
        assert batch["value"].shape == (m,) and batch["tau"].shape == (m, 6)
        assert batch["acceleration"].shape == (m, len(direction)) and batch["feasible"].dtype == bool
        for key in ("value", "feasible", "bounded", "tau", "tau0", "tau1", "acceleration"):
            np.testing.assert_array_equal(batch[key], [r[key] for r in loop], err_msg=key)
        assert batch["limiting_joint"] == [r["limiting_joint"] for r in loop]
        np.testing.assert_array_equal(batch["direction"], loop[0]["direction"])
    batch = armdyn.max_payload(ur5, None, q)
    loop = [armdyn.max_payload(ur5, None, q[k]) for k in range(m)]
    for key in ("value", "feasible", "bounded", "tau", "tau0", "tau1"):
        np.testing.assert_array_equal(batch[key], [r[key] for r in loop], err_msg=key)
    assert batch["limiting_joint"] == [r["limiting_joint"] for r in loop]
    assert armdyn.max_payload(ur5, None, np.zeros((0, 6)))["value"].shape == (0,)
