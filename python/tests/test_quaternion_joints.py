"""Quaternion joints (docs/models.md): MuJoCo's ball and free joints load with MuJoCo's own
coordinates, q = qpos (nq = 12) and v = qvel (nv = 10); the dynamics take q of nq numbers and
v, a, tau of nv; every forward-dynamics route inverts rnea; a passive simulation in zero gravity
keeps the energy and the quaternions' unit length, and its CSV has nq position columns."""
import os

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR

FREE_BALL = os.path.join(MODELS_DIR, "mjcf", "free_ball.xml")


def random_configuration(model, rng):
    q = rng.uniform(-1.0, 1.0, model.nq)
    for j in model.compound_joints:
        if j["euler"] == "quaternion":
            k = j["q_first"] + (3 if j["type"] == "floating" else 0)
            q[k:k + 4] /= np.linalg.norm(q[k:k + 4])
    return q


def test_ball_and_free_joints_take_mujocos_coordinates():
    model = armdyn.load(FREE_BALL)
    assert (model.nq, model.nv) == (12, 10)
    assert model.configuration_names[3:7] == ["float/qw", "float/qx", "float/qy", "float/qz"]
    assert [j["euler"] for j in model.compound_joints] == ["quaternion", "quaternion"]
    rng = np.random.default_rng(3)
    for _ in range(10):
        q = random_configuration(model, rng)
        v, a = rng.uniform(-1, 1, 10), rng.uniform(-1, 1, 10)
        tau = armdyn.rnea(model, None, q, v, a)
        for method in ("aba", "crba", "walker-orin"):
            np.testing.assert_allclose(armdyn.forward_dynamics(model, None, q, v, tau, method=method), a,
                                       rtol=0, atol=1e-11)
        M = armdyn.crba(model, None, q)
        np.testing.assert_allclose(M @ a + armdyn.nonlinear_effects(model, None, q, v), tau, rtol=0, atol=1e-11)
        np.testing.assert_allclose(armdyn.kinetic_energy(model, None, q, v), 0.5 * v @ M @ v, rtol=1e-13)
    with pytest.raises(ValueError, match="expected shape"):
        armdyn.rnea(model, None, np.zeros(10), np.zeros(10), np.zeros(10))


def test_a_quaternion_of_any_length_is_read_as_its_unit_one():
    """Also where its squares overflow or underflow (docs/models.md); zero and non-finite ones
    are refused saying which."""
    model = armdyn.load(FREE_BALL)
    rng = np.random.default_rng(7)
    q = random_configuration(model, rng)
    v, a = rng.uniform(-1, 1, 10), rng.uniform(-1, 1, 10)
    tau, M = armdyn.rnea(model, None, q, v, a), armdyn.crba(model, None, q)
    for scale in (1e-300, 1e-160, 1e160, 1e300, np.finfo(float).max / 2):
        scaled = q.copy()
        scaled[3:7] *= scale
        scaled[7:11] *= scale
        np.testing.assert_allclose(armdyn.rnea(model, None, scaled, v, a), tau, rtol=0, atol=1e-12 * np.abs(tau).max())
        np.testing.assert_allclose(armdyn.crba(model, None, scaled), M, rtol=0, atol=1e-12 * np.abs(M).max())
        np.testing.assert_allclose(armdyn.forward_dynamics(model, None, scaled, v, tau), a, rtol=0, atol=1e-11)
        run = armdyn.simulate(model, scaled, v, 0.02, "rk4", dt=0.01)
        np.testing.assert_allclose(run.q, armdyn.simulate(model, q, v, 0.02, "rk4", dt=0.01).q, rtol=0, atol=1e-12)
    tiny = q.copy()
    tiny[3:7] = [1e-320, 0, 0, 0]  # subnormal: (1, 0, 0, 0)
    unit = q.copy()
    unit[3:7] = [1, 0, 0, 0]
    np.testing.assert_allclose(armdyn.rnea(model, None, tiny, v, a), armdyn.rnea(model, None, unit, v, a), rtol=0,
                               atol=1e-12 * np.abs(tau).max())
    zero = q.copy()
    zero[7:11] = 0
    with pytest.raises(ValueError, match=r"the quaternion q\[7..10\] is zero"):
        armdyn.rnea(model, None, zero, v, a)
    infinite = q.copy()
    infinite[3] = np.inf
    with pytest.raises(ValueError, match="not finite"):
        armdyn.rnea(model, None, infinite, v, a)


def test_a_passive_run_keeps_energy_and_unit_quaternions(tmp_path):
    model = armdyn.load(FREE_BALL).with_gravity([0.0, 0.0, 0.0])
    rng = np.random.default_rng(5)
    q0 = random_configuration(model, rng)
    v0 = rng.uniform(-2, 2, 10)
    run = armdyn.simulate(model, q0, v0, 1.0, "rk45", rtol=1e-11, atol=1e-12, output_period=0.1)
    assert run.q.shape == (11, 12) and run.v.shape == (11, 10)
    energy = run.kinetic + run.potential
    np.testing.assert_allclose(energy, energy[0], rtol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(run.q[:, 3:7], axis=1), 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(np.linalg.norm(run.q[:, 7:11], axis=1), 1.0, rtol=0, atol=1e-15)
    assert not np.allclose(run.q[-1], q0)  # it moved


def test_a_ball_joints_armature_is_its_coordinates_rotor_inertia(tmp_path):
    path = tmp_path / "armed.xml"
    path.write_text('<mujoco><worldbody><body name="b"><joint name="shoulder" type="ball" armature="0.3"/>'
                    '<inertial pos="0 0 0.1" mass="1" diaginertia="0.1 0.2 0.3"/></body></worldbody></mujoco>')
    model = armdyn.load(str(path), actuators="mjcf")
    q = np.array([0.9, 0.1, -0.3, 0.2])
    np.testing.assert_allclose(armdyn.drive_mass_matrix(model, None, q) - armdyn.crba(model, None, q),
                               0.3 * np.eye(3), rtol=0, atol=1e-15)
