"""Loads: Model.with_payload and armdyn.Payload against `armdyn eval --payload`, f_ext against
"f_ext" in the states of `armdyn eval`, joint_reactions against `--with reactions`, and
gripper_wrench against its definition; shapes, errors, batches."""
import os

import numpy as np
import pytest

import armdyn
from conftest import MODELS_DIR, cli_eval, eval_with_f_ext, random_states

PAYLOAD = "2.5,0.01,-0.02,0.05,0.02,0.03,0.025,0.001,-0.002,0.0015"


def test_with_payload_matches_eval_payload(cli, spec, model):
    frame = model.frame_names[len(model.frame_names) // 2]
    if frame not in model.body_names and frame == model.frame_names[0]:
        frame = model.body_names[-1]
    heavy = model.with_payload(armdyn.Payload.parse(PAYLOAD), frame)
    assert heavy.nq == model.nq and heavy.frame_names == model.frame_names
    q, v, a, tau = random_states(model.nq, 3, seed=21)
    try:
        doc = cli_eval(cli, spec, q, v, a, tau, ["--payload", PAYLOAD, "--payload-frame", frame])
    except AssertionError:
        pytest.skip(f"frame {frame} is on the base")
    data = heavy.create_data()
    for k, row in enumerate(doc["results"]):
        np.testing.assert_array_equal(armdyn.rnea(heavy, data, q[k], v[k], a[k]), row["tau"])
        np.testing.assert_array_equal(armdyn.crba(heavy, data, q[k]), row["M"])
        np.testing.assert_array_equal(armdyn.gravity(heavy, data, q[k]), row["g"])
        np.testing.assert_array_equal(armdyn.forward_dynamics(heavy, data, q[k], v[k], tau[k], method="crba"),
                                      row["qdd"])


def test_payload_forms_agree_and_the_default_frame_is_the_last_body():
    model = armdyn.load("puma560")
    parsed = armdyn.Payload.parse(PAYLOAD)
    assert parsed.mass == 2.5 and parsed.com.shape == (3,) and parsed.inertia.shape == (3, 3)
    np.testing.assert_array_equal(parsed.inertia, parsed.inertia.T)
    assert parsed.inertia[0, 1] == 0.001 and parsed.inertia[0, 2] == -0.002 and parsed.inertia[1, 2] == 0.0015
    by_keywords = model.with_payload(2.5, com=[0.01, -0.02, 0.05], inertia=[0.02, 0.03, 0.025, 0.001, -0.002, 0.0015])
    by_matrix = model.with_payload(armdyn.Payload(2.5, [0.01, -0.02, 0.05], parsed.inertia), "link6")
    by_text = model.with_payload(parsed)
    q = np.linspace(-0.5, 0.5, 6)
    expected = armdyn.rnea(by_text, None, q, q, q)
    assert not np.array_equal(expected, armdyn.rnea(model, None, q, q, q))
    np.testing.assert_array_equal(armdyn.rnea(by_keywords, None, q, q, q), expected)
    np.testing.assert_array_equal(armdyn.rnea(by_matrix, None, q, q, q), expected)
    # a point mass at the last frame's origin: the gravity torques grow by -m J^T g
    geared = armdyn.load("puma560", actuators="puma560").with_payload(parsed)
    assert geared.drives == armdyn.load("puma560", actuators="puma560").drives  # the drives stay
    np.testing.assert_array_equal(armdyn.rnea(geared, None, q, q, q), expected)
    point = model.with_payload(3.0)
    J = armdyn.jacobian(model, None, q, "link6")
    np.testing.assert_allclose(armdyn.gravity(point, None, q) - armdyn.gravity(model, None, q),
                               -3.0 * J[:3].T @ model.gravity, rtol=1e-10, atol=1e-10)


def test_payload_errors_name_the_argument():
    model = armdyn.load("puma560")
    with pytest.raises(ValueError, match=r"with_payload: com: expected shape \(3,\), got \(2,\)"):
        model.with_payload(1.0, com=[0, 0])
    with pytest.raises(ValueError, match=r"with_payload: inertia: expected shape \(3, 3\)"):
        model.with_payload(1.0, inertia=np.zeros((2, 2)))
    with pytest.raises(ValueError, match="with_payload: com and inertia are given with a mass"):
        model.with_payload(armdyn.Payload(1.0), com=[0, 0, 0])
    with pytest.raises(ValueError, match="with_payload: frame: unknown frame 'tool'"):
        model.with_payload(1.0, "tool")
    with pytest.raises(armdyn.ModelError):
        model.with_payload(-1.0)
    with pytest.raises(armdyn.InputError, match="Payload.parse"):
        armdyn.Payload.parse("1,2")
    with pytest.raises(ValueError, match="Payload: mass is not finite"):
        armdyn.Payload(np.nan)


def test_f_ext_and_reactions_match_eval(cli, spec, model):
    q, v, a, tau = random_states(model.nq, 3, seed=22)
    frame = model.body_names[-1]
    f_ext = {frame: [3.0, -2.0, 5.0, 0.4, -0.3, 0.2]}
    doc = eval_with_f_ext(cli, spec, q, v, a, tau, f_ext, ["--with", "reactions", "--method-fd", "crba"])
    data = model.create_data()
    for k, row in enumerate(doc["results"]):
        R = armdyn.joint_reactions(model, data, q[k], v[k], a[k], f_ext=f_ext)
        assert R.shape == (model.nq, 6)
        np.testing.assert_array_equal(R, row["reactions"])
        # eval subtracts sum J^T f from rnea's torques; rnea takes the wrenches in its recursion
        np.testing.assert_allclose(armdyn.rnea(model, data, q[k], v[k], a[k], f_ext=f_ext), row["tau"],
                                   rtol=1e-12, atol=1e-10)
    free = cli_eval(cli, spec, q, v, a, tau, ["--with", "reactions"])
    for k, row in enumerate(free["results"]):
        np.testing.assert_array_equal(armdyn.joint_reactions(model, data, q[k], v[k], a[k]), row["reactions"])


def test_reactions_hold_the_joint_torques_and_batch_equals_the_loop():
    model = armdyn.load("puma560")
    q, v, a, _ = random_states(6, 4001, seed=23)
    f_ext = {"link4": [1.0, 2.0, 3.0, 0.1, 0.2, 0.3]}
    batch = armdyn.joint_reactions(model, None, q, v, a, f_ext=f_ext)
    assert batch.shape == (4001, 6, 6) and batch.dtype == np.float64
    loop = np.array([armdyn.joint_reactions(model, None, q[k], v[k], a[k], f_ext=f_ext) for k in range(4001)])
    np.testing.assert_array_equal(batch, loop)
    # URDF links have their origin on the joint axis: the moment along the axis is the joint torque
    ur5 = armdyn.load(os.path.join(MODELS_DIR, "ur5.urdf"))
    axes = {"shoulder_pan_joint": 2, "shoulder_lift_joint": 1, "elbow_joint": 1, "wrist_1_joint": 1,
            "wrist_2_joint": 2, "wrist_3_joint": 1}
    q6, v6, a6, _ = random_states(6, 1, seed=26)
    R = armdyn.joint_reactions(ur5, None, q6[0], v6[0], a6[0], f_ext={"wrist_3_link": [1, 2, 3, 0.1, 0.2, 0.3]})
    tau = armdyn.rnea(ur5, None, q6[0], v6[0], a6[0], f_ext={"wrist_3_link": [1, 2, 3, 0.1, 0.2, 0.3]})
    np.testing.assert_allclose([R[j, 3 + axes[name]] for j, name in enumerate(ur5.joint_names)], tau,
                               rtol=1e-10, atol=1e-10)
    with pytest.raises(ValueError, match=r"joint_reactions: a: expected shape \(4001, 6\)"):
        armdyn.joint_reactions(model, None, q, v, a[:3])
    with pytest.raises(ValueError, match="joint_reactions: f_ext_axes: expected 'world' or 'local'"):
        armdyn.joint_reactions(model, None, q[0], v[0], a[0], f_ext=f_ext, f_ext_axes="base")


def test_gripper_wrench_is_the_payload_s_momentum_rate_less_gravity():
    model = armdyn.load("puma560")
    q, v, a, _ = random_states(6, 1, seed=24)
    q, v, a = q[0], v[0], a[0]
    # a point mass at the frame origin: F = m (p'' - g), no moment about the origin
    wrench = armdyn.gripper_wrench(model, None, q, v, a, 2.0, "link6")
    acc = armdyn.frame_acceleration(model, None, q, v, a, "link6")
    np.testing.assert_allclose(wrench[:3], 2.0 * (acc[:3] - model.gravity), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(wrench[3:], 0.0, atol=1e-12)
    # held at rest, the wrench balances the weight; the payload model's torques then grow by J^T of it
    payload = armdyn.Payload(1.5, [0.0, 0.0, 0.1], np.diag([0.01, 0.02, 0.03]))
    zero = np.zeros(6)
    static = armdyn.gripper_wrench(model, None, q, zero, zero, payload)
    np.testing.assert_allclose(static[:3], -1.5 * model.gravity, rtol=1e-12)
    J = armdyn.jacobian(model, None, q, "link6")
    np.testing.assert_allclose(armdyn.gravity(model.with_payload(payload), None, q) - armdyn.gravity(model, None, q),
                               J.T @ static, rtol=1e-9, atol=1e-9)
    Q, V, A, _ = random_states(6, 4001, seed=25)
    batch = armdyn.gripper_wrench(model, None, Q, V, A, payload)
    assert batch.shape == (4001, 6)
    np.testing.assert_array_equal(batch, [armdyn.gripper_wrench(model, None, Q[k], V[k], A[k], payload)
                                          for k in range(4001)])
