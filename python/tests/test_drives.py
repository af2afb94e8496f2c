"""Drives: armdyn.load(..., actuators=) and Model.with_drives, drive_torque, drive_mass_matrix and
drive_forward_dynamics against `armdyn eval --actuators`; shapes, errors, batches."""
import json
import os

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR, cli_eval, eval_with_f_ext, random_states

ACTUATORS = {"joints": {
    "shoulder_pan_joint": {"gear_ratio": 101, "rotor_inertia": 3.3e-5, "viscous": 2.5, "coulomb": [4.0, 3.5]},
    "elbow_joint": {"gear_ratio": -80, "rotor_inertia": 2e-5, "coulomb": 2.0, "static": 3.0,
                    "stribeck_velocity": 0.05},
    "wrist_2_joint": {"viscous": 0.4, "efficiency": 0.8}}}


@pytest.fixture
def actuator_file(tmp_path):
    path = tmp_path / "ur5_drives.json"
    path.write_text(json.dumps(ACTUATORS))
    return str(path)


def check_against_eval(cli, spec, model, actuators, seed):
    q, v, a, tau = random_states(model.nq, 3, seed=seed)
    doc = cli_eval(cli, spec, q, v, a, tau, ["--actuators", actuators])
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        np.testing.assert_array_equal(armdyn.drive_torque(model, data, q[k], v[k], a[k]), row["tau"])
        np.testing.assert_array_equal(armdyn.drive_mass_matrix(model, data, q[k]), row["M"])
        np.testing.assert_array_equal(armdyn.drive_forward_dynamics(model, data, q[k], v[k], tau[k]), row["qdd"])
    return doc


def test_builtin_drives_match_eval(cli):
    model = armdyn.load("puma560", actuators="puma560")
    assert "puma560" in armdyn.builtin_drives()
    assert model.drives["source"] and [j["name"] for j in model.drives["joints"]] == model.joint_names
    check_against_eval(cli, "puma560", model, "puma560", seed=41)
    rigid = armdyn.load("puma560")
    assert rigid.drives is None
    q = np.full(6, 0.2)
    assert not np.array_equal(armdyn.drive_mass_matrix(model, None, q), armdyn.crba(rigid, None, q))


def test_an_actuator_file_matches_eval(cli, actuator_file):
    spec = os.path.join(MODELS_DIR, "ur5.urdf")
    model = armdyn.load(spec, actuators=actuator_file)
    joints = {j["name"]: j for j in model.drives["joints"]}
    assert joints["shoulder_pan_joint"]["reflected_inertia"] == 101 ** 2 * 3.3e-5
    assert joints["shoulder_pan_joint"]["coulomb"] == (4.0, 3.5) and joints["elbow_joint"]["static"] == (3.0, 3.0)
    check_against_eval(cli, spec, model, actuator_file, seed=42)
    # the same drives put on a loaded model
    again = armdyn.load(spec).with_drives(actuator_file)
    q, v, a, _ = random_states(6, 1, seed=43)
    np.testing.assert_array_equal(armdyn.drive_torque(again, None, q[0], v[0], a[0]),
                                  armdyn.drive_torque(model, None, q[0], v[0], a[0]))


def test_the_drive_terms_are_their_definition(actuator_file):
    model = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"), actuators=actuator_file)
    rigid = model.with_drives(None)
    assert rigid.drives is None
    q, v, a, _ = random_states(6, 1, seed=44)
    q, v, a = q[0], v[0], a[0]
    reflected = np.array([j["reflected_inertia"] for j in model.drives["joints"]])
    M = armdyn.drive_mass_matrix(model, None, q)
    np.testing.assert_allclose(M, armdyn.crba(rigid, None, q) + np.diag(reflected), rtol=1e-14, atol=1e-14)
    # friction: viscous 2.5 v + Coulomb 4 (v > 0) or 3.5 (v < 0) on the first joint
    f0 = 2.5 * v[0] + (4.0 if v[0] > 0 else -3.5)
    tau = armdyn.drive_torque(model, None, q, v, a)
    assert tau[0] == pytest.approx(armdyn.rnea(rigid, None, q, v, a)[0] + reflected[0] * a[0] + f0, rel=1e-12)
    # drive_forward_dynamics inverts drive_torque with the same sign function
    for sign in ("exact", "smooth"):
        back = armdyn.drive_forward_dynamics(model, None, q, v, armdyn.drive_torque(model, None, q, v, a, sign=sign),
                                             sign=sign)
        np.testing.assert_allclose(back, a, rtol=1e-9, atol=1e-9)
    # a model without drives gives the rigid-body results
    np.testing.assert_array_equal(armdyn.drive_torque(rigid, None, q, v, a), armdyn.rnea(rigid, None, q, v, a))


def test_drive_batches_equal_the_loop_and_errors_name_the_argument():
    model = armdyn.load("puma560", actuators="puma560")
    m = 4001
    q, v, a, tau = random_states(6, m, seed=45)
    for name, call in (("drive_torque", lambda d, k: armdyn.drive_torque(model, d, q[k], v[k], a[k])),
                       ("drive_mass_matrix", lambda d, k: armdyn.drive_mass_matrix(model, d, q[k])),
                       ("drive_forward_dynamics", lambda d, k: armdyn.drive_forward_dynamics(model, d, q[k], v[k],
                                                                                             tau[k]))):
        data = model.create_data()
        batch = call(data, slice(None))
        np.testing.assert_array_equal(batch, np.array([call(data, k) for k in range(m)]), err_msg=name)
    with pytest.raises(ValueError, match=r"drive_torque: a: expected shape \(6,\) like q, got \(5,\)"):
        armdyn.drive_torque(model, None, q[0], v[0], a[0, :5])
    with pytest.raises(ValueError, match="drive_torque: sign: expected 'exact' or 'smooth', got 'sgn'"):
        armdyn.drive_torque(model, None, q[0], v[0], a[0], sign="sgn")
    with pytest.raises(armdyn.InputError, match="unknown|not"):
        armdyn.load("puma560", actuators="no_such_drives.json")
    with pytest.raises(armdyn.InputError):
        armdyn.load("stanford", actuators="puma560")  # written for the PUMA's joints


def test_urdf_dynamics_as_drives_match_eval(cli, tmp_path):
    text = open(os.path.join(MODELS_DIR, "ur5.urdf")).read()
    text = text.replace('<axis xyz="0 1 0" />', '<axis xyz="0 1 0" /><dynamics damping="0.5" friction="1.25" />', 1)
    spec = str(tmp_path / "ur5_damped.urdf")
    open(spec, "w").write(text)
    model = armdyn.load(spec, actuators="urdf")
    damped = [j for j in model.drives["joints"] if j["viscous"] > 0]
    assert len(damped) == 1 and damped[0]["viscous"] == 0.5 and damped[0]["coulomb"] == (1.25, 1.25)
    check_against_eval(cli, spec, model, "urdf", seed=46)


def test_drives_with_external_wrenches_match_eval(cli):
    model = armdyn.load("puma560", actuators="puma560")
    q, v, a, tau = random_states(6, 3, seed=47)
    f_ext = {"link5": [3.0, -2.0, 5.0, 0.4, -0.3, 0.2]}
    doc = eval_with_f_ext(cli, "puma560", q, v, a, tau, f_ext, ["--actuators", "puma560"])
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        np.testing.assert_array_equal(
            armdyn.drive_forward_dynamics(model, data, q[k], v[k], tau[k], f_ext=f_ext), row["qdd"])
        # eval adds the drive terms to rnea - sum J^T f; drive_torque subtracts sum J^T f last
        np.testing.assert_allclose(armdyn.drive_torque(model, data, q[k], v[k], a[k], f_ext=f_ext), row["tau"],
                                   rtol=1e-12, atol=1e-10)
    # sum J^T f with the wrench in the frame's own axes
    frame = armdyn.frame_placement(model, None, q[0], "link5")
    local = {"link5": np.concatenate([frame[:3, :3].T @ f_ext["link5"][:3], frame[:3, :3].T @ f_ext["link5"][3:]])}
    np.testing.assert_allclose(armdyn.drive_torque(model, None, q[0], v[0], a[0], f_ext=local, f_ext_axes="local"),
                               doc["results"][0]["tau"], rtol=1e-10, atol=1e-10)
    batch = armdyn.drive_torque(model, None, q, v, a, f_ext=f_ext)
    np.testing.assert_array_equal(batch, [armdyn.drive_torque(model, None, q[k], v[k], a[k], f_ext=f_ext)
                                          for k in range(3)])
    with pytest.raises(ValueError, match=r"drive_forward_dynamics: f_ext: expected shape \(6, 6\)"):
        armdyn.drive_forward_dynamics(model, None, q[0], v[0], tau[0], f_ext=np.zeros((2, 6)))
