"""Joints of several coordinates (docs/models.md): a URDF floating joint loads as six coordinates
(x, y, z, yaw, pitch, roll), listed in Model.compound_joints; a free-flying base carrying a driven
arm in zero gravity keeps its linear momentum, the first three entries of M(q) v, while the arm's
torques move it."""
import os

import numpy as np

import armdyn

SOURCE_DIR = os.environ.get("ARMDYN_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
FREE_FLYER = os.path.join(SOURCE_DIR, "examples", "models", "free_flyer.urdf")


def test_a_floating_joint_is_six_coordinates():
    model = armdyn.load(FREE_FLYER)
    assert model.nq == model.nv == 8
    assert model.joint_names[:6] == ["float/tx", "float/ty", "float/tz", "float/rz1", "float/ry2", "float/rx3"]
    assert model.joint_names[6:] == ["shoulder", "elbow"]
    assert model.compound_joints == [{"name": "float", "type": "floating", "first": 0, "count": 6, "euler": "ZYX",
                                     "q_first": 0}]
    assert model.joint_types == ["prismatic"] * 3 + ["revolute"] * 5
    # The base's pose is the closed form: translation, then Rz(yaw) Ry(pitch) Rx(roll).
    q = np.array([0.5, -0.2, 1.0, 0.3, -0.4, 0.7, 0.0, 0.0])
    pose = armdyn.frame_placement(model, None, q, "base")
    cz, sz, cy, sy, cx, sx = np.cos(0.3), np.sin(0.3), np.cos(-0.4), np.sin(-0.4), np.cos(0.7), np.sin(0.7)
    R = (np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]]) @ np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
         @ np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]]))
    np.testing.assert_allclose(pose[:3, :3], R, rtol=0, atol=1e-15)
    np.testing.assert_allclose(pose[:3, 3], q[:3], rtol=0, atol=1e-15)


def test_a_free_flyer_keeps_its_linear_momentum_while_its_arm_moves():
    model = armdyn.load(FREE_FLYER).with_gravity([0.0, 0.0, 0.0])
    q0 = np.array([0.0, 0.0, 0.0, 0.1, 0.2, -0.1, 0.3, -0.6])
    v0 = np.array([0.2, -0.1, 0.05, 0.1, 0.0, 0.2, 0.5, -0.3])
    tau = np.array([0.0] * 6 + [4.0, -2.0])
    run = armdyn.simulate(model, q0, v0, 1.0, "rk45", tau=tau, rtol=1e-11, atol=1e-12, output_period=0.1)
    assert len(run.t) == 11
    momenta = np.array([armdyn.crba(model, None, q) @ v for q, v in zip(run.q, run.v)])
    np.testing.assert_allclose(momenta[:, :3], np.tile(momenta[0, :3], (11, 1)), rtol=0, atol=1e-9)
    # Sensitivity: the arm did move, and the joint momenta it drives did change.
    assert np.abs(run.q[-1, 6:] - q0[6:]).max() > 0.1
    assert np.abs(momenta[-1, 6:] - momenta[0, 6:]).max() > 0.5
