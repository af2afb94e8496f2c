"""MJCF models through armdyn.load (libmujoco's parser, docs/models.md): the shipped ur5.xml gives
the URDF's dynamics; actuators="mjcf" reads the armature, damping and frictionloss and agrees with
`armdyn eval --actuators mjcf`; a ball joint loads with a quaternion; what armdyn does not model is refused with an InputError
(a ValueError) naming the file and the element."""
import os

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR, random_states

MJCF_DIR = os.path.join(MODELS_DIR, "mjcf")


def test_mjcf_file_has_the_urdfs_dynamics():
    from_mjcf = armdyn.load(os.path.join(MJCF_DIR, "ur5.xml"))
    from_urdf = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    assert from_mjcf.joint_names == from_urdf.joint_names
    q, v, a, _ = random_states(6, 3, seed=61)
    for k in range(3):
        np.testing.assert_allclose(armdyn.crba(from_mjcf, None, q[k]), armdyn.crba(from_urdf, None, q[k]),
                                   rtol=0, atol=1e-10)
        np.testing.assert_allclose(armdyn.rnea(from_mjcf, None, q[k], v[k], a[k]),
                                   armdyn.rnea(from_urdf, None, q[k], v[k], a[k]), rtol=0, atol=1e-10)


def test_mjcf_drives_are_armature_damping_frictionloss():
    model = armdyn.load(os.path.join(MJCF_DIR, "features.xml"), actuators="mjcf")
    joints = {j["name"]: j for j in model.drives["joints"]}
    assert joints["yaw"]["reflected_inertia"] == 0.25 and joints["yaw"]["viscous"] == 1.5
    assert joints["yaw"]["coulomb"] == (0.4, 0.4)
    assert joints["extend"]["reflected_inertia"] == 0.5 and joints["extend"]["viscous"] == 3
    q = np.array([0.1, 0.2, 0.3, 0.04])
    rigid = armdyn.crba(model, None, q)
    np.testing.assert_allclose(armdyn.drive_mass_matrix(model, None, q) - rigid, np.diag([0.25, 0.1, 0, 0.5]),
                               rtol=0, atol=1e-14)


def test_with_drives_mjcf_reads_the_compile_the_model_came_from(tmp_path):
    body = ('<mujoco><worldbody><body name="b">{}<inertial pos="0 0 0.1" mass="1" diaginertia="1 1 1"/>'
            '<body name="c"><joint name="j2" armature="0.7"/><inertial pos="0 0 0.1" mass="1" diaginertia="1 1 1"/>'
            '</body></body></worldbody></mujoco>')
    path = tmp_path / "arm.xml"
    path.write_text(body.format('<joint name="j1" armature="0.25" damping="1.5"/>'))
    model = armdyn.load(str(path))
    # The file becomes another model, its first joint a ball of three coordinates.
    path.write_text(body.format('<joint name="j1" type="ball" armature="9"/>'))
    joints = model.with_drives("mjcf").drives["joints"]
    assert [j["reflected_inertia"] for j in joints] == [0.25, 0.7]
    assert joints[0]["viscous"] == 1.5
    # A model not loaded from MJCF has no such drives.
    with pytest.raises(ValueError, match="not loaded from an MJCF file"):
        armdyn.load("puma560").with_drives("mjcf")


def test_ball_joint_loads_with_a_quaternion(tmp_path):
    path = tmp_path / "ball.xml"
    path.write_text('<mujoco><worldbody><body name="b"><joint name="shoulder" type="ball"/>'
                    '<inertial pos="0 0 0.1" mass="1" diaginertia="1 1 1"/></body></worldbody></mujoco>')
    model = armdyn.load(str(path))
    assert (model.nq, model.nv) == (4, 3)
    assert model.configuration_names == ["shoulder/qw", "shoulder/qx", "shoulder/qy", "shoulder/qz"]
    np.testing.assert_array_equal(model.neutral_configuration(), [1.0, 0.0, 0.0, 0.0])
    # A q of nv numbers is refused: q has the quaternion's four.
    with pytest.raises(ValueError, match="expected shape"):
        armdyn.crba(model, None, np.zeros(3))
